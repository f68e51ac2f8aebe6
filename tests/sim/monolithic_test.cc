// The monolithic reference solver against the benchmark authors' reference file (produced with
// h = 0.05 ms, α = 1e12, tolerance 1e-5, three projections), its convergence order, its Newton
// iteration counts at h = 10 ms (Naya et al. 2011, §5) and its allocation-free step.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/monolithic/monolithic_run.h"
#include "tests/allocation_counts.h"
#include "tools/io/csv_table.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::sim {
namespace {

const std::string kMonolithicReference =
    std::string(HILSIM_SOURCE_DIR) + "/config/reference/lim/hydraulicManipulator_ref.csv";

// The LIM reference: t, s1, p1, p2 at every 0.01 s.
struct LimRows {
  std::vector<double> t, s1, p1, p2;
};

class Monolithic : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    equilibrium_ = new Equilibrium(solve_equilibrium(CraneParameters{}, HydraulicParameters{}));
    const io::CsvTable table = io::read_numeric_csv(kMonolithicReference);
    lim_ = new LimRows;
    for (const auto& row : table.rows) {
      lim_->t.push_back(row[table.column({"t"})]);
      lim_->s1.push_back(row[table.column({"pos_7"})]);
      lim_->p1.push_back(row[table.column({"p_1"})]);
      lim_->p2.push_back(row[table.column({"p_2"})]);
    }
  }
  static void TearDownTestSuite() {
    delete equilibrium_;
    delete lim_;
  }
  static MonolithicRunResult run(MonolithicSettings s) {
    const StepManoeuvreM1 m1(equilibrium_->kappa);
    return run_monolithic(CraneParameters{}, HydraulicParameters{}, *equilibrium_, m1, s);
  }
  // Largest deviations from the LIM file at its times (which are whole multiples of every h used).
  struct Deviation {
    double s1 = 0.0, p1 = 0.0, p2 = 0.0;
  };
  static Deviation against_lim(const MonolithicRunResult& r, double h) {
    Deviation d;
    const auto stride = static_cast<std::size_t>(std::llround(0.01 / h));
    for (std::size_t i = 0; i < lim_->t.size(); ++i) {
      const Sample& s = r.samples.at(i * stride);
      EXPECT_NEAR(s.t, lim_->t[i], 1e-9);
      d.s1 = std::max(d.s1, std::abs(s.cyl[0].s - lim_->s1[i]));
      d.p1 = std::max(d.p1, std::abs(s.cyl[0].p1 - lim_->p1[i]));
      d.p2 = std::max(d.p2, std::abs(s.cyl[0].p2 - lim_->p2[i]));
    }
    return d;
  }
  // Largest |p1_{k+1} − 2 p1_k + p1_{k−1}| [Pa] for t_k in [t0, t1]: step-to-step ringing.
  static double p1_ringing(const MonolithicRunResult& r, double t0, double t1) {
    double ringing = 0.0;
    for (std::size_t k = 1; k + 1 < r.samples.size(); ++k) {
      if (r.samples[k].t < t0 || r.samples[k].t > t1) continue;
      ringing = std::max(ringing, std::abs(r.samples[k + 1].cyl[0].p1 - 2 * r.samples[k].cyl[0].p1 +
                                           r.samples[k - 1].cyl[0].p1));
    }
    return ringing;
  }
  static double max_violation(const MonolithicRunResult& r) {
    return *std::max_element(r.violation.begin(), r.violation.end());
  }
  static Equilibrium* equilibrium_;
  static LimRows* lim_;
};
Equilibrium* Monolithic::equilibrium_ = nullptr;
LimRows* Monolithic::lim_ = nullptr;

TEST_F(Monolithic, StaysAtRestBeforeTheFirstStep) {
  MonolithicSettings s;
  s.h = 1e-3;
  s.duration = 2.0;
  const MonolithicRunResult r = run(s);
  for (const Sample& x : r.samples) {
    EXPECT_NEAR(x.cyl[0].s, 0.5, 1e-12);
    EXPECT_NEAR(x.cyl[0].p1, equilibrium_->p[0], 1e-3);
    EXPECT_NEAR(x.cyl[0].p2, equilibrium_->p[1], 1e-3);
  }
}

TEST_F(Monolithic, WithTheResidualCriterionStaysWithinTheAcceptanceBounds) {
  // h = 0.05 ms, α = 1e12, tolerance 1e-5 on the scaled residual (LIM benchmark 2021, §4's wording), three
  // projections.
  MonolithicSettings s;
  s.convergence = NewtonConvergence::kResidual;
  const MonolithicRunResult r = run(s);
  ASSERT_FALSE(r.diverged);
  EXPECT_EQ(r.unconverged_steps, 0);
  ASSERT_EQ(r.samples.size(), 200001u);
  const Deviation d = against_lim(r, 5e-5);
  EXPECT_LE(d.s1, 2e-7);              // [m]
  EXPECT_LE(d.p1, 500.0);             // [Pa]
  EXPECT_LE(d.p2, 500.0);             // [Pa]
  EXPECT_LE(max_violation(r), 1e-7);  // [m²], the bound Naya et al. 2011, §5 reports
  // Why it is not the default: one loose iteration per step leaves the stiff pressure mode ringing.
  EXPECT_GT(p1_ringing(r, 6.5, 7.0), 100.0);
}

