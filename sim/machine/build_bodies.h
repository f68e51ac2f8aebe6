// build_machine_model's first steps (machine_model.h): the bodies with their inertia and the named
// points, checked.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sim/machine/machine_model.h"

namespace hilsim::sim::machine::internal {

// The bodies' names, each once, to their place in the description; "ground" is the ground's.
std::map<std::string, std::size_t> body_names(const MachineDescription& d);

// Body i's total mass, centre of mass and inertia about it, with its point masses (parallel axes);
// parent and joint are left for the tree.
Body combine_inertia(const BodyDescription& b, std::size_t i);

// Every named point as "BODY.POINT" (the ground's as "ground.POINT"), on the description's body
// indices (kGround for the ground).
std::vector<Point> all_points(const MachineDescription& d);

}  // namespace hilsim::sim::machine::internal
