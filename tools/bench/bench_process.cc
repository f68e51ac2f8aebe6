// hilsim-bench-process: what a user waits for when hilsim runs as a process, by the thousand in a
// study: the start-up alone (`hilsim --version`), the start-up of a run (the default scenario for
// 1 ms of simulated time: scenario, equilibrium, plan and the LIM reference read), a 10 s p-s run of M1 at H
// = 1 ms, h_H = 0.05 ms without an output file, and the same run writing its CSV. Each is a fresh process
// (posix_spawn, wait4), the cases interleaved so that a busy machine slows all alike; printed are the median
// wall time and the median CPU time (user + system, from wait4's rusage: every thread of the
// process, unaffected by other processes holding the CPU), and the ratios in the same run.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/bench/bench_flags.h"
#include "tools/bench/wall_times.h"

extern char** environ;

namespace {

struct ProcessTimes {
  double wall = 0.0;  // [s]
  double cpu = 0.0;   // [s] user + system of the process and its threads
};

double seconds(const timeval& tv) {
  return static_cast<double>(tv.tv_sec) + 1e-6 * static_cast<double>(tv.tv_usec);
}

// Runs argv with stdout and stderr to /dev/null; exits the benchmark when it fails.
ProcessTimes run_once(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  rusage usage{};
  if (spawned != 0 || wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "hilsim-bench-process: '%s' failed\n", args[0].c_str());
    std::exit(1);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return {wall, seconds(usage.ru_utime) + seconds(usage.ru_stime)};
}

struct Case {
  const char* name;
  std::vector<std::string> args;
  std::vector<double> walls, cpus;
};

}  // namespace

int main(int argc, char** argv) {
  int repeat = 21;
  if (const auto code = hilsim::tools::parse_bench_flags(
          argc, argv, "hilsim-bench-process: the start-up and a run with and without its CSV, as processes",
          {{"--repeat", &repeat, 1, 1000, "runs of each case (median printed)"}})) {
    return *code;
  }
  const std::filesystem::path dir = std::filesystem::canonical("/proc/self/exe").parent_path();
  const std::string hilsim = (dir / "hilsim").string();
  const std::string out =
      (std::filesystem::temp_directory_path() / ("hilsim-bench-" + std::to_string(getpid()) + ".csv"))
          .string();
  const std::vector<std::string> run = {hilsim, "run",  "--coupling",  "ps",   "--H",    "1e-3",
                                        "--hH", "5e-5", "--reference", "none", "--quiet"};
  std::vector<std::string> run_out = run;
  run_out.insert(run_out.end(), {"--out", out});
  std::vector<Case> cases = {
      {"exec floor (/bin/true)", {"/bin/true"}, {}, {}},
      {"start-up (hilsim --version)", {hilsim, "--version"}, {}, {}},
      {"start-up of a run (1 ms, LIM ref.)", {hilsim, "run", "--duration", "1e-3", "--quiet"}, {}, {}},
      {"run, no output", run, {}, {}},
      {"run, --out FILE.csv", run_out, {}, {}}};
  for (int r = 0; r < repeat; ++r) {
    for (Case& c : cases) {
      const ProcessTimes t = run_once(c.args);
      c.walls.push_back(t.wall);
      c.cpus.push_back(t.cpu);
    }
  }
  std::filesystem::remove(out);
  std::printf("M1, 10 s, p-s Jacobi, H = 1 ms, h_H = 0.05 ms; median of %d processes each\n", repeat);
  std::printf("%-36s %10s %10s\n", "case", "wall [ms]", "CPU [ms]");
  for (const Case& c : cases) {
    std::printf("%-36s %10.2f %10.2f\n", c.name, 1e3 * hilsim::bench::median(c.walls),
                1e3 * hilsim::bench::median(c.cpus));
  }
  const double wall_ratio = hilsim::bench::median(cases[4].walls) / hilsim::bench::median(cases[3].walls);
  const double cpu_ratio = hilsim::bench::median(cases[4].cpus) / hilsim::bench::median(cases[3].cpus);
  std::printf("writing the CSV: wall %.2fx, CPU %.2fx of the run without it\n", wall_ratio, cpu_ratio);
  return 0;
}
