#include "sim/cosim/crane_cosimulation.h"

#include <cmath>

#include "sim/cosim/coupling_monitor.h"
#include "sim/hydraulics/cylinder.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim {

namespace {

std::string suffix(int k) { return k == 0 ? "" : "_" + std::to_string(k + 1); }

// Direct couplings: mechanics ↔ one hydraulic subsystem per actuator.
std::vector<Connection> direct_connections(Coupling coupling, int actuators) {
  std::vector<Connection> c;
  for (int k = 0; k < actuators; ++k) {
    const std::string hyd = "hydraulics" + suffix(k), s = "s" + std::to_string(k + 1);
    c.push_back({"mechanics", s, hyd, "s"});
    c.push_back({"mechanics", s + "dot", hyd, "sdot"});
    if (coupling == Coupling::kForceDisplacement) {
      c.push_back({hyd, "f_h", "mechanics", "f_h" + suffix(k)});
    } else {
      c.push_back({hyd, "p1", "mechanics", "p1" + suffix(k)});
      c.push_back({hyd, "p2", "mechanics", "p2" + suffix(k)});
    }
  }
  return c;
}

// RIM coupling: mechanics ↔ the RIM with every actuator's hydraulics.
std::vector<Connection> rim_connections(int actuators) {
  std::vector<Connection> c;
  for (const std::string& n : rim_interface_ports(actuators)) c.push_back({"mechanics", n, "rim_hydraulics", n});
  for (int k = 0; k < actuators; ++k) {
    c.push_back({"rim_hydraulics", "f_h" + suffix(k), "mechanics", "f_h" + suffix(k)});
  }
  return c;
}

}  // namespace

CraneCosimulation::CraneCosimulation(const CraneParameters& crane, const HydraulicParameters& hyd,
                                     const Equilibrium& eq, const ValveCommand& valve,
                                     const CosimSettings& settings, const ValveCommand* valve2)
    : crane_(crane), hyd_(hyd), settings_(settings) {
  if (crane.actuators != 1 && crane.actuators != 2) {
    throw std::invalid_argument("the crane has 1 or 2 actuators");
  }
  if (crane.actuators == 2 && eq.actuators != 2) {
    throw std::invalid_argument("the equilibrium was solved for one actuator, the crane has two");
  }
  valves_[0] = &valve;
  if (crane.actuators == 2) {
    if (!valve2) {
      own_valve2_ = std::make_unique<SecondActuatorManoeuvre>(eq.actuator2.kappa);
      valve2 = own_valve2_.get();
    }
    valves_[1] = valve2;
  }
  const double h_mech = settings.h_mech > 0.0 ? settings.h_mech : settings.H;
  Subsystem* mechanics = nullptr;
  if (settings.mechanics == MechanicsFormulation::kIndependent) {
    MechanicsState initial;
    initial.q = eq.q;
    mech_ = std::make_unique<MechanicsSubsystem>(crane, hyd, settings.coupling, settings.H, h_mech,
                                                 initial, settings.extrapolation);
    mechanics = mech_.get();
  } else {
    if (crane.actuators != 1 || settings.coupling == Coupling::kReducedInterface ||
        settings.extrapolation != Extrapolation::kZeroOrderHold) {
      throw std::invalid_argument(
          "the ALI1 and ALI3-P mechanics run one actuator with f-s or p-s coupling and held inputs");
    }
    dep_mech_ = std::make_unique<DependentMechanicsSubsystem>(crane, hyd, settings.coupling, settings.mechanics,
                                                              settings.H, h_mech, eq.q, eq.f_h);
    mechanics = dep_mech_.get();
  }
  if (settings.coupling == Coupling::kReducedInterface &&
      settings.hydraulics_integrator != HydraulicIntegrator::kForwardEuler) {
    throw std::invalid_argument("the RIM coupling integrates its cylinders with forward Euler (seed 004 eq. 40)");
  }
  std::vector<Subsystem*> hydraulic;
  std::vector<Connection> connections;
  if (settings.coupling == Coupling::kReducedInterface) {
    std::array<RimCylinder, 2> cyl{};
    for (int k = 0; k < crane.actuators; ++k) {
      const ActuatorEquilibrium a = eq.actuator(k);
      cyl[k] = RimCylinder{a.s, a.p, valves_[k]};
    }
    rim_ = std::make_unique<RimHydraulicsSubsystem>(hyd, settings.H, settings.h_hyd, crane.actuators,
                                                    cyl, settings.rim_force);
    hydraulic.push_back(rim_.get());
    hyd_steps_per_macro_ = rim_->steps_per_macro();
    connections = rim_connections(crane.actuators);
  } else {
    for (int k = 0; k < crane.actuators; ++k) {
      const ActuatorEquilibrium a = eq.actuator(k);
      hyd_sub_[k] = std::make_unique<HydraulicsSubsystem>(hyd, settings.H, settings.h_hyd, a.s, a.p,
                                                          *valves_[k], 0.0, settings.extrapolation,
                                                          "hydraulics" + suffix(k), settings.hydraulics_integrator);
      hydraulic.push_back(hyd_sub_[k].get());
    }
    hyd_steps_per_macro_ = hyd_sub_[0]->steps_per_macro();
    connections = direct_connections(settings.coupling, crane.actuators);
  }
  std::vector<Subsystem*> order;
  if (settings.scheme == CosimScheme::kGaussSeidelHydraulicsFirst) {
    order = hydraulic;
    order.push_back(mechanics);
  } else {
    order.push_back(mechanics);
    order.insert(order.end(), hydraulic.begin(), hydraulic.end());
  }
  manager_ = std::make_unique<CosimManager>(
      order, connections, settings.scheme == CosimScheme::kJacobi ? Scheme::kJacobi : Scheme::kGaussSeidel);
  if (!(std::isfinite(settings.duration) && settings.duration >= 0.0)) {
    throw std::invalid_argument("duration must be a non-negative number of seconds");
  }
  total_steps_ = static_cast<std::int64_t>(std::floor(settings.duration / settings.H + 1e-9));
  E0_ = mechanical_energy(crane, eq.q, Eigen::Vector2d::Zero());
}

