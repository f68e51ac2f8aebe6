#include "tools/hilsim/bench_rt_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "rt/loop_report.h"
#include "rt/periodic_loop.h"
#include "rt/process_setup.h"
#include "rt/rt_thread.h"
#include "rt/system_info.h"
#include "sim/cosim/machine_plan.h"
#include "sim/machine/lim_crane.h"
#include "sim/manoeuvre/valve_command.h"
#include "tools/hilsim/bench_rt_cosim.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/io/input_error.h"
#include "tools/system/cyclictest.h"

namespace hilsim::tools {

void BenchRtCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "bench-rt", "Wake-up latency of a real-time loop stepping the hydraulics, beside cyclictest's");
  cmd->add_option("--cycles", cycles, "Cycles per rate")
      ->check(whole_number_in(std::int64_t{100}, std::int64_t{100000000}));
  add_number_list(*cmd, "--rates", rates_hz, "Loop rates [Hz], comma-separated", closed_range(1, 1000000));
  cmd->add_option("--cpu", cpu, "CPU to run on (-1: not pinned)")->check(whole_number_in(-1, 1023));
  cmd->add_option("--priority", priority, "SCHED_FIFO priority")->check(whole_number_in(1, 99));
  cmd->add_flag("--no-cyclictest", no_cyclictest, "Do not run cyclictest");
  cmd->add_flag("--require-rt", require_rt,
                "Refuse to run (exit 2) unless memory locking, SCHED_FIFO and CPU pinning are granted");
  cmd->add_flag(
      "--cosim", cosim,
      "Run a whole co-simulation paced in its threads (default: RIM, 2 actuators, H = 20 ms, "
      "h_H = 0.2 ms, 10 s of M2; a scenario and the run flags below change it) and print each thread's "
      "figures beside cyclictest's");
  scenario.add_to(*cmd);
  // The run flags' help gives `hilsim run`'s built-in defaults; --cosim without a scenario has its own.
  cmd->footer(
      "With --cosim and no scenario file, an unset run flag takes the benchmark's default, not the "
      "'built-in' one shown above: --coupling rim, --actuators 2, --H 0.02, --hH 2e-4, --duration 10, "
      "--manoeuvre M2.");
}

namespace {

struct LoopFigures {
  rt::ThreadSetupResult setup;
  std::unique_ptr<rt::LoopStats> stats = std::make_unique<rt::LoopStats>();
};

// One micro step of the crane's hydraulics per cycle, the actuator held at equilibrium and the
// valve following manoeuvre M1: the work of the hydraulics thread of `hilsim run --realtime`.
LoopFigures run_hilsim_loop(const BenchRtCommand& b, int rate_hz, bool require_rt,
                            const std::vector<std::string>& process_problems, bool& refused) {
  const auto model = std::make_shared<const sim::machine::MachineModel>(
      sim::machine::build_machine_model(sim::machine::lim_crane_description({}, {})));
  const sim::machine::MachineEquilibrium eq = sim::machine::solve_machine_equilibrium(*model);
  const sim::StepManoeuvreM1 valve(eq.cylinders[0].command);
  const double h = 1.0 / rate_hz;
  // The hydraulics of the plan `run --realtime` builds (p-s, one micro step per macro step), its
  // actuator held at the equilibrium length.
  sim::CosimSettings settings;
  settings.H = h;
  settings.h_hyd = h;
  settings.duration = h;
  sim::Plan plan = sim::build_machine_plan(model, eq, settings, sim::MachineValves{{&valve}, {}, {}, false});
  sim::Subsystem* found = nullptr;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    if (plan.subsystem(i).name() == "hydraulics") found = &plan.subsystem(i);
  }
  sim::Subsystem& hydraulics = *found;  // a direct coupling always has it
  const double held[2] = {eq.cylinders[0].s, 0.0};
  hydraulics.set_inputs(0, held);

  LoopFigures f;
  // Like cyclictest, a late loop skips the periods it missed: one late wake-up is one sample, and
  // the percentiles of both programs describe the same thing.
  const rt::LoopConfig config{rt::kNanosecondsPerSecond / rate_hz, true, rt::OverrunPolicy::kSkip};
  const std::int64_t cycles = b.cycles;
  auto body = [&hydraulics, cycles](std::int64_t cycle) noexcept {
    hydraulics.do_step(cycle);
    return cycle + 1 < cycles ? rt::LoopAction::kContinue : rt::LoopAction::kStop;
  };
  rt::Nanoseconds start = 0;
  rt::LoopStats& stats = *f.stats;
  rt::RtThread thread(rt::ThreadConfig{.name = "hilsim-bench", .cpu = b.cpu, .priority = b.priority},
                      [&] { rt::run_periodic(config, start, stats, body); });
  f.setup = thread.setup();
  if (require_rt && (!f.setup.ok() || !process_problems.empty())) {
    refused = true;
    return f;
  }
  start = rt::now_ns() + 10'000'000;
  thread.release(true);
  thread.join();
  return f;
}

void print_row(const char* label, const double v[5]) {
  std::printf("  %-22s %9.1f %9.1f %9.1f %9.1f %9.1f\n", label, v[0], v[1], v[2], v[3], v[4]);
}

// Wake-ups later than one period, to the histograms' resolution (cyclictest: whole µs).
std::uint64_t late_wakeups(const CyclictestResult& ct, int period_us) {
  std::uint64_t n = ct.overflows;
  for (std::size_t k = static_cast<std::size_t>(period_us); k < ct.histogram.size(); ++k)
    n += ct.histogram[k];
  return n;
}

