#include "sim/machine/build_bodies.h"

#include <set>

#include "sim/machine/description_checks.h"

namespace hilsim::sim::machine::internal {

std::map<std::string, std::size_t> body_names(const MachineDescription& d) {
  std::map<std::string, std::size_t> names;
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    const std::string& name = d.bodies[i].name;
    const std::string key = entry("bodies", i) + ".name";
    check_name(name, key, "a body's");
    require(name != "ground", key, "'ground' is the ground's name; give the body another");
    require(names.emplace(name, i).second, key, "body '" + name + "' is described twice");
  }
  require(!names.empty(), "bodies", "the machine has no body ([[bodies]])");
  require(
      names.size() <= static_cast<std::size_t>(kMaxBodies), "bodies",
      "the machine has " + std::to_string(names.size()) + " bodies; at most " + std::to_string(kMaxBodies));
  return names;
}

Body combine_inertia(const BodyDescription& b, std::size_t i) {
  const std::string key = entry("bodies", i);
  const std::string who = "body '" + b.name + "': ";
  require_range(b.mass, 0.0, kInfinity, false, true, key + ".mass", who + "mass", "kg");
  require_range(b.inertia, 0.0, kInfinity, false, true, key + ".inertia", who + "inertia", "kg·m²");
  double m = b.mass;
  Eigen::Vector2d moment = b.mass * b.centre_of_mass;
  for (std::size_t k = 0; k < b.point_masses.size(); ++k) {
    const PointMass& pm = b.point_masses[k];
    require_range(pm.mass, 0.0, kInfinity, true, true, key + "." + entry("point_masses", k) + ".mass",
                  who + "point mass", "kg");
    m += pm.mass;
    moment += pm.mass * pm.at;
  }
  require(m > 0.0, key + ".mass",
          who + "no mass: give it a mass > 0 or a point mass (every moving body needs one)");
  Body out;
  out.name = b.name;
  out.mass = m;
  out.centre_of_mass = moment / m;
  double I = b.inertia + b.mass * (b.centre_of_mass - out.centre_of_mass).squaredNorm();
  for (const PointMass& pm : b.point_masses) I += pm.mass * (pm.at - out.centre_of_mass).squaredNorm();
  out.inertia = I;
  return out;
}

std::vector<Point> all_points(const MachineDescription& d) {
  std::vector<Point> points;
  std::set<std::string> seen;
  const auto add = [&](const std::string& body, int index, const NamedPoint& p, const std::string& key) {
    check_name(p.name, key + ".name", "a point's");
    require(p.at.allFinite(), key + ".at",
            "point '" + body + "." + p.name + "': its coordinates must be finite");
    const std::string name = body + "." + p.name;
    require(seen.insert(name).second, key + ".name", "point '" + name + "' is described twice");
    points.push_back({name, index, p.at});
  };
  for (std::size_t i = 0; i < d.ground_points.size(); ++i) {
    add("ground", kGround, d.ground_points[i], entry("ground.points", i));
  }
  for (std::size_t b = 0; b < d.bodies.size(); ++b) {
    for (std::size_t i = 0; i < d.bodies[b].points.size(); ++i) {
      add(d.bodies[b].name, static_cast<int>(b), d.bodies[b].points[i],
          entry("bodies", b) + "." + entry("points", i));
    }
  }
  return points;
}

}  // namespace hilsim::sim::machine::internal
