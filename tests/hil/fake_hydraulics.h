// A stand-in for a hydraulic subsystem of the real-time executor: a sim::Subsystem that also reports
// its actuators' transducers (sim::ActuatorSensors), with readings the test sets. For the sensor
// publisher's tests; it integrates nothing.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "sim/cosim/actuator_sensors.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::hil::test {

// A subsystem that steps nothing and has no ports: what the publisher does not look at.
class FakeSubsystem : public sim::Subsystem {
 public:
  explicit FakeSubsystem(std::string name) : name_(std::move(name)) {}
  const std::string& name() const override { return name_; }
  const std::vector<std::string>& input_names() const override { return none_; }
  const std::vector<std::string>& output_names() const override { return none_; }
  void set_inputs(std::int64_t, std::span<const double>) override {}
  double micro_step_size() const override { return 1e-4; }
  std::int64_t micro_steps() const override { return 1; }
  void micro_step(std::int64_t, std::int64_t) override {}
  void get_outputs(std::span<double>) const override {}
  bool healthy() const override { return true; }
  const std::vector<std::string>& probe_names() const override { return none_; }
  void probe(std::int64_t, std::span<double>) const override {}

 private:
  std::string name_;
  std::vector<std::string> none_;
};

class FakeHydraulics final : public FakeSubsystem, public sim::ActuatorSensors {
 public:
  // Senses actuators first .. first + count − 1 (0-based).
  FakeHydraulics(int first, int count) : FakeSubsystem("fake hydraulics"), first_(first), count_(count) {}

  int sensed_actuators() const override { return count_; }
  int sensed_actuator(int i) const override { return first_ + i; }
  sim::ActuatorReading reading(int k) const override { return readings[static_cast<std::size_t>(k)]; }

  std::array<sim::ActuatorReading, 2> readings{};  // by crane index

 private:
  int first_;
  int count_;
};

// A contact co-simulation's side (sim::ContactSensors): the tool side senses its contacts' normal
// force, the arm side does not.
class FakeContactSide final : public FakeSubsystem, public sim::ContactSensors {
 public:
  FakeContactSide(bool tool, double normal_force)
      : FakeSubsystem(tool ? "tool" : "arm"), tool_(tool), normal_force_(normal_force) {}
  bool senses_contacts() const override { return tool_; }
  double contact_normal_force() const override { return normal_force_; }

 private:
  bool tool_;
  double normal_force_;  // [N]
};

// A subsystem with no sensors (the mechanics, to the publisher).
class FakeMechanics final : public FakeSubsystem {
 public:
  FakeMechanics() : FakeSubsystem("fake mechanics") {}
};

}  // namespace hilsim::hil::test
