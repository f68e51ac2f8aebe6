// Small machines for the model's tests (machine_model_test.cc and others): a chain with a prismatic
// joint, and an arm with a four-bar linkage that closes a loop. Dimensions are plausible for a small
// loader, chosen so that no pose of the tests is singular.
#pragma once

#include "sim/machine/machine_description.h"

namespace hilsim::sim::machine::test_machines {

inline JointDescription revolute_joint(const char* name, const char* parent, const char* parent_point,
                                       const char* child, const char* child_point, double initial,
                                       bool guess = false) {
  JointDescription j;
  j.name = name;
  j.parent = parent;
  j.parent_point = parent_point;
  j.child = child;
  j.child_point = child_point;
  j.initial = initial;
  j.guess = guess;
  return j;
}

inline CylinderDescription test_cylinder(const char* name, const char* base_body, const char* base_point,
                                         const char* rod_body, const char* rod_point, double stroke) {
  CylinderDescription c;
  c.name = name;
  c.base_body = base_body;
  c.base_point = base_point;
  c.rod_body = rod_body;
  c.rod_point = rod_point;
  c.bore = 0.08;
  c.rod = 0.045;
  c.stroke = stroke;
  c.dead_volume_1 = c.dead_volume_2 = 5e-5;
  c.friction = 2e3;
  c.supply = "pump";
  return c;
}

inline SupplyDescription constant_supply() {
  SupplyDescription s;
  s.name = "pump";
  s.pressure = 16e6;
  s.tank_pressure = 0.2e6;
  return s;
}

// A boom about a ground pin, a telescope sliding in it (prismatic), a jib at the telescope's tip;
// three cylinders: ground–boom, boom–telescope, telescope–jib.
inline MachineDescription slider_arm() {
  MachineDescription d;
  d.name = "slider arm";
  d.ground_points = {{"O", {0.0, 0.0}}, {"C", {0.3, -0.5}}};
  BodyDescription boom{
      "boom", 100.0, {1.0, 0.0},
      30.0,   {},    {{"O", {0.0, 0.0}}, {"CR", {0.8, 0.0}}, {"S", {1.5, 0.1}}, {"K", {0.4, 0.15}}}};
  BodyDescription tele{"tele", 40.0, {0.5, 0.0},
                       5.0,    {},   {{"S", {0.0, 0.0}}, {"T", {1.0, 0.0}}, {"K", {0.2, 0.1}}}};
  BodyDescription jib{
      "jib", 20.0, {0.3, 0.05}, 1.0, {{10.0, {0.6, 0.0}}}, {{"T", {0.0, 0.0}}, {"X", {0.6, 0.0}}}};
  d.bodies = {boom, tele, jib};
  JointDescription slide = revolute_joint("slide", "boom", "S", "tele", "S", 0.2);
  slide.type = JointType::kPrismatic;
  slide.axis = {1.0, 0.0};
  d.joints = {revolute_joint("shoulder", "ground", "O", "boom", "O", 0.5), slide,
              revolute_joint("wrist", "tele", "T", "jib", "T", -0.6)};
  d.supplies = {constant_supply()};
  d.cylinders = {test_cylinder("lift", "ground", "C", "boom", "CR", 0.8),
                 test_cylinder("extend", "boom", "K", "tele", "K", 0.6),
                 test_cylinder("tilt", "tele", "K", "jib", "X", 0.5)};
  return d;
}

// A crank about A driven by a cylinder from C, a coupler from the crank's tip to a rocker about B;
// the coupler–rocker pin closes the loop (coupler and rocker coordinates start as guesses).
inline MachineDescription four_bar_arm() {
  MachineDescription d;
  d.name = "four-bar arm";
  d.ground_points = {{"A", {0.0, 0.0}}, {"B", {0.4, 0.0}}, {"C", {0.2, -0.4}}};
  BodyDescription crank{"crank", 10.0, {0.25, 0.0},
                        0.5,     {},   {{"A", {0.0, 0.0}}, {"D", {0.5, 0.0}}, {"P", {0.25, 0.05}}}};
  BodyDescription coupler{"coupler", 8.0, {0.3, 0.0}, 0.3, {}, {{"D", {0.0, 0.0}}, {"E", {0.6, 0.0}}}};
  BodyDescription rocker{
      "rocker", 6.0, {0.25, 0.0}, 0.2, {{5.0, {0.5, 0.0}}}, {{"B", {0.0, 0.0}}, {"E", {0.5, 0.0}}}};
  d.bodies = {crank, coupler, rocker};
  d.joints = {revolute_joint("crank_pin", "ground", "A", "crank", "A", 1.2),
              revolute_joint("coupler_pin", "crank", "D", "coupler", "D", -1.3, true),
              revolute_joint("rocker_pin", "ground", "B", "rocker", "B", 0.8, true),
              revolute_joint("loop_pin", "coupler", "E", "rocker", "E", 0.0)};
  d.supplies = {constant_supply()};
  d.cylinders = {test_cylinder("drive", "ground", "C", "crank", "P", 0.4)};
  return d;
}

}  // namespace hilsim::sim::machine::test_machines
