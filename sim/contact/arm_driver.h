// What moves the arm of a contact task (coupled_systems.h): called by the arm's side once for every
// micro step, in order, before the step is assembled, with the step's time t [s]. (An arm side that
// sends its reduced model makes the call at the end of the macro step before, so that the model has
// the step's references; so once more for t_N at the end of a run: coupled_subsystems.h.) A guided
// driver sets the servos' angle and rate references from the tool's reference motion (Peiret et al. (contact
// tasks), §7); a hydraulic one sets the cylinders' forces on the links. It runs in the arm's real-time
// thread: update() must not allocate, lock or block.
//
// A driver may exchange values with other subsystems of the plan (a hydraulic one: the cylinders'
// forces in, their lengths and rates out): its ports follow the side's own on the side's subsystem
// (the arm side, or the monolithic system), and its probes follow the side's.
#pragma once

#include <span>
#include <string>
#include <vector>

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

  // The driver's own ports and probes, by name: none unless a driver has them.
  virtual const std::vector<std::string>& input_names() const { return no_names(); }
  virtual const std::vector<std::string>& output_names() const { return no_names(); }
  virtual const std::vector<std::string>& probe_names() const { return no_names(); }
  // The inputs sampled at a communication point, size input_names().size(), taken before the
  // macro step's first micro step; a driver applies them to `arm` at once (its update for that
  // step may have run already, coupled_subsystems.h). Allocates nothing.
  virtual void set_inputs(std::span<const double> /*u*/, PlanarSystem& /*arm*/) {}
  // The outputs of `arm`'s state at the communication point, size output_names().size().
  virtual void get_outputs(const PlanarSystem& /*arm*/, std::span<double> /*y*/) const {}
  // The probe values of `arm`'s state, size probe_names().size().
  virtual void probe(const PlanarSystem& /*arm*/, std::span<double> /*out*/) const {}

 private:
  static const std::vector<std::string>& no_names() {
    static const std::vector<std::string> none;
    return none;
  }
};

}  // namespace hilsim::sim::contact
