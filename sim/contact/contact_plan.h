// The one place that turns a contact task (a machine split at its weld, coupled_systems.h) and the
// coupling's settings into a co-simulation plan (sim/cosim/plan.h): the monolithic reference as one
// subsystem (monolithic_subsystem.h), or the tool side and the arm side (coupled_subsystems.h) with
// the ports of the chosen coupling, non-iterative Jacobi (Peiret et al. (contact tasks), §3–4, §7). The same
// plan runs offline (run_plan) and in real-time threads (rt/plan_executor.h), each side in its own thread.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "sim/contact/arm_driver.h"
#include "sim/contact/contact_coupling.h"
#include "sim/contact/coupled_systems.h"
#include "sim/cosim/plan.h"
#include "sim/hydraulics/hydraulic_integrator.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/manoeuvre/valve_command.h"

namespace hilsim::sim::contact {

// The names of the subsystems a contact plan may hold besides the crane's cylinders ("hydraulics",
// "hydraulics_2": sim/cosim/machine_plan.h); the real-time threads are configured by them.
inline constexpr std::array<std::string_view, 3> kContactSubsystemNames = {"monolithic", "tool", "arm"};

struct ContactCouplingSettings {
  ContactCoupling coupling = ContactCoupling::kModelModel;
  double interface_stiffness = 1e8;         // K_i [N/m] > 0 (eq. (12))
  double interface_damping = 1e4;           // D_i [N·s/m] ≥ 0
  std::optional<double> angular_stiffness;  // [N·m/rad] > 0; unset: K_i / 10 in number
  std::optional<double> angular_damping;    // [N·m·s/rad] ≥ 0; unset: D_i / 10 in number
  double h = 1e-3;                          // micro step of every subsystem [s] > 0
  double H = 1e-3;                          // macro step [s], a whole multiple of h
  double duration = 0.0;                    // [s] ≥ 0; the run ends at the last t_n within it
  // The monolithic run's weld: rigid (Peiret et al. (contact tasks), §7's reference), or with K_i, D_i (the
  // compliant machine every coupling approximates, and converges to as H → 0).
  bool rigid_reference = true;
};

// The crane's two cylinders of a task in hydraulic mode (hydraulic_task.h): one HydraulicsSubsystem
// each, "hydraulics" and "hydraulics_2", built as a machine's plan builds them (make_direct_hydraulics,
// sim/cosim/machine_plan.h) from the equilibrium and coupled f-s to the arm's driver
// (hydraulic_driver.h) on the arm side or the monolithic system. The valves must outlive the plan.
struct ContactHydraulics {
  std::shared_ptr<const machine::MachineModel> model;  // the two-actuator LIM crane's
  machine::MachineEquilibrium equilibrium;             // of both cylinders (arm_equilibrium)
  double h_hyd = 0.2e-3;  // the cylinders' step [s]; H must be a whole multiple of it
  HydraulicIntegrator integrator = HydraulicIntegrator::kForwardEuler;
  std::array<const ValveCommand*, 2> valves{};  // κ of each cylinder
};

// The interface compliance of the settings (contact_coupling.h); throws as interface_compliance does.
InterfaceCompliance interface_compliance(const ContactCouplingSettings& settings);

// The plan of `settings` for `systems`, starting from the state the systems are built in. `driver`
// moves the arm at every micro step (arm_driver.h) and must outlive the plan. Subsystems: "monolithic",
// or "tool" then "arm"; then "hydraulics", "hydraulics_2" in hydraulic mode. Its samples:
// ContactSampleAssembly (contact_samples.h). Throws std::invalid_argument naming the setting and its accepted
// range. With `hydraulics`, the plan holds its cylinders too (after the arm, or the monolithic system), and
// `driver` must be the hydraulic one.
Plan build_contact_plan(const CoupledSystems& systems, const ContactCouplingSettings& settings,
                        ArmDriver& driver, const ContactHydraulics* hydraulics = nullptr);

}  // namespace hilsim::sim::contact
