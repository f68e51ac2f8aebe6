// hilsim: real-time hardware-in-the-loop simulation of hydraulically actuated machines.
// Exit status: 0 success, 2 bad input (command line, scenario, data files) or a refused
// --require-rt, 3 a run diverged, 4 a real-time run stopped early.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "hil/build_identity.h"
#include "tools/hilsim/bench_rt_command.h"
#include "tools/hilsim/bench_udp_command.h"
#include "tools/hilsim/contact_study_command.h"
#include "tools/hilsim/controller_command.h"
#include "tools/hilsim/convergence_command.h"
#include "tools/hilsim/dbc_command.h"
#include "tools/hilsim/decode_command.h"
#include "tools/hilsim/doctor_command.h"
#include "tools/hilsim/draw_command.h"
#include "tools/hilsim/frame_command.h"
#include "tools/hilsim/plot_command.h"
#include "tools/hilsim/replay_command.h"
#include "tools/hilsim/report_command.h"
#include "tools/hilsim/run_command.h"
#include "tools/hilsim/scenario_keys_command.h"
#include "tools/hilsim/sweep_command.h"
#include "tools/io/input_error.h"

namespace {

// One command of hilsim: its name, how it adds itself (its options) to the parser, how it runs.
struct Command {
  const char* name;
  std::function<void(CLI::App&)> add_to;
  std::function<int()> execute;
};

std::string command_list(const std::vector<Command>& commands) {
  std::string list;
  for (const Command& c : commands) list += (list.empty() ? "" : ", ") + std::string(c.name);
  return list;
}

// CLI11's message on one line: the few that span lines (a list of extra arguments) joined by "; ".
std::string one_line(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at)) {
    text.replace(at, 1, "; ");
  }
  return text;
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
  // Every option shows the default it starts from in --help (inherited by the subcommands, captured
  // when each option is added). Options left unset to mean "the scenario's value" show none.
  app.option_defaults()->always_capture_default();
  hilsim::tools::RunCommand run;
  hilsim::tools::SweepCommand sweep;
  hilsim::tools::ReportCommand report;
  hilsim::tools::BenchRtCommand bench_rt;
  hilsim::tools::DoctorCommand doctor;
  hilsim::tools::ConvergenceCommand convergence;
  hilsim::tools::ContactStudyCommand contact_study;
  hilsim::tools::ReplayCommand replay;
  hilsim::tools::ControllerCommand controller;
  hilsim::tools::DbcCommand dbc;
  hilsim::tools::FrameCommand frame;
  hilsim::tools::DecodeCommand decode;
  hilsim::tools::BenchUdpCommand bench_udp;
  hilsim::tools::ScenarioKeysCommand scenario_keys;
  hilsim::tools::DrawCommand draw;
  hilsim::tools::PlotCommand plot;
  const auto command = [](const char* name, auto& c) {
    return Command{name, [&c](CLI::App& parser) { c.add_to(parser); }, [&c]() { return c.execute(); }};
  };
  // In the order of `hilsim --help`.
  const std::vector<Command> commands = {command("run", run),
                                         command("sweep", sweep),
                                         command("report", report),
                                         command("convergence", convergence),
                                         command("contact-study", contact_study),
                                         command("replay", replay),
                                         command("controller", controller),
                                         command("dbc", dbc),
                                         command("frame", frame),
                                         command("decode", decode),
                                         command("bench-udp", bench_udp),
                                         command("bench-rt", bench_rt),
                                         command("doctor", doctor),
                                         command("draw", draw),
                                         command("plot", plot),
                                         command("scenario-keys", scenario_keys)};
  // A command named first is the only one whose options are built: building every command's
  // options (about 200) takes longer than a short run's arithmetic. Without one (hilsim --help,
  // --version, an option first) every command is added, for the help to list them.
  const char* named = nullptr;
  if (argc >= 2 && argv[1][0] != '-') {
    for (const Command& c : commands) {
      if (std::strcmp(c.name, argv[1]) == 0) named = c.name;
    }
    if (named == nullptr) {
      std::fprintf(stderr, "hilsim: unknown command '%s'; the commands are: %s (hilsim --help)\n", argv[1],
                   command_list(commands).c_str());
      return 2;
    }
  }
  for (const Command& c : commands) {
    if (named == nullptr || c.name == named) c.add_to(app);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version: printed on stdout
    // One line as every refusal of hilsim's, and where to look: the command's help.
    std::fprintf(stderr, "hilsim: %s (hilsim%s%s --help)\n", one_line(e.what()).c_str(), named ? " " : "",
                 named ? named : "");
    return 2;
  }
  try {
    for (const Command& c : commands) {  // only the commands added may be asked for
      if ((named == nullptr || c.name == named) && app.got_subcommand(c.name)) return c.execute();
    }
  } catch (const hilsim::io::InputError& e) {
    std::fprintf(stderr, "hilsim: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hilsim: internal error: %s\n", e.what());
    return 1;
  }
  return 0;
}
