#include "sim/contact/guided_driver.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace hilsim::sim::contact {

GuidedArmDriver::GuidedArmDriver(ReferencePath path, const ArmKinematics& kinematics, const CraneArm& arm)
    : path_(std::move(path)),
      kinematics_(kinematics),
      joint1_servo_(arm.joint1_servo),
      joint2_servo_(arm.joint2_servo),
      wrist_servo_(arm.wrist_servo) {
  if (joint1_servo_ < 0 || joint2_servo_ < 0 || wrist_servo_ < 0) {
    throw std::invalid_argument("guided arm driver: the arm needs servos on joints 1, 2 and the wrist");
  }
  const double step = 1e-3;  // [s]
  for (double t = 0.0; t <= path_.duration() + step; t += step) {
    if (!kinematics_.reachable(path_.sample(t).pose, kMinReachMargin)) {
      throw std::invalid_argument(
          "guided arm driver: the reference path leaves the arm's reach at t = " + std::to_string(t) + " s");
    }
  }
}

void GuidedArmDriver::update(double t, PlanarSystem& arm) {
  const ReferenceSample r = path_.sample(t);
  const ArmAngles angles = kinematics_.inverse(r.pose);
  const ArmAngles rates = kinematics_.rates(angles, r.pose, r.velocity);
  Servo& joint1 = arm.servos[joint1_servo_];
  Servo& joint2 = arm.servos[joint2_servo_];
  Servo& wrist = arm.servos[wrist_servo_];
  joint1.angle_ref = angles.theta1;
  joint1.rate_ref = rates.theta1;
  joint2.angle_ref = angles.theta2 - angles.theta1;
  joint2.rate_ref = rates.theta2 - rates.theta1;
  wrist.angle_ref = angles.wrist;
  wrist.rate_ref = rates.wrist;
}

}  // namespace hilsim::sim::contact
