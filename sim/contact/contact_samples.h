// The sample of a contact co-simulation at a communication point (sim/cosim/sample_assembly.h): the
// tool's columns of Sample (its pose and velocity, closed contacts, total normal force) from the
// tool probes (contact_probes.h) of whichever subsystem holds the tool — the tool side, or the
// monolithic system. The crane's own columns stay zero with a guided arm, which has no cylinders; in
// hydraulic mode (hydraulic_driver.h) they carry the cylinders' values: θ1, θ2, s_k, ṡ_k from the
// driver's probes (q1, q2, s1, s2, s1dot, s2dot) on the subsystem that holds the arm, p1, p2, κ from
// the probes of "hydraulics" and "hydraulics_2", and f_h = p2 A2 − p1 A1 − c ṡ (the machine's
// samples' rule, machine_samples.h). The coupling monitor's δE and the energy balance stay zero.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/contact/contact_probes.h"
#include "sim/cosim/sample_assembly.h"
#include "sim/machine/machine_model.h"

namespace hilsim::sim::contact {

class ContactSampleAssembly final : public SampleAssembly {
 public:
  // H: the macro step [s]; crane: the cylinders' machine in hydraulic mode, else null (it must
  // outlive the assembly). Throws std::invalid_argument when no subsystem has every tool probe (or,
  // in hydraulic mode, the cylinders' probes).
  ContactSampleAssembly(double H, const std::vector<Subsystem*>& subsystems,
                        const machine::MachineModel* crane = nullptr);
  Sample sample(std::int64_t n, std::span<const ProbeValues> probes) const override;

 private:
  void add_crane_columns(std::span<const ProbeValues> probes, Sample& s) const;

  double H_;
  std::size_t subsystem_ = 0;  // the one with the tool probes
  std::array<std::size_t, static_cast<std::size_t>(ToolProbe::kCount)> index_{};  // in its probes
  // Hydraulic mode: where each crane value is (subsystem, probe index), in the order of kCraneProbes.
  struct At {
    std::size_t subsystem = 0;
    std::size_t index = 0;
  };
  static constexpr std::size_t kCraneValues = 12;
  const machine::MachineModel* crane_model_ = nullptr;
  std::array<At, kCraneValues> crane_{};
};

}  // namespace hilsim::sim::contact
