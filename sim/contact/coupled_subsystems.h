// The two sides of a contact co-simulation as co-simulation subsystems (sim/cosim/subsystem.h),
// after Peiret et al. (contact tasks), §3–4 and §7: the tool side (subsystem 1: the tool, its environment,
// every contact) and the arm side (subsystem 2: links, joints, servos, ending in the interface body), each
// its own planar system (coupled_systems.h) stepped by the impulse–momentum scheme (time_stepper.h) with the
// allocation-free pivoting solver, each taking one of kinematics, force or a model from the other
// (interface_input.h) and sending what the other takes (interface_ports.h).
//
// Non-iterative Jacobi: both sides take the other's data of t_n for the macro step t_n → t_{n+1}.
// A macro step of K micro steps h; at each micro step, starting at t = (n K + j) h:
//   1. unless done already (below): the interface body's applied force goes back to what it was
//      built with and the arm side calls its ArmDriver (arm_driver.h) with t;
//   2. a side that takes force adds β; one step of the side's system (with the image or model body
//      and the coupling weld, if any);
//   3. a side that sends force adds the weld's λ / h to the macro step's mean β.
// At the end of the macro step a side that sends a model does 1. for t_{n+1} (so that the model has
// the servo references and forces of the step it stands for; the driver is still called once per
// step, in order, in the side's thread, and once for t_N at the end of the run) and builds the model
// at its state of t_{n+1} with the active set of its last micro step (interface_model.h). The
// outputs of t_0 come from one step of a copy of the side as built (its β, and the active set its
// model at t_0 takes), so that the other side's first macro step has them too; the copy is dropped.
//
// A driver with ports of its own (a hydraulic one) exchanges them beside the interface's: its inputs
// are applied when they are set, its outputs are of the side's state at the communication point.
//
// Every micro step allocates nothing (the driver's update must not either).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sim/contact/arm_driver.h"
#include "sim/contact/interface_input.h"
#include "sim/contact/interface_model.h"
#include "sim/contact/pivoting_box_lcp.h"
#include "sim/cosim/actuator_sensors.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::sim::contact {

struct CoupledSubsystemSetup {
  Side side = Side::kTool;
  InterfaceData takes = InterfaceData::kKinematics;
  InterfaceData sends = InterfaceData::kForce;
  InterfaceCompliance compliance;
  double h = 1e-3;               // micro step [s]
  std::int64_t micro_steps = 1;  // K = H / h
  ArmDriver* driver = nullptr;   // the arm side's; must outlive the subsystem
};

class CoupledSubsystem final : public Subsystem, public ContactSensors {
 public:
  // Side `setup.side` of `systems`: its own system, its interface body, the other side's interface
  // body at t_0 for the image or model. Throws std::invalid_argument for a side that cannot take or
  // send what is asked (only the tool side computes β; only the arm side takes it).
  CoupledSubsystem(const CoupledSystems& systems, const CoupledSubsystemSetup& setup);

  const std::string& name() const override { return name_; }
  // The interface's ports, then the arm side's driver's (arm_driver.h).
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  double micro_step_size() const override { return setup_.h; }
  std::int64_t micro_steps() const override { return setup_.micro_steps; }

  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void begin_macro_step(std::int64_t n) override;
  void micro_step(std::int64_t n, std::int64_t j) override;
  void end_macro_step(std::int64_t n) override;
  void do_step(std::int64_t n) override { compose_macro_step(*this, n); }

  void get_outputs(std::span<double> y) const override;
  bool healthy() const override;
  const std::vector<std::string>& probe_names() const override;
  void probe(std::int64_t n, std::span<double> out) const override;

  // The tool side's contacts (sim/cosim/actuator_sensors.h).
  bool senses_contacts() const override { return setup_.side == Side::kTool; }
  double contact_normal_force() const override { return stepper_.total_normal_force(); }

  const PlanarSystem& system() const { return system_; }
  const TimeStepper& stepper() const { return stepper_; }
  InterfaceData takes() const { return setup_.takes; }
  InterfaceData sends() const { return setup_.sends; }
  int interface_body() const { return body_; }
  // The coupling weld's first row (interface_input.h); −1 for a side that takes force.
  int weld_first_row() const { return input_.weld_first_row(); }
  // Micro steps whose LCP the solver did not solve; models not built (M̃ missing) or not taken.
  std::int64_t unsolved_steps() const { return unsolved_steps_; }
  std::int64_t failed_models() const { return failed_models_ + input_.rejected_models(); }

 private:
  // Steps `system` (the side's own, or a copy at t_0) once with the input's force and accumulates
  // the β the side sends.
  void advance(PlanarSystem& system, TimeStepper& stepper, PivotingBoxLcpSolver& solver) noexcept;
  // The model at the system's current state with the active set of `last_step` into out_.
  void build_model(const TimeStepper& last_step) noexcept;
  // Sets up step k (the one from t = k h) once: the interface body's applied force as built, then the
  // driver's update with t.
  void prepare(std::int64_t k);

  CoupledSubsystemSetup setup_;
  std::string name_;
  std::vector<std::string> inputs_;   // the interface's, then the driver's
  std::vector<std::string> outputs_;  // likewise
  std::vector<std::string> probes_;   // likewise
  PlanarSystem system_;
  int body_;           // the side's interface body
  Vec3 base_applied_;  // its applied force as built [N, N, N·m]
  InterfaceInput input_;
  TimeStepper stepper_;
  PivotingBoxLcpSolver solver_;
  std::unique_ptr<InterfaceModelBuilder> model_;  // a side that sends a model
  InterfacePorts out_;                            // what the side sends at the current communication point
  Vec3 force_sum_ = Vec3::Zero();                 // Σ β over the macro step's micro steps [N, N, N·m]
  std::int64_t prepared_ = -1;                    // the last step index prepare() set the side up for
  std::int64_t unsolved_steps_ = 0;
  std::int64_t failed_models_ = 0;
};

}  // namespace hilsim::sim::contact
