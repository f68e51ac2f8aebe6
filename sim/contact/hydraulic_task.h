// A contact task in hydraulic mode (issue 21): the task's machine (contact_tasks.h) with the arm
// rebuilt so that the crane's two cylinders move links 1 and 2 (crane_arm.h,
// ArmJointDrive::kAppliedForces; hydraulic_driver.h), the wrist servoed to the tool angle of the
// task's reference path, and the static equilibrium the run starts from.
//
// The equilibrium (LIM benchmark 2021, §1.3, as sim/model/equilibrium.h solves it for the crane):
// the cylinders' forces that hold the arm and the tool at rest at the task's start, from the
// balance of the generalised forces on θ1, θ2 (the wrist holds ψ),
//   Aᵀ f_h = −(f_crane(q) + f_tool),  f_tool = (W·∂p/∂θ1, W·∂p/∂θ2) = (W·(L ẑ×u1), W·(ẑ×(p − Q))),
// with A the crane's actuator Jacobian (sim/model/crane_model.h), f_crane the crane's own gravity
// forces (its link 1, m_p and m_h: the arm's link 2 and wrist carry m_h between them) and W the
// tool's weight at its centre of mass p; the tool's weight adds to link 2's load. Then the pressures
// and κ of each cylinder that hold its force (hold_cylinder, sim/machine/machine_equilibrium.h).
#pragma once

#include <memory>

#include "sim/contact/contact_tasks.h"
#include "sim/contact/hydraulic_driver.h"
#include "sim/machine/machine_equilibrium.h"

namespace hilsim::sim::contact {

struct HydraulicContactTask {
  // The task with the hydraulic arm; its guided driver is gone (task.driver is null).
  ContactTask task;
  std::unique_ptr<HydraulicArmDriver> driver;
  // The two-actuator crane as a machine (sim/machine/lim_crane.h): its cylinders' hydraulics.
  std::shared_ptr<const machine::MachineModel> model;
  machine::MachineEquilibrium equilibrium;  // both cylinders: s, p, κ and f_h of each; q the tree's
};

// The two-actuator crane of `crane` and `hyd` as a machine model.
std::shared_ptr<const machine::MachineModel> arm_cylinders(const CraneParameters& crane,
                                                           const HydraulicParameters& hyd);

// The cylinders' static equilibrium holding `systems` (an arm built by build_crane_arm, its tool
// welded to the wrist) at rest at the link angles q [rad, absolute]. Throws machine::MachineError
// when a cylinder cannot hold its force.
machine::MachineEquilibrium arm_equilibrium(const CraneParameters& crane,
                                            const machine::MachineModel& cylinders,
                                            const CoupledSystems& systems, const Eigen::Vector2d& q);

// The hydraulic mode of `guided` (a task built by landing_task or insertion_task with `crane` and
// `arm`): the arm rebuilt at the same joint angles with joints 1 and 2 driven by the cylinders,
// their equilibrium forces already applied to the links. Throws std::invalid_argument for a task
// whose arm is not the crane's, machine::MachineError as arm_equilibrium.
HydraulicContactTask hydraulic_task(ContactTask guided, const CraneParameters& crane,
                                    const HydraulicParameters& hyd, const CraneArmSettings& arm = {});

}  // namespace hilsim::sim::contact
