// The hydraulic mode of a contact task (issue 21): the crane's two cylinders (Peiret et al. 2018,
// §4.1.1; sim/model/crane_parameters.h) move links 1 and 2 of the arm (crane_arm.h, built with
// ArmJointDrive::kAppliedForces), the wrist keeps its servo.
//
// Cylinder k pushes its two ends apart with its force f_h,k [N] (positive extends) along its axis:
//   cylinder 1 from the base B (the world) to P, the middle of link 1: f_h,1 on link 1 at P;
//   cylinder 2 from P to M, the middle of link 2: f_h,2 on link 2 at M and −f_h,2 on link 1 at P;
// each as a force and its torque about the link's centre of mass (PlanarBody::applied), set before
// every step from the link angles θ1, θ2 through the crane's own geometry (crane_points,
// actuator_kinematics: the same B, P, M, s_k as the crane's co-simulation), so the links get exactly
// the generalised forces Aᵀ f_h of the crane's eq. (1).
//
// Ports (arm_driver.h), f-s as the crane's mechanics exchange them with its HydraulicsSubsystems
// (sim/cosim/machine_plan.h): inputs f_h, f_h_2 [N], held over the macro step; outputs s1, s1dot, s2,
// s2dot [m, m/s] of the link angles and rates at the communication point. Probes: q1, q2 [rad], s1,
// s2 [m], s1dot, s2dot [m/s], the names of the crane's mechanics probes (mechanics_probes.h).
//
// The wrist: its servo turns the tool to the task's reference angle in the world, whatever link 2
// does — ψ_ref = θ_w,ref − θ2, ψ̇_ref = θ̇_w,ref − θ̇2 with θ2, θ̇2 of link 2 at the step's start
// (θ_w,ref = θ_tool,ref + the weld's angle) — so that a box stays level while the cylinders move the
// links (the guided mode's ψ of the inverse kinematics would tilt it by link 2's departure from its
// reference).
#pragma once

#include <Eigen/Dense>
#include <span>
#include <string>
#include <vector>

#include "sim/contact/arm_driver.h"
#include "sim/contact/crane_arm.h"
#include "sim/contact/reference_path.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim::contact {

class HydraulicArmDriver final : public ArmDriver {
 public:
  // Drives `arm` (joints 1 and 2 without servos, the wrist with one: std::invalid_argument
  // otherwise) of the crane's geometry `crane`; the wrist follows the tool angle of `tool_path`, the
  // tool welded at `weld_angle` = θ_w − θ_tool [rad]. f_h0: the cylinders' forces before the first
  // inputs [N] (the static equilibrium's).
  HydraulicArmDriver(const CraneParameters& crane, const CraneArm& arm, ReferencePath tool_path,
                     double weld_angle, const Eigen::Vector2d& f_h0);

  // The wrist servo's references and the cylinders' forces for the step that starts at t [s].
  void update(double t, PlanarSystem& arm) override;

  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  const std::vector<std::string>& probe_names() const override { return probes_; }
  // Takes f_h, f_h_2 and applies them to the links at once.
  void set_inputs(std::span<const double> u, PlanarSystem& arm) override;
  void get_outputs(const PlanarSystem& arm, std::span<double> y) const override;
  void probe(const PlanarSystem& arm, std::span<double> out) const override;

  // The cylinders' forces f_h [N] applied to the links of `arm` at its current link angles.
  void apply_forces(PlanarSystem& arm) const noexcept;
  // θ1, θ2 [rad] and θ̇1, θ̇2 [rad/s] of the links of `arm`.
  Eigen::Vector2d angles(const PlanarSystem& arm) const noexcept;
  Eigen::Vector2d rates(const PlanarSystem& arm) const noexcept;
  const Eigen::Vector2d& forces() const { return f_h_; }

 private:
  CraneParameters crane_;
  int link1_;
  int link2_;
  int wrist_servo_;
  double link1_centre_;  // A to link 1's centre of mass [m]
  ReferencePath path_;
  double weld_angle_;  // [rad]
  Eigen::Vector2d f_h_;
  std::vector<std::string> inputs_ = {"f_h", "f_h_2"};
  std::vector<std::string> outputs_ = {"s1", "s1dot", "s2", "s2dot"};
  std::vector<std::string> probes_ = {"q1", "q2", "s1", "s2", "s1dot", "s2dot"};
};

}  // namespace hilsim::sim::contact
