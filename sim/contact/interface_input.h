// How one side of a contact co-simulation takes the other side's data into its own system
// (contact_coupling.h, Peiret et al. (contact tasks), §3–4):
//   kinematics  a kinematic image of the other side's interface body, at the pose s and velocity w
//               it sent for t_n; the step moves it on with w (q⁺ = q + h w), so its pose is
//               extrapolated linearly over the macro step (eqs. (15)–(16));
//   model       a body of the other side's effective mass M̃ at its interface body's pose, starting
//               from the sent s, w and pushed by the sent f̃, both held over the macro step; between
//               communication points it moves with this side's dynamics (eq. (22));
//   force       β, applied to this side's interface body at the weld point as a known force over the
//               macro step (eq. (13)).
// The image or the model body is welded to this side's interface body by the weld of
// coupled_systems.h with the interface's K_i, D_i: its regularised rows (eqs. (31)–(34)) are the
// interface force law of eq. (12), integrated implicitly (eq. (17)). The weld's body_a is the arm
// side's body on both sides, as in join(), so that the rows' impulse λ is the force on the arm's
// interface body (and −λ on the tool's): β = λ / h.
#pragma once

#include <span>

#include "sim/contact/contact_coupling.h"
#include "sim/contact/coupled_systems.h"
#include "sim/contact/interface_ports.h"
#include "sim/contact/time_stepper.h"

namespace hilsim::sim::contact {

class InterfaceInput {
 public:
  // Adds to `system` what `takes` needs: the image or the model body of `other` (the other side's
  // interface body at t_0; a model body has other's mass and weight until the first model arrives)
  // and the weld to `own_body`; nothing for force.
  InterfaceInput(PlanarSystem& system, Side side, int own_body, const PlanarBody& other,
                 const InterfaceWeld& weld, const InterfaceCompliance& compliance, InterfaceData takes);

  InterfaceData takes() const { return takes_; }
  // The coupling weld's first row in every step's rows (−1 without one): its x, y and θ rows follow.
  int weld_first_row() const { return weld_first_row_; }

  // The other side's data at communication point n (its ports, interface_ports.h) into `system`.
  // A model whose M̃ is not symmetric positive definite is not taken (the last one stays) and counted.
  void take(std::span<const double> u, PlanarSystem& system) noexcept;
  // For a side that takes force, before each micro step: adds β to the interface body's applied
  // force as a generalised force at its frame and returns that [N, N, N·m]; else returns zero.
  Vec3 apply_force(PlanarSystem& system) const noexcept;
  // β of the last step, the coupling weld's force on the arm's interface body λ / h [N, N, N·m].
  Vec3 weld_force(const TimeStepper& stepper) const noexcept;

  int rejected_models() const { return rejected_models_; }

 private:
  InterfaceData takes_;
  int own_body_;
  int other_body_ = -1;
  int weld_first_row_ = -1;
  Vec2 own_point_;     // the weld's point in the own interface body's frame [m]
  double sign_ = 1.0;  // β acts on the arm's body as is, on the tool's reversed
  InterfacePorts ports_;
  int rejected_models_ = 0;
};

}  // namespace hilsim::sim::contact
