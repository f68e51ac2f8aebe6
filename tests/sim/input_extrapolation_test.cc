// Input extrapolation: exact for polynomials of its order, falling back while samples are few.
#include "sim/cosim/input_extrapolation.h"

#include <gtest/gtest.h>

namespace hilsim::sim {
namespace {

constexpr double kH = 0.01;

double poly(double t) { return 1.0 + 2.0 * t - 30.0 * t * t; }

TEST(InputExtrapolation, HoldKeepsTheNewestSample) {
  InputExtrapolator e(Extrapolation::kZeroOrderHold, 1, kH);
  for (int n = 0; n < 3; ++n) {
    const double u = poly(n * kH);
    e.push(n, {&u, 1});
  }
  double out = 0.0;
  e.evaluate(2, 0.7 * kH, {&out, 1});
  EXPECT_DOUBLE_EQ(out, poly(2 * kH));
}

TEST(InputExtrapolation, QuadraticIsExactForAParabola) {
  InputExtrapolator e(Extrapolation::kQuadratic, 1, kH);
  for (int n = 0; n < 5; ++n) {
    const double u = poly(n * kH);
    e.push(n, {&u, 1});
  }
  for (double tau : {0.0, 0.3 * kH, kH}) {
    double out = 0.0;
    e.evaluate(4, tau, {&out, 1});
    EXPECT_NEAR(out, poly(4 * kH + tau), 1e-12) << "tau = " << tau;
  }
}

TEST(InputExtrapolation, LinearIsExactForALineButNotForAParabola) {
  InputExtrapolator line(Extrapolation::kLinear, 2, kH);
  for (int n = 0; n < 3; ++n) {
    const double u[2] = {3.0 - n * kH, poly(n * kH)};
    line.push(n, u);
  }
  double out[2];
  line.evaluate(2, kH, out);
  EXPECT_NEAR(out[0], 3.0 - 3 * kH, 1e-14);
  EXPECT_GT(std::abs(out[1] - poly(3 * kH)), 1e-4);  // curvature is missed by a line
}

TEST(InputExtrapolation, FallsBackToTheOrderTheSamplesSupport) {
  InputExtrapolator e(Extrapolation::kQuadratic, 1, kH);
  const double u0 = 1.0;
  e.push(0, {&u0, 1});
  double out = 0.0;
  e.evaluate(0, kH, {&out, 1});
  EXPECT_DOUBLE_EQ(out, 1.0);  // one sample: hold
  const double u1 = 2.0;
  e.push(1, {&u1, 1});
  e.evaluate(1, kH, {&out, 1});
  EXPECT_NEAR(out, 3.0, 1e-12);  // two samples: line
}

TEST(InputExtrapolation, InterpolatesWhenTheSampleIsAhead) {
  // Gauss-Seidel: the second subsystem gets the sample of t_{n+1} while it steps from t_n.
  InputExtrapolator e(Extrapolation::kLinear, 1, kH);
  const double u0 = 0.0, u1 = 1.0;
  e.push(0, {&u0, 1});
  e.push(1, {&u1, 1});
  double out = 0.0;
  e.evaluate(0, 0.5 * kH, {&out, 1});
  EXPECT_NEAR(out, 0.5, 1e-12);
}

}  // namespace
}  // namespace hilsim::sim
