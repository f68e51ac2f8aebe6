// hilsim-bench-process: what a user waits for when hilsim runs as a process, by the thousand in a
// study: the start-up alone (`hilsim --version`), the start-up of a run (the default scenario for
// 1 ms of simulated time: scenario, equilibrium, plan and the LIM reference read), a 10 s p-s run of M1 at H
// = 1 ms, h_H = 0.05 ms without an output file, and the same run writing its CSV: over the file the
// previous run wrote (a run repeated) and as a new file (a study's runs). Each is a fresh process
// (posix_spawn, wait4), the cases interleaved so that a busy machine slows all alike; printed are the median
// wall time and the median CPU time (user + system, from wait4's rusage: every thread of the
// process, unaffected by other processes holding the CPU), and the ratios in the same run. Then the
// floor: what formatting, hashing and writing the same values costs in a plain loop (csv_floor.h).
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/bench/bench_flags.h"
#include "tools/bench/csv_floor.h"
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
  std::string removed_after;  // a file removed after each run (untimed), so that each writes it anew
  std::vector<double> walls, cpus;
};

double wall_ms(const Case& c) { return 1e3 * hilsim::bench::median(c.walls); }
double cpu_ms(const Case& c) { return 1e3 * hilsim::bench::median(c.cpus); }

// The floor beside the runs: the plain loop's steps, and the least wall time a run writing its CSV
// can take when the rows are formatted on a second core while it runs (the formatting starts after
// the start-up, and the rename comes after both).
void print_floor(const hilsim::bench::CsvFloor& f, const Case& startup, const Case& run) {
  std::printf(
      "floor, a plain loop over the same %zu values (%.2f MB): to_chars %.2f ms, SHA-256 %.2f ms, write(2) "
      "%.2f ms, rename over the previous file %.2f ms, to a new name %.2f ms\n",
      f.values, 1e-6 * static_cast<double>(f.bytes), 1e3 * f.format, 1e3 * f.hash, 1e3 * f.write,
      1e3 * f.replace, 1e3 * f.rename_new);
  const double formatted = std::max(wall_ms(run), wall_ms(startup) + 1e3 * (f.format + f.hash + f.write));
  std::printf(
      "floor of the wall with the rows formatted on a second core: %.2fx (over the previous file), %.2fx (a "
      "new file) of the run without output\n",
      (formatted + 1e3 * f.replace) / wall_ms(run), (formatted + 1e3 * f.rename_new) / wall_ms(run));
}

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
  const std::string tmp =
      std::filesystem::temp_directory_path() / ("hilsim-bench-" + std::to_string(getpid()));
  const std::string out = tmp + ".csv", fresh = tmp + "-new.csv";
  const std::vector<std::string> run = {hilsim, "run",  "--coupling",  "ps",   "--H",    "1e-3",
                                        "--hH", "5e-5", "--reference", "none", "--quiet"};
  std::vector<std::string> run_out = run, run_fresh = run;
  run_out.insert(run_out.end(), {"--out", out});
  run_fresh.insert(run_fresh.end(), {"--out", fresh});
  std::vector<Case> cases = {
      {"exec floor (/bin/true)", {"/bin/true"}, {}, {}, {}},
      {"start-up (hilsim --version)", {hilsim, "--version"}, {}, {}, {}},
      {"start-up of a run (1 ms, LIM ref.)", {hilsim, "run", "--duration", "1e-3", "--quiet"}, {}, {}, {}},
      {"run, no output", run, {}, {}, {}},
      {"run, --out FILE.csv (replaced)", run_out, {}, {}, {}},
      {"run, --out NEW.csv (a new file)", run_fresh, fresh, {}, {}}};
  for (int r = 0; r < repeat; ++r) {
    for (Case& c : cases) {
      const ProcessTimes t = run_once(c.args);
      c.walls.push_back(t.wall);
      c.cpus.push_back(t.cpu);
      if (!c.removed_after.empty()) std::filesystem::remove(c.removed_after);
    }
  }
  const hilsim::bench::CsvFloor floor = hilsim::bench::measure_csv_floor(out, tmp + "-floor.csv", repeat);
  std::filesystem::remove(out);
  std::printf("M1, 10 s, p-s Jacobi, H = 1 ms, h_H = 0.05 ms; median of %d processes each\n", repeat);
  std::printf("%-36s %10s %10s\n", "case", "wall [ms]", "CPU [ms]");
  for (const Case& c : cases) std::printf("%-36s %10.2f %10.2f\n", c.name, wall_ms(c), cpu_ms(c));
  for (const Case* c : {&cases[4], &cases[5]}) {
    std::printf("writing the CSV, %s: wall %.2fx, CPU %.2fx of the run without it\n",
                c == &cases[4] ? "over the previous file" : "a new file", wall_ms(*c) / wall_ms(cases[3]),
                cpu_ms(*c) / cpu_ms(cases[3]));
  }
  print_floor(floor, cases[2], cases[3]);
  return 0;
}
