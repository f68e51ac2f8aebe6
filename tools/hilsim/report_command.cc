#include "tools/hilsim/report_command.h"

#include "tools/hilsim/stop_on_signals.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <map>

#include <CLI/CLI.hpp>

#include "sim/cosim/crane_cosimulation.h"
#include "tools/hilsim/stability_sweep.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"
#include "tools/scenario/data_dir.h"

namespace hilsim::tools {

namespace fs = std::filesystem;

void ReportCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand("report", "Run the benchmark cases and sweeps and write a Markdown report");
  cmd->add_option("--out-dir", out_dir, "Directory for report.md, the CSV files and the plots");
  cmd->add_option("--max-H", max_H, "Upper end of the stability sweeps [s] (1 ms grid)")->check(CLI::Range(1e-3, 0.5));
  cmd->add_flag("--no-plots", no_plots, "Do not call python3 for the PNG plots");
}

namespace {

struct Variant {
  sim::Coupling coupling;
  sim::CosimScheme scheme;
  sim::Extrapolation extrapolation;
};

std::vector<Variant> variants() {
  std::vector<Variant> v;
  for (sim::Coupling c : {sim::Coupling::kForceDisplacement, sim::Coupling::kPressureDisplacement,
                          sim::Coupling::kReducedInterface}) {
    for (sim::CosimScheme s : {sim::CosimScheme::kJacobi, sim::CosimScheme::kGaussSeidelMechanicsFirst,
                               sim::CosimScheme::kGaussSeidelHydraulicsFirst}) {
      // With the RIM the hydraulics integrate a model of the mechanics instead of extrapolating
      // their inputs, but the mechanics still extrapolate the force they receive: every order runs.
      for (sim::Extrapolation e : {sim::Extrapolation::kZeroOrderHold, sim::Extrapolation::kLinear,
                                   sim::Extrapolation::kQuadratic}) {
        v.push_back({c, s, e});
      }
    }
  }
  return v;
}

config::Scenario base_scenario(int actuators, config::ManoeuvreKind manoeuvre) {
  config::Scenario s = config::default_scenario();
  s.crane.actuators = actuators;
  s.manoeuvre.kind = manoeuvre;
  if (actuators == 2 || manoeuvre != config::ManoeuvreKind::kM1) s.reference.reset();
  return s;
}

std::string ms(double H) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", H * 1e3);
  return buf;
}

}  // namespace

