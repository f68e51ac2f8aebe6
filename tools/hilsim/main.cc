// hilsim: real-time hardware-in-the-loop simulation of hydraulically actuated machines.
// Exit status: 0 success, 2 bad input (command line, scenario, data files) or a refused
// --require-rt, 3 a run diverged, 4 a real-time run stopped early.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "hil/build_identity.h"
#include "tools/hilsim/bench_rt_command.h"
#include "tools/hilsim/bench_udp_command.h"
#include "tools/hilsim/controller_command.h"
#include "tools/hilsim/convergence_command.h"
#include "tools/hilsim/dbc_command.h"
#include "tools/hilsim/decode_command.h"
#include "tools/hilsim/doctor_command.h"
#include "tools/hilsim/frame_command.h"
#include "tools/hilsim/replay_command.h"
#include "tools/hilsim/report_command.h"
#include "tools/hilsim/run_command.h"
#include "tools/hilsim/sweep_command.h"
#include "tools/io/input_error.h"

namespace {

// The commands, for naming an unknown one: CLI11 alone would only say that one is required.
std::string command_list(const CLI::App& app) {
  std::string list;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    list += (list.empty() ? "" : ", ") + sub->get_name();
  }
  return list;
}

// argv[1] when it is neither an option nor a command of `app`, else null.
const char* unknown_command(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return nullptr;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_name() == argv[1]) return nullptr;
  }
  return argv[1];
}

}  // namespace

int main(int argc, char** argv) {
  // Line by line even into a pipe or a file: a background run's log shows each line as it happens,
  // in order with stderr (which is unbuffered), and nothing is lost when a signal ends the run.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  CLI::App app{"hilsim: hardware-in-the-loop simulation of a hydraulically actuated crane"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(hilsim::hil::build_identity()),
                       "Print the build identity (version, commit, compiler, flags) and exit");
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
  hilsim::tools::FrameCommand frame;
  hilsim::tools::DecodeCommand decode;
  hilsim::tools::BenchUdpCommand bench_udp;
  run.add_to(app);
  sweep.add_to(app);
  report.add_to(app);
  convergence.add_to(app);
  replay.add_to(app);
  controller.add_to(app);
  dbc.add_to(app);
  frame.add_to(app);
  decode.add_to(app);
  bench_udp.add_to(app);
  bench_rt.add_to(app);
  doctor.add_to(app);
  if (const char* name = unknown_command(app, argc, argv)) {
    std::fprintf(stderr, "hilsim: unknown command '%s'; the commands are: %s (hilsim --help)\n", name,
                 command_list(app).c_str());
    return 2;
  }
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
    if (app.got_subcommand("frame")) return frame.execute();
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
