// The machine's limits (sim/model/machine_limits.h) at the level of their laws: the relief valve's
// flow and its Jacobian, the cavitation law's volume balance, and the implicit one-sided stops.
// The whole-machine runs (a controller against the end stop, open-loop M1/M2 for 60 s) are in
// limits_run_test.cc.
#include "sim/model/machine_limits.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/hydraulics/cavitation.h"
#include "sim/hydraulics/circuit.h"
#include "sim/multibody/unilateral_stops.h"
#include "tests/sim/lim_machine.h"

namespace hilsim::sim {
namespace {

// The benchmark's crane with its limits (the relief valves at their defaults) modelled.
std::shared_ptr<const machine::MachineModel> limited_crane() {
  MachineLimits limits;
  limits.enabled = true;
  return test::lim_model(1, {}, limits);
}

// The benchmark's cylinder with the machine's relief valves fitted (or not).
CylinderHydraulics benchmark_cylinder(bool relief) {
  return CylinderHydraulics::from(*limited_crane(), 0, relief);
}

TEST(ReliefValve, ClosedBelowCrackingLinearAbove) {
  const CylinderHydraulics hyd = benchmark_cylinder(true);
  EXPECT_EQ(chamber_relief_flow(hyd, 9.9e6), 0.0);
  EXPECT_EQ(chamber_relief_flow(hyd, 10e6), 0.0);
  EXPECT_DOUBLE_EQ(chamber_relief_flow(hyd, 11e6), 2e-9 * 1e6);         // 2 l/s, 120 l/min at 1 MPa over
  EXPECT_EQ(chamber_relief_flow(benchmark_cylinder(false), 1e9), 0.0);  // the benchmark's: never opens
}

TEST(ReliefValve, LowersThePressureRateOfAnOpenChamberOnly) {
  const CylinderHydraulics off = benchmark_cylinder(false), on = benchmark_cylinder(true);
  const HydraulicParameters benchmark;
  const Eigen::Vector2d p(12e6, 3e6);
  const Eigen::Vector2d a = chamber_pressure_rates(off, p, 0.5, 0.0, 0.5, benchmark.p_P);
  const Eigen::Vector2d b = chamber_pressure_rates(on, p, 0.5, 0.0, 0.5, benchmark.p_P);
  const double V1 = benchmark.a_p * 0.5 * benchmark.l;  // chamber 1 at s = s0 [m³]
  EXPECT_NEAR(a[0] - b[0], bulk_modulus(on.fluid, p[0]) / V1 * chamber_relief_flow(on, p[0]),
              1e-6 * std::abs(a[0] - b[0]));
  EXPECT_EQ(a[1], b[1]);
}

TEST(ReliefValve, JacobianMatchesFiniteDifferenceWhenOpen) {
  HydraulicCircuit circuit = machine_circuits(*limited_crane(), true)[0];
  CircuitState z;
  z.p[0] = Eigen::Vector2d(12e6, 11e6);
  CircuitInputs u{};
  u[0] = {0.52, 0.01, 0.9};
  const ArrowJacobian jac = circuit_jacobian(circuit, z, u);
  const double dp = 10.0;
  for (int i = 0; i < 2; ++i) {
    CircuitState hi = z, lo = z;
    hi.p[0][i] += dp;
    lo.p[0][i] -= dp;
    const Eigen::Vector2d fd =
        (circuit_rates(circuit, hi, u).p[0] - circuit_rates(circuit, lo, u).p[0]) / (2 * dp);
    EXPECT_NEAR(jac.a[0][i], fd[i], 1e-6 * std::abs(fd[i]));
  }
}

TEST(Cavitation, OpensACavityForTheDeficitAndFillsItBeforeThePressureRises) {
  const Fluid hyd = Fluid::from(machine::FluidDescription{});
  const double p_v = CavitationLimits{}.vapour_pressure;
  const Eigen::Vector2d V(1e-3, 2e-3);  // [m³]
  const double k0 = bulk_modulus(hyd, p_v) / V[0];
  Eigen::Vector2d p(p_v - 1e5, 3e6), cavity = Eigen::Vector2d::Zero();
  apply_cavitation(hyd, p_v, V, p, cavity);
  EXPECT_EQ(p[0], p_v);
  EXPECT_DOUBLE_EQ(cavity[0], 1e5 / k0);
  EXPECT_EQ(p[1], 3e6);  // a chamber above p_v without a cavity is left alone
  EXPECT_EQ(cavity[1], 0.0);
  // Half the oil back: the cavity halves, the pressure stays at p_v.
  p[0] = p_v + 0.5e5;
  apply_cavitation(hyd, p_v, V, p, cavity);
  EXPECT_EQ(p[0], p_v);
  EXPECT_NEAR(cavity[0], 0.5e5 / k0, 1e-18);
  // Twice what is missing: the cavity closes and the other half compresses the oil.
  p[0] = p_v + 1e5;
  apply_cavitation(hyd, p_v, V, p, cavity);
  EXPECT_EQ(cavity[0], 0.0);
  EXPECT_NEAR(p[0], p_v + 0.5e5, 1e-6);
}

std::array<UnilateralStop, kMaxStops> one_upper_stop(double upper, double k, double d) {
  std::array<UnilateralStop, kMaxStops> stops{};
  stops[0].upper = upper;
  stops[0].stiffness = k;
  stops[0].damping = d;
  return stops;
}

// A mass m pushed by a constant force F against an upper stop, stepped with the stops' semi-implicit
// Euler: returns the final position and the largest kinetic energy after the first contact.
struct MassRun {
  double x = 0.0, v = 0.0, max_energy_after_contact = 0.0, max_x = -1.0;
  bool touched = false;
};
MassRun push_mass(double m, double F, double v0, double h, double T, double k, double d) {
  const auto stops = one_upper_stop(0.0, k, d);
  StopMatrix W = StopMatrix::Zero();
  W(0, 0) = 1.0 / m;
  MassRun r;
  r.x = -0.01;
  r.v = v0;
  for (int n = 0; n < static_cast<int>(T / h); ++n) {
    const double v_free = r.v + h * F / m;
    StopVector x = StopVector::Zero(), xd = StopVector::Zero();
    x[0] = r.x;
    xd[0] = v_free;
    const StopForces f = stop_forces(stops, x, xd, W, h);
    r.v = v_free + h * f.force[0] / m;
    r.x += h * r.v;
    if (f.engaged) r.touched = true;
    r.max_x = std::max(r.max_x, r.x);
    if (r.touched) r.max_energy_after_contact = std::max(r.max_energy_after_contact, 0.5 * m * r.v * r.v);
  }
  return r;
}

TEST(UnilateralStops, HoldAConstantPushAtTheStaticPenetration) {
  // 49 kN, the full pump force, on the crane's ~2 t at the default stop: 0.49 mm beyond the limit.
  const EndStopLimits e;
  for (double h : {1e-4, 1e-3, 2e-2}) {
    const MassRun r = push_mass(2000.0, 49e3, 0.0, h, 2.0, e.stiffness, e.damping);
    EXPECT_NEAR(r.x, 49e3 / e.stiffness, 1e-9) << "h = " << h;
    EXPECT_NEAR(r.v, 0.0, 1e-9) << "h = " << h;
  }
}

TEST(UnilateralStops, AnImpactGainsNoEnergyAtAnyStep) {
  // Arriving at 0.5 m/s without a push: the stop may only take energy out (and must not pull).
  const EndStopLimits e;
  for (double h : {1e-4, 1e-3, 2e-2}) {
    const MassRun r = push_mass(2000.0, 0.0, 0.5, h, 1.0, e.stiffness, e.damping);
    EXPECT_TRUE(r.touched);
    EXPECT_LE(r.max_energy_after_contact, 0.5 * 2000.0 * 0.25 * (1 + 1e-12)) << "h = " << h;
    EXPECT_LE(r.v, 0.0) << "h = " << h;  // bounced back or at rest, never through
    // No deeper than the undamped spring would let it in: v0 sqrt(m/k) = 2.2 mm.
    EXPECT_LT(r.max_x, 0.5 * std::sqrt(2000.0 / e.stiffness)) << "h = " << h;
  }
}

TEST(UnilateralStops, NeverPullAndReleaseAStopThatWouldPull) {
  // Inside the limit but moving away fast from it: nothing engages.
  const auto stops = one_upper_stop(0.0, 1e8, 5e5);
  StopMatrix W = StopMatrix::Zero();
  W(0, 0) = 1.0 / 2000.0;
  StopVector x = StopVector::Zero(), xd = StopVector::Zero();
  x[0] = 1e-4;   // penetrating 0.1 mm...
  xd[0] = -1.0;  // ...but leaving at 1 m/s: the damper would pull
  const StopForces f = stop_forces(stops, x, xd, W, 1e-3);
  EXPECT_EQ(f.engaged, 0u);
  EXPECT_EQ(f.force[0], 0.0);
  // Engaged by the free step (x + h ẋ still beyond the limit), but the damper's share outweighs the
  // spring's: the solve would pull, so the stop is released and pushes nothing.
  xd[0] = -0.05;  // x + h ẋ = 0.05 mm beyond; λ = −k x − (k h + d) ẋ⁺ ≈ −1e4 + 3e4 N > 0
  const StopForces released = stop_forces(stops, x, xd, W, 1e-3);
  EXPECT_EQ(released.engaged, 0u);
  EXPECT_EQ(released.force[0], 0.0);
}

TEST(UnilateralStops, CoupledStopsSolveTogether) {
  // Two coordinates sharing one mass (W all ones/m): both against their upper stops, pushed by F.
  std::array<UnilateralStop, kMaxStops> stops{};
  for (int i = 0; i < 2; ++i) stops[i] = UnilateralStop{-1.0, 0.0, 1e6, 0.0};
  StopMatrix W = StopMatrix::Zero();
  W.topLeftCorner<2, 2>().setConstant(1.0 / 10.0);
  StopVector x = StopVector::Zero(), xd = StopVector::Zero();
  xd[0] = xd[1] = 1.0;
  const double h = 1e-3;
  const StopForces f = stop_forces(stops, x, xd, W, h);
  ASSERT_EQ(f.engaged, 3u);
  // Symmetric: each λ = −c ẋ⁺, ẋ⁺ = 1 + h (2λ)/10, c = k h  ⇒  λ = −c / (1 + 2 h c / 10).
  const double c = 1e6 * h;
  EXPECT_NEAR(f.force[0], -c / (1 + 2 * h * c / 10.0), 1e-9);
  EXPECT_NEAR(f.force[1], f.force[0], 1e-12);
}

}  // namespace
}  // namespace hilsim::sim
