// The contact step (sim/contact/time_stepper.h) against analytic cases: a box on an incline sticks
// for tan α < μ and slides with g (sin α − μ cos α) otherwise; a dropped box comes to rest sunk in
// by what the regularisation predicts; kinetic energy never rises in a frictional slide; the step
// gives the same motion with Siconos' solver as with its own.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/contact/pivoting_box_lcp.h"
#include "sim/contact/siconos_box_lcp.h"
#include "sim/contact/time_stepper.h"
#include "tests/sim/contact_scenes.h"

namespace hilsim::sim::contact {
namespace {

using test_scenes::box_on_plane;
using test_scenes::BoxOnPlane;
using test_scenes::kG;

constexpr double kStep = 1e-3;  // [s]

double degrees(double deg) { return deg * std::numbers::pi / 180.0; }

// The box's velocity along the slope, down the slope positive [m/s].
double downhill_speed(const PlanarSystem& s, double slope) {
  return -(s.bodies[1].v.x() * std::cos(slope) + s.bodies[1].v.y() * std::sin(slope));
}

void run(PlanarSystem& s, TimeStepper& stepper, BoxLcpSolver& solver, int steps) {
  for (int k = 0; k < steps; ++k) {
    const StepReport r = stepper.step(s, solver);
    ASSERT_EQ(r.lcp.status, LcpStatus::kSolved) << "step " << k;
  }
}

// Sliding: after a settling second the box's downhill speed grows at a = g (sin α − μ cos α). The
// box friction model's bound μ λ̄_n uses the previous step's normal impulse, which in a steady slide
// equals this step's, m g cos α h in sum: so the measured a is the analytic one up to the remaining
// transient of the normal rows (the corners' load shares settle with the friction moment). Measured
// over 1 s; tolerance 1e-6 m/s² (the differences seen are ~1e-9).
TEST(ContactAnalytic, BoxSlidesDownASteepInclineWithCoulombAcceleration) {
  for (const double deg : {27.0, 30.0, 45.0}) {
    BoxOnPlane b;
    b.slope = degrees(deg);
    b.friction = 0.5;
    ASSERT_GT(std::tan(b.slope), b.friction);
    PlanarSystem s = box_on_plane(b);
    TimeStepper stepper(s, kStep);
    PivotingBoxLcpSolver solver(s.max_rows());
    run(s, stepper, solver, 500);
    const double v0 = downhill_speed(s, b.slope);
    run(s, stepper, solver, 1000);
    const double measured = downhill_speed(s, b.slope) - v0;  // over 1 s
    const double expected = kG * (std::sin(b.slope) - b.friction * std::cos(b.slope));
    std::printf("slide at %.0f°: a measured %.9f m/s², expected %.9f m/s²\n", deg, measured, expected);
    EXPECT_NEAR(measured, expected, 1e-6) << deg << "°";
  }
}

// Sticking: with tan α < μ the friction rows hold, but they are regularised (K = 0, damping D_t,
// regularisation.h): a held row has w = η_t + C λ_t = 0 with C = 1/(h D_t), so the box creeps at a
// constant η_t = C λ_t. Friction acts at the base, the weight's downhill part at the centre, so the
// downhill corner carries more of the load: N_down − N_up = m g sin α · height/width. Where both
// corners hold, each carries half the downhill force and the creep is m g sin α/(2 D_t) (1.7e-5 m/s
// at 20°); near the threshold (26°: tan α = 0.488) the lighter uphill corner reaches μ N_up and
// slides, the other holds the rest, 0.2685 m g, and the box creeps at 0.2685 m g/D_t = 2.63e-5 m/s.
// In any case no corner holds more than the whole downhill force: the box must never move faster
// than m g sin α/D_t, nor speed up (its speed 1 s apart the same to 1e-3 of that), where a sliding
// box would gain g (sin α − μ cos α) ≥ 0.08 m/s in that second.
TEST(ContactAnalytic, BoxSticksOnAGentleInclineUpToTheRegularisationCreep) {
  for (const double deg : {10.0, 20.0, 26.0}) {
    BoxOnPlane b;
    b.slope = degrees(deg);
    b.friction = 0.5;
    ASSERT_LT(std::tan(b.slope), b.friction);
    PlanarSystem s = box_on_plane(b);
    TimeStepper stepper(s, kStep);
    PivotingBoxLcpSolver solver(s.max_rows());
    run(s, stepper, solver, 500);
    const double creep_bound = b.mass * kG * std::sin(b.slope) / b.friction_damping;
    const double v0 = downhill_speed(s, b.slope);
    double fastest = 0.0;
    for (int k = 0; k < 1000; ++k) {
      ASSERT_EQ(stepper.step(s, solver).lcp.status, LcpStatus::kSolved);
      fastest = std::max(fastest, std::abs(downhill_speed(s, b.slope)));
    }
    std::printf("stick at %.0f°: fastest %.4g m/s, bound %.4g m/s, speed change over 1 s %.3g m/s\n", deg,
                fastest, creep_bound, downhill_speed(s, b.slope) - v0);
    EXPECT_LE(fastest, creep_bound) << deg << "°";
    EXPECT_NEAR(downhill_speed(s, b.slope), v0, 1e-3 * creep_bound) << deg << "°";
  }
}

// A box dropped (and tilted) comes to rest on its two bottom corners. At rest every row has η = 0,
// so w = C λ + φ = 0 with C = 1/(h (hK + D)) and φ = K g/(hK + D): λ = −h K g, the impulse of a spring
// K at the gap g. The two corners carry the weight, λ_1 + λ_2 = m g h, and at rest the box is level,
// so each is sunk in by δ = m g/(2K) (4.905e-5 m for 10 kg and K = 1e6 N/m): the regularisation's bound
// on the penetration. After 3 s the gaps must be −δ to 1e-6 relative, the box at rest (|v| < 1e-9).
TEST(ContactAnalytic, DroppedBoxComesToRestSunkInByTheRegularisationBound) {
  BoxOnPlane b;
  b.lift = 0.05;
  b.tilt = 0.1;
  PlanarSystem s = box_on_plane(b);
  TimeStepper stepper(s, kStep);
  PivotingBoxLcpSolver solver(s.max_rows());
  run(s, stepper, solver, 3000);
  const double delta = b.mass * kG / (2.0 * b.stiffness);
  ASSERT_EQ(stepper.contacts().size(), 2U);
  for (const ContactPoint& c : stepper.contacts()) {
    std::printf("rest: corner %d gap %.9g m, bound −%.9g m\n", c.corner, c.gap, delta);
    EXPECT_NEAR(c.gap, -delta, 1e-6 * delta);
  }
  EXPECT_LT(s.bodies[1].v.norm(), 1e-9);
  EXPECT_NEAR(stepper.total_normal_force(), b.mass * kG, 1e-6);
}

// A box resting on level ground is pushed off at 2 m/s and slides to a stop (μ = 0.3: after 0.68 s).
// Each step's friction impulse opposes the sliding velocity it leaves (a row at its bound has w ≤ 0
// on the side that resists), and the normal rows, settled, pass on the weight; so while the box
// slides, ½ vᵀ M v may never rise from one step to the next (1e-12 J allowed for rounding). When it
// stops, the friction's moment about the centre vanishes and the corners' springs, loaded unevenly
// by it, rock the box back: the kinetic energy then rises by a few µJ from their stored energy, which
// is no longer the slide.
TEST(ContactAnalytic, KineticEnergyNeverRisesInAFrictionalSlide) {
  BoxOnPlane b;
  b.friction = 0.3;
  PlanarSystem s = box_on_plane(b);
  TimeStepper stepper(s, kStep);
  PivotingBoxLcpSolver solver(s.max_rows());
  run(s, stepper, solver, 1000);
  s.bodies[1].v.x() = 2.0;
  double energy = kinetic_energy(s.bodies[1]);
  double largest_rise = -kInfinity;
  int steps = 0;
  for (; s.bodies[1].v.x() > 0.0; ++steps) {
    ASSERT_LT(steps, 1000);
    ASSERT_EQ(stepper.step(s, solver).lcp.status, LcpStatus::kSolved);
    const double next = kinetic_energy(s.bodies[1]);
    largest_rise = std::max(largest_rise, next - energy);
    EXPECT_LE(next, energy + 1e-12) << "step " << steps;
    energy = next;
  }
  std::printf("slide: %d steps, largest step-to-step change of kinetic energy %.3g J\n", steps, largest_rise);
  EXPECT_NEAR(steps * kStep, 2.0 / (b.friction * kG), 2 * kStep);
}

// The same slide stepped with Siconos' relay PGS (tolerance 1e-13) and with the pivoting solver:
// the same positions after 1 s to 1e-9 m.
TEST(ContactAnalytic, StepWithSiconosFollowsTheStepWithItsOwnSolver) {
  BoxOnPlane b;
  b.slope = degrees(30.0);
  b.friction = 0.4;
  b.lift = 0.01;
  PlanarSystem own_system = box_on_plane(b);
  PlanarSystem siconos_system = box_on_plane(b);
  TimeStepper own_stepper(own_system, kStep);
  TimeStepper siconos_stepper(siconos_system, kStep);
  PivotingBoxLcpSolver own(own_system.max_rows());
  SiconosBoxLcpSolver siconos(siconos_system.max_rows(), SiconosMethod::kRelayPgs, 1e-13, 200000);
  run(own_system, own_stepper, own, 1000);
  run(siconos_system, siconos_stepper, siconos, 1000);
  const double difference = (own_system.bodies[1].q - siconos_system.bodies[1].q).norm();
  std::printf("own vs Siconos stepping: |Δq| after 1 s = %.3g\n", difference);
  EXPECT_LT(difference, 1e-9);
}

}  // namespace
}  // namespace hilsim::sim::contact
