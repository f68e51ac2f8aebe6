// hilsim: real-time hardware-in-the-loop simulation of hydraulically actuated machines.
// Exit status: 0 success, 2 bad input (command line, scenario, data files) or a refused
// --require-rt, 3 a run diverged, 4 a real-time run stopped early.
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "tools/hilsim/bench_rt_command.h"
#include "tools/hilsim/bench_udp_command.h"
#include "tools/hilsim/controller_command.h"
#include "tools/hilsim/convergence_command.h"
#include "tools/hilsim/dbc_command.h"
#include "tools/hilsim/decode_command.h"
#include "tools/hilsim/doctor_command.h"
#include "tools/hilsim/replay_command.h"
#include "tools/hilsim/report_command.h"
#include "tools/hilsim/run_command.h"
#include "tools/hilsim/sweep_command.h"
#include "tools/io/input_error.h"

int main(int argc, char** argv) {
  CLI::App app{"hilsim: hardware-in-the-loop simulation of a hydraulically actuated crane"};
  app.require_subcommand(1);
  app.failure_message(CLI::FailureMessage::simple);
  // Every option shows the default it starts from in --help (inherited by the subcommands, captured
  // when each option is added). Options left unset to mean "the scenario's value" show none.
  app.option_defaults()->always_capture_default();
  hilsim::tools::RunCommand run;
  hilsim::tools::SweepCommand sweep;
  hilsim::tools::ReportCommand report;
  hilsim::tools::BenchRtCommand bench_rt;
  hilsim::tools::DoctorCommand doctor;
  hilsim::tools::ConvergenceCommand convergence;
  hilsim::tools::ReplayCommand replay;
  hilsim::tools::ControllerCommand controller;
  hilsim::tools::DbcCommand dbc;
  hilsim::tools::DecodeCommand decode;
  hilsim::tools::BenchUdpCommand bench_udp;
  run.add_to(app);
  sweep.add_to(app);
  report.add_to(app);
  convergence.add_to(app);
  replay.add_to(app);
  controller.add_to(app);
  dbc.add_to(app);
  decode.add_to(app);
  bench_udp.add_to(app);
  bench_rt.add_to(app);
  doctor.add_to(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);  // prints help or the error
    return rc == 0 ? 0 : 2;
  }
  try {
    if (app.got_subcommand("run")) return run.execute();
    if (app.got_subcommand("sweep")) return sweep.execute();
    if (app.got_subcommand("report")) return report.execute();
    if (app.got_subcommand("convergence")) return convergence.execute();
    if (app.got_subcommand("replay")) return replay.execute();
    if (app.got_subcommand("controller")) return controller.execute();
    if (app.got_subcommand("dbc")) return dbc.execute();
    if (app.got_subcommand("decode")) return decode.execute();
    if (app.got_subcommand("bench-udp")) return bench_udp.execute();
    if (app.got_subcommand("bench-rt")) return bench_rt.execute();
    if (app.got_subcommand("doctor")) return doctor.execute();
  } catch (const hilsim::io::InputError& e) {
    std::fprintf(stderr, "hilsim: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hilsim: internal error: %s\n", e.what());
    return 1;
  }
  return 0;
}
