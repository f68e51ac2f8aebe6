#include <set>

#include "sim/machine/build_hydraulics.h"
#include "sim/machine/description_checks.h"

namespace hilsim::sim::machine::internal {

namespace {

using Kind = SensorDescription::Kind;

// The index of the sensor's target among what its kind reads, or −1 (the list is in the message).
int find_target(const MachineModel& model, const SensorDescription& s, std::string& what) {
  const auto find = [&](const auto& list, const char* kind) {
    what = kind;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (list[i].name == s.target) return static_cast<int>(i);
    }
    return -1;
  };
  switch (s.kind) {
    case Kind::kJointPosition:
    case Kind::kJointRate: {
      const int j = find(model.joints, "joint");
      return j >= 0 && model.joints[j].coordinate >= 0 ? j : -1;
    }
    case Kind::kBodyAngle:
      return find(model.bodies, "body");
    case Kind::kStroke:
    case Kind::kStrokeRate:
    case Kind::kChamberPressure1:
    case Kind::kChamberPressure2:
    case Kind::kCylinderForce:
      return find(model.cylinders, "cylinder");
    case Kind::kPointX:
    case Kind::kPointY:
      return find(model.points, "point (BODY.POINT)");
    case Kind::kSupplyPressure:
      return find(model.supplies, "supply");
  }
  return -1;
}

// A name the trajectory CSV already gives a column of its own (io::TrajectoryColumns): a sensor so
// named would make two columns of one name.
// Whether `name` is `prefix`, one or more digits, then `suffix`.
bool numbered(const std::string& name, const std::string& prefix, const std::string& suffix) {
  if (name.size() <= prefix.size() + suffix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return false;
  for (std::size_t i = prefix.size(); i < name.size() - suffix.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return false;
  }
  return true;
}

bool names_a_trajectory_column(const std::string& name) {
  for (const char* column :
       {"t", "kappa", "s1dot", "p1", "p2", "fh", "dE", "Ebal", "violC", "newton_iterations"}) {
    if (name == column) return true;
  }
  return numbered(name, "s", "") || numbered(name, "s", "dot") || numbered(name, "p1_", "") ||
         numbered(name, "p2_", "") || numbered(name, "fh_", "") || numbered(name, "kappa_", "") ||
         numbered(name, "theta", "");
}

}  // namespace

void build_sensors(MachineModel& model, const MachineDescription& d) {
  require(d.sensors.size() <= static_cast<std::size_t>(kMaxNamedSensors), "sensors",
          "the machine has " + std::to_string(d.sensors.size()) + " sensors; at most " +
              std::to_string(kMaxNamedSensors));
  std::set<std::string> names;
  for (std::size_t i = 0; i < d.sensors.size(); ++i) {
    const SensorDescription& s = d.sensors[i];
    const std::string key = entry("sensors", i);
    check_name(s.name, key + ".name", "a sensor's");
    require(names.insert(s.name).second, key + ".name", "sensor '" + s.name + "' is described twice");
    require(!names_a_trajectory_column(s.name), key + ".name",
            "sensor '" + s.name +
                "' has the name of a trajectory column (t, kappa, sK, sKdot, p1_K, p2_K, fh_K, "
                "kappa_K, thetaK, dE, Ebal): name it otherwise");
    std::string what;
    const int target = find_target(model, s, what);
    require(target >= 0, key + ".target",
            "sensor '" + s.name + "': '" + s.target + "' is no " + what +
                (what == "joint" ? " of the tree (a loop-closing joint has no coordinate)" : ""));
    if (s.kind == Kind::kSupplyPressure) {
      require(model.supplies[target].type == SupplyDescription::Type::kPump, key + ".target",
              "sensor '" + s.name + "': supply '" + s.target +
                  "' has a constant pressure; only a pump's line has a state");
    }
    model.sensors.push_back({s.name, s.kind, target});
  }
}

}  // namespace hilsim::sim::machine::internal
