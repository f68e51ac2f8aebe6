#include "sim/cosim/machine_plan.h"

#include <cmath>
#include <optional>
#include <stdexcept>

#include "sim/cosim/hydraulics_subsystem.h"
#include "sim/cosim/mechanics_subsystem.h"
#include "sim/cosim/rim_hydraulics_subsystem.h"
#include "sim/machine/dynamics.h"
#include "sim/machine/kinematics.h"
#include "sim/multibody/dependent_mechanics_subsystem.h"

namespace hilsim::sim {

namespace {

using machine::MachineModel;

std::string hydraulics_name(std::size_t circuit) {
  return circuit == 0 ? "hydraulics" : "hydraulics_" + std::to_string(circuit + 1);
}

// Direct couplings: mechanics ↔ one hydraulic subsystem per circuit.
std::vector<Connection> direct_connections(Coupling coupling, const std::vector<HydraulicCircuit>& circuits,
                                           const std::string& mechanics) {
  std::vector<Connection> c;
  for (std::size_t i = 0; i < circuits.size(); ++i) {
    const std::string hyd = hydraulics_name(i);
    for (int j = 0; j < circuits[i].size; ++j) {
      const int k = circuits[i].cylinder[j];
      const std::string s = "s" + std::to_string(k + 1), sfx = port_suffix(k);
      c.push_back({mechanics, s, hyd, s});
      c.push_back({mechanics, s + "dot", hyd, s + "dot"});
      if (coupling == Coupling::kForceDisplacement) {
        c.push_back({hyd, "f_h" + sfx, mechanics, "f_h" + sfx});
      } else {
        c.push_back({hyd, "p1" + sfx, mechanics, "p1" + sfx});
        c.push_back({hyd, "p2" + sfx, mechanics, "p2" + sfx});
      }
    }
  }
  return c;
}

// RIM and two-way couplings: mechanics ↔ the RIM with every cylinder's hydraulics; the mechanics
// receive the hydraulic force (RIM) or the reduced hydraulic model (two-way).
std::vector<Connection> rim_connections(Coupling coupling, int cylinders) {
  std::vector<Connection> c;
  for (const std::string& n : rim_interface_ports(cylinders))
    c.push_back({"mechanics", n, "rim_hydraulics", n});
  if (coupling == Coupling::kTwoWay) {
    for (const std::string& n : twoway_model_ports(cylinders))
      c.push_back({"rim_hydraulics", n, "mechanics", n});
    return c;
  }
  for (int k = 0; k < cylinders; ++k)
    c.push_back({"rim_hydraulics", "f_h" + port_suffix(k), "mechanics", "f_h" + port_suffix(k)});
  return c;
}

const ValveCommand* nth(const std::vector<const ValveCommand*>& v, int k) {
  return static_cast<std::size_t>(k) < v.size() ? v[static_cast<std::size_t>(k)] : nullptr;
}

}  // namespace

std::optional<std::string> twoway_unsupported(const MachineModel& model) {
  for (const machine::Cylinder& c : model.cylinders) {
    const bool pump = model.supplies[c.supply].type == machine::SupplyDescription::Type::kPump;
    if (c.valve.type != machine::ValveDescription::Type::kOpenCentre || pump) {
      return "the two-way coupling's reduced models are those of the benchmark's open-centre valve "
             "on a constant supply; cylinder '" +
             c.name + "' has " + (pump ? "a pump's line" : "a proportional valve") + ": use rim, ps or fs";
    }
  }
  return std::nullopt;
}

namespace {

// The two-way coupling's own rules: its reduced hydraulic model is derived without the machine's
// limits (their end stops, cavitation and relief valves break the steady flow balance it rests on),
// for the benchmark's valve on a constant supply (reduced_cylinder_model.h).
void check_twoway(const MachineModel& model, const CosimSettings& settings, const MachineValves& valves) {
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
  if (std::optional<std::string> why = twoway_unsupported(model)) throw std::invalid_argument(*why);
  if (valves.live && settings.scheme == CosimScheme::kGaussSeidelHydraulicsFirst) {
    throw std::invalid_argument(
        "the two-way coupling with a live input runs Jacobi or Gauss-Seidel mechanics first: "
        "with the hydraulics first the mechanics would read the controller's κ a macro step "
        "after the hydraulics applied it");
  }
  for (int k = 0; k < model.cylinder_count(); ++k) {
    if (valves.live && !nth(valves.mechanics, k)) {
      throw std::invalid_argument(
          "the two-way coupling's mechanics need their own reader of a session's valve commands");
    }
    if (valves.live && settings.preview == KappaPreview::kScript && !nth(valves.preview, k)) {
      throw std::invalid_argument("the two-way coupling cannot preview the κ of a live input: preview none");
    }
  }
}

// The capability rules: what the subsystems below can run together.
void check_combination(const MachineModel& model, const CosimSettings& settings,
                       const MachineValves& valves) {
  if (model.cylinder_count() < 1) throw std::invalid_argument("co-simulation: the machine has no cylinder");
  for (int k = 0; k < model.cylinder_count(); ++k) {
    if (!nth(valves.cylinder, k)) {
      throw std::invalid_argument("co-simulation: cylinder '" + model.cylinders[k].name +
                                  "' has no valve command");
    }
  }
  if (settings.mechanics != MechanicsFormulation::kIndependent &&
      (integrates_rim(settings.coupling) || settings.extrapolation != Extrapolation::kZeroOrderHold)) {
    throw std::invalid_argument("the ALI1 and ALI3-P mechanics run with f-s or p-s coupling and held inputs");
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

// The machine's one-sided stops: every cylinder's stroke ends (slot k for cylinder k), then every
// tree joint with limits; none without the limits.
MachineStops machine_stops(const MachineModel& model, bool enabled) {
  MachineStops s;
  if (!enabled) return s;
  for (int k = 0; k < model.cylinder_count(); ++k) {
    const machine::Cylinder& c = model.cylinders[k];
    s.stops[s.count] = UnilateralStop{c.retracted_length, c.retracted_length + c.stroke,
                                      model.limits.end_stop_stiffness, model.limits.end_stop_damping};
    s.slots[s.count++] = {MachineStops::On::kCylinder, k};
  }
  for (int b = 0; b < model.coordinates(); ++b) {
    const machine::Joint& j = model.joints[model.bodies[b].joint];
    if (!j.limits) continue;
    if (s.count == kMaxStops)
      throw std::invalid_argument("co-simulation: more than 16 stops (cylinders and joint limits)");
    s.stops[s.count] =
        UnilateralStop{j.limits->lower, j.limits->upper, j.limits->stiffness, j.limits->damping};
    s.slots[s.count++] = {MachineStops::On::kCoordinate, b};
  }
  return s;
}

CircuitCylinder circuit_cylinder(const MachineModel& model, const machine::MachineEquilibrium& eq, int k,
                                 const ValveCommand* valve, bool limits) {
  const machine::CylinderEquilibrium& e = eq.cylinders[static_cast<std::size_t>(k)];
  return CircuitCylinder{e.s, e.p, e.command, valve, cylinder_limits(model, k, limits)};
}

std::unique_ptr<Subsystem> make_mechanics(const std::shared_ptr<const MachineModel>& model,
                                          const machine::MachineEquilibrium& eq,
                                          const CosimSettings& settings, const MachineValves& valves) {
  const double h_mech = mechanics_step(settings);
  if (settings.mechanics != MechanicsFormulation::kIndependent) {
    machine::VecK f0(model->cylinder_count());
    for (int k = 0; k < model->cylinder_count(); ++k) f0[k] = eq.cylinders[static_cast<std::size_t>(k)].force;
    return std::make_unique<DependentMechanicsSubsystem>(model, settings.coupling, settings.mechanics,
                                                         settings.H, h_mech, eq.q, f0);
  }
  auto mechanics = std::make_unique<MechanicsSubsystem>(model, settings.coupling, settings.H, h_mech, eq.q,
                                                        settings.extrapolation,
                                                        machine_stops(*model, settings.limits.enabled));
  if (settings.coupling == Coupling::kTwoWay)
    mechanics->use_reduced_hydraulics(twoway_reduced_hydraulics(*model, eq, settings, valves));
  return mechanics;
}

// RIM and two-way: every circuit beside the mechanics' RIM, in one subsystem.
MachineHydraulics make_rim_hydraulics(const MachineModel& model, const machine::MachineEquilibrium& eq,
                                      const CosimSettings& settings, const MachineValves& valves) {
  MachineHydraulics h;
  const int K = model.cylinder_count();
  std::vector<RimCylinder> cyl;
  cyl.reserve(static_cast<std::size_t>(K));
  for (int k = 0; k < K; ++k) {
    const ValveCommand* preview = nth(valves.preview, k) ? nth(valves.preview, k) : nth(valves.cylinder, k);
    cyl.push_back(
        {circuit_cylinder(model, eq, k, nth(valves.cylinder, k), settings.limits.enabled), preview});
  }
  std::vector<HydraulicCircuit> circuits = machine_circuits(model, settings.limits.enabled);
  std::vector<double> p_s0;
  p_s0.reserve(circuits.size());
  for (const HydraulicCircuit& c : circuits) {
    p_s0.push_back(eq.supply_pressure[static_cast<std::size_t>(model.cylinders[c.cylinder[0]].supply)]);
  }
  std::array<UnilateralStop, kMaxStops> stops{};
  const MachineStops ms = machine_stops(model, settings.limits.enabled);
  for (int i = 0; i < ms.count; ++i) {
    if (ms.slots[i].on == MachineStops::On::kCylinder)
      stops[ms.slots[i].index] = ms.stops[i];  // the RIM has s only
  }
  const TwoWayModelOptions twoway{settings.coupling == Coupling::kTwoWay, settings.preview,
                                  settings.scheme == CosimScheme::kGaussSeidelHydraulicsFirst};
  std::vector<std::pair<int, int>> pump_circuits;  // (circuit, its supply)
  for (std::size_t c = 0; c < circuits.size(); ++c) {
    if (circuits[c].supply.pump)
      pump_circuits.emplace_back(static_cast<int>(c), model.cylinders[circuits[c].cylinder[0]].supply);
  }
  h.subsystems.push_back(std::make_unique<RimHydraulicsSubsystem>(
      std::move(circuits), settings.H, settings.h_hyd, cyl, p_s0, settings.rim_force, settings.extrapolation,
      stops, twoway, *model.limits.diverged_pressure));
  h.connections = rim_connections(settings.coupling, K);
  for (int k = 0; k < K; ++k) {
    h.probes.p1.push_back({"rim_hydraulics", "p1" + port_suffix(k)});
    h.probes.p2.push_back({"rim_hydraulics", "p2" + port_suffix(k)});
    h.probes.kappa.push_back({"rim_hydraulics", "kappa" + port_suffix(k)});
  }
  h.probes.E_H.push_back({"rim_hydraulics", "E_H"});
  h.probes.p_s.resize(model.supplies.size());
  for (const auto& [c, supply] : pump_circuits) {
    h.probes.p_s[static_cast<std::size_t>(supply)] = {"rim_hydraulics", "p_s" + port_suffix(c)};
  }
  return h;
}

// T + V [J] at rest in the pose q.
double energy_at_rest(const MachineModel& model, const machine::VecQ& q) {
  machine::MachineData data(model);
  machine::forward_kinematics(model, q, machine::VecQ::Zero(model.coordinates()), data);
  return machine::kinetic_energy(model, data) + machine::potential_energy(model, data);
}

}  // namespace

ReducedHydraulicsSetup twoway_reduced_hydraulics(const MachineModel& model,
                                                 const machine::MachineEquilibrium& eq,
                                                 const CosimSettings& settings, const MachineValves& valves) {
  ReducedHydraulicsSetup setup;
  setup.cylinders = model.cylinder_count();
  for (int k = 0; k < setup.cylinders; ++k) {
    setup.hyd[k] = CylinderHydraulics::from(model, k, false);
    setup.p0[k] = eq.cylinders[static_cast<std::size_t>(k)].p;
    setup.kappa[k] = nth(valves.mechanics, k) ? nth(valves.mechanics, k) : nth(valves.cylinder, k);
  }
  setup.mechanics_steps = steps_per_macro_step(settings.H, mechanics_step(settings), "mechanics step h_M");
  setup.hydraulic_steps = steps_per_macro_step(settings.H, settings.h_hyd, "hydraulic step h_H");
  setup.h_hyd = settings.h_hyd;
  setup.preview = settings.preview;
  return setup;
}

MachineHydraulics make_direct_hydraulics(const MachineModel& model, const machine::MachineEquilibrium& eq,
                                         const CosimSettings& settings,
                                         const std::vector<const ValveCommand*>& valve,
                                         const std::string& mechanics) {
  MachineHydraulics h;
  const std::vector<HydraulicCircuit> circuits = machine_circuits(model, settings.limits.enabled);
  h.probes.p1.resize(static_cast<std::size_t>(model.cylinder_count()));
  h.probes.p2 = h.probes.kappa = h.probes.p1;
  h.probes.p_s.resize(model.supplies.size());
  for (std::size_t i = 0; i < circuits.size(); ++i) {
    const HydraulicCircuit& c = circuits[i];
    std::array<CircuitCylinder, kMaxCircuitCylinders> cyl{};
    for (int j = 0; j < c.size; ++j)
      cyl[j] = circuit_cylinder(model, eq, c.cylinder[j], nth(valve, c.cylinder[j]), settings.limits.enabled);
    const int supply = model.cylinders[c.cylinder[0]].supply;
    const HydraulicsOptions options{settings.extrapolation, settings.hydraulics_integrator, settings.coupling,
                                    hydraulics_name(i), *model.limits.diverged_pressure};
    h.subsystems.push_back(std::make_unique<HydraulicsSubsystem>(
        c, settings.H, settings.h_hyd, cyl, eq.supply_pressure[static_cast<std::size_t>(supply)], options));
    const std::string name = h.subsystems.back()->name();
    for (int j = 0; j < c.size; ++j) {
      const auto k = static_cast<std::size_t>(c.cylinder[j]);
      const std::string sfx = port_suffix(c.cylinder[j]);
      h.probes.p1[k] = {name, "p1" + sfx};
      h.probes.p2[k] = {name, "p2" + sfx};
      h.probes.kappa[k] = {name, "kappa" + sfx};
    }
    h.probes.E_H.push_back({name, "E_H"});
    if (c.supply.pump) h.probes.p_s[static_cast<std::size_t>(supply)] = {name, "p_s"};
  }
  h.connections = direct_connections(settings.coupling, circuits, mechanics);
  return h;
}

Plan build_machine_plan(const std::shared_ptr<const MachineModel>& model,
                        const machine::MachineEquilibrium& eq, const CosimSettings& settings,
                        const MachineValves& valves, std::unique_ptr<Subsystem> mechanics) {
  check_combination(*model, settings, valves);
  check_twoway(*model, settings, valves);
  if (!mechanics) mechanics = make_mechanics(model, eq, settings, valves);
  MachineHydraulics hydraulics =
      integrates_rim(settings.coupling)
          ? make_rim_hydraulics(*model, eq, settings, valves)
          : make_direct_hydraulics(*model, eq, settings, valves.cylinder, "mechanics");
  std::vector<std::unique_ptr<Subsystem>> order;
  if (settings.scheme != CosimScheme::kGaussSeidelHydraulicsFirst) order.push_back(std::move(mechanics));
  for (auto& h : hydraulics.subsystems) order.push_back(std::move(h));
  if (settings.scheme == CosimScheme::kGaussSeidelHydraulicsFirst) order.push_back(std::move(mechanics));

  const auto N = static_cast<std::int64_t>(std::floor(settings.duration / settings.H + 1e-9));
  Plan plan(std::move(order), hydraulics.connections,
            settings.scheme == CosimScheme::kJacobi ? Scheme::kJacobi : Scheme::kGaussSeidel, settings.H, N);
  const double E0 = energy_at_rest(*model, eq.q);
  plan.set_assembly(
      std::make_unique<MachineSampleAssembly>(model, settings.H, E0, plan.subsystems(), hydraulics.probes));
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
