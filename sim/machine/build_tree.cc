#include "sim/machine/build_tree.h"

#include <algorithm>
#include <set>

#include "sim/machine/description_checks.h"

namespace hilsim::sim::machine::internal {

namespace {

constexpr int kUnplaced = -2;

// A joint's body (its place in the description, kGround) and the point's coordinates on it.
struct End {
  int body = kGround;
  Eigen::Vector2d at = Eigen::Vector2d::Zero();
};

End resolve_end(const MachineDescription& d, const std::map<std::string, std::size_t>& names,
                const std::string& body, const std::string& point, const std::string& key) {
  End end;
  const NamedPoint* found = nullptr;
  if (body == "ground") {
    for (const NamedPoint& p : d.ground_points) found = p.name == point ? &p : found;
  } else {
    const auto it = names.find(body);
    require(
        it != names.end(), key, "body '" + body + "' is not described (bodies: " + [&] {
          std::string list = "ground";
          for (const auto& [n, i] : names) list += ", " + n;
          return list;
        }() + ")");
    end.body = static_cast<int>(it->second);
    for (const NamedPoint& p : d.bodies[it->second].points) found = p.name == point ? &p : found;
  }
  require(found != nullptr, key + "_point", "body '" + body + "' has no point '" + point + "'");
  end.at = found->at;
  return end;
}

Joint describe_joint(const MachineDescription& d, const std::map<std::string, std::size_t>& names,
                     std::size_t i) {
  const JointDescription& jd = d.joints[i];
  const std::string key = entry("joints", i);
  check_name(jd.name, key + ".name", "a joint's");
  Joint j;
  j.name = jd.name;
  j.type = jd.type;
  const End parent = resolve_end(d, names, jd.parent, jd.parent_point, key + ".parent");
  const End child = resolve_end(d, names, jd.child, jd.child_point, key + ".child");
  require(child.body != kGround, key + ".child",
          "joint '" + jd.name + "': the ground is no joint's child; make it the parent");
  require(child.body != parent.body, key + ".child",
          "joint '" + jd.name + "' joins body '" + jd.child + "' with itself");
  j.parent = parent.body;
  j.child = child.body;
  j.parent_at = parent.at;
  j.child_at = child.at;
  if (jd.type == JointType::kPrismatic) {
    const double norm = jd.axis.norm();
    require(norm > 0.0 && std::isfinite(norm), key + ".axis",
            "joint '" + jd.name + "': the axis must be a non-zero direction");
    j.axis = jd.axis / norm;
  }
  if (jd.limits) {
    require(jd.limits->lower < jd.limits->upper, key + ".limits",
            "joint '" + jd.name + "': its lower limit must be below its upper one");
    require(jd.limits->lower <= jd.initial && jd.initial <= jd.limits->upper, key + ".initial",
            "joint '" + jd.name + "': initial = " + number(jd.initial) + " lies outside its limits [" +
                number(jd.limits->lower) + ", " + number(jd.limits->upper) + "]");
  }
  j.limits = jd.limits;
  return j;
}

// Body indices from the description's to the tree's.
void renumber(Joint& j, const std::vector<int>& tree_index) {
  if (j.parent != kGround) j.parent = tree_index[j.parent];
  j.child = tree_index[j.child];
}

}  // namespace

Tree build_tree(const MachineDescription& d, const std::map<std::string, std::size_t>& names) {
  std::vector<Joint> joints;
  std::set<std::string> joint_names;
  for (std::size_t i = 0; i < d.joints.size(); ++i) {
    joints.push_back(describe_joint(d, names, i));
    require(joint_names.insert(d.joints[i].name).second, entry("joints", i) + ".name",
            "joint '" + d.joints[i].name + "' is described twice");
  }
  // Breadth first from the ground: a joint whose parent is placed and whose child is not carries it.
  std::vector<int> tree_index(d.bodies.size(), kUnplaced);
  std::vector<bool> in_tree(joints.size(), false);
  Tree tree;
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      const Joint& j = joints[i];
      const bool parent_placed = j.parent == kGround || tree_index[j.parent] != kUnplaced;
      if (in_tree[i] || !parent_placed || tree_index[j.child] != kUnplaced) continue;
      tree_index[j.child] = static_cast<int>(tree.order.size());
      tree.order.push_back(static_cast<std::size_t>(j.child));
      in_tree[i] = true;
      tree.joints.push_back(j);
      tree.described.push_back(i);
      grew = true;
    }
  }
  for (std::size_t b = 0; b < d.bodies.size(); ++b) {
    if (tree_index[b] != kUnplaced) continue;
    for (std::size_t i = 0; i < joints.size(); ++i) {
      require(joints[i].parent != static_cast<int>(b), entry("joints", i) + ".parent",
              "joint '" + d.joints[i].name + "': its parent '" + d.bodies[b].name +
                  "' is reached from the ground only through its child; swap parent and child");
    }
    fail(entry("bodies", b), "body '" + d.bodies[b].name + "' is joined to nothing that reaches the ground");
  }
  for (std::size_t b = 0; b < tree.joints.size(); ++b) {
    renumber(tree.joints[b], tree_index);
    tree.joints[b].coordinate = static_cast<int>(b);
  }
  for (std::size_t i = 0; i < joints.size(); ++i) {
    if (in_tree[i]) continue;
    Joint j = joints[i];
    renumber(j, tree_index);
    require(!d.joints[i].limits, entry("joints", i) + ".limits",
            "joint '" + j.name +
                "' closes a loop: its coordinate is not a state; give limits to a joint of the tree");
    j.first_row = tree.loop_rows;
    tree.loop_rows += 2;
    tree.joints.push_back(j);
    tree.described.push_back(i);
  }
  require(tree.loop_rows <= kMaxLoopRows, "joints",
          "the loops give " + std::to_string(tree.loop_rows) + " constraint rows; at most " +
              std::to_string(kMaxLoopRows));
  return tree;
}

}  // namespace hilsim::sim::machine::internal
