// build_machine_model's kinematic tree (machine_model.h): which joint first reaches each body from
// the ground, the bodies in that order (a parent before its children), and the joints that close
// loops, each with its two constraint rows.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sim/machine/machine_model.h"

namespace hilsim::sim::machine::internal {

struct Tree {
  std::vector<std::size_t> order;      // tree index → the body's place in the description
  std::vector<Joint> joints;           // joint b carries body b; the loops' after them
  std::vector<std::size_t> described;  // each joint's place in the description, same order
  int loop_rows = 0;
};

// Throws MachineError for an unknown body or point, a joint of a body with itself, a body no joint
// reaches from the ground, a joint whose child is nearer the ground than its parent, a zero axis.
Tree build_tree(const MachineDescription& d, const std::map<std::string, std::size_t>& names);

}  // namespace hilsim::sim::machine::internal
