#include "sim/cosim/machine_samples.h"

#include <algorithm>
#include <stdexcept>

#include "sim/machine/kinematics.h"

namespace hilsim::sim {

static_assert(machine::kMaxNamedSensors <= kMaxSensors, "a sample holds every sensor a model may have");

MachineSampleAssembly::At MachineSampleAssembly::locate(const std::vector<Subsystem*>& subsystems,
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

MachineSampleAssembly::MachineSampleAssembly(std::shared_ptr<const machine::MachineModel> model, double H,
                                             double E0, const std::vector<Subsystem*>& subsystems,
                                             const MachineProbeNames& names)
    : model_(std::move(model)),
      H_(H),
      E0_(E0),
      layout_{model_->coordinates(), model_->cylinder_count()},
      mechanics_(locate(subsystems, {names.mechanics, "q1"}).subsystem),
      data_(*model_) {
  const auto all = [&](const std::vector<ProbeName>& list, std::vector<At>& out) {
    for (const ProbeName& n : list) out.push_back(locate(subsystems, n));
  };
  all(names.p1, p1_);
  all(names.p2, p2_);
  all(names.kappa, kappa_);
  all(names.E_H, E_H_);
  for (const ProbeName& n : names.p_s)
    p_s_.emplace_back(!n.first.empty(), n.first.empty() ? At{} : locate(subsystems, n));
  const std::size_t k = static_cast<std::size_t>(model_->cylinder_count());
  if (p1_.size() != k || p2_.size() != k || kappa_.size() != k || E_H_.empty()) {
    throw std::invalid_argument("co-simulation: the samples need p1, p2 and kappa of every cylinder");
  }
  if (model_->cylinder_count() > kMaxSampleCylinders || model_->coordinates() > kMaxSampleBodies ||
      static_cast<int>(model_->sensors.size()) > kMaxSensors) {
    throw std::invalid_argument(
        "co-simulation: a sample holds at most 8 cylinders, 16 bodies and 16 sensors");
  }
}

Sample MachineSampleAssembly::sample(std::int64_t n, std::span<const ProbeValues> probes) const {
  const ProbeValues& mech = probes[mechanics_];
  Sample s;
  s.t = static_cast<double>(n) * H_;
  for (int k = 0; k < model_->cylinder_count(); ++k) {
    const machine::Cylinder& c = model_->cylinders[k];
    CylinderSample& cs = s.cyl[k];
    cs.kappa = value(probes, kappa_[k]);
    cs.s = mech[layout_.s(k)];
    cs.s_dot = mech[layout_.s_dot(k)];
    cs.p1 = value(probes, p1_[k]);
    cs.p2 = value(probes, p2_[k]);
    cs.f_h = cs.p2 * c.area_2 - cs.p1 * c.area_1 - c.friction * cs.s_dot;  // eq. (8)
  }
  for (int b = 0; b < model_->coordinates(); ++b) {
    const machine::Body& body = model_->bodies[b];
    const double parent = body.parent == machine::kGround ? 0.0 : s.theta[body.parent];
    const bool revolute = model_->joints[body.joint].type == machine::JointType::kRevolute;
    s.q[b] = mech[layout_.q(b)];
    s.theta[b] = revolute ? parent + s.q[b] : parent;
  }
  double E_H = 0.0;
  for (const At& at : E_H_) E_H += value(probes, at);
  s.dE = E_H - mech[layout_.E_M()];
  s.E_balance = mech[layout_.E_mech()] - E0_ - mech[layout_.work()];
  if (!model_->sensors.empty()) add_sensors(s, probes);
  return s;
}

void MachineSampleAssembly::add_sensors(Sample& s, std::span<const ProbeValues> probes) const {
  const ProbeValues& mech = probes[mechanics_];
  machine::VecQ q(model_->coordinates()), q_dot(model_->coordinates());
  for (int b = 0; b < model_->coordinates(); ++b) {
    q[b] = mech[layout_.q(b)];
    q_dot[b] = mech[layout_.q_dot(b)];
  }
  std::array<double, machine::kMaxCylinders> p_s{};
  for (std::size_t i = 0; i < p_s_.size() && i < p_s.size(); ++i)
    p_s[i] = p_s_[i].first ? value(probes, p_s_[i].second) : model_->supplies[i].pressure;
  fill_sensors(*model_, q, q_dot, p_s, data_, s);
}

void fill_sensors(const machine::MachineModel& model, const machine::VecQ& q, const machine::VecQ& q_dot,
                  std::span<const double> supply_pressure, machine::MachineData& data, Sample& s) {
  using Kind = machine::SensorDescription::Kind;
  bool posed = false;
  for (std::size_t i = 0; i < model.sensors.size(); ++i) {
    const machine::Sensor& sensor = model.sensors[i];
    const int t = sensor.target;
    double v = 0.0;
    switch (sensor.kind) {
      case Kind::kJointPosition:
        v = q[model.joints[t].coordinate];
        break;
      case Kind::kJointRate:
        v = q_dot[model.joints[t].coordinate];
        break;
      case Kind::kBodyAngle:
        v = s.theta[t];
        break;
      case Kind::kStroke:
        v = s.cyl[t].s - model.cylinders[t].retracted_length;
        break;
      case Kind::kStrokeRate:
        v = s.cyl[t].s_dot;
        break;
      case Kind::kChamberPressure1:
        v = s.cyl[t].p1;
        break;
      case Kind::kChamberPressure2:
        v = s.cyl[t].p2;
        break;
      case Kind::kCylinderForce:
        v = s.cyl[t].f_h;
        break;
      case Kind::kSupplyPressure:
        v = supply_pressure[static_cast<std::size_t>(t)];
        break;
      case Kind::kPointX:
      case Kind::kPointY: {
        if (!posed) {
          machine::forward_kinematics(model, q, machine::VecQ::Zero(model.coordinates()), data);
          posed = true;
        }
        const machine::Point& p = model.points[t];
        v = machine::point_position(data, p.body, p.at)[sensor.kind == Kind::kPointX ? 0 : 1];
        break;
      }
    }
    s.sensor[i] = v;
  }
}

}  // namespace hilsim::sim
