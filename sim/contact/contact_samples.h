// The sample of a contact co-simulation at a communication point (sim/cosim/sample_assembly.h): the
// tool's columns of CraneSample (its pose and velocity, closed contacts, total normal force) from the
// tool probes (contact_probes.h) of whichever subsystem holds the tool — the tool side, or the
// monolithic system. The crane's own columns stay zero: the guided arm has no cylinders; a contact
// task driven by the crane's hydraulics fills them from its crane subsystems.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sim/contact/contact_probes.h"
#include "sim/cosim/sample_assembly.h"

namespace hilsim::sim::contact {

class ContactSampleAssembly final : public SampleAssembly {
 public:
  // H: the macro step [s]. Throws std::invalid_argument when no subsystem has every tool probe.
  ContactSampleAssembly(double H, const std::vector<Subsystem*>& subsystems);
  CraneSample sample(std::int64_t n, std::span<const ProbeValues> probes) const override;

 private:
  double H_;
  std::size_t subsystem_ = 0;  // the one with the tool probes
  std::array<std::size_t, static_cast<std::size_t>(ToolProbe::kCount)> index_{};  // in its probes
};

}  // namespace hilsim::sim::contact
