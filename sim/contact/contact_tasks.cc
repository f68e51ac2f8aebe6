#include "sim/contact/contact_tasks.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hilsim::sim::contact {
namespace {

void require(bool ok, const char* task, const std::string& message) {
  if (!ok) throw std::invalid_argument(std::string(task) + " task: " + message);
}

bool positive(double x) { return x > 0.0 && std::isfinite(x); }

// A uniform rectangle of a composite tool: its mass [kg], centre and size [m].
struct Part {
  double mass = 0.0;
  Vec2 centre = Vec2::Zero();
  double width = 0.0;
  double height = 0.0;
};

struct Composite {
  double mass = 0.0;                   // [kg]
  Vec2 centre_of_mass = Vec2::Zero();  // in the frame the parts are given in [m]
  double inertia = 0.0;                // about the centre of mass [kg·m²]
};

Composite composite(const std::vector<Part>& parts) {
  Composite c;
  for (const Part& p : parts) {
    c.mass += p.mass;
    c.centre_of_mass += p.mass * p.centre;
  }
  c.centre_of_mass /= c.mass;
  for (const Part& p : parts) {
    c.inertia += p.mass * ((p.width * p.width + p.height * p.height) / 12.0 +
                           (p.centre - c.centre_of_mass).squaredNorm());
  }
  return c;
}

// The arm side at the crane's initial configuration with the wrist straight, and the tool's pose
// there for the weld.
struct ArmStart {
  CraneArm arm;
  ArmKinematics kinematics;
  Vec3 tool_pose;
};

ArmStart arm_start(const CraneParameters& crane, const CraneArmSettings& settings,
                   const InterfaceWeld& weld) {
  const ArmAngles initial{crane.theta1_0, crane.theta2_0, 0.0};
  ArmKinematics kinematics(crane, weld);
  const Vec3 pose = kinematics.forward(initial);
  return {build_crane_arm(crane, settings, initial), kinematics, pose};
}

void set_arm_side(ContactTask& task, const CraneArm& arm, const InterfaceWeld& weld) {
  task.systems.arm = arm.system;
  task.systems.arm_body = arm.wrist;
  task.systems.weld = weld;
  task.systems.tool.gravity = arm.system.gravity;
  task.systems.tool.detection = arm.system.detection;
}

ContactPair pair(int polygon, int segment, double friction, const ContactCompliance& c) {
  return {polygon, segment, friction, c.normal, c.friction_damping};
}

void check_compliance_settings(const ContactCompliance& c, const char* task) {
  check_compliance(c.normal, std::string(task) + " task: contact normal");
  require(c.friction_damping > 0.0, task, "contact friction_damping must be > 0 N·s/m");
}

}  // namespace

ContactTask landing_task(const LandingSettings& s, const CraneParameters& crane,
                         const CraneArmSettings& arm) {
  const char* name = "landing";
  require(positive(s.box_width) && positive(s.box_height), name, "box_width and box_height must be > 0 m");
  require(positive(s.box_mass), name, "box_mass must be > 0 kg");
  require(s.friction >= 0.0 && std::isfinite(s.friction), name, "friction must be finite and ≥ 0");
  require(s.press_depth >= 0.0 && s.press_depth < 0.005, name, "press_depth must be in [0, 0.005) m");
  require(std::isfinite(s.platform_top) && std::isfinite(s.slide), name,
          "platform_top and slide must be finite");
  check_compliance_settings(s.contact, name);
  const double w = s.box_width;
  const double h = s.box_height;
  // The box hangs level from R at its top centre, the wrist straight along a hanging link 2.
  const InterfaceWeld weld{Vec2::Zero(), Vec2(0.0, 0.5 * h), crane.theta2_0};
  const ArmStart start = arm_start(crane, arm, weld);

  ContactTask task;
  task.name = name;
  set_arm_side(task, start.arm, weld);
  PlanarSystem& tool = task.systems.tool;
  const int world = tool.add_body(kinematic_body("world"));
  task.systems.tool_body =
      tool.add_body(rigid_body("box", s.box_mass, s.box_mass * (w * w + h * h) / 12.0, start.tool_pose));
  const int box = tool.add_polygon(
      {task.systems.tool_body,
       {Vec2(-0.5 * w, -0.5 * h), Vec2(0.5 * w, -0.5 * h), Vec2(0.5 * w, 0.5 * h), Vec2(-0.5 * w, 0.5 * h)}});
  const double x0 = start.tool_pose.x();
  const int platform =
      tool.add_segment({world, Vec2(x0 - 0.3, s.platform_top), Vec2(x0 + s.slide + 0.7, s.platform_top)});
  tool.add_pair(pair(box, platform, s.friction, s.contact));

  // Down to 5 mm over the surface, then slowly onto it and press_depth into it; the slide; the hold.
  const double above = 0.005;  // [m]
  const double bottom = start.tool_pose.y() - 0.5 * h;
  ReferencePath path(start.tool_pose);
  path.hold(0.2).move(Vec3(0.0, s.platform_top + above - bottom, 0.0), 2.0);
  path.move(Vec3(0.0, -above - s.press_depth, 0.0), 1.0).hold(0.3);
  path.move(Vec3(s.slide, 0.0, 0.0), 3.0).hold(1.5);
  task.duration = path.duration();
  task.driver = std::make_unique<GuidedArmDriver>(std::move(path), start.kinematics, start.arm);
  return task;
}

