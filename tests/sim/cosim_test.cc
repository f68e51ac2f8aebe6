// The Jacobi co-simulation of the crane against the benchmark authors' monolithic reference
// (hydraulicManipulator_ref.csv), its convergence in H over the benchmark's table cases, and the
// manager's wiring checks.
#include <gtest/gtest.h>

#include "sim/cosim/cosimulation.h"
#include "sim/cosim/hydraulics_subsystem.h"
#include "sim/cosim/manager.h"
#include "sim/cosim/mechanics_subsystem.h"
#include "sim/hydraulics/circuit.h"
#include "tests/sim/lim_machine.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::sim {
namespace {

const std::string kReference =
    std::string(HILSIM_SOURCE_DIR) + "/config/reference/lim/hydraulicManipulator_ref.csv";

class CraneCosim : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    reference_ = new ReferenceCurve(io::read_reference(kReference));
    crane_ = new test::LimRun();
  }
  static void TearDownTestSuite() {
    delete reference_;
    delete crane_;
  }
  RunResult run(Coupling coupling, double H, double h_hyd, double duration = 10.0) const {
    const StepManoeuvreM1 m1(crane_->kappa0());
    CosimSettings s;
    s.coupling = coupling;
    s.H = H;
    s.h_hyd = h_hyd;
    s.duration = duration;
    return crane_->run(m1, s);
  }
  static ReferenceCurve* reference_;
  static test::LimRun* crane_;
};
ReferenceCurve* CraneCosim::reference_ = nullptr;
test::LimRun* CraneCosim::crane_ = nullptr;

TEST_F(CraneCosim, FinePressureDisplacementRunMatchesTheReference) {
  const RunResult r = run(Coupling::kPressureDisplacement, 5e-5, 5e-5);
  ASSERT_FALSE(r.diverged);
  EXPECT_EQ(r.samples.size(), 200001u);
  EXPECT_NEAR(r.samples.back().t, 10.0, 1e-12);
  const TrajectoryDeviation d = compare_with_reference(r.samples, *reference_);
  EXPECT_EQ(d.points_compared, 1001u);
  EXPECT_LE(d.s1.value, 3e-5);  // [m], the acceptance bound
  EXPECT_LE(d.p1.value, 1e3);   // [Pa], the spike at t = 6 s is the worst point
}

TEST_F(CraneCosim, FineForceDisplacementRunMatchesTheReference) {
  const RunResult r = run(Coupling::kForceDisplacement, 5e-5, 5e-5);
  const TrajectoryDeviation d = compare_with_reference(r.samples, *reference_);
  EXPECT_LE(d.s1.value, 3e-5);
}

TEST_F(CraneCosim, StaysAtRestBeforeTheFirstStep) {
  // Equilibrium holds: the first 2 s (κ = κ0) must not move the crane.
  const RunResult r = run(Coupling::kForceDisplacement, 1e-3, 2e-4, 2.0);
  for (const Sample& s : r.samples) {
    EXPECT_NEAR(s.cyl[0].s, 0.5, 1e-12);
    EXPECT_NEAR(s.cyl[0].p1, crane_->eq.cylinders[0].p[0], 1e-3);
  }
}

// LIM benchmark 2021, Tables 3 and 4: the error falls as H falls, for both couplings.
class TableCases : public CraneCosim, public ::testing::WithParamInterface<Coupling> {};

TEST_P(TableCases, ErrorShrinksWithTheMacroStep) {
  const double H[] = {10e-3, 5e-3, 1e-3, 0.2e-3, 0.05e-3};
  const double h_hyd[] = {0.2e-3, 0.2e-3, 0.2e-3, 0.2e-3, 0.05e-3};
  double previous = 1.0;
  for (int i = 0; i < 5; ++i) {
    const RunResult r = run(GetParam(), H[i], h_hyd[i]);
    ASSERT_FALSE(r.diverged) << "H = " << H[i];
    const double err = compare_with_reference(r.samples, *reference_).s1.value;
    EXPECT_LT(err, previous) << "H = " << H[i] << " s";
    previous = err;
  }
  EXPECT_LT(previous, 3e-5);
}

INSTANTIATE_TEST_SUITE_P(BothCouplings, TableCases,
                         ::testing::Values(Coupling::kForceDisplacement, Coupling::kPressureDisplacement),
                         [](const auto& param_info) { return std::string(to_string(param_info.param)); });

TEST_F(CraneCosim, ForceDisplacementLosesStabilityBeforePressureDisplacement) {
  // LIM benchmark 2021, §5: f-s reaches the verge of instability at H = 15 ms on M1; p-s holds at 30 ms.
  const double fs =
      compare_with_reference(run(Coupling::kForceDisplacement, 15e-3, 2e-4).samples, *reference_).s1.value;
  const double fs_ok =
      compare_with_reference(run(Coupling::kForceDisplacement, 10e-3, 2e-4).samples, *reference_).s1.value;
  const double ps =
      compare_with_reference(run(Coupling::kPressureDisplacement, 30e-3, 2e-4).samples, *reference_).s1.value;
  EXPECT_GT(fs, 0.05);
  EXPECT_LT(fs_ok, 2e-3);
  EXPECT_LT(ps, 5e-3);
}

