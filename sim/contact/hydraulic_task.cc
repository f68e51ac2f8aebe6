#include "sim/contact/hydraulic_task.h"

#include <stdexcept>
#include <utility>

#include "sim/machine/lim_crane.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim::contact {
namespace {

Vec2 perpendicular(const Vec2& r) { return Vec2(-r.y(), r.x()); }  // ẑ × r

// The generalised forces [N·m] on θ1, θ2 of the tool's weight (and any force applied to it), the
// wrist holding ψ: the tool turns with link 2 about Q and with link 1 about A.
Eigen::Vector2d tool_forces(const CraneParameters& crane, const CoupledSystems& systems,
                            const Eigen::Vector2d& q) {
  const PlanarBody& tool = systems.tool.bodies.at(systems.tool_body);
  const Vec2 w = generalised_force(tool, systems.tool.gravity).head<2>();
  const Vec2 p = tool.q.head<2>();
  const Vec2 u1(std::cos(q[0]), std::sin(q[0]));
  const Vec2 Q = crane.L * u1;
  return {w.dot(crane.L * perpendicular(u1)), w.dot(perpendicular(p - Q))};
}

}  // namespace

std::shared_ptr<const machine::MachineModel> arm_cylinders(const CraneParameters& crane,
                                                           const HydraulicParameters& hyd) {
  CraneParameters two = crane;
  two.actuators = 2;
  return std::make_shared<const machine::MachineModel>(
      machine::build_machine_model(machine::lim_crane_description(two, hyd)));
}

machine::MachineEquilibrium arm_equilibrium(const CraneParameters& crane,
                                            const machine::MachineModel& cylinders,
                                            const CoupledSystems& systems, const Eigen::Vector2d& q) {
  CraneParameters two = crane;
  two.actuators = 2;
  const Eigen::Vector2d rest = Eigen::Vector2d::Zero();
  const Eigen::Vector2d f = gravity_forces(two, q) + tool_forces(two, systems, q);
  const InterfaceKinematics ik = interface_kinematics(two, q, rest);
  const Eigen::Vector2d f_h = ik.A.transpose().partialPivLu().solve(-f);  // Aᵀ f_h = −f
  machine::MachineEquilibrium eq;
  eq.q = machine::VecQ(Eigen::Vector2d(q[0], q[1] - q[0]));  // the tree's: link 2 relative to link 1
  eq.supply_pressure = {cylinders.supplies[0].pressure};
  for (int k = 0; k < 2; ++k) {
    eq.cylinders.push_back(
        machine::hold_cylinder(cylinders, k, f_h[k], ik.s[k], cylinders.supplies[0].pressure));
  }
  return eq;
}

HydraulicContactTask hydraulic_task(ContactTask guided, const CraneParameters& crane,
                                    const HydraulicParameters& hyd, const CraneArmSettings& arm) {
  if (!guided.driver) throw std::invalid_argument("hydraulic task: the task has no reference path");
  const PlanarSystem& old = guided.systems.arm;
  CraneArmSettings settings = arm;
  settings.drive = ArmJointDrive::kAppliedForces;
  // The builder's body indices: read the guided arm's joint angles through them.
  CraneArm probe = build_crane_arm(crane, settings, ArmAngles{});
  if (old.bodies.size() != probe.system.bodies.size() || guided.systems.arm_body != probe.wrist) {
    throw std::invalid_argument("hydraulic task: the task's arm is not the crane's (build_crane_arm)");
  }
  const double theta2 = old.bodies[probe.link2].q[2];
  const ArmAngles start{old.bodies[probe.link1].q[2], theta2, old.bodies[probe.wrist].q[2] - theta2};
  CraneArm rebuilt = build_crane_arm(crane, settings, start);

  HydraulicContactTask out;
  out.model = arm_cylinders(crane, hyd);
  out.equilibrium =
      arm_equilibrium(crane, *out.model, guided.systems, Eigen::Vector2d(start.theta1, start.theta2));
  const Eigen::Vector2d f_h0(out.equilibrium.cylinders[0].force, out.equilibrium.cylinders[1].force);
  out.driver = std::make_unique<HydraulicArmDriver>(crane, rebuilt, guided.driver->path(),
                                                    guided.systems.weld.angle, f_h0);
  out.driver->apply_forces(rebuilt.system);
  out.task = std::move(guided);
  out.task.driver.reset();
  out.task.systems.arm = std::move(rebuilt.system);
  return out;
}

}  // namespace hilsim::sim::contact
