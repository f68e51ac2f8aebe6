// hilsim-bench-cosim: wall time and real-time factor of full 10 s M1 co-simulations (f-s and p-s,
// H = 1 ms, h_H = 0.05 ms and 0.2 ms). Each case runs --repeat times; the median is reported.
#include <cstdio>
#include <vector>

#include <CLI/CLI.hpp>

#include "sim/cosim/crane_cosimulation.h"
#include "tools/bench/wall_times.h"

int main(int argc, char** argv) {
  using namespace hilsim::sim;
  CLI::App app{"Wall time and real-time factor of 10 s M1 co-simulation runs"};
  int repeat = 5;
  app.add_option("--repeat", repeat, "Runs per case; the median is reported")->check(CLI::Range(1, 1000));
  CLI11_PARSE(app, argc, argv);

  const CraneParameters crane;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  const StepManoeuvreM1 m1(eq.kappa);
  std::printf("%-8s %10s %10s %14s %14s %16s\n", "coupling", "H [ms]", "h_H [ms]", "median wall [s]",
              "min wall [s]", "real-time factor");
  for (Coupling coupling : {Coupling::kForceDisplacement, Coupling::kPressureDisplacement}) {
    for (double h_hyd : {0.05e-3, 0.2e-3}) {
      CosimSettings s;
      s.coupling = coupling;
      s.H = 1e-3;
      s.h_hyd = h_hyd;
      s.duration = 10.0;
      const hilsim::bench::WallTimes t = hilsim::bench::time_runs(repeat, [&] {
        if (run_cosimulation(crane, hyd, eq, m1, s).diverged) std::printf("warning: run diverged\n");
      });
      std::printf("%-8s %10g %10g %14.4f %14.4f %16.1f\n", coupling == Coupling::kForceDisplacement ? "f-s" : "p-s",
                  s.H * 1e3, h_hyd * 1e3, t.median, t.min, s.duration / t.median);
    }
  }
  return 0;
}
