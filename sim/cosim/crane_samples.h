// The sample of the crane at a communication point, assembled from the probes of its subsystems
// (mechanics, and the hydraulics of every actuator, direct or with the RIM): the one place that
// turns subsystem states into the trajectory's columns, offline and in real time alike.
#pragma once

#include <string>
#include <utility>
#include <vector>

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
  // E0: the crane's mechanical energy T + V at t_0 [J]. Throws std::invalid_argument when a named
  // probe does not exist among `subsystems`.
  CraneSampleAssembly(const CraneParameters& crane, const HydraulicParameters& hyd, double H, double E0,
                      const std::vector<Subsystem*>& subsystems, const CraneProbeNames& names);
  CraneSample sample(std::int64_t n, std::span<const ProbeValues> probes) const override;

 private:
  // Where a probe value is, by index: its subsystem in the plan and its place in that one's probes.
  struct At {
    std::size_t subsystem = 0;
    std::size_t index = 0;
  };
  // Throws std::invalid_argument when no subsystem of that name has that probe.
  static At locate(const std::vector<Subsystem*>& subsystems, const ProbeName& name);
  static double value(std::span<const ProbeValues> probes, At at) { return probes[at.subsystem][at.index]; }

  CraneParameters crane_;
  HydraulicParameters hyd_;
  double H_;
  double E0_;
  std::vector<At> mechanics_;  // in the order of MechanicsProbe
  std::vector<At> p1_, p2_, kappa_, E_H_;
};

}  // namespace hilsim::sim
