// The one place that turns a crane co-simulation's settings into subsystems, their coupling graph
// and the sample assembly (LIM benchmark 2021, §3, Peiret et al. 2018, §3–4): the mechanics in independent or
// dependent coordinates and the hydraulics of every actuator, coupled f-s, p-s, through a reduced interface
// model or two-way (both sides exchange reduced models), with Jacobi or Gauss-Seidel and held or
// extrapolated inputs, with the monitor of the coupling-error energy δE (Rahikainen et al. 2020, eqs. 19–24).
// What combines with what is decided here, once, for the offline run and the real-time threads alike.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sim/cosim/cosim_settings.h"
#include "sim/cosim/coupling.h"
#include "sim/cosim/crane_samples.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/cosim/plan.h"
#include "sim/hydraulics/pressure_integrator.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/crane_parameters.h"
#include "sim/model/equilibrium.h"
#include "sim/model/machine_limits.h"
#include "sim/multibody/mechanics_formulation.h"

namespace hilsim::sim {

// The names of the subsystems a crane plan may hold (the real-time threads are configured by them).
inline constexpr std::array<std::string_view, 4> kCraneSubsystemNames = {"mechanics", "hydraulics",
                                                                         "hydraulics_2", "rim_hydraulics"};

// The valve command of each actuator; they must outlive the plan. With two actuators and no
// second command, the plan drives actuator 2 by Peiret et al. 2018, eq. (35) from its κ0.
struct CraneValves {
  const ValveCommand* actuator1 = nullptr;
  const ValveCommand* actuator2 = nullptr;
  // The two-way coupling's mechanics read κ too, at their own micro steps (on the hydraulic grid):
  // through these when given, else through actuator1/2.
  const ValveCommand* mechanics1 = nullptr;
  const ValveCommand* mechanics2 = nullptr;
  // The two-way coupling's κ preview reads the manoeuvre ahead of the micro steps: through these pure
  // scripts when given, else through actuator1/2.
  const ValveCommand* preview1 = nullptr;
  const ValveCommand* preview2 = nullptr;
  // The commands are a session's (a live controller's, or recorded as they are applied): each is
  // read once per micro step, in order, by one thread. The two-way coupling then needs the
  // mechanics' own readers, and previews κ only through preview1/2.
  bool live = false;
};

// The hydraulic side of a plan: its subsystems, the connections to the mechanics, and the probes the
// crane's samples read.
struct CraneHydraulics {
  std::vector<std::unique_ptr<Subsystem>> subsystems;
  std::vector<Connection> connections;
  CraneProbeNames probes;
};

// f-s and p-s (settings.coupling): one HydraulicsSubsystem per actuator ("hydraulics",
// "hydraulics_2"), each starting from its s0, p0 of `eq` and driven by its valve[k] (which must
// outlive it), connected to the subsystem called `mechanics` (its outputs s1, s1dot[, s2, s2dot],
// its inputs f_h[, f_h_2] or p1, p2[, p1_2, p2_2]). `hyd` with the relief valve of the limits already
// in (with_relief_valve). Shared by the crane's plan and a contact task's hydraulic arm
// (sim/contact/contact_plan.h).
CraneHydraulics make_direct_hydraulics(const CraneParameters& crane, const HydraulicParameters& hyd,
                                       const Equilibrium& eq, const CosimSettings& settings,
                                       const std::array<const ValveCommand*, 2>& valve,
                                       const std::string& mechanics);

// Starts from the static equilibrium `eq` (s0, p0 and κ0 of every actuator). Throws
// std::invalid_argument, naming the setting, for a combination that cannot run or inconsistent steps.
Plan build_crane_plan(const CraneParameters& crane, const HydraulicParameters& hyd, const Equilibrium& eq,
                      const CosimSettings& settings, CraneValves valves);

// What a two-way run's reduced models could not cover, for the run's report: the mechanics micro
// steps whose κ lay outside the model's range (clamped to it) and the models built saturated. Empty
// for the other couplings and when nothing happened; read after the run.
std::string twoway_model_report(const Plan& plan);

}  // namespace hilsim::sim
