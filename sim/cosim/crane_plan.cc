#include "sim/cosim/crane_plan.h"

#include <cmath>
#include <stdexcept>

#include "sim/cosim/crane_samples.h"
#include "sim/cosim/hydraulics_subsystem.h"
#include "sim/cosim/mechanics_subsystem.h"
#include "sim/cosim/rim_hydraulics_subsystem.h"
#include "sim/model/crane_model.h"
#include "sim/multibody/dependent_mechanics_subsystem.h"

namespace hilsim::sim {

namespace {

std::string suffix(int k) { return k == 0 ? "" : "_" + std::to_string(k + 1); }

// Direct couplings: mechanics ↔ one hydraulic subsystem per actuator.
std::vector<Connection> direct_connections(Coupling coupling, int actuators, const std::string& mechanics) {
  std::vector<Connection> c;
  for (int k = 0; k < actuators; ++k) {
    const std::string hyd = "hydraulics" + suffix(k), s = "s" + std::to_string(k + 1);
    c.push_back({mechanics, s, hyd, "s"});
    c.push_back({mechanics, s + "dot", hyd, "sdot"});
    if (coupling == Coupling::kForceDisplacement) {
      c.push_back({hyd, "f_h", mechanics, "f_h" + suffix(k)});
    } else {
      c.push_back({hyd, "p1", mechanics, "p1" + suffix(k)});
      c.push_back({hyd, "p2", mechanics, "p2" + suffix(k)});
    }
  }
  return c;
}

// RIM and two-way couplings: mechanics ↔ the RIM with every actuator's hydraulics; the mechanics
// receive the hydraulic force (RIM) or the reduced hydraulic model (two-way).
std::vector<Connection> rim_connections(Coupling coupling, int actuators) {
  std::vector<Connection> c;
  for (const std::string& n : rim_interface_ports(actuators))
    c.push_back({"mechanics", n, "rim_hydraulics", n});
  if (coupling == Coupling::kTwoWay) {
    for (const std::string& n : twoway_model_ports(actuators))
      c.push_back({"rim_hydraulics", n, "mechanics", n});
    return c;
  }
  for (int k = 0; k < actuators; ++k)
    c.push_back({"rim_hydraulics", "f_h" + suffix(k), "mechanics", "f_h" + suffix(k)});
  return c;
}

// The two-way coupling's own rules: its reduced hydraulic model is derived without the machine's
// limits (their end stops, cavitation and relief valves break the steady flow balance it rests on).
void check_twoway(const CosimSettings& settings, const CraneValves& valves) {
  if (settings.coupling != Coupling::kTwoWay) return;
  if (settings.mechanics != MechanicsFormulation::kIndependent) {
    throw std::invalid_argument("the two-way coupling runs with the independent-coordinate mechanics");
  }
  if (settings.limits.enabled)
    throw std::invalid_argument("the two-way coupling runs without the machine's limits ([limits])");
  if (settings.extrapolation != Extrapolation::kZeroOrderHold) {
    throw std::invalid_argument(
        "the two-way coupling's models carry their own time dependence: extrapolation zoh");
  }
  if (mechanics_step(settings) > kTwoWayMaxMechanicsStep * (1.0 + 1e-9)) {
    throw std::invalid_argument(
        "the two-way coupling's mechanics step h_M must be at most 5 ms (its cylinder damping "
        "is one mechanics step behind)");
  }
  if (valves.live && settings.scheme == CosimScheme::kGaussSeidelHydraulicsFirst) {
    throw std::invalid_argument(
        "the two-way coupling with a live input runs Jacobi or Gauss-Seidel mechanics first: "
        "with the hydraulics first the mechanics would read the controller's κ a macro step "
        "after the hydraulics applied it");
  }
  if (valves.live && (!valves.mechanics1 || (valves.actuator2 && !valves.mechanics2))) {
    throw std::invalid_argument(
        "the two-way coupling's mechanics need their own reader of a session's valve commands");
  }
  if (valves.live && settings.preview == KappaPreview::kScript &&
      (!valves.preview1 || (valves.actuator2 && !valves.preview2))) {
    throw std::invalid_argument("the two-way coupling cannot preview the κ of a live input: preview none");
  }
}

// The capability rules: what the subsystems below can run together.
void check_combination(const CraneParameters& crane, const Equilibrium& eq, const CosimSettings& settings) {
  if (crane.actuators != 1 && crane.actuators != 2)
    throw std::invalid_argument("the crane has 1 or 2 actuators");
  if (crane.actuators == 2 && eq.actuators != 2) {
    throw std::invalid_argument("the equilibrium was solved for one actuator, the crane has two");
  }
  if (settings.mechanics != MechanicsFormulation::kIndependent &&
      (crane.actuators != 1 || settings.coupling == Coupling::kReducedInterface ||
       settings.extrapolation != Extrapolation::kZeroOrderHold)) {
    throw std::invalid_argument(
        "the ALI1 and ALI3-P mechanics run one actuator with f-s or p-s coupling and held inputs");
  }
  if (settings.limits.enabled && settings.mechanics != MechanicsFormulation::kIndependent) {
    throw std::invalid_argument(
        "the machine's limits ([limits]) are modelled with the independent mechanics only");
  }
  if (integrates_rim(settings.coupling) &&
      settings.hydraulics_integrator != HydraulicIntegrator::kForwardEuler) {
    throw std::invalid_argument(
        "the RIM and two-way couplings integrate their cylinders with forward Euler (Peiret et al. 2018, eq. "
        "40)");
  }
  if (!(std::isfinite(settings.duration) && settings.duration >= 0.0)) {
    throw std::invalid_argument("duration must be a non-negative number of seconds");
  }
}

// The one-sided stops of machine_limits.h on s1, s2 (the end stops of each cylinder, its chambers
// equal at the equilibrium length) and θ1 (link 1's rest); none without the limits.
std::array<UnilateralStop, kMaxStops> crane_stops(const CraneParameters& crane,
                                                  const HydraulicParameters& hyd, const Equilibrium& eq,
                                                  const MachineLimits& limits) {
  std::array<UnilateralStop, kMaxStops> stops{};
  if (!limits.enabled) return stops;
  for (int k = 0; k < crane.actuators; ++k) {
    const CylinderLimits c = cylinder_limits(limits, hyd, eq.actuator(k).s);
    stops[k] =
        UnilateralStop{c.stroke_min, c.stroke_max, limits.end_stops.stiffness, limits.end_stops.damping};
  }
  stops[2].lower = limits.joint_stop.theta1_min;
  stops[2].stiffness = limits.joint_stop.stiffness;
  stops[2].damping = limits.joint_stop.damping;
  return stops;
}

// The RIM's interface model has the actuator lengths only: link 1's rest (slot 2) is the mechanics'.
std::array<UnilateralStop, kMaxStops> rim_stops(std::array<UnilateralStop, kMaxStops> stops) {
  stops[2] = UnilateralStop{};
  return stops;
}

std::unique_ptr<Subsystem> make_mechanics(const CraneParameters& crane, const HydraulicParameters& hyd,
                                          const Equilibrium& eq, const CosimSettings& settings,
                                          const std::array<const ValveCommand*, 2>& valve) {
  const double h_mech = mechanics_step(settings);
  if (settings.mechanics == MechanicsFormulation::kIndependent) {
    MechanicsState initial;
    initial.q = eq.q;
    auto mechanics = std::make_unique<MechanicsSubsystem>(crane, hyd, settings.coupling, settings.H, h_mech,
                                                          initial, settings.extrapolation,
                                                          crane_stops(crane, hyd, eq, settings.limits));
    if (settings.coupling == Coupling::kTwoWay) {
      ReducedHydraulicsSetup setup;
      setup.actuators = crane.actuators;
      for (int k = 0; k < crane.actuators; ++k) {
        setup.s0[k] = eq.actuator(k).s;
        setup.p0[k] = eq.actuator(k).p;
        setup.kappa[k] = valve[k];
      }
      setup.mechanics_steps = mechanics->micro_steps();
      setup.hydraulic_steps = steps_per_macro_step(settings.H, settings.h_hyd, "hydraulic step h_H");
      setup.h_hyd = settings.h_hyd;
      setup.preview = settings.preview;
      mechanics->use_reduced_hydraulics(setup);
    }
    return mechanics;
  }
  return std::make_unique<DependentMechanicsSubsystem>(crane, hyd, settings.coupling, settings.mechanics,
                                                       settings.H, h_mech, eq.q, eq.f_h);
}

// RIM and two-way: every actuator's cylinder beside the mechanics' RIM, in one subsystem.
CraneHydraulics make_rim_hydraulics(const CraneParameters& crane, const HydraulicParameters& hyd,
                                    const Equilibrium& eq, const CosimSettings& settings,
                                    const std::array<const ValveCommand*, 2>& valve,
                                    const std::array<const ValveCommand*, 2>& preview_valve) {
  CraneHydraulics h;
  std::array<RimCylinder, 2> cyl{};
  for (int k = 0; k < crane.actuators; ++k) {
    const double s0 = eq.actuator(k).s;
    cyl[k] = RimCylinder{s0,
                         eq.actuator(k).p,
                         valve[k],
                         cylinder_limits(settings.limits, hyd, s0),
                         eq.actuator(k).kappa,
                         preview_valve[k]};
  }
  const TwoWayModelOptions twoway{settings.coupling == Coupling::kTwoWay, settings.preview,
                                  settings.scheme == CosimScheme::kGaussSeidelHydraulicsFirst};
  h.subsystems.push_back(std::make_unique<RimHydraulicsSubsystem>(
      hyd, settings.H, settings.h_hyd, crane.actuators, cyl, settings.rim_force, settings.extrapolation,
      rim_stops(crane_stops(crane, hyd, eq, settings.limits)), twoway));
  h.connections = rim_connections(settings.coupling, crane.actuators);
  for (int k = 0; k < crane.actuators; ++k) {
    h.probes.p1.push_back({"rim_hydraulics", "p1" + suffix(k)});
    h.probes.p2.push_back({"rim_hydraulics", "p2" + suffix(k)});
    h.probes.kappa.push_back({"rim_hydraulics", "kappa" + suffix(k)});
  }
  h.probes.E_H.push_back({"rim_hydraulics", "E_H"});
  return h;
}

}  // namespace

CraneHydraulics make_direct_hydraulics(const CraneParameters& crane, const HydraulicParameters& hyd,
                                       const Equilibrium& eq, const CosimSettings& settings,
                                       const std::array<const ValveCommand*, 2>& valve,
                                       const std::string& mechanics) {
  CraneHydraulics h;
  for (int k = 0; k < crane.actuators; ++k) {
    const ActuatorEquilibrium a = eq.actuator(k);
    const HydraulicsOptions options{0.0,
                                    settings.extrapolation,
                                    settings.hydraulics_integrator,
                                    settings.coupling,
                                    k,
                                    cylinder_limits(settings.limits, hyd, a.s)};
    h.subsystems.push_back(
        std::make_unique<HydraulicsSubsystem>(hyd, settings.H, settings.h_hyd, a.s, a.p, *valve[k], options));
    const std::string name = h.subsystems.back()->name();
    h.probes.p1.push_back({name, "p1"});
    h.probes.p2.push_back({name, "p2"});
    h.probes.kappa.push_back({name, "kappa"});
    h.probes.E_H.push_back({name, "E_H"});
  }
  h.connections = direct_connections(settings.coupling, crane.actuators, mechanics);
  return h;
}

Plan build_crane_plan(const CraneParameters& crane, const HydraulicParameters& cylinder,
                      const Equilibrium& eq, const CosimSettings& settings, CraneValves valves) {
  check_combination(crane, eq, settings);
  check_twoway(settings, valves);
  const HydraulicParameters hyd = with_relief_valve(cylinder, settings.limits);
  if (!valves.actuator1) throw std::invalid_argument("co-simulation: actuator 1 has no valve command");
  std::unique_ptr<ValveCommand> own_valve2;
  if (crane.actuators == 2 && !valves.actuator2) {
    own_valve2 = std::make_unique<SecondActuatorManoeuvre>(eq.actuator2.kappa);
    valves.actuator2 = own_valve2.get();
  }
  const std::array<const ValveCommand*, 2> valve = {valves.actuator1, valves.actuator2};
  const std::array<const ValveCommand*, 2> mechanics_valve = {
      valves.mechanics1 ? valves.mechanics1 : valve[0], valves.mechanics2 ? valves.mechanics2 : valve[1]};
  const std::array<const ValveCommand*, 2> preview_valve = {valves.preview1 ? valves.preview1 : valve[0],
                                                            valves.preview2 ? valves.preview2 : valve[1]};
  std::unique_ptr<Subsystem> mechanics = make_mechanics(crane, hyd, eq, settings, mechanics_valve);
  CraneHydraulics hydraulics = integrates_rim(settings.coupling)
                                   ? make_rim_hydraulics(crane, hyd, eq, settings, valve, preview_valve)
                                   : make_direct_hydraulics(crane, hyd, eq, settings, valve, "mechanics");
  const std::vector<Connection>& connections = hydraulics.connections;
  const CraneProbeNames& probes = hydraulics.probes;
  std::vector<std::unique_ptr<Subsystem>> order;
  if (settings.scheme != CosimScheme::kGaussSeidelHydraulicsFirst) order.push_back(std::move(mechanics));
  for (auto& h : hydraulics.subsystems) order.push_back(std::move(h));
  if (settings.scheme == CosimScheme::kGaussSeidelHydraulicsFirst) order.push_back(std::move(mechanics));

  const auto N = static_cast<std::int64_t>(std::floor(settings.duration / settings.H + 1e-9));
  Plan plan(std::move(order), connections,
            settings.scheme == CosimScheme::kJacobi ? Scheme::kJacobi : Scheme::kGaussSeidel, settings.H, N);
  const double E0 = mechanical_energy(crane, eq.q, Eigen::Vector2d::Zero());
  plan.set_assembly(std::make_unique<CraneSampleAssembly>(hyd, settings.H, E0, plan.subsystems(), probes));
  if (own_valve2) plan.keep(std::move(own_valve2));
  return plan;
}

std::string twoway_model_report(const Plan& plan) {
  std::int64_t clamps = 0, saturated = 0;
  bool twoway = false;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    if (const auto* m = dynamic_cast<const MechanicsSubsystem*>(&plan.subsystem(i));
        m && m->reduced_hydraulics()) {
      twoway = true;
      clamps += m->reduced_hydraulics()->kappa_clamps();
    }
    if (const auto* h = dynamic_cast<const RimHydraulicsSubsystem*>(&plan.subsystem(i)))
      saturated += h->saturated_models();
  }
  if (!twoway || (clamps == 0 && saturated == 0)) return "";
  return "two-way coupling: kappa outside the reduced model's range (clamped to it) at " +
         std::to_string(clamps) + " mechanics micro step(s); " + std::to_string(saturated) +
         " model(s) with a valve that could not pass the actuator's flow (held at the supply or tank "
         "pressure)";
}

}  // namespace hilsim::sim
