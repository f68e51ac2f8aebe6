// `hilsim run` of a scenario with a [contact] task (sim/contact/): the crane's arm with a wrist and
// its tool doing the task in guided mode (or moved by the crane's cylinders in hydraulic mode, their
// κ scripted, recorded or a live controller's through the HIL session, hil_session.h), the arm and the tool
// coupled at their weld as [contact] coupling says (or joined: monolithic), offline or in one real-time
// thread per side (--threads unpaced, --realtime paced), the same bytes either way. The trajectory CSV gains
// the tool's columns; the run ends with the tool's final state and, for the insertion, whether it jammed.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "sim/cosim/cosimulation.h"
#include "sim/manoeuvre/valve_command.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

struct ContactRunFlags {
  bool threads = false;     // --threads: the real-time threads, unpaced
  bool realtime = false;    // --realtime: paced at wall-clock time
  bool require_rt = false;  // --require-rt: refuse unless every real-time setting is granted
  // --record (hydraulic mode, in threads): every κ the cylinders apply, for hilsim replay.
  std::optional<std::string> record;
};

// Exit status: 0 done, 2 refused (--require-rt), 3 the run diverged (the CSV holds the rows up to
// it), 4 a threaded run stopped early (SIGINT/SIGTERM).
int execute_contact_run(const scenario::Scenario& scenario, const ContactRunFlags& flags);

// What a threaded run of the contact task of `scenario` maps after its process set-up, CSV writer's
// thread included (a run starts it before its set-up), without --record: what `hilsim doctor` weighs
// against RLIMIT_MEMLOCK as the run will. Throws io::InputError as the run would.
std::size_t contact_run_bytes(const scenario::Scenario& scenario);

// `hilsim replay` of a recorded hydraulic contact run: the scenario's task offline, its cylinders
// driven by the recorded κ of each (kappa1, kappa2), over the scenario's duration. Throws
// io::InputError for a scenario that is not a hydraulic contact task.
sim::RunResult replay_contact_run(const scenario::Scenario& scenario, const sim::ValveCommand& kappa1,
                                  const sim::ValveCommand& kappa2);

}  // namespace hilsim::tools
