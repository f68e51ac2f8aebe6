#include "tools/study/report.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sim/cosim/cosimulation.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"
#include "tools/run/run_inputs.h"
#include "tools/run/stop_on_signals.h"
#include "tools/scenario/data_dir.h"
#include "tools/study/job_pool.h"
#include "tools/study/report_contact.h"
#include "tools/study/report_large_steps.h"
#include "tools/study/report_naya.h"
#include "tools/study/stability_sweep.h"

namespace hilsim::tools {

namespace fs = std::filesystem;

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

scenario::Scenario base_scenario(int actuators, scenario::ManoeuvreKind manoeuvre) {
  scenario::Scenario s = scenario::default_scenario();
  s.crane.actuators = actuators;
  s.manoeuvre.kind = manoeuvre;
  if (actuators == 2 || manoeuvre != scenario::ManoeuvreKind::kM1) s.reference.reset();
  return s;
}

// One benchmark case (a scenario of config/scenarios) run and compared with its manoeuvre's
// reference; with the trajectory CSV of the runs the report plots.
struct CaseResult {
  double H = 0.0;        // [s]
  double h_hyd = 0.0;    // [s]
  double max_ds1 = 0.0;  // [m]
  double max_dp1 = 0.0;  // [Pa]
  std::string csv;       // the trajectory, when asked for
};

CaseResult run_case(const std::string& path,
                    const std::map<std::pair<int, int>, sim::ReferenceCurve>& references, bool with_csv) {
  const scenario::Scenario s = scenario::load_scenario(path);
  scenario::validate(s);
  const RunInputs in = prepare_run(s);
  const sim::RunResult r = sim::run_cosimulation(in.model, in.equilibrium, in.scripted(), s.cosim);
  const sim::TrajectoryDeviation d =
      sim::compare_with_reference(r.samples, references.at({1, static_cast<int>(s.manoeuvre.kind)}));
  CaseResult c{s.cosim.H, s.cosim.h_hyd, d.s1.value, d.p1.value, {}};
  if (with_csv) {
    c.csv = io::trajectory_csv(r.samples, 1);
  }
  return c;
}

std::string ms(double H) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", H * 1e3);
  return buf;
}

// The report's crane cases: 1 act. M1, M2; 2 act. M1, M2 (the references and the sweeps' columns).
using References = std::map<std::pair<int, int>, sim::ReferenceCurve>;
const std::vector<std::pair<int, scenario::ManoeuvreKind>>& cranes() {
  static const std::vector<std::pair<int, scenario::ManoeuvreKind>> all = {{1, scenario::ManoeuvreKind::kM1},
                                                                           {1, scenario::ManoeuvreKind::kM2},
                                                                           {2, scenario::ManoeuvreKind::kM1},
                                                                           {2, scenario::ManoeuvreKind::kM2}};
  return all;
}

// References: the LIM curve for one actuator on M1, fine p-s runs otherwise.
References load_references(int workers) {
  References references;
  run_in_order<sim::ReferenceCurve>(
      workers, cranes().size(),
      [&](std::size_t i) {
        const scenario::Scenario s = base_scenario(cranes()[i].first, cranes()[i].second);
        return s.reference ? *load_reference(s) : computed_reference(s, prepare_run(s));
      },
      [&](std::size_t i, sim::ReferenceCurve&& curve) {
        references[{cranes()[i].first, static_cast<int>(cranes()[i].second)}] = std::move(curve);
        return true;
      },
      &stop_flag());
  return references;
}

