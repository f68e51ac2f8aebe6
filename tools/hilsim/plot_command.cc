#include "tools/hilsim/plot_command.h"

#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "tools/hilsim/cli_checks.h"
#include "tools/io/input_error.h"
#include "tools/scenario/data_dir.h"

namespace hilsim::tools {

namespace fs = std::filesystem;

void PlotCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "plot", "Draw a run on one PNG page: valves, strokes, pressures, events and the threads' latencies");
  cmd->add_option("run", run, "The run's trajectory CSV (hilsim run --out)")
      ->required()
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  cmd->add_option(
         "--record", record,
         "The run's recording (hilsim run --record): the commands accepted and the watchdog's values")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  cmd->add_option("--events", events,
                  "The run's events (hilsim run --events): limits, faults, overruns, link")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  cmd->add_option("--latency", latency,
                  "The threads' histograms (hilsim run --latency): wake-up latency and execution time")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  cmd->add_option("--out", out, "The PNG to write [default: the run's CSV with .png]")
      ->check(non_empty_path());
  cmd->add_option("--title", title, "The page's title [default: the CSV's name]");
  cmd->add_flag("--summary", summary, "Print what was drawn, one line per panel");
}

namespace {

// Runs `argv` (argv[0] a path) and returns its exit status; 127 when it could not be started.
int run_program(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::fflush(nullptr);  // nothing buffered twice
  const pid_t pid = fork();
  if (pid < 0) return 127;
  if (pid == 0) {
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return 127;  // not our child any more (SIGCHLD ignored): say it could not run
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

int PlotCommand::execute() const {
  const std::string page = out ? *out : fs::path(run).replace_extension(".png").string();
  for (const auto& [input, what] :
       {std::pair{std::optional<std::string>(run), "the run"}, std::pair{record, "the recording"},
        std::pair{events, "the events"}, std::pair{latency, "the latency histograms"}}) {
    if (input) io::refuse_same_file(page, "--out", *input, what);
  }
  // Debian's python3-matplotlib belongs to /usr/bin/python3, which a user's PATH may shadow.
  const std::string python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  std::vector<std::string> argv = {python, scenario::plot_run_script(), run, "--out", page};
  const std::pair<const char*, const std::optional<std::string>*> options[] = {
      {"--record", &record}, {"--events", &events}, {"--latency", &latency}, {"--title", &title}};
  for (const auto& [flag, value] : options) {
    if (*value) argv.insert(argv.end(), {flag, **value});
  }
  if (summary) argv.emplace_back("--summary");
  const int status = run_program(argv);
  if (status == 127) {
    std::fprintf(stderr, "hilsim plot: cannot start %s (Debian: apt install python3 python3-matplotlib)\n",
                 python.c_str());
    return 2;
  }
  if (status == 0) std::printf("plot: %s\n", page.c_str());
  return status;
}

}  // namespace hilsim::tools
