#include "tools/study/report_large_steps.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <vector>

#include "sim/cosim/cosimulation.h"
#include "tools/io/atomic_file.h"
#include "tools/io/trajectory_files.h"
#include "tools/study/job_pool.h"
#include "tools/study/stability_sweep.h"

namespace hilsim::tools {

namespace {

namespace fs = std::filesystem;

constexpr double kHydraulicStep = 2e-4;        // h_H [s]
constexpr double kTwoWayMechanicsStep = 1e-3;  // h_M of the two-way coupling [s]
constexpr std::array<double, 4> kAccuracyH = {10e-3, 20e-3, 50e-3, 100e-3};  // [s]
constexpr std::array<double, 5> kOrderH = {1e-3, 2e-3, 5e-3, 10e-3, 20e-3};  // [s]

struct Variant {
  const char* name;
  sim::Coupling coupling;
  sim::KappaPreview preview;
};
constexpr std::array<Variant, 5> kVariants = {{
    {"f-s", sim::Coupling::kForceDisplacement, sim::KappaPreview::kScript},
    {"p-s", sim::Coupling::kPressureDisplacement, sim::KappaPreview::kScript},
    {"RIM", sim::Coupling::kReducedInterface, sim::KappaPreview::kScript},
    {"two-way, preview script", sim::Coupling::kTwoWay, sim::KappaPreview::kScript},
    {"two-way, preview none", sim::Coupling::kTwoWay, sim::KappaPreview::kNone},
}};

struct Crane {
  int actuators;
  scenario::ManoeuvreKind manoeuvre;
  const char* name;
};
constexpr std::array<Crane, 4> kCranes = {{{1, scenario::ManoeuvreKind::kM1, "1 act. M1"},
                                           {1, scenario::ManoeuvreKind::kM2, "1 act. M2"},
                                           {2, scenario::ManoeuvreKind::kM1, "2 act. M1"},
                                           {2, scenario::ManoeuvreKind::kM2, "2 act. M2"}}};

// Jacobi, held inputs, h_H = 0.2 ms; h_M = H but for the two-way coupling (1 ms).
scenario::Scenario scenario_of(const Crane& crane, const Variant& v) {
  scenario::Scenario s = scenario::default_scenario();
  s.crane.actuators = crane.actuators;
  s.manoeuvre.kind = crane.manoeuvre;
  s.reference.reset();
  s.cosim.coupling = v.coupling;
  s.cosim.preview = v.preview;
  s.cosim.h_hyd = kHydraulicStep;
  s.cosim.h_mech = v.coupling == sim::Coupling::kTwoWay ? kTwoWayMechanicsStep : 0.0;
  return s;
}

std::vector<double> stability_grid() {
  std::vector<double> grid;
  for (int i = 1; i <= 20; ++i) grid.push_back(5e-3 * i);
  for (double H : {0.2, 0.5, 1.0}) grid.push_back(H);
  return grid;
}

sim::RunResult run_at(const scenario::Scenario& s, const RunInputs& in, double H) {
  sim::CosimSettings settings = s.cosim;
  settings.H = H;
  return sim::run_cosimulation(in.model, in.equilibrium, in.scripted(), settings);
}

// max |Δs1| [m] at the communication points; +inf for a run that diverged.
double error_of(const sim::RunResult& r, const sim::ReferenceCurve& reference) {
  if (r.diverged) return INFINITY;
  return sim::compare_at_communication_points(r.samples, reference).s1.value;
}

struct Row {
  std::array<double, kAccuracyH.size()> error{};  // [m]
  double largest_stable_H = 0.0;                  // [s]
  std::string csv_at_100ms;                       // one actuator, RIM and two-way with the preview
};

Row run_row(const Crane& crane, const Variant& v, const sim::ReferenceCurve& fine,
            const std::atomic<bool>* stop) {
  const scenario::Scenario s = scenario_of(crane, v);
  const RunInputs in = prepare_run(s);
  Row row;
  for (std::size_t i = 0; i < kAccuracyH.size(); ++i) {
    const sim::RunResult r = run_at(s, in, kAccuracyH[i]);
    row.error[i] = error_of(r, fine);
    const bool plotted = crane.actuators == 1 &&
                         (v.coupling == sim::Coupling::kReducedInterface ||
                          (v.coupling == sim::Coupling::kTwoWay && v.preview == sim::KappaPreview::kScript));
    if (plotted && i + 1 == kAccuracyH.size()) row.csv_at_100ms = io::trajectory_csv(r.samples, 1);
  }
  row.largest_stable_H = sweep_macro_steps(s, in, fine, stability_grid(), true, {}, stop).largest_stable_H;
  return row;
}

std::string cell(double error) {
  if (!std::isfinite(error)) return "diverged";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", error * 1e3);
  return buf;
}

std::string ms(double H) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", H * 1e3);
  return buf;
}

// The fine p-s runs every row is measured against, one per crane; the one-actuator ones as CSV too.
std::vector<sim::ReferenceCurve> fine_references(const std::string& out_dir, int workers,
                                                 const std::atomic<bool>* stop) {
  std::vector<sim::ReferenceCurve> fine(kCranes.size());
  run_in_order<sim::ReferenceCurve>(
      workers, kCranes.size(),
      [&](std::size_t i) {
        const scenario::Scenario s = scenario_of(kCranes[i], kVariants[1]);
        return computed_reference(s, prepare_run(s));
      },
      [&](std::size_t i, sim::ReferenceCurve&& curve) {
        if (kCranes[i].actuators == 1) {
          std::ostringstream csv;
          csv << "t,s1,p1\n";
          for (std::size_t r = 0; r < curve.t.size(); r += 20) {  // every 1 ms is plenty for a plot
            csv << curve.t[r] << "," << curve.s1[r] << "," << curve.p1[r] << "\n";
          }
          const char* m = kCranes[i].manoeuvre == scenario::ManoeuvreKind::kM1 ? "1" : "2";
          io::write_file_atomically(
              (fs::path(out_dir) / (std::string("large_H_fine_M") + m + ".csv")).string(), csv.str());
        }
        fine[i] = std::move(curve);
        return true;
      },
      stop);
  return fine;
}

// The floor under the two-way coupling: the same scheme at H = h_M, where the mechanics' step is all
// the error; and p-s at H = h_M for comparison.
void write_floor(std::ostream& md, const std::vector<sim::ReferenceCurve>& fine) {
  md << "\nThe floor under the two-way coupling: the same scheme at H = h_M = 1 ms (one mechanics step per "
        "macro step: what remains is the mechanics' own step), and p-s at H = h_M = 1 ms, max abs ds1 "
        "[mm]:\n\n"
     << "| | 1 act. M1 | 1 act. M2 | 2 act. M1 | 2 act. M2 |\n|---|---|---|---|---|\n";
  for (const std::size_t v : {std::size_t{3}, std::size_t{1}}) {
    md << "| " << (v == 3 ? "two-way at H = h_M" : "p-s at H = h_M") << " ";
    for (std::size_t c = 0; c < kCranes.size(); ++c) {
      const scenario::Scenario s = scenario_of(kCranes[c], kVariants[v]);
      md << "| " << cell(error_of(run_at(s, prepare_run(s), kTwoWayMechanicsStep), fine[c])) << " ";
    }
    md << "|\n";
  }
}

// The order of the error in H on M1 (one actuator): of the two-way coupling against the fine run
// (which levels off at the floor) and against the same scheme at H = h_M (the coupling's own share),
// and of RIM and p-s against the fine run, for contrast.
void write_order(std::ostream& md, const sim::ReferenceCurve& fine) {
  const scenario::Scenario twoway = scenario_of(kCranes[0], kVariants[3]);
  const scenario::Scenario rim = scenario_of(kCranes[0], kVariants[2]),
                           ps = scenario_of(kCranes[0], kVariants[1]);
  const RunInputs in = prepare_run(twoway);
  const sim::ReferenceCurve at_h_M =
      sim::reference_from_samples(run_at(twoway, in, kTwoWayMechanicsStep).samples);
  md << "\nOrder of the error in H, M1, one actuator (order = log(e_i/e_{i-1}) / log(H_i/H_{i-1})); two-way "
        "with "
        "the preview, max abs ds1 [mm]:\n\n"
     << "| H [ms] | two-way against the fine run | order | two-way against itself at H = h_M | order | RIM | "
        "order "
        "| p-s | order |\n"
     << "|---|---|---|---|---|---|---|---|---|\n";
  std::array<double, 4> previous{NAN, NAN, NAN, NAN};
  double previous_H = NAN;
  for (double H : kOrderH) {
    const sim::RunResult r = run_at(twoway, in, H);
    const std::array<double, 4> e = {error_of(r, fine), error_of(r, at_h_M),
                                     error_of(run_at(rim, in, H), fine), error_of(run_at(ps, in, H), fine)};
    md << "| " << ms(H) << " ";
    for (std::size_t k = 0; k < e.size(); ++k) {
      char value[32], order[16] = "–";
      std::snprintf(value, sizeof value, k == 1 ? "%.2e" : "%.4f", e[k] * 1e3);
      if (previous[k] > 0.0 && e[k] > 0.0 && std::isfinite(e[k])) {
        std::snprintf(order, sizeof order, "%.2f", std::log(e[k] / previous[k]) / std::log(H / previous_H));
      }
      md << "| " << (std::isfinite(e[k]) ? value : "diverged") << " | " << order << " ";
    }
    md << "|\n";
    previous = e;
    previous_H = H;
  }
  md << "\nThe two-way coupling's error has no order in H: from H = 2 ms on, its own share (against the same "
        "scheme at H = h_M) stays within a few micrometres; what is left is the floor, set by h_M and h_H. "
        "The "
        "jump from H = h_M to 2 ms is the mechanics integrating the reduced pressure model over a step "
        "instead "
        "of taking the hydraulics' pressures at every one.\n";
}

}  // namespace

