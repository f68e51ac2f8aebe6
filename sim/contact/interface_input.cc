#include "sim/contact/interface_input.h"

namespace hilsim::sim::contact {
namespace {

// The image (kinematics) or the model body of the other side's interface body.
PlanarBody input_body(const PlanarBody& other, InterfaceData takes, const Vec2& gravity) {
  if (takes == InterfaceData::kKinematics) return kinematic_body(other.name + " (image)", other.q, other.v);
  PlanarBody model = general_mass_body(other.name + " (model)", other.mass, other.q, other.v);
  model.applied = generalised_force(other, gravity);  // its weight, until the first f̃ arrives
  return model;
}

}  // namespace

InterfaceInput::InterfaceInput(PlanarSystem& system, Side side, int own_body, const PlanarBody& other,
                               const InterfaceWeld& weld, const InterfaceCompliance& compliance,
                               InterfaceData takes)
    : takes_(takes),
      own_body_(own_body),
      own_point_(side == Side::kArm ? weld.arm_point : weld.tool_point),
      sign_(side == Side::kArm ? 1.0 : -1.0) {
  if (takes == InterfaceData::kForce) return;
  other_body_ = system.add_body(input_body(other, takes, system.gravity));
  const bool arm = side == Side::kArm;
  Weld w;
  w.body_a = arm ? own_body : other_body_;
  w.body_b = arm ? other_body_ : own_body;
  w.point_a = weld.arm_point;
  w.point_b = weld.tool_point;
  w.angle = weld.angle;
  w.linear = compliance.linear;
  w.angular = compliance.angular;
  system.add_weld(w);
  // append_joint_rows' order: the revolutes' two rows each, then the welds' three.
  weld_first_row_ =
      2 * static_cast<int>(system.revolutes.size()) + 3 * (static_cast<int>(system.welds.size()) - 1);
}

void InterfaceInput::take(std::span<const double> u, PlanarSystem& system) noexcept {
  unpack(takes_, u, ports_);
  if (other_body_ < 0) return;
  PlanarBody& body = system.bodies[other_body_];
  body.q = ports_.q;
  body.v = ports_.v;
  if (takes_ != InterfaceData::kModel) return;
  const Eigen::LLT<Mat3> llt(ports_.mass);
  if (llt.info() != Eigen::Success || !ports_.mass.allFinite() || !ports_.model_force.allFinite()) {
    ++rejected_models_;
    return;
  }
  body.mass = ports_.mass;
  body.mass_inverse = llt.solve(Mat3::Identity());
  body.applied = ports_.model_force;
}

Vec3 InterfaceInput::apply_force(PlanarSystem& system) const noexcept {
  if (takes_ != InterfaceData::kForce) return Vec3::Zero();
  PlanarBody& body = system.bodies[own_body_];
  const Vec2 f = sign_ * ports_.force.head<2>();
  const Vec2 r = rotation(body.q.z()) * own_point_;
  Vec3 generalised(f.x(), f.y(), sign_ * ports_.force.z() + r.x() * f.y() - r.y() * f.x());
  body.applied += generalised;
  return generalised;
}

Vec3 InterfaceInput::weld_force(const TimeStepper& stepper) const noexcept {
  if (weld_first_row_ < 0) return Vec3::Zero();
  return stepper.impulses().segment<3>(weld_first_row_) / stepper.step_size();
}

}  // namespace hilsim::sim::contact
