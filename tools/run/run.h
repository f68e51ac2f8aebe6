// The run library (hilsim::run): what a run of a scenario is, for the command line and for programs
// of one's own alike. A run is
//   - its inputs: the scenario (tools/scenario/scenario.h: load_scenario, its machine file) made into
//     the machine, its equilibrium, the valve commands and the reference (run_inputs.h: prepare_run);
//   - one of its executions: offline (offline_run.h), in the real-time threads unpaced or paced at
//     wall-clock time (realtime_run.h: run_in_threads), with the HIL session of a live [hil] input
//     (hil_session.h: UDP or CAN, the recording of every applied input);
//   - its outputs: the header, the CSV and its hash, the telemetry, the reports (run_outputs.h);
//   - its replay, bit for bit from a recording (replay.h), or from a candump log of a live CAN run
//     (candump_replay.h);
//   - and a controller emulator to drive a live run over UDP without hardware (controller_emulator.h).
// Each writes what it reports to stdout (progress and warnings to stderr) and returns the exit status
// `hilsim` gives; bad input throws io::InputError (tools/io/input_error.h) naming the file and key.
#pragma once

#include "tools/run/candump_replay.h"
#include "tools/run/controller_emulator.h"
#include "tools/run/offline_run.h"
#include "tools/run/realtime_run.h"
#include "tools/run/replay.h"
#include "tools/run/run_inputs.h"
#include "tools/run/run_outputs.h"