TEST_F(Monolithic, ReproducesTheLimReferenceToItsPrintedDigits) {
  // The defaults (the authors' settings: h = 0.05 ms, α = 1e12, update tolerance 1e-5, three
  // projections, κ held over each step). The file prints 8 significant digits: s1 to 5e-9 m,
  // pressures to 0.05 Pa.
  const MonolithicRunResult r = run(MonolithicSettings{});
  ASSERT_FALSE(r.diverged);
  EXPECT_EQ(r.unconverged_steps, 0);
  ASSERT_EQ(r.samples.size(), 200001u);
  const Deviation d = against_lim(r, 5e-5);
  EXPECT_LE(d.s1, 1e-8);
  EXPECT_LE(d.p1, 0.1);
  EXPECT_LE(d.p2, 0.1);
  EXPECT_LE(max_violation(r), 1e-12);
  EXPECT_LT(p1_ringing(r, 6.5, 7.0), 1.0);
}

TEST_F(Monolithic, TenMillisecondStepsNeedAtMostThreeIterations) {
  // Naya et al. 2011, §5: α = 1e10, h = 10 ms, two or three iterations at the demanding instants.
  MonolithicSettings s;
  s.h = 10e-3;
  s.alpha = 1e10;
  s.convergence = NewtonConvergence::kResidual;
  const MonolithicRunResult r = run(s);
  ASSERT_FALSE(r.diverged);
  EXPECT_EQ(r.unconverged_steps, 0);
  EXPECT_LE(*std::max_element(r.iterations.begin(), r.iterations.end()), 3);
  EXPECT_LE(against_lim(r, 10e-3).s1, 1e-3);
  EXPECT_LE(max_violation(r), 1e-7);
}

TEST_F(Monolithic, ConvergesAtSecondOrderWithTheValveSampledAtTheStepEnd) {
  // κ(t_{k+1}) makes the step the trapezoidal rule of the continuous problem: max |Δs1| against an
  // h = 0.05 ms run of the same method falls as h². (The tight update criterion keeps the Newton
  // tolerance out of the figures.)
  MonolithicSettings s;
  s.valve_sampling = ValveSampling::kStepEnd;
  const MonolithicRunResult fine = run(s);
  const double hs[] = {0.2e-3, 0.5e-3, 1e-3};
  double err[3];
  for (int i = 0; i < 3; ++i) {
    s.h = hs[i];
    const MonolithicRunResult r = run(s);
    const auto stride = static_cast<std::size_t>(std::llround(hs[i] / 5e-5));
    err[i] = 0.0;
    for (std::size_t k = 0; k < r.samples.size(); ++k) {
      err[i] = std::max(err[i], std::abs(r.samples[k].cyl[0].s - fine.samples[k * stride].cyl[0].s));
    }
  }
  for (int i = 0; i + 1 < 3; ++i) {
    const double order = std::log(err[i + 1] / err[i]) / std::log(hs[i + 1] / hs[i]);
    EXPECT_GT(order, 1.9) << "h = " << hs[i] << " → " << hs[i + 1];
    EXPECT_LT(order, 2.3) << "h = " << hs[i] << " → " << hs[i + 1];
  }
}

TEST_F(Monolithic, TheZeroOrderHoldOfTheValveDelaysTheResponseByOneStep) {
  // With κ(t_k) held over the step the solution lags the continuous one by h, so its deviation from
  // the LIM reference (itself lagging by 0.05 ms) is max |ṡ1| (h − 0.05 ms): first order, the
  // behaviour of the authors' published monolithic convergence data.
  const MonolithicRunResult ref = run(MonolithicSettings{});
  double max_rate = 0.0;
  for (const Sample& x : ref.samples) max_rate = std::max(max_rate, std::abs(x.cyl[0].s_dot));
  for (double h : {0.2e-3, 1e-3}) {
    MonolithicSettings s;
    s.h = h;
    const double e = against_lim(run(s), h).s1;
    EXPECT_NEAR(e / (h - 5e-5), max_rate, 0.02 * max_rate) << "h = " << h;
  }
}

TEST(MonolithicSolver, StepAllocatesNothing) {
  const CraneParameters crane;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  const StepManoeuvreM1 m1(eq.kappa);
  MonolithicSettings s;
  s.h = 1e-3;
  MonolithicSolver solver(crane, hyd, eq, m1, s);
  if (!HILSIM_COUNT_ALLOCATIONS)
    GTEST_SKIP() << "operator new is not counted in this build (ThreadSanitizer's own)";
  const long before = t_allocations;
  for (int k = 0; k < 2100; ++k) solver.step();  // through the valve step at t = 2 s
  EXPECT_EQ(t_allocations, before);
  EXPECT_TRUE(solver.healthy());
  // The counter does count: a vector sized at run time allocates.
  const std::vector<double> probe(static_cast<std::size_t>(solver.step_index()));
  EXPECT_GT(t_allocations, before);
  EXPECT_EQ(probe.size(), 2100u);
}

TEST(MonolithicSolver, RejectsBadSettings) {
  const CraneParameters crane;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  const ConstantValveCommand valve(eq.kappa);
  MonolithicSettings s;
  s.h = 0.0;
  EXPECT_THROW(MonolithicSolver(crane, hyd, eq, valve, s), std::invalid_argument);
  s = MonolithicSettings{};
  s.alpha = -1.0;
  EXPECT_THROW(MonolithicSolver(crane, hyd, eq, valve, s), std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim
