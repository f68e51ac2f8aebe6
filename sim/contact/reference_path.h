// The tool's reference motion of a guided contact task: a piecewise path of the tool frame's pose
// (x, y, θ) [m, m, rad] with sine-square velocity profiles, as the joint actuation law of Peiret et
// al. (Peiret et al. (contact tasks), Fig. 3: "a sine-square function with a peak velocity"). Each piece
// blends the velocity from v0 to v1 over its duration T:
//   v(τ) = v0 + (v1 − v0) sin²(π τ / (2T)),
//   p(τ) = p0 + v0 τ + (v1 − v0) (τ/2 − T/(2π) sin(π τ / T)),   τ ∈ [0, T],
// so the pose, the velocity and the acceleration ((v1 − v0) π/(2T) sin(π τ/T), zero at both ends)
// are continuous across pieces. A rest-to-rest move by Δ in T is the familiar bump
// v(t) = v_peak sin²(π t/T), v_peak = 2Δ/T: two pieces of T/2, 0 → v_peak and v_peak → 0.
// A constant velocity (the insertion's push at 0.1 m/s) is a piece with v0 = v1.
//
// Built at configuration time; sample() allocates nothing. After the last piece the path goes on
// with the last velocity (at rest, it holds the last pose).
#pragma once

#include <vector>

#include "sim/contact/planar_body.h"

namespace hilsim::sim::contact {

struct ReferenceSample {
  Vec3 pose = Vec3::Zero();      // [m, m, rad]
  Vec3 velocity = Vec3::Zero();  // [m/s, m/s, rad/s]
};

class ReferencePath {
 public:
  // Starts at rest at the pose (finite; std::invalid_argument otherwise).
  explicit ReferencePath(const Vec3& start_pose);

  // Each appends pieces after the last and throws std::invalid_argument naming the bad argument:
  // durations finite and > 0 s, displacements and velocities finite.
  // A rest-to-rest move by Δ (x, y, θ) in T, v = (2Δ/T) sin²(π t/T); the path must be at rest.
  ReferencePath& move(const Vec3& displacement, double duration_s);
  // Standing still for T; the path must be at rest.
  ReferencePath& hold(double duration_s);
  // The sine-square blend from the current velocity to v [m/s, m/s, rad/s] over T.
  ReferencePath& ramp_to(const Vec3& velocity, double duration_s);
  // The current velocity, kept for T.
  ReferencePath& cruise(double duration_s);

  // The pose and velocity at t [s] (t < 0: the start).
  ReferenceSample sample(double t) const noexcept;
  double duration() const noexcept;  // [s]
  const Vec3& end_pose() const noexcept { return end_.pose; }
  const Vec3& end_velocity() const noexcept { return end_.velocity; }

 private:
  struct Piece {
    double start = 0.0;     // [s]
    double duration = 0.0;  // [s]
    Vec3 pose = Vec3::Zero();
    Vec3 v0 = Vec3::Zero();
    Vec3 v1 = Vec3::Zero();
  };
  void append(const Vec3& v1, double duration_s, const char* what);
  static ReferenceSample at(const Piece& piece, double tau) noexcept;

  Vec3 start_;
  std::vector<Piece> pieces_;
  ReferenceSample end_;  // at the end of the last piece
};

}  // namespace hilsim::sim::contact