namespace {

constexpr double kPlateWidth = 0.45;      // [m]
constexpr double kPlateThickness = 0.05;  // [m]
constexpr double kPlateMass = 20.0;       // [kg]
constexpr double kPinMass = 5.0;          // [kg]
constexpr double kApproach = 0.02;        // the pins' tips over the socket when the push starts [m]
constexpr double kClearance = 0.1;        // of the pins' tips over the socket in the turn [m]

void check_insertion(const InsertionSettings& s) {
  const char* name = "insertion";
  require(positive(s.pin_width) && positive(s.play), name, "pin_width and play must be > 0 m");
  require(s.pin_spacing > s.pin_width + s.play && s.pin_spacing + s.pin_width <= kPlateWidth, name,
          "pin_spacing must be in (pin_width + play, 0.45 m − pin_width]");
  require(positive(s.pin_length) && positive(s.socket_depth), name,
          "pin_length and socket_depth must be > 0 m");
  require(std::isfinite(s.socket_x) && std::isfinite(s.socket_top), name,
          "socket_x and socket_top must be finite");
  require(s.friction >= 0.0 && std::isfinite(s.friction), name, "friction must be finite and ≥ 0");
  require(std::abs(s.misalignment) < 0.5, name, "misalignment must be in (−0.5, 0.5) rad");
  require(positive(s.push_speed) && positive(s.push_time), name, "push_speed and push_time must be > 0");
  check_compliance_settings(s.contact, name);
}

// The connector in its construction frame (origin at the pins' roots, on the plate's bottom face;
// pins along −y), as the tool body's frame sees it: shifted to the centre of mass.
struct Connector {
  Composite body;
  Vec2 offset = Vec2::Zero();  // construction frame → tool frame: p_tool = p − offset [m]
  Vec2 at(double x, double y) const { return Vec2(x, y) - offset; }
};

Connector connector(const InsertionSettings& s) {
  const double half = 0.5 * s.pin_spacing;
  Connector c;
  c.body = composite({{kPlateMass, Vec2(0.0, 0.5 * kPlateThickness), kPlateWidth, kPlateThickness},
                      {kPinMass, Vec2(-half, -0.5 * s.pin_length), s.pin_width, s.pin_length},
                      {kPinMass, Vec2(half, -0.5 * s.pin_length), s.pin_width, s.pin_length}});
  c.offset = c.body.centre_of_mass;
  return c;
}

// The socket (a kinematic body at its top centre) with its two holes, the connector's polygons and
// segments, and the pairs between them.
void add_socket_and_pairs(const InsertionSettings& s, const Connector& c, int connector_body,
                          PlanarSystem& tool) {
  const int socket = tool.add_body(kinematic_body("socket", Vec3(s.socket_x, s.socket_top, 0.0)));
  const double hole = s.pin_width + s.play;
  const double d = s.socket_depth;
  const double edge = 0.5 * (s.pin_spacing + hole);  // the holes' outer edges at ±edge [m]
  const int top_left = tool.add_segment({socket, Vec2(-edge - 0.15, 0.0), Vec2(-edge, 0.0)});
  const int top_right = tool.add_segment({socket, Vec2(edge, 0.0), Vec2(edge + 0.15, 0.0)});
  const int plate =
      tool.add_polygon({connector_body, {c.at(-0.5 * kPlateWidth, 0.0), c.at(0.5 * kPlateWidth, 0.0)}});
  tool.add_pair(pair(plate, top_left, s.friction, s.contact));
  tool.add_pair(pair(plate, top_right, s.friction, s.contact));
  for (const double side : {-1.0, 1.0}) {
    const double centre = side * 0.5 * s.pin_spacing;
    const double left = centre - 0.5 * hole;  // the hole's walls [m]
    const double right = centre + 0.5 * hole;
    const double pin_left = centre - 0.5 * s.pin_width;
    const double pin_right = centre + 0.5 * s.pin_width;
    // Walls and bottom, each facing into the hole (a segment's free side is the left of start → end).
    const int left_wall = tool.add_segment({socket, Vec2(left, 0.0), Vec2(left, -d)});
    const int right_wall = tool.add_segment({socket, Vec2(right, -d), Vec2(right, 0.0)});
    const int bottom = tool.add_segment({socket, Vec2(left, -d), Vec2(right, -d)});
    const int tips =
        tool.add_polygon({connector_body, {c.at(pin_left, -s.pin_length), c.at(pin_right, -s.pin_length)}});
    for (const int wall : {left_wall, right_wall, bottom})
      tool.add_pair(pair(tips, wall, s.friction, s.contact));
    // The hole's entry corners against the pin's sides, each facing out of the pin.
    const int entry = tool.add_polygon({socket, {Vec2(left, 0.0), Vec2(right, 0.0)}});
    const int pin_left_side =
        tool.add_segment({connector_body, c.at(pin_left, -s.pin_length), c.at(pin_left, 0.0)});
    const int pin_right_side =
        tool.add_segment({connector_body, c.at(pin_right, 0.0), c.at(pin_right, -s.pin_length)});
    tool.add_pair(pair(entry, pin_left_side, s.friction, s.contact));
    tool.add_pair(pair(entry, pin_right_side, s.friction, s.contact));
  }
}

}  // namespace