void print_comparison(const rt::LoopStats& mine, const std::optional<CyclictestResult>& ct, int period_us) {
  const rt::LatencyFigures f = rt::figures_us(mine.wakeup_latency);
  const double ours[5] = {f.min_us, f.avg_us, f.p99_us, f.p999_us, f.max_us};
  std::printf("  %-22s %9s %9s %9s %9s %9s\n", "[us]", "min", "avg", "p99", "p99.9", "max");
  print_row("hilsim wake-up", ours);
  if (ct) {
    const std::optional<double> p99 = ct->percentile(0.99), p999 = ct->percentile(0.999);
    const double limit = static_cast<double>(ct->histogram.size());
    const double theirs[5] = {ct->min_us, ct->avg_us, p99.value_or(limit), p999.value_or(limit), ct->max_us};
    print_row("cyclictest wake-up", theirs);
    std::printf("  %-22s", "ratio hilsim/cyclictest");
    for (int i = 0; i < 5; ++i) {
      if (theirs[i] > 0) {
        std::printf(" %9.2f", ours[i] / theirs[i]);
      } else {
        std::printf(" %9s", "n/a");
      }
    }
    std::printf("\n");
    if (!p99 || !p999)
      std::printf("  (cyclictest percentiles beyond its %g us histogram are shown as %g)\n", limit, limit);
  }
  const rt::LatencyFigures e = rt::figures_us(mine.execution_time);
  const double exec[5] = {e.min_us, e.avg_us, e.p99_us, e.p999_us, e.max_us};
  print_row("hilsim execution", exec);
  std::printf("  wake-ups later than one period: hilsim %llu",
              static_cast<unsigned long long>(mine.wakeup_latency.count_above(period_us * 1000LL - 1)));
  if (ct) std::printf(", cyclictest %llu", static_cast<unsigned long long>(late_wakeups(*ct, period_us)));
  std::printf("\n  hilsim overruns: %lld cycles, %lld periods skipped", static_cast<long long>(mine.overruns),
              static_cast<long long>(mine.skipped_periods));
  if (mine.overruns > 0) {
    std::printf(" (furthest %.1f us past the next deadline)",
                static_cast<double>(mine.max_lateness_ns) / 1e3);
  }
  std::printf("\n");
}

}  // namespace

int BenchRtCommand::execute() const {
  if (cosim) return bench_cosim_paced(scenario, PacedBenchSettings{no_cyclictest, require_rt});
  for (int rate : rates_hz) {
    if (rt::kNanosecondsPerSecond % rate != 0 || (1'000'000 % rate) != 0) {
      throw io::InputError(
          "--rates: " + std::to_string(rate) +
          " Hz has no whole period in microseconds (cyclictest's unit); use a divisor of 1000000");
    }
  }
  // One loop thread at a time, with its statistics; the rest (a plan, cyclictest's pipe) is small.
  const rt::ProcessSetup process(rt::thread_bytes(rt::ThreadConfig{}.stack_bytes) + sizeof(rt::LoopStats));
  const rt::KernelInfo kernel = rt::kernel_info();
  const std::optional<std::string> cyclictest = no_cyclictest ? std::nullopt : find_cyclictest();
  std::printf(
      "bench-rt: the hydraulic subsystem, one micro step per cycle, SCHED_FIFO %d on %s, %lld cycles per "
      "rate\n",
      priority, cpu < 0 ? "any CPU" : ("CPU " + std::to_string(cpu)).c_str(), static_cast<long long>(cycles));
  std::printf("kernel %s, %s (%s)\n", kernel.release.c_str(),
              kernel.preempt_rt ? "PREEMPT_RT" : "not PREEMPT_RT", kernel.preempt_rt_evidence.c_str());
  for (const std::string& note : process.notes()) std::printf("note: %s\n", note.c_str());
  if (!no_cyclictest && !cyclictest) {
    std::printf(
        "cyclictest: not found on PATH (Debian package rt-tests: apt-get install rt-tests); "
        "only hilsim's figures are shown\n");
  }
  std::vector<std::string> not_real_time = process.problems();
  for (int rate : rates_hz) {
    bool refused = false;
    const LoopFigures f = run_hilsim_loop(*this, rate, require_rt, process.problems(), refused);
    for (const std::string& p : f.setup.problems) {
      if (std::find(not_real_time.begin(), not_real_time.end(), p) == not_real_time.end())
        not_real_time.push_back(p);
    }
    if (refused) {
      for (const std::string& reason : not_real_time)
        std::fprintf(stderr, "hilsim bench-rt: %s\n", reason.c_str());
      std::fprintf(stderr, "hilsim bench-rt: refusing to run without real-time scheduling (--require-rt)\n");
      return 2;
    }
    std::optional<CyclictestResult> ct;
    std::string ct_error;
    if (cyclictest) {
      try {
        ct = run_cyclictest(*cyclictest, 1'000'000 / rate, priority, cpu, cycles, 20000);
      } catch (const std::runtime_error& e) {
        ct_error = e.what();
      }
    }
    std::printf("\n%d Hz (period %d us):\n", rate, 1'000'000 / rate);
    print_comparison(*f.stats, ct, 1'000'000 / rate);
    if (!ct_error.empty()) std::printf("  %s\n", ct_error.c_str());
  }
  if (!not_real_time.empty()) {
    std::printf("\nNOT REAL TIME: hilsim's loop ran without:\n");
    for (const std::string& reason : not_real_time) std::printf("  - %s\n", reason.c_str());
  }
  return 0;
}

}  // namespace hilsim::tools
