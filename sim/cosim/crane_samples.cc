#include "sim/cosim/crane_samples.h"

#include <algorithm>
#include <stdexcept>

#include "sim/cosim/mechanics_probes.h"
#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

CraneSampleAssembly::At CraneSampleAssembly::locate(const std::vector<Subsystem*>& subsystems,
                                                    const ProbeName& name) {
  for (std::size_t i = 0; i < subsystems.size(); ++i) {
    if (subsystems[i]->name() != name.first) continue;
    const std::vector<std::string>& probes = subsystems[i]->probe_names();
    const auto it = std::find(probes.begin(), probes.end(), name.second);
    if (it == probes.end()) continue;
    return At{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(it - probes.begin())};
  }
  throw std::invalid_argument("co-simulation: no probe '" + name.second + "' on a subsystem " + name.first);
}

CraneSampleAssembly::Places CraneSampleAssembly::locate_all(const std::vector<Subsystem*>& subsystems,
                                                            const std::vector<ProbeName>& names) {
  if (names.size() > kMaxActuators) {
    throw std::invalid_argument("co-simulation: the crane's samples take at most " +
                                std::to_string(kMaxActuators) + " actuators");
  }
  Places places;
  for (const ProbeName& n : names) places.at[places.size++] = locate(subsystems, n);
  return places;
}

CraneSampleAssembly::CraneSampleAssembly(const HydraulicParameters& hyd, double H, double E0,
                                         const std::vector<Subsystem*>& subsystems,
                                         const CraneProbeNames& names)
    : hyd_(hyd), H_(H), E0_(E0) {
  for (std::size_t i = 0; i < mechanics_.size(); ++i) {
    mechanics_[i] = locate(subsystems, {names.mechanics, mechanics_probe_names()[i]});
  }
  p1_ = locate_all(subsystems, names.p1);
  p2_ = locate_all(subsystems, names.p2);
  kappa_ = locate_all(subsystems, names.kappa);
  E_H_ = locate_all(subsystems, names.E_H);
  if (p1_.size == 0 || p1_.size != p2_.size || p1_.size != kappa_.size || E_H_.size == 0) {
    throw std::invalid_argument("co-simulation: the crane's samples need p1, p2 and kappa of every actuator");
  }
}

Sample CraneSampleAssembly::sample(std::int64_t n, std::span<const ProbeValues> probes) const {
  using P = MechanicsProbe;
  const auto mech = [&](P p) { return value(probes, mechanics_[index(p)]); };
  const auto pressures = [&](std::size_t k) {
    return Eigen::Vector2d(value(probes, p1_.at[k]), value(probes, p2_.at[k]));
  };
  Sample s;
  s.t = static_cast<double>(n) * H_;
  s.cyl[0].kappa = value(probes, kappa_.at[0]);
  s.cyl[0].s = mech(P::kS1);
  s.cyl[0].s_dot = mech(P::kS1dot);
  s.cyl[0].p1 = pressures(0)[0];
  s.cyl[0].p2 = pressures(0)[1];
  s.cyl[0].f_h = actuator_force(hyd_, pressures(0), s.cyl[0].s_dot);
  s.theta[0] = mech(P::kQ1);
  s.theta[1] = mech(P::kQ2);
  if (p1_.size == 2) {
    s.cyl[1].kappa = value(probes, kappa_.at[1]);
    s.cyl[1].s = mech(P::kS2);
    s.cyl[1].s_dot = mech(P::kS2dot);
    s.cyl[1].p1 = pressures(1)[0];
    s.cyl[1].p2 = pressures(1)[1];
    s.cyl[1].f_h = actuator_force(hyd_, pressures(1), s.cyl[1].s_dot);
  }
  double E_H = value(probes, E_H_.at[0]);
  for (std::size_t k = 1; k < E_H_.size; ++k) E_H += value(probes, E_H_.at[k]);
  s.dE = E_H - mech(P::kEM);
  s.E_balance = mech(P::kEnergy) - E0_ - mech(P::kWork);
  return s;
}

}  // namespace hilsim::sim
