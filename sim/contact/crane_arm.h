// The arm of a contact task (coupled_systems.h, subsystem 2): the double-actuator crane of the LIM
// benchmark (Rahikainen et al., Peiret et al. 2018, §4.1.1; sim/model/crane_parameters.h) as planar bodies in
// maximal coordinates, with a wrist at R that turns the tool, as the arm of Peiret et al. (Peiret et al.
// (contact tasks) §7) carries its end effector.
//
// Bodies (frames at their centres of mass, angles absolute, arm_kinematics.h):
//   world   kinematic, A at its origin;
//   link 1  the uniform rod m from A to Q plus the point mass m_p at Q: centre of mass
//           c = (m L/2 + m_p L)/(m + m_p) from A, inertia m L²/12 + m (L/2 − c)² + m_p (L − c)²;
//   link 2  massless in the crane, with the point mass m_h at R. A body in maximal coordinates needs
//           a positive mass and inertia, and so does the wrist: m_h is split between them, both at
//           R — link 2 carries m_h − m_w, the wrist m_w — so the crane's joints 1 and 2 carry
//           exactly the crane's m_h at R. Each gets a small stated inertia about R (link 2 0.1 kg·m²,
//           0.4 % of m_h L_h² about Q; the wrist 0.05 kg·m², a rotator's), the only departure from
//           the crane's model, there because a point mass has none;
//   wrist   frame at R, angle θ_w = θ2 + ψ; the tool is welded to it (its weld in InterfaceWeld).
// Joints: rigid revolutes at A (world–link 1), Q (link 1–link 2) and R (link 2–wrist). Gravity
// g = 9.81 m/s² along −y, as the crane has it.
//
// Drive, guided mode (Peiret et al. (contact tasks), §7: "joints ... actuated" to follow the task): a servo
// on each joint holds its angle θ1, θ2 − θ1 and ψ to the references a GuidedArmDriver sets each step
// (guided_driver.h), with stiffness, damping and a torque limit. The defaults make the arm stiff:
// K = 1e8 N·m/rad on every joint, D = 1e5 N·m·s/rad (D/K = 1 ms, one step), which holds the loaded
// crane's ~5 kN·m at joint 1 within 5e-5 rad (under 0.1 mm at the tool). The torque limits are
// what the LIM cylinders give at the pump pressure (7.5 MPa × 65 cm² ≈ 49 kN): joint 1 1.5e4 N·m
// (cylinder 1's lever about A is 0.28–0.50 m over the tasks' θ1 of 0.26–0.86 rad: 13–24 kN·m),
// joint 2 1.2e4 N·m (cylinder 2's lever about Q, 0.20–0.25 m), and the wrist 1e3 N·m, a crane
// rotator's; beyond its limit a servo holds its torque and lets the joint give way.
// Hydraulic mode (hydraulic_driver.h): joints 1 and 2 without servos, moved by the cylinders' forces,
// which a hydraulic ArmDriver applies to the links (PlanarBody::applied) each step; the wrist keeps
// its servo. ArmJointDrive::kAppliedForces builds that arm.
#pragma once

#include <cstdint>

#include "sim/contact/arm_kinematics.h"
#include "sim/contact/planar_system.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim::contact {

enum class ArmJointDrive : std::uint8_t {
  kServos,         // guided: servos on joints 1, 2 and the wrist
  kAppliedForces,  // hydraulic: joints 1 and 2 free (forces applied to the links), the wrist servoed
};

struct ArmServoSettings {
  double stiffness = 1e8;     // K [N·m/rad] ≥ 0
  double damping = 1e5;       // D [N·m·s/rad] ≥ 0, K + D > 0
  double torque_limit = 2e4;  // τ_max [N·m] > 0
};

struct CraneArmSettings {
  double wrist_mass = 10.0;     // m_w, the part of m_h the wrist carries at R [kg], (0, m_h)
  double link2_inertia = 0.1;   // link 2's inertia about R [kg·m²] > 0
  double wrist_inertia = 0.05;  // the wrist's inertia about R [kg·m²] > 0
  ArmJointDrive drive = ArmJointDrive::kServos;
  ArmServoSettings joint1{1e8, 1e5, 1.5e4};
  ArmServoSettings joint2{1e8, 1e5, 1.2e4};
  ArmServoSettings wrist{1e8, 1e5, 1e3};
};

struct CraneArm {
  PlanarSystem system;
  int world = 0;
  int link1 = 0;
  int link2 = 0;
  int wrist = 0;  // the arm's interface body
  // Servo indices in system.servos; −1 where the joint has none (joints 1 and 2 in hydraulic mode).
  int joint1_servo = -1;
  int joint2_servo = -1;
  int wrist_servo = -1;
};

// The arm at rest at the joint angles, its servos holding them. Throws std::invalid_argument naming
// the field when a crane parameter (L, L_h > 0; m > 0; m_p ≥ 0; m_h > m_w; g ≥ 0) or a setting is out
// of its range.
CraneArm build_crane_arm(const CraneParameters& crane, const CraneArmSettings& settings,
                         const ArmAngles& initial);

}  // namespace hilsim::sim::contact
