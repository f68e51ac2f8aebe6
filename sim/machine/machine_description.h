// A planar hydraulic machine as data: what a machine file (config/machines/*.toml, docs/machine.md)
// says, before anything is checked or computed. build_machine_model (machine_model.h) checks it and
// turns it into the immutable model every formulation works from.
//
// Frames: the world's x right, y up, gravity along −y. Every body has a frame of its own; its
// points, centre of mass and point masses are given in it [m]. The ground is the body named
// "ground": it never moves, its frame is the world's, and it holds only points.
//
// Joints connect a point of one body (the parent, or the ground) with a point of another (the
// child). A revolute joint keeps the two points together and lets the child's frame turn by the
// joint coordinate q [rad] relative to the parent's; a prismatic joint keeps the frames parallel and
// slides the child's point along an axis fixed in the parent by q [m]. The joints that first reach
// each body from the ground form a tree; any further joint closes a kinematic loop and becomes a
// constraint (an excavator's bucket linkage).
//
// Hydraulics (per cylinder): chamber 1 is the one that shrinks as the cylinder extends (the rod
// side of a differential cylinder), chamber 2 the one that grows (the cap side), as in LIM benchmark
// 2021, eqs. (9)–(12). The force pushing the cylinder out is f = p2 A2 − p1 A1 − c ṡ.
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace hilsim::sim::machine {

// A point named on a body [m, body frame].
struct NamedPoint {
  std::string name;
  Eigen::Vector2d at = Eigen::Vector2d::Zero();
};

// A point mass on a body (a payload, a lumped tip mass) [kg] at `at` [m, body frame].
struct PointMass {
  double mass = 0.0;
  Eigen::Vector2d at = Eigen::Vector2d::Zero();
};

struct BodyDescription {
  std::string name;
  double mass = 0.0;                                         // distributed mass [kg], [0, ∞)
  Eigen::Vector2d centre_of_mass = Eigen::Vector2d::Zero();  // of the distributed mass [m]
  double inertia = 0.0;  // of the distributed mass about its centre [kg·m²], [0, ∞)
  std::vector<PointMass> point_masses;
  std::vector<NamedPoint> points;
};

enum class JointType { kRevolute, kPrismatic };

struct JointLimits {
  double lower = -std::numeric_limits<double>::infinity();  // [rad] or [m]
  double upper = std::numeric_limits<double>::infinity();   // [rad] or [m]
  double stiffness = 1e7;                                   // of the stop [N·m/rad] or [N/m], (0, ∞)
  double damping = 1e5;                                     // [N·m·s/rad] or [N·s/m], [0, ∞)
};

struct JointDescription {
  std::string name;
  JointType type = JointType::kRevolute;
  std::string parent;                               // body, or "ground"
  std::string parent_point;                         // a point of the parent
  std::string child;                                // body
  std::string child_point;                          // a point of the child
  Eigen::Vector2d axis = Eigen::Vector2d::UnitX();  // prismatic: slide direction in the parent frame
  // The joint coordinate at the start [rad] or [m]: the child frame's angle relative to the parent's
  // (revolute) or the slide (prismatic). In a closed loop, a joint marked `guess` only starts the
  // search for the pose that closes the loop; the others are held.
  double initial = 0.0;
  bool guess = false;
  std::optional<JointLimits> limits;
};

// The fluid: the benchmark's pressure-dependent bulk modulus (LIM benchmark 2021, eq. 11, after
// Cardona and Géradin 1990) or a constant one.
struct FluidDescription {
  double density = 850.0;  // ρ [kg/m³], (0, ∞)
  enum class BulkModulusLaw { kBenchmark, kConstant } law = BulkModulusLaw::kBenchmark;
  double a = 6.53e-10;          // eq. (11) [1/Pa]
  double b = -1.19e-18;         // eq. (11) [1/Pa²]
  double bulk_modulus = 1.5e9;  // the constant law's β [Pa], (0, ∞)
};

// The benchmark's valve (LIM benchmark 2021, eqs. 9–10, 13): chamber 1 from the pump through
// a_i = area κ, to the tank through a_o = area (1 − κ); chamber 2 the other way round. κ ∈ [0, 1];
// every edge is open at every κ inside (0, 1), and raising κ retracts the cylinder.
struct OpenCentreValve {
  double area = 5e-4;                   // full opening [m²], (0, ∞)
  double discharge_coefficient = 0.67;  // c_d [-], (0, 1]
};

// A closed-centre proportional 4/3 directional valve as its data sheet describes it: the command
// u ∈ [−1, 1] (0 = neutral; u > 0 connects the pump to chamber 2 and chamber 1 to the tank, so the
// cylinder extends), the nominal flow through one fully open edge at its nominal pressure drop, the
// overlap (a dead band of the spool travel), the spool's second-order lag, and the leakage of the
// closed spool.
struct ProportionalValve {
  double nominal_flow = 1e-3;            // Q_N [m³/s] at Δp_N per edge, (0, ∞)
  double nominal_pressure_drop = 3.5e6;  // Δp_N [Pa] per edge, (0, ∞)
  // The nominal flow of the edges to the tank (1→T, 2→T) at Δp_N, when the spool's return notches
  // differ (meter-out) [m³/s], (0, ∞). Unset: nominal_flow, a symmetric spool.
  std::optional<double> return_nominal_flow;
  double overlap = 0.05;                // dead band as a fraction of the spool travel, [0, 1)
  double natural_frequency = 60.0;      // ω of the spool's lag [Hz], (0, ∞)
  double damping_ratio = 0.7;           // ζ [-], (0, ∞)
  double leakage_flow = 1e-6;           // through the closed spool at the leakage drop [m³/s], (0, ∞)
  double leakage_pressure_drop = 10e6;  // [Pa], (0, ∞)
  // Below this drop an edge's flow is laminar (linear in Δp), so that its slope stays finite at
  // zero drop; above it, turbulent (∝ √Δp), continuous at the transition [Pa], (0, ∞).
  double laminar_pressure_drop = 0.2e6;
};

struct ValveDescription {
  enum class Type { kOpenCentre, kProportional } type = Type::kOpenCentre;
  OpenCentreValve open_centre;
  ProportionalValve proportional;
};

struct CylinderDescription {
  std::string name;
  std::string base_body, base_point;  // where the barrel is pinned
  std::string rod_body, rod_point;    // where the rod is pinned
  double bore = 0.0;                  // piston diameter [m], (0, ∞)
  double rod = 0.0;                   // rod diameter [m], [0, bore); 0: equal areas (a through rod)
  // Piston area on either side when the description gives areas, not diameters (the benchmark's
  // a_p): set, it replaces bore and rod [m²], (0, ∞).
  std::optional<double> piston_area;
  double stroke = 0.0;  // [m], (0, ∞)
  // Pin-to-pin length when fully retracted [m]. Unset: the stroke is centred on the initial length,
  // both chambers equal there (LIM benchmark 2021, eq. 12).
  std::optional<double> retracted_length;
  double dead_volume_1 = 0.0, dead_volume_2 = 0.0;  // at each end of the stroke [m³], [0, ∞)
  double hose_volume_1 = 0.0, hose_volume_2 = 0.0;  // between valve and chamber [m³], [0, ∞)
  double friction = 0.0;                            // viscous, c [N·s/m], [0, ∞)
  ValveDescription valve;
  std::string supply;  // the supply its valve draws from
};

// What the valves draw from: the benchmark's constant pump and tank pressures, or a fixed-
// displacement pump into a supply line of its own volume and pressure, with a relief valve to the
// tank. A pump's line couples every cylinder whose valve it feeds.
struct SupplyDescription {
  std::string name;
  enum class Type { kConstantPressure, kPump } type = Type::kConstantPressure;
  double pressure = 7.6e6;        // constant: p_P [Pa], (tank, ∞)
  double tank_pressure = 0.1e6;   // p_T [Pa], [0, ∞)
  double pump_flow = 2e-3;        // pump: displacement × speed [m³/s], (0, ∞)
  double line_volume = 2e-3;      // pump: the supply line's volume [m³], (0, ∞)
  double relief_pressure = 32e6;  // pump: cracking pressure of the relief valve [Pa], (tank, ∞)
  // pump: the relief valve's pressure rise above cracking that passes the whole pump flow (its
  // override) [Pa], (0, ∞).
  double relief_override = 1e6;
};

// Sensors the trajectory writes, each a named value of the machine.
struct SensorDescription {
  std::string name;
  enum class Kind {
    kJointPosition,     // joint coordinate [rad] or [m]
    kJointRate,         // [rad/s] or [m/s]
    kBodyAngle,         // a body's angle from the world's x axis [rad]
    kStroke,            // cylinder length less its retracted length [m]
    kStrokeRate,        // [m/s]
    kChamberPressure1,  // [Pa]
    kChamberPressure2,  // [Pa]
    kCylinderForce,     // p2 A2 − p1 A1 − c ṡ [N]
    kPointX,            // a point's world position [m]
    kPointY,
    kSupplyPressure,  // [Pa]
  } kind = Kind::kJointPosition;
  std::string target;  // the joint, body, cylinder, supply, or "BODY.POINT"
};

// The machine's limits, generalised from the benchmark's [limits] (sim/model/machine_limits.h):
// end stops at each cylinder's stroke, cavitation, relief valves on the chambers; the joints' own
// limits are in their descriptions.
struct LimitsDescription {
  double end_stop_stiffness = 1e8;  // [N/m], (0, ∞)
  double end_stop_damping = 5e5;    // [N·s/m], [0, ∞)
  double vapour_pressure = 2e3;     // [Pa], (0, tank pressure)
  // Relief valves from each chamber to the tank; unset: none.
  std::optional<double> chamber_relief_pressure;  // cracking [Pa]
  double chamber_relief_gain = 2e-9;              // [m³/(s·Pa)], (0, ∞)
  // A pressure above this means the numbers have blown up, not the machine: the run stops as
  // diverged. Unset: the highest pressure a supply delivers (its relief valve's with a pump, plus
  // its override) × 20/7.6, as the benchmark's 20 MPa stands to its 7.6 MPa supply.
  std::optional<double> diverged_pressure;
};

struct MachineDescription {
  std::string name;
  double gravity = 9.81;  // magnitude, along −y [m/s²], [0, ∞)
  std::vector<NamedPoint> ground_points;
  std::vector<BodyDescription> bodies;
  std::vector<JointDescription> joints;
  FluidDescription fluid;
  std::vector<SupplyDescription> supplies;
  std::vector<CylinderDescription> cylinders;
  std::vector<SensorDescription> sensors;
  LimitsDescription limits;
};

}  // namespace hilsim::sim::machine
