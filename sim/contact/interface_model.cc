#include "sim/contact/interface_model.h"

#include <algorithm>
#include <span>

#include "sim/contact/contact_rows.h"

namespace hilsim::sim::contact {

InterfaceModelBuilder::InterfaceModelBuilder(const PlanarSystem& system, int interface_body,
                                             int weld_first_row, double h)
    : weld_first_row_(weld_first_row),
      h_(h),
      builder_(system, interface_body),
      last_roles_(system.max_rows(), RowRole::kRemoved),
      last_normal_(system.max_contacts(), 0.0),
      last_normal_role_(system.max_contacts(), RowRole::kRemoved),
      last_friction_role_(system.max_contacts(), RowRole::kRemoved),
      last_friction_(system.max_contacts(), 0.0),
      contacts_(system.max_contacts()),
      assembly_(system.max_rows(), system.velocity_count()),
      roles_(system.max_rows(), RowRole::kRemoved),
      lambda_(Eigen::VectorXd::Zero(system.max_rows())) {
  rows_.reserve(system.max_rows(), system.velocity_count());
}

void InterfaceModelBuilder::remember(const TimeStepper& last_step) noexcept {
  const ConstraintRows& rows = last_step.rows();
  const Eigen::VectorXd& lambda = last_step.impulses();
  classify_rows(rows, lambda, last_roles_);
  const int first = rows.count - 2 * static_cast<int>(last_step.contacts().size());  // contact rows come last
  lambda_.head(first) = lambda.head(first);  // a servo at its torque limit keeps its impulse
  std::fill(last_normal_.begin(), last_normal_.end(), 0.0);
  std::fill(last_normal_role_.begin(), last_normal_role_.end(), RowRole::kRemoved);
  std::fill(last_friction_role_.begin(), last_friction_role_.end(), RowRole::kRemoved);
  const std::span<const ContactPoint> contacts = last_step.contacts();
  for (int i = 0; i < static_cast<int>(contacts.size()); ++i) {
    const int key = contacts[i].key;
    last_normal_[key] = lambda[first + 2 * i];
    last_normal_role_[key] = last_roles_[first + 2 * i];
    last_friction_role_[key] = last_roles_[first + 2 * i + 1];
    last_friction_[key] = lambda[first + 2 * i + 1];
  }
}

void InterfaceModelBuilder::make_rows(const PlanarSystem& system) noexcept {
  const int count = detect_contacts(system, contacts_);
  rows_.count = 0;
  append_joint_rows(system, h_, rows_);
  const int first = rows_.count;
  for (int r = 0; r < first; ++r) roles_[r] = last_roles_[r];
  if (weld_first_row_ >= 0) {
    for (int r = weld_first_row_; r < weld_first_row_ + 3; ++r) roles_[r] = RowRole::kRemoved;
  }
  const std::span<const ContactPoint> contacts(contacts_.data(), static_cast<std::size_t>(count));
  append_contact_rows(system, contacts, last_normal_, rows_);
  for (int i = 0; i < count; ++i) {
    const int key = contacts[i].key;
    const int normal = first + 2 * i;
    roles_[normal] = last_normal_role_[key];
    roles_[normal + 1] = last_friction_role_[key];
    lambda_[normal] = last_normal_[key];
    // A sliding row stays at its bound, which is now μ times the last normal impulse.
    lambda_[normal + 1] = last_friction_[key] >= 0.0 ? rows_.upper[normal + 1] : rows_.lower[normal + 1];
  }
}

bool InterfaceModelBuilder::build(const PlanarSystem& system, const TimeStepper& last_step,
                                  InterfacePorts& out) noexcept {
  remember(last_step);
  make_rows(system);
  assembly_.assemble(system, rows_, h_);
  const EffectiveModel model = builder_.build(
      system, rows_, assembly_, std::span<const RowRole>(roles_.data(), rows_.count), lambda_, h_, true);
  active_rows_ = model.active_rows;
  if (!model.has_mass) return false;
  out.mass = 0.5 * (model.mass + model.mass.transpose());
  out.model_force = model.force;
  return true;
}

}  // namespace hilsim::sim::contact
