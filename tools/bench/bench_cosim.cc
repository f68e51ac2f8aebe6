// hilsim-bench-cosim: what the co-simulation costs against the floor, and what a micro step costs.
//  1. 10 s of M1, one actuator, Jacobi with held inputs, H = 1 ms, h_H = 0.05 ms, for f-s, p-s and
//     RIM: hilsim's loop (the manager stepping the plan, as run_plan does, without samples), the same
//     with a sample at every communication point (stream_plan to a sink that drops it), and the
//     minimal loop of cosim_baseline.h, timed in turn in the same run (median of --repeat), with the
//     ratios; the baseline's final state is checked against hilsim's. Times are the thread's CPU
//     time, so that other processes on a shared machine do not count.
//  2. For each coupling with one and two actuators, hilsim's cost per hydraulic micro step and per
//     macro step (its mechanics step, the exchange and the rest) [ns], from runs at H = 1 ms with
//     K = 20 and K = 5 micro steps (time per macro step = a + K b): what a rig's h_H can afford.
//  3. The excavator of config/machines/excavator.toml on its dig cycle: the same costs per step for
//     each coupling, and its 10 s p-s run's time (excavator_costs.h).
//  4. The contact co-simulation (sim/contact/): per 1 ms step of the servoed-arm machine and of both
//     contact tasks, the reduced-model generation and the contact solves, for each coupling; the tool
//     side's model generation by its active constraints (contact_costs.h). --model-cost-csv FILE
//     writes the latter per step for `hilsim report`'s figure.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "sim/cosim/cosimulation.h"
#include "sim/cosim/manager.h"
#include "sim/machine/lim_crane.h"
#include "tools/bench/bench_flags.h"
#include "tools/bench/contact_costs.h"
#include "tools/bench/cosim_baseline.h"
#include "tools/bench/excavator_costs.h"
#include "tools/bench/wall_times.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"

