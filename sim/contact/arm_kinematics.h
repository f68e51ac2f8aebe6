// Kinematics of the double-actuator crane's arm with a wrist at R (crane_arm.h): the tool's pose
// from the joint angles (forward) and the joint angles that put the tool at a pose (inverse, closed
// form), with the joint rates of a tool velocity through the arm's Jacobian.
//
// Angles as the crane has them (sim/model/crane_parameters.h): θ1 the absolute angle of link 1, θ2
// the absolute angle of link 2, and the wrist's angle ψ = θ_w − θ2 relative to link 2 (what its
// servo holds). The wrist body's frame sits at R; the tool is welded to it (coupled_systems.h,
// InterfaceWeld): the weld point is arm_point in the wrist's frame and tool_point in the tool's, and
// θ_w = θ_tool + angle. So, for the tool frame's pose (x, y, θ):
//   θ_w = θ + angle,   R = (x, y) + Rot(θ) tool_point − Rot(θ_w) arm_point,
//   R = L (cos θ1, sin θ1) + L_h (cos θ2, sin θ2)       (two links from A at the origin),
//   cos φ = (|R|² − L² − L_h²) / (2 L L_h),   φ = θ2 − θ1,
// and of the two elbow branches the one of the crane's initial configuration (θ1 = π/6, θ2 = 3π/2:
// φ = 4π/3), φ ∈ (π, 2π), link 2 folded back under link 1 (sin φ < 0). Angles are not wrapped: θ1
// comes from atan2 (within (−π, π]), θ2 = θ1 + φ and ψ = θ_w − θ2 follow the tool's θ as given.
//
// Rates: Ṙ = (ẋ, ẏ) + θ̇ ẑ × (R − (x, y)) and θ̇_w = θ̇; the links' Jacobian
//   Ṙ = [−L sin θ1  −L_h sin θ2; L cos θ1  L_h cos θ2] (θ̇1, θ̇2),  det = L L_h sin φ,
// is solved in closed form, and ψ̇ = θ̇ − θ̇2.
#pragma once

#include "sim/contact/coupled_systems.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim::contact {

struct ArmAngles {
  double theta1 = 0.0;  // link 1, absolute [rad] (or [rad/s] as a rate)
  double theta2 = 0.0;  // link 2, absolute [rad]
  double wrist = 0.0;   // ψ = θ_w − θ2 [rad]
};

class ArmKinematics {
 public:
  // For the crane's L and L_h [m] (> 0, L ≠ L_h) and the tool's weld. Throws std::invalid_argument
  // naming the field otherwise.
  ArmKinematics(const CraneParameters& crane, const InterfaceWeld& weld);

  // The tool frame's pose (x, y, θ) [m, m, rad] for the joint angles.
  Vec3 forward(const ArmAngles& angles) const noexcept;
  // Joint angles for the tool pose, on the branch φ ∈ (π, 2π). A pose out of reach gets the nearest
  // stretched or folded arm (cos φ clamped to ±1); reachable() says which poses are in reach.
  ArmAngles inverse(const Vec3& tool_pose) const noexcept;
  // Joint rates (θ̇1, θ̇2, ψ̇) [rad/s] for the tool velocity (ẋ, ẏ, θ̇) at the joint angles `at`.
  ArmAngles rates(const ArmAngles& at, const Vec3& tool_pose, const Vec3& tool_velocity) const noexcept;

  // R (the wrist's joint) for the tool pose [m].
  Vec2 wrist_point(const Vec3& tool_pose) const noexcept;
  // |sin φ| of the arm at this pose, 0 at the edge of reach (stretched or folded: the Jacobian is
  // singular there), and negative when out of reach.
  double reach_margin(const Vec3& tool_pose) const noexcept;
  // Whether the pose is in reach with |sin φ| ≥ min_margin.
  bool reachable(const Vec3& tool_pose, double min_margin) const noexcept {
    return reach_margin(tool_pose) >= min_margin;
  }

 private:
  double cos_elbow(const Vec2& r) const noexcept;

  double l1_;  // L [m]
  double l2_;  // L_h [m]
  InterfaceWeld weld_;
};

}  // namespace hilsim::sim::contact
