// The sample of the crane at a communication point, assembled from the probes of its subsystems
// (mechanics, and the hydraulics of every actuator, direct or with the RIM): the one place that
// turns subsystem states into the trajectory's columns, offline and in real time alike.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/cosim/mechanics_probes.h"
#include "sim/cosim/sample_assembly.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

// Where a probe value is: (subsystem name, probe name).
using ProbeName = std::pair<std::string, std::string>;

struct CraneProbeNames {
  std::string mechanics = "mechanics";  // its probes: mechanics_probes.h
  // Per actuator: p1, p2 and κ.
  std::vector<ProbeName> p1, p2, kappa;
  std::vector<ProbeName> E_H;  // every hydraulic side of the coupling monitor
};

class CraneSampleAssembly final : public SampleAssembly {
 public:
  // E0: the crane's mechanical energy T + V at t_0 [J]; the energy at a communication point is the
  // mechanics' E_mech probe, evaluated where its trigonometry is at hand. Throws
  // std::invalid_argument when a named probe does not exist among `subsystems`.
  CraneSampleAssembly(const HydraulicParameters& hyd, double H, double E0,
                      const std::vector<Subsystem*>& subsystems, const CraneProbeNames& names);
  Sample sample(std::int64_t n, std::span<const ProbeValues> probes) const override;

 private:
  // Where a probe value is, by index: its subsystem in the plan and its place in that one's probes.
  struct At {
    std::uint32_t subsystem = 0;
    std::uint32_t index = 0;
  };
  // The crane has one or two actuators, and at most one hydraulic side of the monitor per actuator.
  static constexpr std::size_t kMaxActuators = 2;
  // Up to kMaxActuators places, in fixed storage inside the assembly: every communication point
  // reads some twenty values, and a vector per quantity cost a pointer to follow for each of them.
  struct Places {
    std::array<At, kMaxActuators> at{};
    std::size_t size = 0;
  };

  // Throws std::invalid_argument when no subsystem of that name has that probe.
  static At locate(const std::vector<Subsystem*>& subsystems, const ProbeName& name);
  // Throws std::invalid_argument for more than kMaxActuators names.
  static Places locate_all(const std::vector<Subsystem*>& subsystems, const std::vector<ProbeName>& names);
  static double value(std::span<const ProbeValues> probes, At at) { return probes[at.subsystem][at.index]; }

  HydraulicParameters hyd_;
  double H_;
  double E0_;
  std::array<At, index(MechanicsProbe::kCount)> mechanics_{};  // in the order of MechanicsProbe
  Places p1_, p2_, kappa_, E_H_;
};

}  // namespace hilsim::sim