bool write_large_step_section(std::ostream& md, const std::string& out_dir, int workers,
                              const std::atomic<bool>* stop) {
  const std::vector<sim::ReferenceCurve> fine = fine_references(out_dir, workers, stop);
  if (stop && stop->load()) return false;
  md << "\n## Large macro steps: the model-based couplings\n\n"
     << "Jacobi, held inputs, h_H = 0.2 ms; h_M = H, but 1 ms for the two-way coupling. Against a p-s run at "
        "H = h_M = h_H = 0.05 ms, at the communication points (where a run has values: interpolating between "
        "them would add up to ~1 mm on M2 at 100 ms). Max abs ds1 [mm] at H = 10, 20, 50, 100 ms, and the "
        "largest H up to which every H of the grid (5 ms steps to 100 ms, then 200, 500, 1000 ms) is "
        "stable.\n\n"
     << "| coupling | crane | 10 ms | 20 ms | 50 ms | 100 ms | largest stable H [ms] |\n"
     << "|---|---|---|---|---|---|---|\n";
  const std::size_t rows = kVariants.size() * kCranes.size();
  const std::size_t taken = run_in_order<Row>(
      workers, rows,
      [&](std::size_t i) {
        const std::size_t c = i % kCranes.size();
        return run_row(kCranes[c], kVariants[i / kCranes.size()], fine[c], stop);
      },
      [&](std::size_t i, Row&& row) {
        const Variant& v = kVariants[i / kCranes.size()];
        const Crane& crane = kCranes[i % kCranes.size()];
        md << "| " << v.name << " | " << crane.name << " ";
        for (double e : row.error) md << "| " << cell(e) << " ";
        md << "| " << (row.largest_stable_H > 0.0 ? ms(row.largest_stable_H) : "< 5") << " |\n";
        if (!row.csv_at_100ms.empty()) {
          const std::string name = std::string("large_H_") +
                                   (v.coupling == sim::Coupling::kTwoWay ? "twoway" : "rim") + "_M" +
                                   (crane.manoeuvre == scenario::ManoeuvreKind::kM1 ? "1" : "2") + ".csv";
          io::write_file_atomically((fs::path(out_dir) / name).string(), row.csv_at_100ms);
        }
        return true;
      },
      stop);
  if (taken < rows || (stop && stop->load())) return false;
  write_floor(md, fine);  // a few runs each, on this thread
  write_order(md, fine[0]);
  return true;
}

}  // namespace hilsim::tools
