// The guided mode of a contact task (Peiret et al., Peiret et al. (contact tasks), §7): the tool's reference
// motion (reference_path.h) mapped each step to the arm's joint references through the inverse kinematics and
// its Jacobian (arm_kinematics.h), which stiff servos then follow (crane_arm.h). At the step's time t the
// servos of joints 1, 2 and the wrist get
//   angle references  θ1,  θ2 − θ1,  ψ          of the inverse kinematics of the reference pose,
//   rate references   θ̇1,  θ̇2 − θ̇1,  ψ̇         of the reference velocity,
// the relative angles the servos hold (planar_system.h: θ_b − θ_a).
#pragma once

#include "sim/contact/arm_driver.h"
#include "sim/contact/arm_kinematics.h"
#include "sim/contact/crane_arm.h"
#include "sim/contact/reference_path.h"

namespace hilsim::sim::contact {

class GuidedArmDriver final : public ArmDriver {
 public:
  // The least |sin φ| the path may come to, 2.9° from a stretched or folded arm: the joint rates of
  // a tool velocity grow as 1/|sin φ|, here to at most 17× those at the crane's initial
  // configuration (|sin φ| = 0.87).
  static constexpr double kMinReachMargin = 0.05;

  // Drives the servos of `arm` (their indices; all three must exist) along `path`. Throws
  // std::invalid_argument when the arm has no servo on a joint, or when the path, sampled every
  // 1 ms, leaves the arm's reach (kMinReachMargin), naming the time.
  GuidedArmDriver(ReferencePath path, const ArmKinematics& kinematics, const CraneArm& arm);

  // Sets the three servos' references for the step that starts at t [s]. Allocates nothing.
  void update(double t, PlanarSystem& arm) override;

  const ReferencePath& path() const { return path_; }
  const ArmKinematics& kinematics() const { return kinematics_; }

 private:
  ReferencePath path_;
  ArmKinematics kinematics_;
  int joint1_servo_;
  int joint2_servo_;
  int wrist_servo_;
};

}  // namespace hilsim::sim::contact