int ReportCommand::execute() const {
  const auto t0 = std::chrono::steady_clock::now();
  // SIGINT/SIGTERM end the report after the run under way; report.md is then left as it was.
  const StopOnSignals signals;
  const auto interrupted = [] {
    if (!stop_flag().load()) return false;
    std::fprintf(stderr, "report: interrupted by a signal; report.md is left as it was (the case CSVs written so far are complete)\n");
    return true;
  };
  std::error_code made;
  fs::create_directories(out_dir, made);
  if (made) throw io::InputError("--out-dir " + out_dir + ": cannot create the directory: " + made.message());
  // The report replaces report.md only once it is complete: an interrupted one leaves the last.
  io::AtomicOutputFile md_file((fs::path(out_dir) / "report.md").string());
  std::ostream& md = md_file.stream();

  // References: the LIM curve for one actuator on M1, fine p-s runs otherwise.
  std::map<std::pair<int, int>, sim::ReferenceCurve> references;
  for (int actuators : {1, 2}) {
    for (auto m : {config::ManoeuvreKind::kM1, config::ManoeuvreKind::kM2}) {
      const config::Scenario s = base_scenario(actuators, m);
      const RunInputs in = prepare_run(s);
      references[{actuators, static_cast<int>(m)}] = s.reference ? *load_reference(s) : computed_reference(s, in);
    }
  }

  md << "# hilsim benchmark report\n\n"
     << "Crane of the LIM hydraulic-manipulator benchmark; single actuator (seed 000) and double actuator "
        "(seed 004 §4.1.1). Reference: the LIM monolithic curve (`hydraulicManipulator_ref.csv`) for one "
        "actuator on M1; otherwise a p-s run at H = h_H = 0.05 ms. Regenerate with `hilsim report`.\n\n";

  // 1. The cases of Tables 3–4.
  std::fprintf(stderr, "report: benchmark cases\n");
  md << "## Seed 000 Tables 3–4: accuracy per case\n\n"
     << "| case | coupling | H [ms] | h_H [ms] | M1 max abs ds1 [m] | M1 max abs dp1 [Pa] | M2 max abs ds1 [m] | M2 max abs dp1 [Pa] |\n"
     << "|---|---|---|---|---|---|---|---|\n";
  const fs::path scenarios = fs::path(config::data_dir()) / "scenarios";
  for (const char* coupling : {"fs", "ps"}) {
    for (int k = 1; k <= 5; ++k) {
      const std::string name = std::string(coupling) + "J_0" + std::to_string(k);
      if (interrupted()) return 4;
      md << "| " << name << " | " << coupling << " ";
      bool first = true;
      for (const char* man : {"M1", "M2"}) {
        const config::Scenario s = config::load_scenario((scenarios / (name + "_" + man + ".toml")).string());
        config::validate(s);
        const RunInputs in = prepare_run(s);
        const sim::RunResult r = sim::run_cosimulation(s.crane, s.hydraulics, in.equilibrium, *in.valve, s.cosim);
        if (first) md << "| " << ms(s.cosim.H) << " | " << ms(s.cosim.h_hyd) << " ";
        first = false;
        const auto& ref = references[{1, static_cast<int>(s.manoeuvre.kind)}];
        const sim::TrajectoryDeviation d = sim::compare_with_reference(r.samples, ref);
        char cell[96];
        std::snprintf(cell, sizeof cell, "| %.3e | %.3e ", d.s1.value, d.p1.value);
        md << cell;
        if (std::string(man) == "M1" && k >= 3) {  // the cases worth plotting against the reference
          std::ostringstream csv;
          io::write_trajectory_header(csv, 1);
          for (const auto& sample : r.samples) io::write_trajectory_row(csv, sample, 1);
          io::write_file_atomically((fs::path(out_dir) / (name + "_M1.csv")).string(), csv.str());
        }
      }
      md << "|\n";
    }
  }

  md << "\nM2 has no published reference curve: its reference is the p-s run at H = h_H = 0.05 ms, which is "
        "case psJ_01 itself (hence its zero deviation).\n";

  // 2. Stability sweeps.
  std::vector<double> grid;
  for (int i = 1; i * 1e-3 <= max_H + 1e-12; ++i) grid.push_back(i * 1e-3);
  md << "\n## Largest stable macro step H [ms]\n\n"
     << "h_H = 0.2 ms, h_M = H, 1 ms grid up to " << ms(max_H) << " ms. Stable: finite, max abs ds1 < 5 cm, "
     << "0 < p < 20 MPa for every actuator. A value equal to the grid's end means stable throughout.\n\n"
     << "| coupling | scheme | extrapolation | 1 act. M1 | 1 act. M2 | 2 act. M1 | 2 act. M2 |\n"
     << "|---|---|---|---|---|---|---|\n";
  static const char* scheme_names[] = {"Jacobi", "Gauss-Seidel, mechanics first", "Gauss-Seidel, hydraulics first"};
  for (const Variant& v : variants()) {
    std::fprintf(stderr, "report: sweep %s %s %s\n", std::string(sim::to_string(v.coupling)).c_str(),
                 scheme_names[static_cast<int>(v.scheme)], std::string(sim::to_string(v.extrapolation)).c_str());
    md << "| " << sim::to_string(v.coupling) << " | " << scheme_names[static_cast<int>(v.scheme)] << " | "
       << sim::to_string(v.extrapolation) << " ";
    for (int actuators : {1, 2}) {
      for (auto m : {config::ManoeuvreKind::kM1, config::ManoeuvreKind::kM2}) {
        config::Scenario s = base_scenario(actuators, m);
        s.cosim.coupling = v.coupling;
        s.cosim.scheme = v.scheme;
        s.cosim.extrapolation = v.extrapolation;
        const RunInputs in = prepare_run(s);
        const SweepResult sweep =
            sweep_macro_steps(s, in, references[{actuators, static_cast<int>(m)}], grid, true, {}, &stop_flag());
        if (interrupted()) return 4;  // the sweep stopped on the same request
        md << "| " << (sweep.largest_stable_H > 0 ? ms(sweep.largest_stable_H) : "< 1") << " ";
      }
    }
    md << "|\n";
  }
  md << "\nPublished: seed 000 §5, Jacobi ZOH, one actuator: f-s about 15 ms (M1) and 19 ms (M2), p-s about "
        "40 ms (M1) and 53 ms (M2); seed 004 §5.1: RIM stable at 25 ms and beyond (one actuator), direct ZOH "
        "fails above 3 ms and RIM holds 20 ms (two actuators).\n";

  // 3. Plots.
  bool plotted = false;
  if (!no_plots) {
    const std::string script = config::plot_report_script();
    // Debian's python3-matplotlib belongs to /usr/bin/python3, which a user's PATH may shadow.
    const std::string python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    const std::string cmd =
        python + " '" + script + "' '" + out_dir + "' '" + config::lim_m1_reference_path() + "'";
    plotted = std::system(cmd.c_str()) == 0;
    if (!plotted) std::fprintf(stderr, "report: plotting failed (is python3-matplotlib installed?); tables are written\n");
  }
  if (plotted) {
    md << "\n## M1 against the reference\n\n![s1](s1_M1.png)\n\n![p1](p1_M1.png)\n";
  }
  md_file.commit();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("report written to %s/report.md in %.1f s\n", out_dir.c_str(), wall);
  return 0;
}

}  // namespace hilsim::tools
