#include "sim/machine/machine_model.h"

#include "sim/machine/assembly.h"
#include "sim/machine/build_bodies.h"
#include "sim/machine/build_hydraulics.h"
#include "sim/machine/build_tree.h"
#include "sim/machine/description_checks.h"

namespace hilsim::sim::machine {

namespace {

template <class List>
int find_by_name(const List& list, const std::string& name) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// The bodies in tree order with their inertia, parents and joints; the points on the tree's indices.
void place_bodies(MachineModel& model, const MachineDescription& d, const internal::Tree& tree) {
  std::vector<int> tree_index(d.bodies.size());
  for (std::size_t b = 0; b < tree.order.size(); ++b) {
    Body body = internal::combine_inertia(d.bodies[tree.order[b]], tree.order[b]);
    body.parent = tree.joints[b].parent;
    body.joint = static_cast<int>(b);
    model.bodies.push_back(body);
    tree_index[tree.order[b]] = static_cast<int>(b);
  }
  model.points = internal::all_points(d);
  for (Point& p : model.points) {
    if (p.body != kGround) p.body = tree_index[p.body];
  }
  model.joints = tree.joints;
  model.loop_rows = tree.loop_rows;
}

}  // namespace

int MachineModel::body_index(const std::string& wanted) const {
  if (wanted == "ground") return kGround;
  const int i = find_by_name(bodies, wanted);
  return i >= 0 ? i : kNoBody;
}
int MachineModel::joint_index(const std::string& wanted) const { return find_by_name(joints, wanted); }
int MachineModel::point_index(const std::string& qualified) const { return find_by_name(points, qualified); }
int MachineModel::cylinder_index(const std::string& wanted) const { return find_by_name(cylinders, wanted); }

MachineModel build_machine_model(const MachineDescription& d) {
  MachineModel model;
  model.name = d.name;
  internal::require_range(d.gravity, 0.0, internal::kInfinity, false, true, "gravity", "gravity", "m/s²");
  model.gravity = d.gravity;
  const auto names = internal::body_names(d);
  const internal::Tree tree = internal::build_tree(d, names);
  place_bodies(model, d, tree);
  std::vector<std::size_t> tree_joints(tree.described.begin(), tree.described.begin() + model.coordinates());
  internal::assemble(model, d, tree_joints);
  internal::build_supplies(model, d);
  internal::build_cylinders(model, d);
  internal::build_limits(model, d);
  internal::build_sensors(model, d);
  return model;
}

}  // namespace hilsim::sim::machine
