// What moves the arm of a contact task (coupled_systems.h): called by the arm's side once for every
// micro step, in order, before the step is assembled, with the step's time t [s]. (An arm side that
// sends its reduced model makes the call at the end of the macro step before, so that the model has
// the step's references; so once more for t_N at the end of a run: coupled_subsystems.h.) A guided
// driver sets the servos' angle and rate references from the tool's reference motion (Peiret et al. (contact
// tasks), §7); a hydraulic one sets the cylinders' forces on the links. It runs in the arm's real-time
// thread: update() must not allocate, lock or block.
#pragma once

#include "sim/contact/planar_system.h"

namespace hilsim::sim::contact {

class ArmDriver {
 public:
  virtual ~ArmDriver() = default;
  ArmDriver() = default;
  ArmDriver(const ArmDriver&) = delete;
  ArmDriver& operator=(const ArmDriver&) = delete;
  ArmDriver(ArmDriver&&) = delete;
  ArmDriver& operator=(ArmDriver&&) = delete;

  // Sets what drives `arm` over the step that starts at t [s]: servo references, applied forces.
  // `arm` is the arm's own system (the arm side of a co-simulation, or the arm's part of the
  // monolithic system: its bodies and servos keep their indices there, coupled_systems.h).
  virtual void update(double t, PlanarSystem& arm) = 0;
};

}  // namespace hilsim::sim::contact
