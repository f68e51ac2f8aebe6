// The reduced model a side of a contact co-simulation sends at t_{n+1} (Peiret et al. (contact tasks), eqs.
// (18)–(21)): the effective mass M̃ and force f̃ of this side alone at its interface body, at its state at
// t_{n+1}, with the active set of the step it has just taken (§4: closed contacts and sticking friction held,
// sliding friction applied with its kinetic impulse, open contacts removed), built by
// EffectiveModelBuilder (effective_model.h) with the rows' own compliance (the model the
// regularised step obeys; M̃ then always exists).
//
// The rows at t_{n+1} are made as a step makes them (contacts, joint and contact rows, the LCP's
// assembly: eqs. (24), (33)–(34)) but not solved: each row takes the role it had in the step just
// taken — a joint or servo row by its index, a contact's rows by the contact's key — and a contact
// new at t_{n+1} counts as open. A sliding friction row keeps its direction at its new bound, μ times
// the contact's last normal impulse, as the next step's bound is.
//
// "This side alone": the coupling weld to the other side's image or model (coupled_subsystems.h) is
// not part of it, so its three rows are removed; and the interface body's applied force must not
// hold the other side's β when the model is built (coupled_subsystems.h builds it before β is
// applied). The receiver holds M̃ and f̃ over the macro step (Peiret et al. (contact tasks), §8).
#pragma once

#include <vector>

#include "sim/contact/effective_model.h"
#include "sim/contact/interface_ports.h"
#include "sim/contact/time_stepper.h"

namespace hilsim::sim::contact {

class InterfaceModelBuilder {
 public:
  // For `system` as built, its interface body and the step h [s]; the coupling weld's rows are
  // [weld_first_row, weld_first_row + 3) (−1: no coupling weld). Reserves for the system's max_rows.
  InterfaceModelBuilder(const PlanarSystem& system, int interface_body, int weld_first_row, double h);

  // At `system`'s current state, with the roles of `last_step`'s rows and impulses. Writes M̃ and f̃
  // into out.mass and out.model_force and returns true, or returns false (out unchanged) when M̃ does
  // not exist. Allocates nothing.
  bool build(const PlanarSystem& system, const TimeStepper& last_step, InterfacePorts& out) noexcept;

  // Of the last build: the number of active constraints, the size of S in eq. (20) — joints, servos
  // inside their limits, closed contacts and sticking friction (Peiret et al. (contact tasks), Fig. 9's
  // abscissa) — and of all its rows.
  int active_rows() const noexcept { return active_rows_; }
  int rows() const noexcept { return rows_.count; }

 private:
  // The last step's role and impulse of every joint row, and of every contact's rows by its key.
  void remember(const TimeStepper& last_step) noexcept;
  // Appends the rows at the system's state and gives each its remembered role and impulse.
  void make_rows(const PlanarSystem& system) noexcept;

  int weld_first_row_;
  double h_;
  int active_rows_ = 0;
  EffectiveModelBuilder builder_;
  std::vector<RowRole> last_roles_;
  // By contact key: the last step's normal impulse [N·s] (0: no contact), the roles of its normal
  // and friction rows, its friction impulse [N·s].
  std::vector<double> last_normal_;
  std::vector<RowRole> last_normal_role_, last_friction_role_;
  std::vector<double> last_friction_;
  std::vector<ContactPoint> contacts_;
  ConstraintRows rows_;
  LcpAssembly assembly_;
  std::vector<RowRole> roles_;
  Eigen::VectorXd lambda_;
};

}  // namespace hilsim::sim::contact