// 1. The cases of Tables 3–4, with the CSVs of the M1 runs of cases 3 to 5 (plotted against the
// reference).
void write_case_section(std::ostream& md, const std::string& out_dir, int workers,
                        const References& references) {
  std::fprintf(stderr, "report: benchmark cases\n");
  md << "## LIM benchmark 2021, Tables 3–4: accuracy per case\n\n"
     << "| case | coupling | H [ms] | h_H [ms] | M1 max abs ds1 [m] | M1 max abs dp1 [Pa] | M2 max abs ds1 "
        "[m] | M2 max abs dp1 [Pa] |\n"
     << "|---|---|---|---|---|---|---|---|\n";
  const fs::path scenarios = fs::path(scenario::data_dir()) / "scenarios";
  std::vector<std::string> case_files;  // fsJ_01_M1 … psJ_05_M2, in the table's order
  for (const char* coupling : {"fs", "ps"}) {
    for (int k = 1; k <= 5; ++k) {
      for (const char* man : {"M1", "M2"})
        case_files.push_back(std::string(coupling) + "J_0" + std::to_string(k) + "_" + man);
    }
  }
  const auto plotted_case = [&](std::size_t i) { return i % 2 == 0 && case_files[i][5] >= '3'; };
  run_in_order<CaseResult>(
      workers, case_files.size(),
      [&](std::size_t i) {
        return run_case((scenarios / (case_files[i] + ".toml")).string(), references, plotted_case(i));
      },
      [&](std::size_t i, CaseResult&& r) {
        const std::string name = case_files[i].substr(0, 6);
        const bool first = i % 2 == 0;  // M1, then M2 of the same case
        if (first)
          md << "| " << name << " | " << name.substr(0, 2) << " | " << ms(r.H) << " | " << ms(r.h_hyd) << " ";
        char cell[96];
        std::snprintf(cell, sizeof cell, "| %.3e | %.3e ", r.max_ds1, r.max_dp1);
        md << cell;
        if (plotted_case(i))
          io::write_file_atomically((fs::path(out_dir) / (case_files[i] + ".csv")).string(), r.csv);
        if (!first) md << "|\n";
        return true;
      },
      &stop_flag());
}

// 2. The largest stable H of every coupling, scheme and extrapolation for each crane case.
void write_stability_section(std::ostream& md, double max_H, int workers, const References& references) {
  std::vector<double> grid;
  for (int i = 1; i * 1e-3 <= max_H + 1e-12; ++i) grid.push_back(i * 1e-3);
  md << "\n## Largest stable macro step H [ms]\n\n"
     << "h_H = 0.2 ms, h_M = H, 1 ms grid up to " << ms(max_H) << " ms. Stable: finite, max abs ds1 < 5 cm, "
     << "0 < p < 20 MPa for every actuator. A value equal to the grid's end means stable throughout. "
     << "With the RIM, h_M = H and the mechanics first (Jacobi, Gauss-Seidel mechanics first) the "
     << "extrapolation has no effect (one mechanics step per macro step takes the held value; the RIM's "
     << "hydraulics extrapolate nothing): those rows repeat zoh's, as a check.\n\n"
     << "| coupling | scheme | extrapolation | 1 act. M1 | 1 act. M2 | 2 act. M1 | 2 act. M2 |\n"
     << "|---|---|---|---|---|---|---|\n";
  static const char* scheme_names[] = {"Jacobi", "Gauss-Seidel, mechanics first",
                                       "Gauss-Seidel, hydraulics first"};
  const std::vector<Variant> all = variants();
  const std::vector<std::pair<int, scenario::ManoeuvreKind>>& columns = cranes();
  run_in_order<SweepResult>(
      workers, all.size() * columns.size(),
      [&](std::size_t i) {
        const Variant& v = all[i / columns.size()];
        const auto [actuators, m] = columns[i % columns.size()];
        scenario::Scenario s = base_scenario(actuators, m);
        s.cosim.coupling = v.coupling;
        s.cosim.scheme = v.scheme;
        s.cosim.extrapolation = v.extrapolation;
        return sweep_macro_steps(s, prepare_run(s), references.at({actuators, static_cast<int>(m)}), grid,
                                 true, {}, &stop_flag());
      },
      [&](std::size_t i, SweepResult&& sweep) {
        if (sweep.interrupted) return false;
        const Variant& v = all[i / columns.size()];
        if (i % columns.size() == 0) {
          std::fprintf(stderr, "report: sweep %s %s %s\n", std::string(sim::to_string(v.coupling)).c_str(),
                       scheme_names[static_cast<int>(v.scheme)],
                       std::string(sim::to_string(v.extrapolation)).c_str());
          md << "| " << sim::to_string(v.coupling) << " | " << scheme_names[static_cast<int>(v.scheme)]
             << " | " << sim::to_string(v.extrapolation) << " ";
        }
        md << "| " << (sweep.largest_stable_H > 0 ? ms(sweep.largest_stable_H) : "< 1") << " ";
        if (i % columns.size() == columns.size() - 1) md << "|\n";
        return true;
      },
      &stop_flag());
}