namespace {

using namespace hilsim::sim;
using hilsim::bench::BaselineRun;
using hilsim::bench::BaselineState;

const char* name(Coupling c) {
  return c == Coupling::kForceDisplacement ? "f-s" : c == Coupling::kPressureDisplacement ? "p-s" : "rim";
}

// The LIM crane as its machine model (sim/machine/lim_crane.h), and the same crane's parameters and
// equilibrium for the minimal loop, which starts from the very same state.
struct Case {
  CraneParameters crane;
  HydraulicParameters hyd;
  std::shared_ptr<const machine::MachineModel> model;
  machine::MachineEquilibrium machine_eq;
  Equilibrium eq;
  CosimSettings settings;
  std::shared_ptr<const ValveCommand> second;  // cylinder 2's, Peiret et al. 2018, eq. (35)
};

Case make_case(Coupling coupling, int actuators, double h_hyd) {
  Case c;
  c.crane.actuators = actuators;
  c.model = std::make_shared<const machine::MachineModel>(
      machine::build_machine_model(machine::lim_crane_description(c.crane, c.hyd)));
  c.machine_eq = machine::solve_machine_equilibrium(*c.model);
  c.eq = crane_equilibrium(c.machine_eq);
  if (actuators == 2) c.second = std::make_shared<const SecondActuatorManoeuvre>(c.eq.actuator2.kappa);
  c.settings.coupling = coupling;
  c.settings.H = 1e-3;
  c.settings.h_hyd = h_hyd;
  c.settings.duration = 10.0;
  return c;
}

// Cylinder 1 on `valve`, cylinder 2 (two actuators) on its own manoeuvre.
MachineValves machine_valves(const Case& c, const ValveCommand& valve) {
  MachineValves v;
  v.cylinder = {&valve};
  if (c.second) v.cylinder.push_back(c.second.get());
  return v;
}

// hilsim's loop alone [s of CPU time]: the manager stepping the plan, with the divergence check of every run.
double time_manager(const Case& c, const ValveCommand& valve, Sample* last = nullptr) {
  Plan plan = build_machine_plan(c.model, c.machine_eq, c.settings, machine_valves(c, valve));
  CosimManager manager(plan.subsystems(), plan.graph());
  const std::int64_t N = plan.communication_points();
  const double t0 = hilsim::bench::thread_cpu_seconds();
  for (std::int64_t n = 0; n < N; ++n) {
    manager.step();
    if (!manager.healthy()) break;
  }
  const double cpu = hilsim::bench::thread_cpu_seconds() - t0;
  if (last) {
    std::vector<ProbeValues> probes;
    *last = sample_plan(plan, N, probes);
  }
  return cpu;
}

// The same run with a sample at every communication point (as `hilsim run` without --out) [s of CPU].
double time_with_samples(const Case& c, const ValveCommand& valve) {
  Plan plan = build_machine_plan(c.model, c.machine_eq, c.settings, machine_valves(c, valve));
  const double t0 = hilsim::bench::thread_cpu_seconds();
  stream_plan(plan, [](const Sample&) {});
  return hilsim::bench::thread_cpu_seconds() - t0;
}

// The largest deviation of the baseline's final state from hilsim's, each quantity relative to its
// scale (1 rad, 1 m, 1 cm/s, 1 MPa).
double final_state_deviation(const BaselineState& b, const Sample& s) {
  const double d[] = {std::abs(b.theta1 - s.theta[0]),    std::abs(b.theta2 - s.theta[1]),
                      std::abs(b.s - s.cyl[0].s),         std::abs(b.s_dot - s.cyl[0].s_dot) / 1e-2,
                      std::abs(b.p1 - s.cyl[0].p1) / 1e6, std::abs(b.p2 - s.cyl[0].p2) / 1e6};
  return *std::max_element(std::begin(d), std::end(d));
}

void against_the_floor(int repeat) {
  std::printf(
      "10 s of M1, 1 actuator, Jacobi, zoh, H = 1 ms, h_H = 0.05 ms (CPU time of the thread, median of %d, "
      "ms):\n",
      repeat);
  std::printf("%-8s %12s %14s %12s %12s %14s %18s\n", "coupling", "hilsim loop", "with samples", "baseline",
              "loop/base", "samples/base", "final state dev.");
  for (Coupling coupling :
       {Coupling::kForceDisplacement, Coupling::kPressureDisplacement, Coupling::kReducedInterface}) {
    const Case c = make_case(coupling, 1, 0.05e-3);
    const StepManoeuvreM1 m1(c.eq.kappa);
    const BaselineRun run{c.settings.H, c.settings.h_hyd, c.settings.duration};
    Sample last;
    BaselineState floor;
    std::vector<double> loop, sampled, base;
    for (int r = 0; r < repeat; ++r) {  // in turn, so that a busy machine slows all three alike
      loop.push_back(time_manager(c, m1, &last));
      sampled.push_back(time_with_samples(c, m1));
      const double t0 = hilsim::bench::thread_cpu_seconds();
      floor = hilsim::bench::run_baseline(coupling, c.crane, c.hyd, c.eq, run);
      base.push_back(hilsim::bench::thread_cpu_seconds() - t0);
    }
    const double l = hilsim::bench::median(loop), s = hilsim::bench::median(sampled),
                 b = hilsim::bench::median(base);
    const double dev = final_state_deviation(floor, last);
    std::printf("%-8s %12.3f %14.3f %12.3f %12.2f %14.2f %11.1e %s\n", name(coupling), l * 1e3, s * 1e3,
                b * 1e3, l / b, s / b, dev, dev < 1e-9 ? "same" : "DIFFERENT");
  }
}

void per_step_costs(int repeat) {
  std::printf(
      "\nhilsim's loop per step, H = 1 ms, from K = 20 and K = 5 hydraulic micro steps per macro step"
      " (10 s of M1, median of %d):\n",
      repeat);
  std::printf("%-8s %9s %22s %30s\n", "coupling", "actuators", "ns per micro step (b)",
              "ns per macro step besides (a)");
  for (Coupling coupling :
       {Coupling::kForceDisplacement, Coupling::kPressureDisplacement, Coupling::kReducedInterface}) {
    for (int actuators : {1, 2}) {
      double per_macro[2] = {0.0, 0.0};  // [s] at K = 20, K = 5
      const double h_hyd[2] = {0.05e-3, 0.2e-3};
      for (int i = 0; i < 2; ++i) {
        const Case c = make_case(coupling, actuators, h_hyd[i]);
        const StepManoeuvreM1 m1(c.eq.kappa);
        std::vector<double> walls;
        for (int r = 0; r < repeat; ++r) walls.push_back(time_manager(c, m1));
        per_macro[i] = hilsim::bench::median(walls) / 1e4;  // 10 s at H = 1 ms
      }
      const double b = (per_macro[0] - per_macro[1]) / 15.0;
      const double a = per_macro[0] - 20.0 * b;
      std::printf("%-8s %9d %22.1f %30.1f\n", name(coupling), actuators, b * 1e9, a * 1e9);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  int repeat = 7;
  std::string model_cost_csv;
  if (const auto done = hilsim::tools::parse_bench_flags(
          argc, argv,
          "The co-simulation against a minimal loop of the same arithmetic, and its cost per step",
          {{"--repeat", &repeat, 1, 1000, "Runs per figure; the median is reported"}},
          {{"--model-cost-csv", &model_cost_csv,
            "Also write the tool side's model generation per step of the insertion (active_rows,rows,ns) to "
            "this CSV, for the figure of hilsim report"}}))
    return *done;
  // Opened first: a path that cannot be written is said before minutes of benchmark, exit 2.
  std::optional<hilsim::io::AtomicOutputFile> cost_csv;
  try {
    if (!model_cost_csv.empty()) cost_csv.emplace(model_cost_csv);
  } catch (const hilsim::io::InputError& e) {
    std::fprintf(stderr, "hilsim-bench-cosim: %s\n", e.what());
    return 2;
  }
  against_the_floor(repeat);
  per_step_costs(repeat);
  hilsim::bench::print_excavator_costs(repeat);
  hilsim::bench::print_contact_costs(repeat);
  if (cost_csv) {
    try {
      hilsim::bench::write_model_build_costs_csv(cost_csv->stream());
      cost_csv->commit();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "hilsim-bench-cosim: %s\n", e.what());
      return 1;
    }
    std::printf("\nmodel generation per step written to %s\n", model_cost_csv.c_str());
  }
  return 0;
}
