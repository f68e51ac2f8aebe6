// A small machine for the contact couplings' tests and benchmark (contact_plan.h): a planar arm of
// two links and a wrist, each joint held by a stiff servo, carrying a box welded under the wrist.
// The arm sets the box down on a floor, slides it along the floor (μ = 0.5) and pushes it against a
// wall, then holds it: closed and sliding contacts, friction, and an interface force that changes
// from the box's weight to the push.
//
// Geometry (world frame, y up, gravity −9.81 m/s² along y): the shoulder at (0, 0.8) m; link 1 of
// 1.0 m, 8 kg; link 2 of 0.8 m, 5 kg; the wrist a 1 kg flange whose frame is its pivot at link 2's
// end; the box 0.3 m × 0.2 m, 4 kg, welded by its top centre to the wrist 0.05 m under the pivot.
// The floor is y = 0; the wall x = wall_x, facing −x. The arm side is subsystem 2 (world, links,
// wrist: the wrist is its interface body), the tool side subsystem 1 (world, box, floor, wall).
//
// The reference motion of the wrist pivot P (the box level throughout), each leg with a sine-square
// velocity profile, s(τ) = τ − sin(2πτ)/(2π) over τ ∈ [0, 1]:
//   t ∈ [0.2, 1.2] s  down by lift + press (the box's bottom from `lift` above the floor to `press`
//                     below it, so that the servos press it on the floor);
//   t ∈ [1.4, 2.4] s  along +x by `slide`, the box's side ending `press` beyond the wall;
//   then held. The joint references follow by the arm's inverse kinematics (elbow up).
#pragma once

#include "sim/contact/arm_driver.h"
#include "sim/contact/coupled_systems.h"

namespace hilsim::sim::contact {

struct ServoedArmParameters {
  double lift = 0.1;             // the box's bottom above the floor at t = 0 [m] > 0
  double press = 0.005;          // how far the reference goes past the floor and the wall [m] ≥ 0
  double slide = 0.3;            // the slide along the floor [m] > 0
  double friction = 0.5;         // μ of the box on the floor and on the wall
  double start_x = 1.0;          // the wrist pivot's x at t = 0 [m]
  double servo_stiffness = 1e5;  // K of each joint servo [N·m/rad]
  double servo_damping = 2e3;    // D of each joint servo [N·m·s/rad]
  // The wall: the box's right side reaches it after the slide, less `press`.
  double wall_x() const { return start_x + 0.15 + slide - press; }
};

// The machine at t = 0, at rest on its reference, the joints' servos on their t = 0 references.
CoupledSystems servoed_arm_machine(const ServoedArmParameters& p = {});

// Sets the arm's three servo references (angle and rate) from the reference motion at t.
class ServoedArmDriver final : public ArmDriver {
 public:
  explicit ServoedArmDriver(const ServoedArmParameters& p = {}) : p_(p) {}
  void update(double t, PlanarSystem& arm) override;

 private:
  ServoedArmParameters p_;
};

}  // namespace hilsim::sim::contact
