#include "sim/contact/coupled_subsystems.h"

#include <stdexcept>

#include "sim/contact/contact_probes.h"

namespace hilsim::sim::contact {
namespace {

const CoupledSubsystemSetup& checked(const CoupledSubsystemSetup& s) {
  const std::string what = s.side == Side::kTool ? "tool side" : "arm side";
  if (s.sends == InterfaceData::kForce && s.takes == InterfaceData::kForce) {
    throw std::invalid_argument(what + ": a side that takes force has no weld to compute a force to send");
  }
  if (s.micro_steps < 1) throw std::invalid_argument(what + ": micro_steps must be ≥ 1");
  if (s.driver && s.side != Side::kArm)
    throw std::invalid_argument(what + ": only the arm side has a driver");
  return s;
}

const PlanarSystem& own_system(const CoupledSystems& s, Side side) {
  return side == Side::kTool ? s.tool : s.arm;
}

std::vector<std::string> joined(const std::vector<std::string>& own, const std::vector<std::string>& driver) {
  std::vector<std::string> all = own;
  all.insert(all.end(), driver.begin(), driver.end());
  return all;
}

int own_body(const CoupledSystems& s, Side side) { return side == Side::kTool ? s.tool_body : s.arm_body; }

const PlanarBody& other_body(const CoupledSystems& s, Side side) {
  return side == Side::kTool ? s.arm.bodies.at(s.arm_body) : s.tool.bodies.at(s.tool_body);
}

}  // namespace

CoupledSubsystem::CoupledSubsystem(const CoupledSystems& systems, const CoupledSubsystemSetup& setup)
    : setup_(checked(setup)),
      name_(setup.side == Side::kTool ? "tool" : "arm"),
      system_(own_system(systems, setup.side)),
      body_(own_body(systems, setup.side)),
      base_applied_(system_.bodies.at(body_).applied),
      input_(system_, setup.side, body_, other_body(systems, setup.side), systems.weld, setup.compliance,
             setup.takes),
      stepper_(system_, setup.h),
      solver_(system_.max_rows()) {
  const ArmDriver* d = setup.driver;
  const std::vector<std::string>& own_probes =
      setup.side == Side::kTool ? tool_probe_names() : arm_probe_names();
  inputs_ =
      d ? joined(interface_port_names(setup.takes), d->input_names()) : interface_port_names(setup.takes);
  outputs_ =
      d ? joined(interface_port_names(setup.sends), d->output_names()) : interface_port_names(setup.sends);
  probes_ = d ? joined(own_probes, d->probe_names()) : own_probes;
  const PlanarBody& body = system_.bodies[body_];
  if (setup.sends == InterfaceData::kModel) {
    model_ = std::make_unique<InterfaceModelBuilder>(system_, body_, input_.weld_first_row(), setup.h);
    out_.mass = body.mass;  // until a model is built: the interface body alone
    out_.model_force = generalised_force(body, system_.gravity);
  }
  // The outputs of t_0: one step of a copy of the side as built.
  PlanarSystem copy = system_;
  TimeStepper stepper(copy, setup.h);
  PivotingBoxLcpSolver solver(copy.max_rows());
  advance(copy, stepper, solver);
  build_model(stepper);
  out_.q = body.q;
  out_.v = body.v;
  out_.force = force_sum_;
  force_sum_.setZero();
}

void CoupledSubsystem::set_inputs(std::int64_t /*n*/, std::span<const double> u) {
  const std::size_t own = interface_port_names(setup_.takes).size();
  input_.take(u.first(own), system_);
  if (setup_.driver) setup_.driver->set_inputs(u.subspan(own), system_);
}

void CoupledSubsystem::begin_macro_step(std::int64_t /*n*/) { force_sum_.setZero(); }

void CoupledSubsystem::prepare(std::int64_t k) {
  if (prepared_ == k) return;
  prepared_ = k;
  system_.bodies[body_].applied = base_applied_;
  if (setup_.driver) setup_.driver->update(static_cast<double>(k) * setup_.h, system_);
}

void CoupledSubsystem::micro_step(std::int64_t n, std::int64_t j) {
  prepare(n * setup_.micro_steps + j);
  advance(system_, stepper_, solver_);
}

void CoupledSubsystem::advance(PlanarSystem& system, TimeStepper& stepper,
                               PivotingBoxLcpSolver& solver) noexcept {
  input_.apply_force(system);
  if (stepper.step(system, solver).lcp.status != LcpStatus::kSolved) ++unsolved_steps_;
  if (setup_.sends == InterfaceData::kForce) force_sum_ += input_.weld_force(stepper);
}

void CoupledSubsystem::build_model(const TimeStepper& last_step) noexcept {
  if (model_ && !model_->build(system_, last_step, out_)) ++failed_models_;
}

void CoupledSubsystem::end_macro_step(std::int64_t n) {
  const PlanarBody& body = system_.bodies[body_];
  out_.q = body.q;
  out_.v = body.v;
  out_.force = force_sum_ / static_cast<double>(setup_.micro_steps);
  if (!model_) return;
  prepare((n + 1) * setup_.micro_steps);  // the model of t_{n+1} with what drives the side then
  build_model(stepper_);
}

void CoupledSubsystem::get_outputs(std::span<double> y) const {
  pack(setup_.sends, out_, y);
  if (setup_.driver)
    setup_.driver->get_outputs(system_, y.subspan(interface_port_names(setup_.sends).size()));
}

bool CoupledSubsystem::healthy() const { return finite_state(system_); }

const std::vector<std::string>& CoupledSubsystem::probe_names() const { return probes_; }

void CoupledSubsystem::probe(std::int64_t /*n*/, std::span<double> out) const {
  if (setup_.side == Side::kTool) {
    probe_tool(system_.bodies[body_], stepper_, out);
  } else {
    probe_arm(system_.bodies[body_], out);
    if (setup_.driver) setup_.driver->probe(system_, out.subspan(arm_probe_names().size()));
  }
}

}  // namespace hilsim::sim::contact
