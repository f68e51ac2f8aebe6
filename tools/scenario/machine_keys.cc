#include "tools/scenario/machine_keys.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <string>

#include "tools/scenario/key_table.h"
#include "tools/scenario/table_entries.h"
#include "tools/scenario/toml_text.h"

namespace hilsim::scenario {

namespace {

namespace m = sim::machine;
using M = m::MachineDescription;

inline constexpr Choice<m::FluidDescription::BulkModulusLaw> kBulkModulusLaws[] = {
    {"benchmark", m::FluidDescription::BulkModulusLaw::kBenchmark},
    {"constant", m::FluidDescription::BulkModulusLaw::kConstant}};
inline constexpr Choice<m::JointType> kJointTypes[] = {{"revolute", m::JointType::kRevolute},
                                                       {"prismatic", m::JointType::kPrismatic}};
inline constexpr Choice<m::SupplyDescription::Type> kSupplyTypes[] = {
    {"constant", m::SupplyDescription::Type::kConstantPressure}, {"pump", m::SupplyDescription::Type::kPump}};
inline constexpr Choice<m::ValveDescription::Type> kValveTypes[] = {
    {"open_centre", m::ValveDescription::Type::kOpenCentre},
    {"proportional", m::ValveDescription::Type::kProportional}};
using Kind = m::SensorDescription::Kind;
inline constexpr Choice<Kind> kSensorKinds[] = {{"joint_position", Kind::kJointPosition},
                                                {"joint_rate", Kind::kJointRate},
                                                {"body_angle", Kind::kBodyAngle},
                                                {"stroke", Kind::kStroke},
                                                {"stroke_rate", Kind::kStrokeRate},
                                                {"pressure_1", Kind::kChamberPressure1},
                                                {"pressure_2", Kind::kChamberPressure2},
                                                {"force", Kind::kCylinderForce},
                                                {"point_x", Kind::kPointX},
                                                {"point_y", Kind::kPointY},
                                                {"supply_pressure", Kind::kSupplyPressure}};

constexpr Range kPositive = open(0.0, kInf);
constexpr Range kNonNegative = closed_open(0.0, kInf);
constexpr Range kFinite = open(-kInf, kInf);

// "BODY.POINT": a named point of a body ("ground.A"), split into the two fields `B` and `P` name.
template <class T, class B, class P>
Access<T> end_point(B, P) {
  return {.type = KeyType::kString,
          .get = [](const T& t) { return Value(B{}(t) + "." + P{}(t)); },
          .set =
              [](T& t, const Value& v, const KeyContext& at) {
                const std::string& text = std::get<std::string>(v);
                const std::size_t dot = text.find('.');
                if (dot == std::string::npos || dot == 0 || dot + 1 == text.size()) {
                  throw InputError(at.what + " = '" + text +
                                   "' must name a point as BODY.POINT (\"ground.A\", \"boom.cylinder\")");
                }
                B{}(t) = text.substr(0, dot);
                P{}(t) = text.substr(dot + 1);
              }};
}

// A table of points, NAME = [x, y] [m, the body's frame], in the order of their names.
std::vector<m::NamedPoint> read_point_table(const toml::node& node, const KeyContext& at) {
  const toml::table* table = node.as_table();
  if (!table) {
    throw InputError(at.file + ":" + std::to_string(node.source().begin.line) + ": '" + at.key +
                     "' must be a table of points, NAME = [x, y]");
  }
  TableReader reader(at.file, *table, "", at.key);
  std::vector<m::NamedPoint> points;
  for (const auto& [key, value] : *table) {
    const std::string name(key.str());
    const Point2 p = std::get<Point2>(read_value(reader, name, KeyType::kPoint, value));
    points.push_back({name, {p[0], p[1]}});
  }
  return points;
}

// In the order of their names, as a file's table of points reads (toml++ keeps a table's keys sorted).
void write_point_table(std::ostream& o, std::vector<m::NamedPoint> points) {
  std::sort(points.begin(), points.end(),
            [](const m::NamedPoint& a, const m::NamedPoint& b) { return a.name < b.name; });
  o << "points = {";
  for (std::size_t i = 0; i < points.size(); ++i) {
    o << (i ? ", " : " ") << points[i].name << " = "
      << toml_value(Point2{points[i].at[0], points[i].at[1]}, KeyType::kPoint);
  }
  o << " }\n";
}

// Writes an array of tables: a header per entry, then its rows (a row of tables writes its own).
template <class T>
void write_entries(std::ostream& o, const std::string& header, const std::vector<T>& entries,
                   const std::vector<KeyRow<T>>& rows) {
  for (const T& entry : entries) {
    o << "\n[[" << header << "]]\n";
    for (const KeyRow<T>& row : rows) write_row(o, row, entry);
  }
}

// The arrays of tables of the top level, read and written whole.
void read_ground(M& d, const toml::node& node, const KeyContext& at) {
  d.ground_points = read_point_table(node, at);
}
void write_ground(std::ostream& o, const M& d) {
  o << "\n[ground]\n";
  write_point_table(o, d.ground_points);
}
void read_bodies(M& d, const toml::node& node, const KeyContext& at) {
  d.bodies = read_entries(node, body_keys(), at);
}
void write_bodies(std::ostream& o, const M& d) { write_entries(o, "bodies", d.bodies, body_keys()); }
void read_joints(M& d, const toml::node& node, const KeyContext& at) {
  d.joints = read_entries(node, joint_keys(), at);
}
void write_joints(std::ostream& o, const M& d) { write_entries(o, "joints", d.joints, joint_keys()); }
void read_supplies(M& d, const toml::node& node, const KeyContext& at);
void write_supplies(std::ostream& o, const M& d) { write_entries(o, "supplies", d.supplies, supply_keys()); }
void read_cylinders(M& d, const toml::node& node, const KeyContext& at);
void write_cylinders(std::ostream& o, const M& d) {
  write_entries(o, "cylinders", d.cylinders, cylinder_keys());
}
void read_sensors(M& d, const toml::node& node, const KeyContext& at) {
  d.sensors = read_entries(node, sensor_keys(), at);
}
void write_sensors(std::ostream& o, const M& d) { write_entries(o, "sensors", d.sensors, sensor_keys()); }

void read_body_points(m::BodyDescription& b, const toml::node& node, const KeyContext& at) {
  b.points = read_point_table(node, at);
}
void write_body_points(std::ostream& o, const m::BodyDescription& b) { write_point_table(o, b.points); }
void read_point_masses(m::BodyDescription& b, const toml::node& node, const KeyContext& at) {
  b.point_masses = read_entries(node, point_mass_keys(), at);
}
void write_point_masses(std::ostream& o, const m::BodyDescription& b) {
  for (const m::PointMass& pm : b.point_masses) {
    o << "[[bodies.point_masses]]\n";
    for (const KeyRow<m::PointMass>& row : point_mass_keys()) write_row(o, row, pm);
  }
}

void read_joint_limits(m::JointDescription& j, const toml::node& node, const KeyContext& at) {
  const toml::table* table = node.as_table();
  if (!table) {
    throw InputError(at.file + ":" + std::to_string(node.source().begin.line) + ": '" + at.key +
                     "' must be a table { lower = ..., upper = ... }");
  }
  j.limits = read_table_entry(*table, at.key, joint_limit_keys(), at);
}
void write_joint_limits(std::ostream& o, const m::JointDescription& j) {
  if (!j.limits) return;
  o << "limits = {";
  bool first = true;
  for (const KeyRow<m::JointLimits>& row : joint_limit_keys()) {
    const Value v = row.access.get(*j.limits);
    if (!std::isfinite(std::get<double>(v))) continue;  // no limit that way: the key's absence
    o << (first ? " " : ", ") << row.key << " = " << toml_value(v, row.access.type);
    first = false;
  }
  o << " }\n";
}

void read_supplies(M& d, const toml::node& node, const KeyContext& at) {
  d.supplies = read_entries(node, supply_keys(), at);
}
void read_cylinders(M& d, const toml::node& node, const KeyContext& at) {
  d.cylinders = read_entries(node, cylinder_keys(), at);
}

// The entries some keys apply to.
bool is_pump(const m::SupplyDescription& s) { return s.type == m::SupplyDescription::Type::kPump; }
bool is_constant(const m::SupplyDescription& s) { return !is_pump(s); }
bool is_proportional(const m::CylinderDescription& c) {
  return c.valve.type == m::ValveDescription::Type::kProportional;
}
bool is_open_centre(const m::CylinderDescription& c) { return !is_proportional(c); }
bool has_diameters(const m::CylinderDescription& c) { return !c.piston_area; }
bool is_prismatic(const m::JointDescription& j) { return j.type == m::JointType::kPrismatic; }

const std::vector<KeyRow<M>> kMachineKeys = {
    {.section = "",
     .key = "name",
     .unit = "",
     .help = "what the machine is called, in the run's header",
     .access = text<M>([](auto& d) -> auto& { return d.name; })},
    {.section = "",
     .key = "gravity",
     .unit = "m/s²",
     .help = "gravity's magnitude, along −y of the world",
     .access = number<M>([](auto& d) -> auto& { return d.gravity; }),
     .range = kNonNegative},
    {.section = "ground",
     .key = "points",
     .unit = "m",
     .help =
         "the ground's named points, `NAME = [x, y]` in the world frame (joints and cylinders pin to them)",
     .access = {.type = KeyType::kTables, .read_tables = read_ground, .write_tables = write_ground}},
    {.section = "fluid",
     .key = "density",
     .unit = "kg/m³",
     .help = "ρ of the oil",
     .access = number<M>([](auto& d) -> auto& { return d.fluid.density; }),
     .range = kPositive},
    {.section = "fluid",
     .key = "bulk_modulus_law",
     .unit = "",
     .help = "β(p): the benchmark's (1 + a p + b p²)/(a + 2 b p) (LIM benchmark 2021, eq. 11) or constant",
     .access = choice<M, kBulkModulusLaws>([](auto& d) -> auto& { return d.fluid.law; })},
    {.section = "fluid",
     .key = "a",
     .unit = "1/Pa",
     .help = "a of the benchmark's law",
     .access = number<M>([](auto& d) -> auto& { return d.fluid.a; }),
     .range = kPositive},
    {.section = "fluid",
     .key = "b",
     .unit = "1/Pa²",
     .help = "b of the benchmark's law",
     .access = number<M>([](auto& d) -> auto& { return d.fluid.b; }),
     .range = kFinite},
    {.section = "fluid",
     .key = "bulk_modulus",
     .unit = "Pa",
     .help = "β of the constant law",
     .access = number<M>([](auto& d) -> auto& { return d.fluid.bulk_modulus; }),
     .range = kPositive},
    {.section = "limits",
     .key = "end_stop_stiffness",
     .unit = "N/m",
     .help = "the cylinders' end stops (with the run's limits on)",
     .access = number<M>([](auto& d) -> auto& { return d.limits.end_stop_stiffness; }),
     .range = kPositive},
    {.section = "limits",
     .key = "end_stop_damping",
     .unit = "N·s/m",
     .help = "their damping",
     .access = number<M>([](auto& d) -> auto& { return d.limits.end_stop_damping; }),
     .range = kNonNegative},
    {.section = "limits",
     .key = "vapour_pressure",
     .unit = "Pa",
     .help = "below it a chamber cavitates (with the run's limits on)",
     .access = number<M>([](auto& d) -> auto& { return d.limits.vapour_pressure; }),
     .range = kPositive},
    {.section = "limits",
     .key = "chamber_relief_pressure",
     .unit = "Pa",
     .help = "cracking pressure of a relief valve from each chamber to the tank (with the run's limits on)",
     .access = number<M>([](auto& d) -> auto& { return d.limits.chamber_relief_pressure; }),
     .range = kPositive,
     .if_absent = "none"},
    {.section = "limits",
     .key = "chamber_relief_gain",
     .unit = "m³/(s·Pa)",
     .help = "its flow per pascal above cracking",
     .access = number<M>([](auto& d) -> auto& { return d.limits.chamber_relief_gain; }),
     .range = kPositive},
    {.section = "limits",
     .key = "diverged_pressure",
     .unit = "Pa",
     .help = "a chamber above it stops the run as diverged (the numbers, not the machine)",
     .access = number<M>([](auto& d) -> auto& { return d.limits.diverged_pressure; }),
     .range = kPositive,
     .if_absent = "the highest supply pressure (a pump's relief plus its override) × 20/7.6"},
    {.section = "",
     .key = "bodies",
     .unit = "",
     .help = "[[bodies]]: the moving bodies",
     .access = {.type = KeyType::kTables, .read_tables = read_bodies, .write_tables = write_bodies}},
    {.section = "",
     .key = "joints",
     .unit = "",
     .help = "[[joints]]: how they are joined; the first joint to reach a body carries it, any further one "
             "closes a loop",
     .access = {.type = KeyType::kTables, .read_tables = read_joints, .write_tables = write_joints}},
    {.section = "",
     .key = "supplies",
     .unit = "",
     .help = "[[supplies]]: what the valves draw from",
     .access = {.type = KeyType::kTables, .read_tables = read_supplies, .write_tables = write_supplies}},
    {.section = "",
     .key = "cylinders",
     .unit = "",
     .help = "[[cylinders]]: the hydraulic cylinders, each with its valve",
     .access = {.type = KeyType::kTables, .read_tables = read_cylinders, .write_tables = write_cylinders}},
    {.section = "",
     .key = "sensors",
     .unit = "",
     .help = "[[sensors]]: named values the trajectory CSV writes and a HIL run sends (docs/hil.md)",
     .access = {.type = KeyType::kTables, .read_tables = read_sensors, .write_tables = write_sensors}},
};

using Body = m::BodyDescription;
const std::vector<KeyRow<Body>> kBodyKeys = {
    {.section = "bodies",
     .key = "name",
     .unit = "",
     .help = "letters, digits and `_`; not `ground`",
     .access = text<Body>([](auto& b) -> auto& { return b.name; }),
     .required = true},
    {.section = "bodies",
     .key = "mass",
     .unit = "kg",
     .help = "its distributed mass (with its point masses, more than 0)",
     .access = number<Body>([](auto& b) -> auto& { return b.mass; }),
     .range = kNonNegative},
    {.section = "bodies",
     .key = "centre_of_mass",
     .unit = "m",
     .help = "of the distributed mass, in the body's frame",
     .access = point<Body>([](auto& b) -> auto& { return b.centre_of_mass; })},
    {.section = "bodies",
     .key = "inertia",
     .unit = "kg·m²",
     .help = "of the distributed mass about its centre",
     .access = number<Body>([](auto& b) -> auto& { return b.inertia; }),
     .range = kNonNegative},
    {.section = "bodies",
     .key = "points",
     .unit = "m",
     .help = "its named points, `{ NAME = [x, y], ... }` in its frame",
     .access = {.type = KeyType::kTables,
                .read_tables = read_body_points,
                .write_tables = write_body_points}},
    {.section = "bodies",
     .key = "point_masses",
     .unit = "",
     .help = "[[bodies.point_masses]]: payloads and lumped masses on it",
     .access = {.type = KeyType::kTables,
                .read_tables = read_point_masses,
                .write_tables = write_point_masses}},
};

const std::vector<KeyRow<m::PointMass>> kPointMassKeys = {
    {.section = "bodies.point_masses",
     .key = "mass",
     .unit = "kg",
     .help = "the point mass",
     .access = number<m::PointMass>([](auto& p) -> auto& { return p.mass; }),
     .range = kPositive,
     .required = true},
    {.section = "bodies.point_masses",
     .key = "at",
     .unit = "m",
     .help = "where, in the body's frame",
     .access = point<m::PointMass>([](auto& p) -> auto& { return p.at; })},
};

using Joint = m::JointDescription;
const std::vector<KeyRow<Joint>> kJointKeys = {
    {.section = "joints",
     .key = "name",
     .unit = "",
     .help = "letters, digits and `_`",
     .access = text<Joint>([](auto& j) -> auto& { return j.name; }),
     .required = true},
    {.section = "joints",
     .key = "type",
     .unit = "",
     .help = "revolute: the child turns by q [rad]; prismatic: it slides by q [m] along `axis`",
     .access = choice<Joint, kJointTypes>([](auto& j) -> auto& { return j.type; })},
    {.section = "joints",
     .key = "parent",
     .unit = "",
     .help = "`BODY.POINT`: the point of the parent (a body or `ground`) the joint sits at",
     .access = end_point<Joint>(
         [](auto& j) -> auto& { return j.parent; }, [](auto& j) -> auto& { return j.parent_point; }),
     .required = true},
    {.section = "joints",
     .key = "child",
     .unit = "",
     .help = "`BODY.POINT`: the point of the child that sits there",
     .access = end_point<Joint>(
         [](auto& j) -> auto& { return j.child; }, [](auto& j) -> auto& { return j.child_point; }),
     .required = true},
    {.section = "joints",
     .key = "axis",
     .unit = "",
     .help = "prismatic: the slide's direction in the parent's frame",
     .access = point<Joint>([](auto& j) -> auto& { return j.axis; }),
     .applies = is_prismatic,
     .applies_text = "type = \"prismatic\""},
    {.section = "joints",
     .key = "initial",
     .unit = "rad or m",
     .help = "q at the start: the child's angle to the parent's frame, or its slide",
     .access = number<Joint>([](auto& j) -> auto& { return j.initial; }),
     .range = kFinite},
    {.section = "joints",
     .key = "guess",
     .unit = "",
     .help = "in a closed loop: `initial` only starts the search for the pose that closes it",
     .access = boolean<Joint>([](auto& j) -> auto& { return j.guess; })},
    {.section = "joints",
     .key = "limits",
     .unit = "",
     .help = "`{ lower, upper, stiffness, damping }`: the joint's stops (with the run's limits on)",
     .access = {.type = KeyType::kTables,
                .read_tables = read_joint_limits,
                .write_tables = write_joint_limits}},
};

using Limits = m::JointLimits;
const std::vector<KeyRow<Limits>> kJointLimitKeys = {
    {.section = "joints.limits",
     .key = "lower",
     .unit = "rad or m",
     .help = "the lowest q",
     .access = number<Limits>([](auto& l) -> auto& { return l.lower; }),
     .range = kFinite,
     .unset = -kInf,
     .if_absent = "none below"},
    {.section = "joints.limits",
     .key = "upper",
     .unit = "rad or m",
     .help = "the highest q",
     .access = number<Limits>([](auto& l) -> auto& { return l.upper; }),
     .range = kFinite,
     .unset = kInf,
     .if_absent = "none above"},
    {.section = "joints.limits",
     .key = "stiffness",
     .unit = "N·m/rad or N/m",
     .help = "of the stop",
     .access = number<Limits>([](auto& l) -> auto& { return l.stiffness; }),
     .range = kPositive},
    {.section = "joints.limits",
     .key = "damping",
     .unit = "N·m·s/rad or N·s/m",
     .help = "of the stop",
     .access = number<Limits>([](auto& l) -> auto& { return l.damping; }),
     .range = kNonNegative},
};

using Supply = m::SupplyDescription;
const std::vector<KeyRow<Supply>> kSupplyKeys = {
    {.section = "supplies",
     .key = "name",
     .unit = "",
     .help = "letters, digits and `_`; cylinders name it",
     .access = text<Supply>([](auto& s) -> auto& { return s.name; }),
     .required = true},
    {.section = "supplies",
     .key = "type",
     .unit = "",
     .help =
         "constant: the benchmark's pump and tank pressures; pump: a fixed-displacement pump into a supply "
         "line with a relief valve",
     .access = choice<Supply, kSupplyTypes>([](auto& s) -> auto& { return s.type; })},
    {.section = "supplies",
     .key = "pressure",
     .unit = "Pa",
     .help = "constant: p_P",
     .access = number<Supply>([](auto& s) -> auto& { return s.pressure; }),
     .range = kPositive,
     .applies = is_constant,
     .applies_text = "type = \"constant\""},
    {.section = "supplies",
     .key = "tank_pressure",
     .unit = "Pa",
     .help = "p_T",
     .access = number<Supply>([](auto& s) -> auto& { return s.tank_pressure; }),
     .range = kNonNegative},
    {.section = "supplies",
     .key = "pump_flow",
     .unit = "m³/s",
     .help = "pump: displacement × speed",
     .access = number<Supply>([](auto& s) -> auto& { return s.pump_flow; }),
     .range = kPositive,
     .applies = is_pump,
     .applies_text = "type = \"pump\""},
    {.section = "supplies",
     .key = "line_volume",
     .unit = "m³",
     .help = "pump: the supply line's oil volume",
     .access = number<Supply>([](auto& s) -> auto& { return s.line_volume; }),
     .range = kPositive,
     .applies = is_pump,
     .applies_text = "type = \"pump\""},
    {.section = "supplies",
     .key = "relief_pressure",
     .unit = "Pa",
     .help = "pump: the relief valve's cracking pressure",
     .access = number<Supply>([](auto& s) -> auto& { return s.relief_pressure; }),
     .range = kPositive,
     .applies = is_pump,
     .applies_text = "type = \"pump\""},
    {.section = "supplies",
     .key = "relief_override",
     .unit = "Pa",
     .help = "pump: the rise above cracking at which the relief valve passes the whole pump flow",
     .access = number<Supply>([](auto& s) -> auto& { return s.relief_override; }),
     .range = kPositive,
     .applies = is_pump,
     .applies_text = "type = \"pump\""},
};

using Cyl = m::CylinderDescription;
const std::vector<KeyRow<Cyl>> kCylinderKeys = {
    {.section = "cylinders",
     .key = "name",
     .unit = "",
     .help = "letters, digits and `_`",
     .access = text<Cyl>([](auto& c) -> auto& { return c.name; }),
     .required = true},
    {.section = "cylinders",
     .key = "base",
     .unit = "",
     .help = "`BODY.POINT` the barrel is pinned to",
     .access = end_point<Cyl>(
         [](auto& c) -> auto& { return c.base_body; }, [](auto& c) -> auto& { return c.base_point; }),
     .required = true},
    {.section = "cylinders",
     .key = "rod_end",
     .unit = "",
     .help = "`BODY.POINT` the rod is pinned to",
     .access = end_point<Cyl>(
         [](auto& c) -> auto& { return c.rod_body; }, [](auto& c) -> auto& { return c.rod_point; }),
     .required = true},
    {.section = "cylinders",
     .key = "bore",
     .unit = "m",
     .help = "piston diameter: chamber 2 (cap side) A2 = π bore²/4",
     .access = number<Cyl>([](auto& c) -> auto& { return c.bore; }),
     .range = kPositive,
     .applies = has_diameters,
     .applies_text = "no piston_area"},
    {.section = "cylinders",
     .key = "rod",
     .unit = "m",
     .help = "rod diameter, below the bore: chamber 1 (rod side) A1 = π (bore² − rod²)/4; 0: equal areas",
     .access = number<Cyl>([](auto& c) -> auto& { return c.rod; }),
     .range = kNonNegative,
     .applies = has_diameters,
     .applies_text = "no piston_area"},
    {.section = "cylinders",
     .key = "piston_area",
     .unit = "m²",
     .help = "both chambers' area, in place of bore and rod (the benchmark's a_p)",
     .access = number<Cyl>([](auto& c) -> auto& { return c.piston_area; }),
     .range = kPositive,
     .if_absent = "from bore and rod"},
    {.section = "cylinders",
     .key = "stroke",
     .unit = "m",
     .help = "the piston's travel",
     .access = number<Cyl>([](auto& c) -> auto& { return c.stroke; }),
     .range = kPositive},
    {.section = "cylinders",
     .key = "retracted_length",
     .unit = "m",
     .help = "pin to pin, fully retracted",
     .access = number<Cyl>([](auto& c) -> auto& { return c.retracted_length; }),
     .range = kPositive,
     .if_absent = "the stroke centred on the initial length (both chambers equal there, LIM 2021 eq. 12)"},
    {.section = "cylinders",
     .key = "dead_volume_1",
     .unit = "m³",
     .help = "chamber 1's volume at its end of the stroke",
     .access = number<Cyl>([](auto& c) -> auto& { return c.dead_volume_1; }),
     .range = kNonNegative},
    {.section = "cylinders",
     .key = "dead_volume_2",
     .unit = "m³",
     .help = "chamber 2's",
     .access = number<Cyl>([](auto& c) -> auto& { return c.dead_volume_2; }),
     .range = kNonNegative},
    {.section = "cylinders",
     .key = "hose_volume_1",
     .unit = "m³",
     .help = "the hose between the valve and chamber 1",
     .access = number<Cyl>([](auto& c) -> auto& { return c.hose_volume_1; }),
     .range = kNonNegative},
    {.section = "cylinders",
     .key = "hose_volume_2",
     .unit = "m³",
     .help = "and chamber 2",
     .access = number<Cyl>([](auto& c) -> auto& { return c.hose_volume_2; }),
     .range = kNonNegative},
    {.section = "cylinders",
     .key = "friction",
     .unit = "N·s/m",
     .help = "viscous friction c: f = p2 A2 − p1 A1 − c ṡ",
     .access = number<Cyl>([](auto& c) -> auto& { return c.friction; }),
     .range = kNonNegative},
    {.section = "cylinders",
     .key = "supply",
     .unit = "",
     .help = "the supply its valve draws from",
     .access = text<Cyl>([](auto& c) -> auto& { return c.supply; }),
     .if_absent = "the one supply, when there is one"},
    {.section = "cylinders",
     .key = "valve",
     .unit = "",
     .help = "open_centre: the benchmark's valve, κ ∈ [0, 1] (LIM 2021, eqs. 9–13); proportional: a "
             "closed-centre 4/3 valve, u ∈ [−1, 1], 0 neutral, u > 0 extends",
     .access = choice<Cyl, kValveTypes>([](auto& c) -> auto& { return c.valve.type; })},
    {.section = "cylinders",
     .key = "valve_area",
     .unit = "m²",
     .help = "open_centre: the full opening",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.open_centre.area; }),
     .range = kPositive,
     .applies = is_open_centre,
     .applies_text = "valve = \"open_centre\""},
    {.section = "cylinders",
     .key = "discharge_coefficient",
     .unit = "",
     .help = "open_centre: c_d",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.open_centre.discharge_coefficient; }),
     .range = open_closed(0.0, 1.0),
     .applies = is_open_centre,
     .applies_text = "valve = \"open_centre\""},
    {.section = "cylinders",
     .key = "nominal_flow",
     .unit = "m³/s",
     .help = "proportional: Q_N through one fully open edge at its nominal drop (data sheet)",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.nominal_flow; }),
     .range = kPositive,
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
    {.section = "cylinders",
     .key = "return_nominal_flow",
     .unit = "m³/s",
     .help = "proportional: the edges to the tank's (1→T, 2→T) at the nominal drop, when the spool meters "
             "the flow out",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.return_nominal_flow; }),
     .range = kPositive,
     .if_absent = "nominal_flow",
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
    {.section = "cylinders",
     .key = "nominal_pressure_drop",
     .unit = "Pa",
     .help = "proportional: Δp_N per edge",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.nominal_pressure_drop; }),
     .range = kPositive,
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
    {.section = "cylinders",
     .key = "overlap",
     .unit = "",
     .help = "proportional: the dead band, a fraction of the spool travel",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.overlap; }),
     .range = closed_open(0.0, 1.0),
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
    {.section = "cylinders",
     .key = "natural_frequency",
     .unit = "Hz",
     .help = "proportional: the spool's second-order lag",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.natural_frequency; }),
     .range = kPositive,
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
    {.section = "cylinders",
     .key = "damping_ratio",
     .unit = "",
     .help = "proportional: its damping ζ",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.damping_ratio; }),
     .range = kPositive,
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
    {.section = "cylinders",
     .key = "leakage_flow",
     .unit = "m³/s",
     .help = "proportional: through the closed spool at the leakage drop",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.leakage_flow; }),
     .range = kPositive,
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
    {.section = "cylinders",
     .key = "leakage_pressure_drop",
     .unit = "Pa",
     .help = "proportional: that drop",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.leakage_pressure_drop; }),
     .range = kPositive,
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
    {.section = "cylinders",
     .key = "laminar_pressure_drop",
     .unit = "Pa",
     .help = "proportional: below it an edge's flow is laminar (so its slope stays finite at zero drop)",
     .access = number<Cyl>([](auto& c) -> auto& { return c.valve.proportional.laminar_pressure_drop; }),
     .range = kPositive,
     .applies = is_proportional,
     .applies_text = "valve = \"proportional\""},
};

