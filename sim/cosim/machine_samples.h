// The sample of a machine at a communication point, assembled from the probes of its subsystems
// (the mechanics, mechanics_probes.h, and the hydraulics of every circuit, direct or with the RIM):
// the one place that turns subsystem states into the trajectory's columns and sensors, offline and in
// real time alike.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sim/cosim/mechanics_probes.h"
#include "sim/cosim/sample_assembly.h"
#include "sim/machine/machine_data.h"

namespace hilsim::sim {

// Where a probe value is: (subsystem name, probe name).
using ProbeName = std::pair<std::string, std::string>;

struct MachineProbeNames {
  std::string mechanics = "mechanics";  // its probes: mechanics_probes.h
  // Per cylinder: p1, p2 and κ.
  std::vector<ProbeName> p1, p2, kappa;
  std::vector<ProbeName> E_H;  // every hydraulic side of the coupling monitor
  // Per supply: its pump line's pressure; an empty name for a constant supply.
  std::vector<ProbeName> p_s;
};

class MachineSampleAssembly final : public SampleAssembly {
 public:
  // E0: the machine's mechanical energy T + V at t_0 [J]. Throws std::invalid_argument when a named
  // probe does not exist among `subsystems`.
  MachineSampleAssembly(std::shared_ptr<const machine::MachineModel> model, double H, double E0,
                        const std::vector<Subsystem*>& subsystems, const MachineProbeNames& names);
  Sample sample(std::int64_t n, std::span<const ProbeValues> probes) const override;

 private:
  // Where a probe value is, by index: its subsystem in the plan and its place in that one's probes.
  struct At {
    std::uint32_t subsystem = 0;
    std::uint32_t index = 0;
  };
  static At locate(const std::vector<Subsystem*>& subsystems, const ProbeName& name);
  static double value(std::span<const ProbeValues> probes, At at) { return probes[at.subsystem][at.index]; }
  // The sensors' values from the sample's other values and the state probed.
  void add_sensors(Sample& s, std::span<const ProbeValues> probes) const;

  std::shared_ptr<const machine::MachineModel> model_;
  double H_;
  double E0_;
  MechanicsProbeLayout layout_;
  std::uint32_t mechanics_ = 0;  // the mechanics' subsystem index
  std::vector<At> p1_, p2_, kappa_, E_H_;
  std::vector<std::pair<bool, At>> p_s_;  // per supply: a pump's, and where
  // For the point sensors, in the thread that assembles (the offline run's, or the writer thread).
  mutable machine::MachineData data_;
};

// The machine's named sensors into s.sensor, from the rest of s (its cylinders and angles), the
// tree coordinates q [rad, m] and rates q_dot, and each supply's pressure [Pa] (p_P or a pump's line);
// `data` is the workspace the point sensors' kinematics use. The co-simulation's samples and the
// monolithic solver's alike.
void fill_sensors(const machine::MachineModel& model, const machine::VecQ& q, const machine::VecQ& q_dot,
                  std::span<const double> supply_pressure, machine::MachineData& data, Sample& s);

}  // namespace hilsim::sim