ContactTask insertion_task(const InsertionSettings& s, const CraneParameters& crane,
                           const CraneArmSettings& arm) {
  check_insertion(s);
  const Connector c = connector(s);
  // Pins first pointing along +x (the tool turned by π/2), hung from R at the plate's back centre,
  // the wrist straight along a hanging link 2.
  const double start_angle = 0.5 * std::numbers::pi;
  const InterfaceWeld weld{Vec2::Zero(), c.at(0.0, kPlateThickness), crane.theta2_0 - start_angle};
  const ArmStart start = arm_start(crane, arm, weld);

  ContactTask task;
  task.name = "insertion";
  set_arm_side(task, start.arm, weld);
  PlanarSystem& tool = task.systems.tool;
  task.systems.tool_body =
      tool.add_body(rigid_body("connector", c.body.mass, c.body.inertia, start.tool_pose));
  add_socket_and_pairs(s, c, task.systems.tool_body, tool);
  task.insertion = {c.at(0.0, -s.pin_length), Vec2(s.socket_x, s.socket_top), -Vec2::UnitY()};
  task.jam.full_depth = std::min(s.pin_length, s.socket_depth);

  // 003 §7.2: "a 90° rotation to orient the connector followed by a translation to align the connector
  // with the socket. Then, the connector is pushed inside the socket at a constant speed of 0.1 m/s".
  // The connector is lifted first, so that its pins' tips, lowest when the turn ends, stay kClearance
  // over the socket.
  const double lift = std::max(0.0, s.socket_top + kClearance - start.tool_pose.y() - task.insertion.tip.y());
  ReferencePath path(start.tool_pose);
  path.hold(0.2).move(Vec3(0.0, lift, 0.0), 1.5).move(Vec3(0.0, 0.0, -start_angle), 2.0).hold(0.3);
  const Vec2 tips_over_socket(s.socket_x, s.socket_top + kApproach);
  const Vec2 aligned = tips_over_socket - task.insertion.tip;  // the tool frame, unturned
  path.move(Vec3(aligned.x() - path.end_pose().x(), aligned.y() - path.end_pose().y(), 0.0), 2.0).hold(0.3);
  const Vec2 push = s.push_speed * Vec2(std::sin(s.misalignment), -std::cos(s.misalignment));
  const double ramp = 0.1;  // [s]
  path.ramp_to(Vec3(push.x(), push.y(), 0.0), ramp);
  task.push_start = path.duration();
  path.cruise(s.push_time);
  task.push_end = path.duration();
  task.duration = path.duration();
  task.driver = std::make_unique<GuidedArmDriver>(std::move(path), start.kinematics, start.arm);
  return task;
}

std::optional<ContactTask> contact_task(std::string_view name) {
  if (name == "landing") return landing_task();
  if (name == "insertion") return insertion_task();
  return std::nullopt;
}

std::string contact_task_names() { return "landing, insertion"; }

}  // namespace hilsim::sim::contact