using Sensor = m::SensorDescription;
const std::vector<KeyRow<Sensor>> kSensorKeys = {
    {.section = "sensors",
     .key = "name",
     .unit = "",
     .help = "the CSV column's name: letters, digits and `_`",
     .access = text<Sensor>([](auto& s) -> auto& { return s.name; }),
     .required = true},
    {.section = "sensors",
     .key = "kind",
     .unit = "",
     .help = "what it measures: a joint's q or q̇, a body's angle, a cylinder's stroke (length less its "
             "retracted length), rate, chamber pressures or force, a point's world x or y, a pump's line "
             "pressure",
     .access = choice<Sensor, kSensorKinds>([](auto& s) -> auto& { return s.kind; })},
    {.section = "sensors",
     .key = "target",
     .unit = "",
     .help = "the joint, body, cylinder or supply it reads; a point as `BODY.POINT`",
     .access = text<Sensor>([](auto& s) -> auto& { return s.target; }),
     .required = true},
};

}  // namespace

const std::vector<KeyRow<M>>& machine_keys() { return kMachineKeys; }
const std::vector<KeyRow<m::BodyDescription>>& body_keys() { return kBodyKeys; }
const std::vector<KeyRow<m::PointMass>>& point_mass_keys() { return kPointMassKeys; }
const std::vector<KeyRow<m::JointDescription>>& joint_keys() { return kJointKeys; }
const std::vector<KeyRow<m::JointLimits>>& joint_limit_keys() { return kJointLimitKeys; }
const std::vector<KeyRow<m::SupplyDescription>>& supply_keys() { return kSupplyKeys; }
const std::vector<KeyRow<m::CylinderDescription>>& cylinder_keys() { return kCylinderKeys; }
const std::vector<KeyRow<m::SensorDescription>>& sensor_keys() { return kSensorKeys; }

}  // namespace hilsim::scenario
