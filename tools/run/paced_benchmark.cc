#include "tools/run/paced_benchmark.h"

#include <atomic>
#include <cstdio>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

#include "rt/loop_report.h"
#include "rt/plan_executor.h"
#include "rt/process_setup.h"
#include "rt/system_info.h"
#include "sim/cosim/machine_plan.h"
#include "tools/io/input_error.h"
#include "tools/run/realtime_run.h"
#include "tools/run/run_inputs.h"
#include "tools/system/cyclictest.h"

namespace hilsim::tools {

namespace {

struct Discard final : rt::PointSink {
  void on_point(std::int64_t, std::span<const sim::ProbeValues>) override {}
};

void print_row(const std::string& label, const rt::LatencyFigures& f) {
  std::printf("  %-34s %9.1f %9.1f %9.1f %9.1f %9.1f\n", label.c_str(), f.min_us, f.avg_us, f.p99_us,
              f.p999_us, f.max_us);
}

void print_cyclictest(const std::optional<CyclictestResult>& ct, const rt::LatencyFigures& fastest) {
  if (!ct) return;
  const double limit = static_cast<double>(ct->histogram.size());
  const rt::LatencyFigures c{ct->min_us, ct->avg_us, ct->percentile(0.99).value_or(limit),
                             ct->percentile(0.999).value_or(limit), ct->max_us};
  print_row("cyclictest wake-up", c);
  const auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
  std::printf("  %-34s %9.2f %9.2f %9.2f %9.2f %9.2f\n", "ratio fastest thread/cyclictest",
              ratio(fastest.min_us, c.min_us), ratio(fastest.avg_us, c.avg_us),
              ratio(fastest.p99_us, c.p99_us), ratio(fastest.p999_us, c.p999_us),
              ratio(fastest.max_us, c.max_us));
}

}  // namespace

int bench_paced_run(const scenario::Scenario& s, const PacedBenchSettings& settings) {
  const RunInputs in = prepare_run(s);
  sim::Plan plan = [&] {
    try {
      return sim::build_machine_plan(in.model, in.equilibrium, s.cosim, in.scripted());
    } catch (const std::invalid_argument& e) {
      throw io::InputError(s.source + ": " + e.what());
    }
  }();
  if (plan.communication_points() < 1)
    throw io::InputError(s.source + ": the run is shorter than one macro step H");
  const rt::ProcessSetup process(checked_executor_bytes(plan, s));  // before any real-time thread
  rt::ExecutorOptions options;
  options.settings = s.rt;
  options.require_rt = settings.require_rt;
  options.process_problems = process.problems();
  const rt::KernelInfo kernel = rt::kernel_info();
  std::printf("bench-rt --cosim: %s, %d actuator(s), H = %g s, h_H = %g s, %g s paced at wall-clock time\n",
              scenario::describe(s.cosim).c_str(), in.cylinders(), s.cosim.H, s.cosim.h_hyd,
              s.cosim.duration);
  std::printf("kernel %s, %s (%s)\n", kernel.release.c_str(),
              kernel.preempt_rt ? "PREEMPT_RT" : "not PREEMPT_RT", kernel.preempt_rt_evidence.c_str());
  std::atomic<bool> stop{false};
  Discard sink;
  rt::PlanExecutor executor(plan, options);
  const rt::ExecutorResult r = executor.run(sink, stop);
  if (r.refused) {
    for (const std::string& reason : r.not_real_time)
      std::fprintf(stderr, "hilsim bench-rt: %s\n", reason.c_str());
    std::fprintf(stderr, "hilsim bench-rt: refusing to run without real-time scheduling (--require-rt)\n");
    return 2;
  }
  std::printf("\n  %-34s %9s %9s %9s %9s %9s\n", "[us]", "min", "avg", "p99", "p99.9", "max");
  const rt::TaskReport* fastest = &r.tasks.front();
  for (const rt::TaskReport& t : r.tasks) {
    if (t.period_ns < fastest->period_ns) fastest = &t;
    const std::string at = t.subsystem + " (" + std::to_string(t.period_ns / 1000) + " us)";
    print_row(at + " wake-up", rt::figures_us(t.loop->wakeup_latency));
    print_row(at + " execution", rt::figures_us(t.loop->execution_time));
    std::printf("  %-34s %lld cycles, %lld overruns in %lld episodes, %lld exchange waits\n", "",
                static_cast<long long>(t.loop->cycles), static_cast<long long>(t.loop->overruns),
                static_cast<long long>(t.loop->overrun_episodes), static_cast<long long>(t.exchange_waits));
  }
  std::optional<std::string> cyclictest = settings.no_cyclictest ? std::nullopt : find_cyclictest();
  if (cyclictest) {
    const int period_us = static_cast<int>(fastest->period_ns / 1000);
    try {
      print_cyclictest(run_cyclictest(*cyclictest, period_us, fastest->thread.priority, fastest->thread.cpu,
                                      fastest->loop->cycles, 20000),
                       rt::figures_us(fastest->loop->wakeup_latency));
    } catch (const std::runtime_error& e) {
      std::printf("  cyclictest: %s\n", e.what());
    }
  } else if (!settings.no_cyclictest) {
    std::printf("cyclictest: not found on PATH (Debian package rt-tests); only hilsim's figures are shown\n");
  }
  if (!r.not_real_time.empty()) {
    std::printf("\nNOT REAL TIME: the threads ran without:\n");
    for (const std::string& reason : r.not_real_time) std::printf("  - %s\n", reason.c_str());
  }
  if (r.diverged) return 3;
  return r.finished ? 0 : 4;
}

}  // namespace hilsim::tools
