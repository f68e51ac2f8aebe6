// The monolithic reference of a contact co-simulation (Peiret et al. (contact tasks), §7: "the reference
// solution is a monolithic simulation of the entire system with the same step-size"): the machine joined at
// its weld (join(), coupled_systems.h) and stepped as one system by the impulse–momentum scheme, a
// one-subsystem plan, without ports unless its driver has them (a hydraulic one, arm_driver.h). The arm's
// bodies and servos keep their indices in the joined system, so the arm's ArmDriver drives it as it drives
// the arm side.
#pragma once

#include <string>
#include <vector>

#include "sim/contact/arm_driver.h"
#include "sim/contact/coupled_systems.h"
#include "sim/contact/pivoting_box_lcp.h"
#include "sim/contact/time_stepper.h"
#include "sim/cosim/actuator_sensors.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::sim::contact {

class MonolithicSubsystem final : public Subsystem, public ContactSensors {
 public:
  // join(systems, weld.linear, weld.angular): rigid by default, the reference; with the interface's
  // K_i, D_i, the compliant machine that every coupling approximates. h [s] > 0, K ≥ 1 micro steps
  // per macro step; the driver must outlive the subsystem.
  MonolithicSubsystem(const CoupledSystems& systems, const RowCompliance& linear,
                      const RowCompliance& angular, double h, std::int64_t micro_steps, ArmDriver& driver);

  const std::string& name() const override { return name_; }
  // The driver's ports (arm_driver.h): none for a guided arm.
  const std::vector<std::string>& input_names() const override { return driver_.input_names(); }
  const std::vector<std::string>& output_names() const override { return driver_.output_names(); }
  double micro_step_size() const override { return h_; }
  std::int64_t micro_steps() const override { return micro_steps_; }

  void set_inputs(std::int64_t /*n*/, std::span<const double> u) override { driver_.set_inputs(u, system_); }
  void micro_step(std::int64_t n, std::int64_t j) override;
  void do_step(std::int64_t n) override { compose_macro_step(*this, n); }
  void get_outputs(std::span<double> y) const override { driver_.get_outputs(system_, y); }
  bool healthy() const override;
  const std::vector<std::string>& probe_names() const override { return probe_names_; }
  void probe(std::int64_t n, std::span<double> out) const override;

  // The tool's contacts (sim/cosim/actuator_sensors.h).
  bool senses_contacts() const override { return true; }
  double contact_normal_force() const override { return stepper_.total_normal_force(); }

  const PlanarSystem& system() const { return system_; }
  std::int64_t unsolved_steps() const { return unsolved_steps_; }

 private:
  std::string name_ = "monolithic";
  std::vector<std::string> probe_names_;  // the tool's, the arm's (contact_probes.h), the driver's
  PlanarSystem system_;
  int tool_body_;
  int arm_body_;
  double h_;
  std::int64_t micro_steps_;
  ArmDriver& driver_;
  TimeStepper stepper_;
  PivotingBoxLcpSolver solver_;
  std::int64_t unsolved_steps_ = 0;
};

}  // namespace hilsim::sim::contact