TEST_F(CraneCosim, MultirateNeedsWholeMultiples) {
  EXPECT_THROW(run(Coupling::kPressureDisplacement, 1e-3, 0.3e-3, 0.1), std::invalid_argument);
  EXPECT_THROW(run(Coupling::kPressureDisplacement, 1e-3, -0.2e-3, 0.1), std::invalid_argument);
  EXPECT_NO_THROW(run(Coupling::kPressureDisplacement, 1e-3, 0.25e-3, 0.1));
}

TEST_F(CraneCosim, RunsAreBitForBitRepeatable) {
  const RunResult a = run(Coupling::kForceDisplacement, 1e-3, 2e-4, 3.0);
  const RunResult b = run(Coupling::kForceDisplacement, 1e-3, 2e-4, 3.0);
  ASSERT_EQ(a.samples.size(), b.samples.size());
  for (std::size_t i = 0; i < a.samples.size(); ++i) {
    ASSERT_EQ(a.samples[i].cyl[0].s, b.samples[i].cyl[0].s);
    ASSERT_EQ(a.samples[i].cyl[0].p1, b.samples[i].cyl[0].p1);
  }
}

TEST_F(CraneCosim, MacroStepTimesAreIntegerMultiples) {
  // t_n = n H exactly, never an accumulated sum (0.1 added 10 times is not 1.0). The crane rests
  // for this second (M1 moves at 2 s), so the run stays physical at this large H.
  const RunResult r = run(Coupling::kPressureDisplacement, 0.1, 1e-4, 1.0);
  ASSERT_EQ(r.samples.size(), 11u);
  for (std::size_t n = 0; n < r.samples.size(); ++n) EXPECT_EQ(r.samples[n].t, static_cast<double>(n) * 0.1);
}

// The LIM crane's one hydraulic subsystem (circuit) at its equilibrium, on `valve`.
std::unique_ptr<HydraulicsSubsystem> lim_hydraulics(const test::LimRun& crane, const ValveCommand& valve) {
  const machine::CylinderEquilibrium& e = crane.eq.cylinders[0];
  std::array<CircuitCylinder, kMaxCircuitCylinders> cyl{};
  cyl[0] = CircuitCylinder{e.s, e.p, e.command, &valve, {}};
  return std::make_unique<HydraulicsSubsystem>(machine_circuits(*crane.model, false)[0], 1e-3, 1e-4, cyl,
                                               0.0);
}

TEST(CosimManager, RejectsBadWiring) {
  const test::LimRun crane;
  const ConstantValveCommand valve(crane.kappa0());
  MechanicsSubsystem mech(crane.model, Coupling::kForceDisplacement, 1e-3, 1e-3, crane.eq.q);
  const std::unique_ptr<HydraulicsSubsystem> hyd = lim_hydraulics(crane, valve);
  const std::vector<Subsystem*> both = {&mech, hyd.get()};
  const std::vector<Connection> ok = {{"mechanics", "s1", "hydraulics", "s1"},
                                      {"mechanics", "s1dot", "hydraulics", "s1dot"},
                                      {"hydraulics", "f_h", "mechanics", "f_h"}};
  EXPECT_NO_THROW(CosimManager(both, ok, Scheme::kJacobi));
  auto missing = ok;
  missing.pop_back();
  EXPECT_THROW(CosimManager(both, missing, Scheme::kJacobi), std::invalid_argument);
  auto twice = ok;
  twice.push_back({"mechanics", "s1", "hydraulics", "s1"});
  EXPECT_THROW(CosimManager(both, twice, Scheme::kJacobi), std::invalid_argument);
  auto unknown = ok;
  unknown[0].output = "s9";
  EXPECT_THROW(CosimManager(both, unknown, Scheme::kJacobi), std::invalid_argument);
}

TEST(CosimManager, GaussSeidelFeedsTheFreshOutputForward) {
  // Mechanics first: the hydraulics see s1(t_{n+1}) in the same macro step, so after one step the
  // hydraulic force already reflects the new ṡ1, unlike Jacobi where it still holds ṡ1(t_n) = 0.
  const test::LimRun crane;
  const ConstantValveCommand valve(crane.kappa0() - 0.05);
  auto one_step = [&](Scheme scheme) {
    // θ̇1 = 0.1 rad/s, link 2 turning with it (its relative rate 0).
    MechanicsSubsystem mech(crane.model, Coupling::kForceDisplacement, 1e-3, 1e-3, crane.eq.q,
                            Extrapolation::kZeroOrderHold, {}, machine::VecQ(Eigen::Vector2d(0.1, 0.0)));
    const std::unique_ptr<HydraulicsSubsystem> hyd = lim_hydraulics(crane, valve);
    CosimManager manager({&mech, hyd.get()},
                         {{"mechanics", "s1", "hydraulics", "s1"},
                          {"mechanics", "s1dot", "hydraulics", "s1dot"},
                          {"hydraulics", "f_h", "mechanics", "f_h"}},
                         scheme);
    manager.step();
    return manager.outputs(1)[2] -
           (manager.outputs(1)[1] - manager.outputs(1)[0]) * HydraulicParameters{}.a_p;
  };
  const double jacobi_friction = one_step(Scheme::kJacobi);   // −c ṡ1(t_0)
  const double gs_friction = one_step(Scheme::kGaussSeidel);  // −c ṡ1(t_1)
  EXPECT_NE(jacobi_friction, gs_friction);
}

}  // namespace
}  // namespace hilsim::sim
