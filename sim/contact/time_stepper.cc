#include "sim/contact/time_stepper.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sim/contact/contact_rows.h"

namespace hilsim::sim::contact {

TimeStepper::TimeStepper(const PlanarSystem& system, double h)
    : h_(h),
      assembly_(system.max_rows(), system.velocity_count()),
      contacts_(system.max_contacts()),
      previous_normal_(system.max_contacts(), 0.0),
      lambda_(Eigen::VectorXd::Zero(system.max_rows())) {
  if (!(h > 0.0) || !std::isfinite(h))
    throw std::invalid_argument("contact step: h must be finite and > 0 s");
  rows_.reserve(system.max_rows(), system.velocity_count());
}

StepReport TimeStepper::step(PlanarSystem& system, BoxLcpSolver& solver) {
  contact_count_ = detect_contacts(system, contacts_);
  rows_.count = 0;
  append_joint_rows(system, h_, rows_);
  first_contact_row_ = rows_.count;
  append_contact_rows(system, contacts(), previous_normal_, rows_);

  assembly_.assemble(system, rows_, h_);
  lambda_.head(rows_.count).setZero();
  for (int i = 0; i < contact_count_; ++i) {
    lambda_[first_contact_row_ + 2 * i] = previous_normal_[contacts_[i].key];
  }
  const LcpResult result = solver.solve(assembly_.problem(), lambda_);

  assembly_.end_velocities(system, lambda_);
  for (PlanarBody& body : system.bodies) body.q += h_ * body.v;  // eq. (30)
  std::fill(previous_normal_.begin(), previous_normal_.end(), 0.0);
  for (int i = 0; i < contact_count_; ++i) {
    previous_normal_[contacts_[i].key] = lambda_[first_contact_row_ + 2 * i];
  }
  return {rows_.count, contact_count_, result};
}

int TimeStepper::closed_contacts() const {
  int closed = 0;
  for (int i = 0; i < contact_count_; ++i) closed += lambda_[first_contact_row_ + 2 * i] > 0.0 ? 1 : 0;
  return closed;
}

double TimeStepper::total_normal_force() const {
  double sum = 0.0;
  for (int i = 0; i < contact_count_; ++i) sum += lambda_[first_contact_row_ + 2 * i];
  return sum / h_;
}

}  // namespace hilsim::sim::contact
