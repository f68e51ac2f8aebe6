// The immutable model of a planar hydraulic machine, built once from its description
// (machine_description.h) and then only read: the bodies in the order of their kinematic tree, each
// with its total mass, centre of mass and inertia; the joints; the points; the cylinders with their
// areas and volumes; the valves and supplies; the sensors. The algorithms are free functions over
// (model, workspace) in kinematics.h, dynamics.h, loop_closure.h and reduced_dynamics.h, in the
// manner of Pinocchio's Model and Data: the model serves any number of runs and threads, and each
// run owns a preallocated workspace (machine_data.h).
//
// Coordinates: q holds one coordinate per tree joint, i.e. per moving body, in the bodies' order
// (body b is carried by the joint of coordinate b). A joint that closes a loop adds two constraint
// rows Φ(q) = 0 (loop_closure.h); the coordinates then split into independent ones, integrated,
// and dependent ones, solved from the constraints.
#pragma once

#include <Eigen/Dense>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/machine/machine_description.h"

namespace hilsim::sim::machine {

// Fixed largest sizes, so that every vector and matrix of a step lives in fixed storage and no step
// allocates: bodies (= tree coordinates), rows of loop constraints, cylinders.
inline constexpr int kMaxBodies = 16;
inline constexpr int kMaxLoopRows = 8;
inline constexpr int kMaxCylinders = 8;
inline constexpr int kMaxNamedSensors = 16;  // named sensors, each a column of the trajectory
inline constexpr int kGround = -1;           // the ground's index wherever a body index is expected
inline constexpr int kNoBody = -2;           // no body of that name

using VecQ = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxBodies, 1>;
using RowQ = Eigen::Matrix<double, 1, Eigen::Dynamic, Eigen::RowMajor, 1, kMaxBodies>;
using MatQ = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxBodies, kMaxBodies>;
using Mat2Q = Eigen::Matrix<double, 2, Eigen::Dynamic, 0, 2, kMaxBodies>;
using VecL = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxLoopRows, 1>;
using MatLQ = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxLoopRows, kMaxBodies>;
using VecK = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxCylinders, 1>;
using MatKQ = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxCylinders, kMaxBodies>;
using MatQK = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxBodies, kMaxCylinders>;
using MatK = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxCylinders, kMaxCylinders>;

// A mistake in a description: `key` names where ("cylinders.boom.rod_point"), what() says what is
// wrong and what is accepted.
class MachineError : public std::runtime_error {
 public:
  MachineError(std::string key, const std::string& message)
      : std::runtime_error(message), key_(std::move(key)) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

struct Body {
  std::string name;
  double mass = 0.0;                                         // total, with its point masses [kg], (0, ∞)
  Eigen::Vector2d centre_of_mass = Eigen::Vector2d::Zero();  // of the total mass [m, body frame]
  double inertia = 0.0;  // of the total mass about its centre [kg·m²], [0, ∞)
  int parent = kGround;  // the body its tree joint hangs it from; always before it in the order
  int joint = 0;         // its tree joint, an index into MachineModel::joints
};

struct Point {
  std::string name;  // "BODY.POINT"
  int body = kGround;
  Eigen::Vector2d at = Eigen::Vector2d::Zero();  // [m, body frame]
};

struct Joint {
  std::string name;
  JointType type = JointType::kRevolute;
  int parent = kGround;
  int child = 0;
  Eigen::Vector2d parent_at = Eigen::Vector2d::Zero();  // the joint's point on the parent [m]
  Eigen::Vector2d child_at = Eigen::Vector2d::Zero();   // ... and on the child [m]
  Eigen::Vector2d axis = Eigen::Vector2d::UnitX();      // prismatic: unit, parent frame
  int coordinate = -1;  // its coordinate in q (the child's index); −1 for a loop-closing joint
  int first_row = -1;   // a loop-closing joint: its first of two constraint rows
  std::optional<JointLimits> limits;
};

struct Supply {
  std::string name;
  SupplyDescription::Type type = SupplyDescription::Type::kConstantPressure;
  double pressure = 0.0;         // constant: p_P [Pa]
  double tank_pressure = 0.0;    // p_T [Pa]
  double pump_flow = 0.0;        // [m³/s]
  double line_volume = 0.0;      // [m³]
  double relief_pressure = 0.0;  // cracking [Pa]
  double relief_gain = 0.0;      // pump flow / override [m³/(s·Pa)]
};

struct Cylinder {
  std::string name;
  int base_point = 0;  // into MachineModel::points
  int rod_point = 0;
  double area_1 = 0.0;            // chamber 1, which shrinks as the cylinder extends [m²]
  double area_2 = 0.0;            // chamber 2 [m²]
  double stroke = 0.0;            // [m]
  double retracted_length = 0.0;  // pin to pin [m]
  double volume_1 = 0.0;          // chamber 1's oil outside the swept volume: dead plus hose [m³]
  double volume_2 = 0.0;          // [m³]
  double friction = 0.0;          // [N·s/m]
  ValveDescription valve;
  int supply = 0;  // into MachineModel::supplies
};

struct Sensor {
  std::string name;
  SensorDescription::Kind kind = SensorDescription::Kind::kJointPosition;
  int target = 0;  // the joint, body, cylinder, supply or point's index
};

struct MachineModel {
  std::string name;
  double gravity = 9.81;     // [m/s²] along −y
  std::vector<Body> bodies;  // tree order: a parent before its children
  std::vector<Point> points;
  std::vector<Joint> joints;     // the tree's first (joint b carries body b), then the loops'
  int loop_rows = 0;             // rows of Φ
  std::vector<int> independent;  // coordinates integrated (all of them without loops)
  std::vector<int> dependent;    // coordinates the loop constraints solve for
  VecQ initial_q;                // the assembled pose at the start [rad, m]
  FluidDescription fluid;
  std::vector<Supply> supplies;
  std::vector<Cylinder> cylinders;
  std::vector<Sensor> sensors;
  LimitsDescription limits;  // diverged_pressure always set

  int coordinates() const { return static_cast<int>(bodies.size()); }
  int dofs() const { return static_cast<int>(independent.size()); }
  bool has_loops() const { return loop_rows > 0; }
  int cylinder_count() const { return static_cast<int>(cylinders.size()); }

  // Indices by name, −1 when there is none; a body's is kGround for "ground", kNoBody for none.
  int body_index(const std::string& wanted) const;
  int joint_index(const std::string& wanted) const;
  int point_index(const std::string& qualified) const;  // "BODY.POINT"
  int cylinder_index(const std::string& wanted) const;
};

// Above `highest` × 20 MPa / 7.6 MPa [Pa] a chamber pressure means the numbers have blown up, as the
// benchmark's 20 MPa bound (LIM benchmark 2021) stands to its 7.6 MPa supply: for it, exactly 20 MPa.
// The default of limits.diverged_pressure, `highest` the highest pressure a supply delivers.
inline double default_diverged_pressure(double highest) { return highest * 20e6 / 7.6e6; }

// Checks the description and builds the model: the tree, the bodies' inertia with their point masses,
// the cylinders' areas and volumes, the initial pose with its loops closed. Throws MachineError
// naming the key for an unknown body, point, joint or supply, a loop that cannot close, a cylinder
// whose stroke cannot reach its points, a zero or negative mass or area, or a value out of range.
MachineModel build_machine_model(const MachineDescription& description);

}  // namespace hilsim::sim::machine