// 5. The plots (python3 with matplotlib) and their section; without it, a line saying so.
void write_plots(std::ostream& md, const std::string& out_dir) {
  const std::string script = scenario::plot_report_script();
  // Debian's python3-matplotlib belongs to /usr/bin/python3, which a user's PATH may shadow.
  const std::string python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const std::string cmd =
      python + " '" + script + "' '" + out_dir + "' '" + scenario::lim_m1_reference_path() + "'";
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "report: plotting failed (is python3-matplotlib installed?); tables are written\n");
    return;
  }
  md << "\n## M1 against the reference\n\n![s1](s1_M1.png)\n\n![p1](p1_M1.png)\n"
     << "\n## H = 100 ms against the fine run (one actuator)\n\n"
     << "![s1 M1](large_H_s1_M1.png)\n\n![p1 M1](large_H_p1_M1.png)\n\n"
     << "![s1 M2](large_H_s1_M2.png)\n\n![p1 M2](large_H_p1_M2.png)\n"
     << contact_figures_markdown(out_dir) << naya_figures_markdown(out_dir);
}

bool interrupted() {
  if (!stop_flag().load()) return false;
  std::fprintf(stderr,
               "report: interrupted by a signal; report.md is left as it was (the case CSVs written so far "
               "are complete)\n");
  return true;
}

}  // namespace

int write_report(const ReportSettings& settings) {
  const std::string& out_dir = settings.out_dir;
  const auto t0 = std::chrono::steady_clock::now();
  // SIGINT/SIGTERM end the report after the run under way; report.md is then left as it was.
  const StopOnSignals signals;
  std::error_code made;
  fs::create_directories(out_dir, made);
  if (made) throw io::InputError("--out-dir " + out_dir + ": cannot create the directory: " + made.message());
  // The report replaces report.md only once it is complete: an interrupted one leaves the last.
  io::AtomicOutputFile md_file((fs::path(out_dir) / "report.md").string());
  std::ostream& md = md_file.stream();

  const int workers = settings.workers;
  const References references = load_references(workers);
  if (interrupted()) return 4;

  md << "# hilsim benchmark report\n\n"
     << "Crane of the LIM hydraulic-manipulator benchmark; single actuator (LIM benchmark 2021) and double "
        "actuator "
        "(Peiret et al. 2018, §4.1.1). Reference: the LIM monolithic curve (`hydraulicManipulator_ref.csv`) "
        "for one "
        "actuator on M1; otherwise a p-s run at H = h_H = 0.05 ms. Regenerate with `hilsim report`.\n\n";
  write_case_section(md, out_dir, workers, references);
  if (interrupted()) return 4;
  md << "\nM2 has no published reference curve: its reference is the p-s run at H = h_H = 0.05 ms, which is "
        "case psJ_01 itself (hence its zero deviation).\n";

  write_stability_section(md, settings.max_H, workers, references);
  if (interrupted()) return 4;  // the sweeps stopped on the same request
  md << "\nPublished: LIM benchmark 2021, §5, Jacobi ZOH, one actuator: f-s about 15 ms (M1) and 19 ms (M2), "
        "p-s about "
        "40 ms (M1) and 53 ms (M2); Peiret et al. 2018, §5.1: RIM stable at 25 ms and beyond (one actuator), "
        "direct ZOH "
        "fails above 3 ms and RIM holds 20 ms (two actuators).\n";

  // 3. Large macro steps: RIM and the two-way coupling against the direct ones.
  std::fprintf(stderr, "report: large macro steps\n");
  if (!write_large_step_section(md, out_dir, workers, &stop_flag()) || interrupted()) return 4;
  // 4. Contact: the four couplings on both tasks.
  if (!write_contact_section(md, out_dir, workers, &stop_flag()) || interrupted()) return 4;
  // 5. A machine file: the rod of Naya et al. 2011 under the unified method.
  write_naya_section(md, out_dir);
  if (interrupted()) return 4;
  if (settings.plots) write_plots(md, out_dir);
  md_file.commit();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("report written to %s/report.md in %.1f s\n", out_dir.c_str(), wall);
  return 0;
}

}  // namespace hilsim::tools
