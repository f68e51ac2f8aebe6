// hilsim-bench-monolithic: wall time and real-time factor of full 10 s M1 runs of the monolithic
// reference solver at h = 10 ms, 1 ms and 0.05 ms (the authors' settings: α = 1e12, update
// tolerance 1e-5, three projections), with the Newton iterations they took. Each case runs
// --repeat times; the median is reported.
#include <cstdio>
#include <vector>

#include "sim/monolithic/monolithic_run.h"
#include "tools/bench/bench_flags.h"
#include "tools/bench/wall_times.h"

int main(int argc, char** argv) {
  using namespace hilsim::sim;
  int repeat = 5;
  if (const auto done = hilsim::tools::parse_bench_flags(
          argc, argv, "Wall time of 10 s M1 runs of the monolithic solver",
          {{"--repeat", &repeat, 1, 1000, "Runs per case; the median is reported"}}))
    return *done;

  const CraneParameters crane;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  const StepManoeuvreM1 m1(eq.kappa);
  std::printf("%10s %10s %15s %14s %16s %12s %12s\n", "h [ms]", "steps", "median wall [s]", "min wall [s]",
              "real-time factor", "mean Newton", "us per step");
  for (double h : {10e-3, 1e-3, 0.05e-3}) {
    MonolithicSettings s;
    s.h = h;
    s.duration = 10.0;
    double mean_iterations = 0.0;
    std::size_t steps = 0;
    const hilsim::bench::WallTimes t = hilsim::bench::time_runs(repeat, [&] {
      const MonolithicRunResult result = run_monolithic(crane, hyd, eq, m1, s);
      if (result.diverged || result.unconverged_steps > 0)
        std::printf("warning: run diverged or did not converge\n");
      steps = result.iterations.size() - 1;
      double sum = 0.0;
      for (int it : result.iterations) sum += it;
      mean_iterations = sum / static_cast<double>(steps);
    });
    std::printf("%10g %10zu %15.4f %14.4f %16.1f %12.3f %12.3f\n", h * 1e3, steps, t.median, t.min,
                s.duration / t.median, mean_iterations, t.median / static_cast<double>(steps) * 1e6);
  }
  return 0;
}
