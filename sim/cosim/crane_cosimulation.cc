#include "sim/cosim/crane_cosimulation.h"

#include <cmath>

#include "sim/hydraulics/cylinder.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim {

namespace {

std::vector<Connection> crane_connections(Coupling coupling) {
  std::vector<Connection> c = {{"mechanics", "s1", "hydraulics", "s1"},
                               {"mechanics", "s1dot", "hydraulics", "s1dot"}};
  if (coupling == Coupling::kForceDisplacement) {
    c.push_back({"hydraulics", "f_h", "mechanics", "f_h"});
  } else {
    c.push_back({"hydraulics", "p1", "mechanics", "p1"});
    c.push_back({"hydraulics", "p2", "mechanics", "p2"});
  }
  return c;
}

}  // namespace

CraneCosimulation::CraneCosimulation(const CraneParameters& crane, const HydraulicParameters& hyd,
                                     const Equilibrium& eq, const ValveCommand& valve,
                                     const CosimSettings& settings)
    : crane_(crane), hyd_(hyd), settings_(settings), valve_(valve) {
  const double h_mech = settings.h_mech > 0.0 ? settings.h_mech : settings.H;
  Subsystem* mechanics = nullptr;
  if (settings.mechanics == MechanicsFormulation::kIndependent) {
    MechanicsState initial;
    initial.q = eq.q;
    mech_ = std::make_unique<MechanicsSubsystem>(crane, hyd, settings.coupling, settings.H, h_mech, initial);
    mechanics = mech_.get();
  } else {
    dep_mech_ = std::make_unique<DependentMechanicsSubsystem>(crane, hyd, settings.coupling, settings.mechanics,
                                                              settings.H, h_mech, eq.q, eq.f_h);
    mechanics = dep_mech_.get();
  }
  hyd_sub_ = std::make_unique<HydraulicsSubsystem>(hyd, settings.H, settings.h_hyd, eq.s, eq.p, valve, 0.0,
                                                   settings.hydraulics_integrator);
  manager_ = std::make_unique<CosimManager>(
      std::vector<Subsystem*>{mechanics, hyd_sub_.get()}, crane_connections(settings.coupling),
      settings.scheme);
  if (!(std::isfinite(settings.duration) && settings.duration >= 0.0)) {
    throw std::invalid_argument("duration must be a non-negative number of seconds");
  }
  total_steps_ = static_cast<std::int64_t>(std::floor(settings.duration / settings.H + 1e-9));
}

bool CraneCosimulation::step() {
  manager_->step();
  return manager_->healthy();
}

double CraneCosimulation::time() const {
  return static_cast<double>(manager_->macro_step()) * settings_.H;
}

CraneSample CraneCosimulation::sample() const {
  Eigen::Vector2d theta;
  double s1 = 0.0, s1_dot = 0.0;
  if (mech_) {
    const MechanicsState& m = mech_->state();
    const ActuatorKinematics act = actuator_kinematics(crane_, m.q, m.q_dot);
    theta = m.q;
    s1 = act.s;
    s1_dot = act.s_dot;
  } else {
    const dependent::Actuator act = dependent::actuator(crane_, dep_mech_->state().x, dep_mech_->state().x_dot);
    theta = dep_mech_->angles();
    s1 = act.s;
    s1_dot = act.s_dot;
  }
  const Eigen::Vector2d& p = hyd_sub_->pressures();
  CraneSample s;
  s.t = time();
  const std::int64_t micro = manager_->macro_step() * hyd_sub_->steps_per_macro();
  s.kappa = valve_.kappa(micro, static_cast<double>(micro) * settings_.h_hyd);
  s.s1 = s1;
  s.s1_dot = s1_dot;
  s.p1 = p[0];
  s.p2 = p[1];
  s.f_h = actuator_force(hyd_, p, s1_dot);
  s.theta1 = theta[0];
  s.theta2 = theta[1];
  return s;
}

RunResult run_cosimulation(const CraneParameters& crane, const HydraulicParameters& hyd,
                           const Equilibrium& eq, const ValveCommand& valve,
                           const CosimSettings& settings,
                           const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  CraneCosimulation sim(crane, hyd, eq, valve, settings);
  RunResult result;
  const std::int64_t total = sim.total_macro_steps();
  result.samples.reserve(static_cast<std::size_t>(total + 1));
  result.samples.push_back(sim.sample());
  const std::int64_t report_every = std::max<std::int64_t>(1, total / 20);
  for (std::int64_t n = 0; n < total; ++n) {
    if (!sim.step()) {
      result.diverged = true;
      break;
    }
    result.samples.push_back(sim.sample());
    if (on_progress && (n + 1) % report_every == 0) on_progress(n + 1, total);
  }
  return result;
}

}  // namespace hilsim::sim