bool CraneCosimulation::step() {
  manager_->step();
  if (!manager_->healthy()) return false;
  const std::int64_t n = manager_->macro_step() - 1;  // the step just finished
  double P_H = 0.0;
  if (rim_) {
    P_H = hydraulics_bond_power(*rim_, crane_.actuators);
  } else {
    for (int k = 0; k < crane_.actuators; ++k) P_H += hydraulics_bond_power(hyd_, settings_.coupling, *hyd_sub_[k]);
  }
  const double P_M = mech_ ? mechanics_bond_power(crane_, *mech_, n, settings_.H)
                           : dep_mech_->effort() * dependent::actuator(crane_, dep_mech_->state().x,
                                                                       dep_mech_->state().x_dot).s_dot;
  mech_energy_.add(P_M, settings_.H, settings_.extrapolation);
  hyd_energy_.add(P_H, settings_.H, settings_.extrapolation);
  return true;
}

double CraneCosimulation::time() const {
  return static_cast<double>(manager_->macro_step()) * settings_.H;
}

CraneSample CraneCosimulation::sample() const {
  // The angles, rates and actuator kinematics of whichever mechanics formulation runs.
  Eigen::Vector2d q, q_dot;
  InterfaceKinematics ik;
  double work = 0.0;
  if (mech_) {
    q = mech_->state().q;
    q_dot = mech_->state().q_dot;
    ik = mech_->kinematics();
    work = mech_->actuator_work();
  } else {
    q = dep_mech_->angles();
    q_dot = dep_mech_->angle_rates();
    const dependent::Actuator act = dependent::actuator(crane_, dep_mech_->state().x, dep_mech_->state().x_dot);
    ik.s[0] = act.s;
    ik.s_dot[0] = act.s_dot;
    work = dep_mech_->actuator_work();
  }
  const std::int64_t micro = manager_->macro_step() * hyd_steps_per_macro_;
  const double t_micro = static_cast<double>(micro) * settings_.h_hyd;
  auto pressures = [&](int k) -> const Eigen::Vector2d& {
    return rim_ ? rim_->pressures(k) : hyd_sub_[k]->pressures();
  };
  CraneSample s;
  s.t = time();
  s.kappa = valves_[0]->kappa(micro, t_micro);
  s.s1 = ik.s[0];
  s.s1_dot = ik.s_dot[0];
  s.p1 = pressures(0)[0];
  s.p2 = pressures(0)[1];
  s.f_h = actuator_force(hyd_, pressures(0), ik.s_dot[0]);
  s.theta1 = q[0];
  s.theta2 = q[1];
  if (crane_.actuators == 2) {
    s.kappa_2 = valves_[1]->kappa(micro, t_micro);
    s.s2 = ik.s[1];
    s.s2_dot = ik.s_dot[1];
    s.p1_2 = pressures(1)[0];
    s.p2_2 = pressures(1)[1];
    s.f_h_2 = actuator_force(hyd_, pressures(1), ik.s_dot[1]);
  }
  s.dE = hyd_energy_.E - mech_energy_.E;
  s.E_balance = mechanical_energy(crane_, q, q_dot) - E0_ - work;
  return s;
}

RunResult run_cosimulation(const CraneParameters& crane, const HydraulicParameters& hyd,
                           const Equilibrium& eq, const ValveCommand& valve,
                           const CosimSettings& settings,
                           const std::function<void(std::int64_t, std::int64_t)>& on_progress,
                           const ValveCommand* valve2) {
  CraneCosimulation sim(crane, hyd, eq, valve, settings, valve2);
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
