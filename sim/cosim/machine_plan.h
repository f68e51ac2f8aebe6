// The one place that turns a machine co-simulation's settings into subsystems, their coupling graph
// and the sample assembly (LIM benchmark 2021, §3, Peiret et al. 2018, §3–4): the mechanics in independent
// or dependent coordinates and the hydraulics of every circuit, coupled f-s, p-s, through a reduced
// interface model or two-way (both sides exchange reduced models), with Jacobi or Gauss-Seidel and held
// or extrapolated inputs, with the monitor of the coupling-error energy δE (Rahikainen et al. 2020,
// eqs. 19–24). What combines with what is decided here, once, for the offline run and the real-time
// threads alike.
//
// Subsystems: "mechanics"; with f-s and p-s one hydraulic subsystem per circuit (sim/hydraulics/
// circuit.h), "hydraulics", "hydraulics_2", … in the order of their first cylinder (the benchmark's
// two-actuator crane: one per cylinder); with rim and twoway one "rim_hydraulics" with every circuit.
// Largest sizes: machine::kMaxCylinders cylinders (8), and the ports and probes of subsystem.h.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/cosim/cosim_settings.h"
#include "sim/cosim/coupling.h"
#include "sim/cosim/machine_samples.h"
#include "sim/cosim/plan.h"
#include "sim/cosim/reduced_hydraulics.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/machine/machine_model.h"
#include "sim/manoeuvre/valve_command.h"

namespace hilsim::sim {

// Whether `name` can be a subsystem of a machine's plan (the real-time threads are configured by
// them): mechanics, hydraulics, hydraulics_2 … hydraulics_8, rim_hydraulics. Inline: the scenario's
// checks use it without the plan's code (tests/fuzz/CMakeLists.txt's scenario target).
inline bool is_machine_subsystem_name(std::string_view name) {
  if (name == "mechanics" || name == "hydraulics" || name == "rim_hydraulics") return true;
  for (int k = 2; k <= machine::kMaxCylinders; ++k) {
    if (name == "hydraulics_" + std::to_string(k)) return true;
  }
  return false;
}

// The valve command of each cylinder (machine order); they must outlive the plan.
struct MachineValves {
  std::vector<const ValveCommand*> cylinder;
  // The two-way coupling's mechanics read κ too, at their own micro steps (on the hydraulic grid):
  // through these when given (per cylinder, or empty), else through `cylinder`.
  std::vector<const ValveCommand*> mechanics;
  // The two-way coupling's κ preview reads the manoeuvre ahead of the micro steps: through these pure
  // scripts when given, else through `cylinder`.
  std::vector<const ValveCommand*> preview;
  // The commands are a session's (a live controller's, or recorded as they are applied): each is
  // read once per micro step, in order, by one thread. The two-way coupling then needs the
  // mechanics' own readers, and previews κ only through `preview`.
  bool live = false;
};

// The hydraulic side of a plan: its subsystems, the connections to the mechanics, and the probes the
// samples read.
struct MachineHydraulics {
  std::vector<std::unique_ptr<Subsystem>> subsystems;
  std::vector<Connection> connections;
  MachineProbeNames probes;
};

// f-s and p-s (settings.coupling): one HydraulicsSubsystem per circuit, each starting from the
// equilibrium `eq` and driven by its cylinders' valves (`valve`, per cylinder, which must outlive
// it), connected to the subsystem called `mechanics` (its outputs sk, skdot, its inputs f_h[_k] or
// p1[_k], p2[_k]). Shared by a machine's plan and a contact task's hydraulic arm (sim/contact/
// contact_plan.h).
MachineHydraulics make_direct_hydraulics(const machine::MachineModel& model,
                                         const machine::MachineEquilibrium& eq, const CosimSettings& settings,
                                         const std::vector<const ValveCommand*>& valve,
                                         const std::string& mechanics);

// Starts from the static equilibrium `eq` (machine_equilibrium.h). Throws std::invalid_argument,
// naming the setting, for a combination that cannot run, inconsistent steps or a missing valve.
// `mechanics`, when given, is the plan's mechanics instead of the formulation settings.mechanics
// names: a subsystem called "mechanics" with the ports and probes of MechanicsSubsystem
// (mechanics_subsystem.h, mechanics_probes.h), e.g. another implementation of the same machine to
// compare with; with the two-way coupling it must already hold its reduced hydraulics
// (twoway_reduced_hydraulics).
Plan build_machine_plan(const std::shared_ptr<const machine::MachineModel>& model,
                        const machine::MachineEquilibrium& eq, const CosimSettings& settings,
                        const MachineValves& valves, std::unique_ptr<Subsystem> mechanics = nullptr);

// Why the two-way coupling cannot run `model` (its reduced models are those of the benchmark's
// open-centre valve on a constant supply), or nothing when it can.
std::optional<std::string> twoway_unsupported(const machine::MachineModel& model);

// What the two-way coupling's mechanics integrate of the hydraulics (reduced_hydraulics.h): every
// cylinder's chambers and valve, its pressures at rest, its κ reader, and the grid of the micro steps.
ReducedHydraulicsSetup twoway_reduced_hydraulics(const machine::MachineModel& model,
                                                 const machine::MachineEquilibrium& eq,
                                                 const CosimSettings& settings, const MachineValves& valves);

// What a two-way run's reduced models could not cover, for the run's report: the mechanics micro
// steps whose κ lay outside the model's range (clamped to it) and the models built saturated. Empty
// for the other couplings and when nothing happened; read after the run.
std::string twoway_model_report(const Plan& plan);

}  // namespace hilsim::sim
