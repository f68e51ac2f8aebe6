// One step of the semi-implicit impulse–momentum scheme of Peiret et al. (contact tasks), §5–6, for a planar
// system with contact (planar_system.h), at the step size h:
//   1. contacts at q^k (contact_detection.h), the joint rows and two rows per contact (constraint_rows.h,
//      contact_rows.h) with each friction bound μ λ̄_n from the corner's normal impulse of the
//      previous step (eq. (25));
//   2. the mixed LCP of eq. (34) (lcp_assembly.h), solved by the given solver (box_lcp.h);
//   3. v^{k+1} = M⁻¹ (p^k + Aᵀ λ^{k+1}) (eq. (29)) and q^{k+1} = q^k + h v^{k+1} (eq. (30), N = I).
// The solver starts from the previous step's normal impulses on the contacts that persist (the rest
// from 0), a guess that is usually the answer's active set in a resting or sliding contact.
// Storage is reserved at construction for the system as built; step allocates nothing (the
// solver's own allocations aside: pivoting_box_lcp.h none, siconos_box_lcp.h some).
#pragma once

#include <span>
#include <vector>

#include "sim/contact/box_lcp.h"
#include "sim/contact/constraint_rows.h"
#include "sim/contact/contact_detection.h"
#include "sim/contact/lcp_assembly.h"

namespace hilsim::sim::contact {

struct StepReport {
  int rows = 0;      // rows of the LCP
  int contacts = 0;  // corner–segment contacts detected
  LcpResult lcp;
};

class TimeStepper {
 public:
  // For `system` as built (its counts fix the storage) and the step h [s] > 0 (throws
  // std::invalid_argument otherwise).
  TimeStepper(const PlanarSystem& system, double h);

  // Advances `system` (the one given at construction, or one with the same counts) by h.
  StepReport step(PlanarSystem& system, BoxLcpSolver& solver);

  double step_size() const { return h_; }
  // The last step's rows (at q^k), impulses λ^{k+1} [N·s, N·m·s] and contacts.
  const ConstraintRows& rows() const { return rows_; }
  const Eigen::VectorXd& impulses() const { return lambda_; }
  std::span<const ContactPoint> contacts() const {
    return {contacts_.data(), static_cast<std::size_t>(contact_count_)};
  }
  const LcpAssembly& assembly() const { return assembly_; }
  // Contacts whose normal impulse was > 0 in the last step, and the sum of their normal forces λ_n/h [N].
  int closed_contacts() const;
  double total_normal_force() const;

 private:
  double h_;
  ConstraintRows rows_;
  LcpAssembly assembly_;
  std::vector<ContactPoint> contacts_;
  int contact_count_ = 0;
  int first_contact_row_ = 0;
  std::vector<double> previous_normal_;  // λ̄_n by ContactPoint::key [N·s]
  Eigen::VectorXd lambda_;
};

}  // namespace hilsim::sim::contact
