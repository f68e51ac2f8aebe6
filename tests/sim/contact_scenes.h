// Small planar contact scenes shared by the contact tests: a box on a plane through the origin,
// tilted by α, and a random symmetric positive-definite box-constrained LCP.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <random>

#include "sim/contact/planar_system.h"

namespace hilsim::sim::contact::test_scenes {

inline constexpr double kG = 9.81;  // [m/s²]

struct BoxOnPlane {
  double mass = 10.0;      // [kg]
  double width = 0.4;      // [m]
  double height = 0.2;     // [m]
  double slope = 0.0;      // α [rad]
  double friction = 0.5;   // μ
  double stiffness = 1e6;  // K of each corner's normal row [N/m]
  double damping = 4e3;    // D of each corner's normal row [N·s/m] (2 corners: about critical for 10 kg)
  double friction_damping = 1e6;  // [N·s/m]
  double lift = 0.0;              // the box's bottom above the plane at the start [m]
  double tilt = 0.0;              // the box's angle to the plane at the start [rad]
};

inline double box_inertia(const BoxOnPlane& b) {
  return b.mass * (b.width * b.width + b.height * b.height) / 12.0;
}

// World (body 0, kinematic), the box (body 1) with its bottom corners over the plane's segment
// (−5 m … 5 m along the slope), pair 0 between them; gravity −9.81 m/s² along y.
inline PlanarSystem box_on_plane(const BoxOnPlane& b) {
  PlanarSystem s;
  s.gravity = Vec2(0.0, -kG);
  const int world = s.add_body(kinematic_body("world"));
  const Vec2 t(std::cos(b.slope), std::sin(b.slope));
  const Vec2 n(-t.y(), t.x());
  const Vec2 centre = (b.lift + 0.5 * b.height) * n;
  const int box =
      s.add_body(rigid_body("box", b.mass, box_inertia(b), Vec3(centre.x(), centre.y(), b.slope + b.tilt)));
  const int polygon =
      s.add_polygon(Polygon{box,
                            {Vec2(-0.5 * b.width, -0.5 * b.height), Vec2(0.5 * b.width, -0.5 * b.height),
                             Vec2(0.5 * b.width, 0.5 * b.height), Vec2(-0.5 * b.width, 0.5 * b.height)}});
  const int segment = s.add_segment(Segment{world, -5.0 * t, 5.0 * t});
  s.add_pair(
      ContactPair{polygon, segment, b.friction, RowCompliance{b.stiffness, b.damping}, b.friction_damping});
  return s;
}

struct RandomBoxLcp {
  Eigen::MatrixXd matrix;
  Eigen::VectorXd q, lower, upper;
};

// M = B Bᵀ + diag(c), B n × k with k < n possible (so B Bᵀ may be singular, as A M⁻¹ Aᵀ of redundant
// rows is), c ∈ [0.01, 1]; q ∈ [−1, 1]; each row's bounds one of: free, [0, ∞), (−∞, u], [−a, a],
// [l, u], [a, a] — only the boxes [−a, a] and [l, u] when finite_only.
inline RandomBoxLcp random_box_lcp(std::mt19937& rng, int n, bool finite_only) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_real_distribution<double> positive(0.01, 1.0);
  std::uniform_int_distribution<int> columns(1, n + 2);
  std::uniform_int_distribution<int> kind(finite_only ? 3 : 0, finite_only ? 4 : 5);
  const int k = columns(rng);
  Eigen::MatrixXd b(n, k);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < k; ++j) b(i, j) = unit(rng);
  RandomBoxLcp p{b * b.transpose(), Eigen::VectorXd(n), Eigen::VectorXd(n), Eigen::VectorXd(n)};
  const double inf = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) {
    p.matrix(i, i) += positive(rng);
    p.q[i] = unit(rng);
    const double a = positive(rng);
    const double c = unit(rng);
    switch (kind(rng)) {
      case 0:
        p.lower[i] = -inf, p.upper[i] = inf;
        break;
      case 1:
        p.lower[i] = 0.0, p.upper[i] = inf;
        break;
      case 2:
        p.lower[i] = -inf, p.upper[i] = a;
        break;
      case 3:
        p.lower[i] = -a, p.upper[i] = a;
        break;
      case 4:
        p.lower[i] = std::min(a, c), p.upper[i] = std::max(a, c);
        break;
      default:
        p.lower[i] = c, p.upper[i] = c;
        break;
    }
  }
  return p;
}

}  // namespace hilsim::sim::contact::test_scenes
