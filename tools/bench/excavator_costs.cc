#include "tools/bench/excavator_costs.h"

#include <cstdio>
#include <memory>
#include <vector>

#include "sim/cosim/cosimulation.h"
#include "sim/cosim/machine_plan.h"
#include "sim/cosim/manager.h"
#include "sim/machine/machine_equilibrium.h"
#include "tools/bench/wall_times.h"
#include "tools/io/trajectory_files.h"
#include "tools/scenario/data_dir.h"
#include "tools/scenario/machine_file.h"

namespace hilsim::bench {

namespace {

using sim::Coupling;

struct Excavator {
  std::shared_ptr<const sim::machine::MachineModel> model;
  sim::machine::MachineEquilibrium eq;
  std::vector<std::unique_ptr<sim::ValveCommand>> commands;
  sim::MachineValves valves;
};

Excavator load_excavator() {
  Excavator e;
  const std::string dir = scenario::data_dir();
  e.model = scenario::MachineFile::load(dir + "/machines/excavator.toml").build();
  e.eq = sim::machine::solve_machine_equilibrium(*e.model);
  e.commands = io::machine_table_commands(*e.model, dir + "/manoeuvres/excavator_dig_cycle.csv");
  for (const auto& c : e.commands) e.valves.cylinder.push_back(c.get());
  return e;
}

sim::CosimSettings settings(Coupling coupling, double h_hyd) {
  sim::CosimSettings s;
  s.coupling = coupling;
  s.H = 1e-3;
  s.h_hyd = h_hyd;
  s.duration = 10.0;
  return s;
}

// hilsim's loop alone, without samples [s of the thread's CPU time].
double time_loop(const Excavator& e, const sim::CosimSettings& s) {
  sim::Plan plan = sim::build_machine_plan(e.model, e.eq, s, e.valves);
  sim::CosimManager manager(plan.subsystems(), plan.graph());
  const std::int64_t N = plan.communication_points();
  const double t0 = thread_cpu_seconds();
  for (std::int64_t n = 0; n < N && manager.healthy(); ++n) manager.step();
  return thread_cpu_seconds() - t0;
}

}  // namespace

void print_excavator_costs(int repeat) {
  const Excavator e = load_excavator();
  std::printf(
      "\nthe excavator (config/machines/excavator.toml, %d bodies with a closed loop, %d cylinders on one "
      "pump), "
      "its 10 s dig cycle, H = 1 ms, from K = 20 and K = 10 hydraulic micro steps (median of %d):\n",
      e.model->coordinates(), e.model->cylinder_count(), repeat);
  std::printf("%-8s %22s %30s\n", "coupling", "ns per micro step (b)", "ns per macro step besides (a)");
  for (Coupling coupling :
       {Coupling::kForceDisplacement, Coupling::kPressureDisplacement, Coupling::kReducedInterface}) {
    double per_macro[2] = {0.0, 0.0};  // [s] at K = 20, K = 10
    const double h_hyd[2] = {0.05e-3, 0.1e-3};
    for (int i = 0; i < 2; ++i) {
      std::vector<double> cpu;
      for (int r = 0; r < repeat; ++r) cpu.push_back(time_loop(e, settings(coupling, h_hyd[i])));
      per_macro[i] = median(cpu) / 1e4;  // 10 s at H = 1 ms
    }
    const double b = (per_macro[0] - per_macro[1]) / 10.0;
    const double a = per_macro[0] - 20.0 * b;
    std::printf("%-8s %22.1f %30.1f\n",
                coupling == Coupling::kForceDisplacement      ? "f-s"
                : coupling == Coupling::kPressureDisplacement ? "p-s"
                                                              : "rim",
                b * 1e9, a * 1e9);
  }
  std::vector<double> runs;
  for (int r = 0; r < repeat; ++r) {
    sim::Plan plan =
        sim::build_machine_plan(e.model, e.eq, settings(Coupling::kPressureDisplacement, 1e-4), e.valves);
    const double t0 = thread_cpu_seconds();
    sim::stream_plan(plan, [](const sim::Sample&) {});
    runs.push_back(thread_cpu_seconds() - t0);
  }
  const double t = median(runs);
  std::printf(
      "p-s, h_H = 0.1 ms, 10 s with a sample at every macro step: %.3f s of CPU (real-time factor %.0f)\n", t,
      10.0 / t);
}

}  // namespace hilsim::bench
