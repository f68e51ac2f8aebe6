// The machine file's key table: every key of a machine description (config/machines/*.toml,
// docs/machine.md), one row each (key_row.h) — section, key, type, unit, accepted range, help —
// over sim::machine::MachineDescription and its entries. The defaults are the description's own.
// load_machine_file reads by it, to_machine_toml writes it, and `hilsim machine-keys` prints the key
// reference of docs/machine.md from it, as the scenario's table does for docs/scenario.md.
#pragma once

#include <vector>

#include "sim/machine/machine_description.h"
#include "tools/scenario/key_row.h"

namespace hilsim::scenario {

// The top level, [ground], [fluid] and [limits], with the arrays of tables as rows of the top level.
const std::vector<KeyRow<sim::machine::MachineDescription>>& machine_keys();
// [[bodies]], [[bodies.point_masses]], [[joints]], [joints.limits], [[supplies]], [[cylinders]],
// [[sensors]]: one entry each.
const std::vector<KeyRow<sim::machine::BodyDescription>>& body_keys();
const std::vector<KeyRow<sim::machine::PointMass>>& point_mass_keys();
const std::vector<KeyRow<sim::machine::JointDescription>>& joint_keys();
const std::vector<KeyRow<sim::machine::JointLimits>>& joint_limit_keys();
const std::vector<KeyRow<sim::machine::SupplyDescription>>& supply_keys();
const std::vector<KeyRow<sim::machine::CylinderDescription>>& cylinder_keys();
const std::vector<KeyRow<sim::machine::SensorDescription>>& sensor_keys();

}  // namespace hilsim::scenario
