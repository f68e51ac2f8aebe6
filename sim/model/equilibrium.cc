#include "sim/model/equilibrium.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "sim/hydraulics/cylinder.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim {

namespace {

Eigen::Vector3d equilibrium_residual(const HydraulicParameters& hyd, double f_h, double s,
                                     const Eigen::Vector3d& z) {
  const Eigen::Vector2d p = z.head<2>();
  const Eigen::Vector2d p_dot = pressure_rates(hyd, s, p, s, 0.0, z[2]);      // s = s0 at start
  return Eigen::Vector3d(f_h - (p[1] - p[0]) * hyd.a_p, p_dot[0], p_dot[1]);  // eq. (17)
}

}  // namespace

int solve_hydraulic_equilibrium(const HydraulicParameters& hyd, double f_h, double s,
                                const EquilibriumOptions& options, Eigen::Vector2d& p, double& kappa,
                                Eigen::Vector3d& residual) {
  Eigen::Vector3d z = options.initial_guess;
  for (int it = 1; it <= options.max_iterations; ++it) {
    const Eigen::Vector3d g = equilibrium_residual(hyd, f_h, s, z);
    const PressureRateJacobian jac = pressure_rate_jacobian(hyd, s, z.head<2>(), s, 0.0, z[2]);
    Eigen::Matrix3d dg_dz;
    dg_dz.row(0) << hyd.a_p, -hyd.a_p, 0.0;
    dg_dz.block<2, 2>(1, 0) = jac.d_p;
    dg_dz.block<2, 1>(1, 2) = jac.d_kappa;
    const Eigen::Vector3d dz = -dg_dz.partialPivLu().solve(g);  // eq. (16), with the inverse
    z += dz;
    if (!z.allFinite()) break;
    if (std::abs(dz[0]) < options.pressure_tolerance && std::abs(dz[1]) < options.pressure_tolerance &&
        std::abs(dz[2]) < options.kappa_tolerance) {
      p = z.head<2>();
      kappa = z[2];
      residual = equilibrium_residual(hyd, f_h, s, z);
      return it;
    }
  }
  std::ostringstream msg;
  msg << "hydraulic equilibrium: Newton iteration did not converge in " << options.max_iterations
      << " iterations for f_h = " << f_h << " N, s = " << s << " m (last z = [" << z.transpose() << "])";
  throw std::runtime_error(msg.str());
}

Equilibrium solve_equilibrium(const CraneParameters& crane, const HydraulicParameters& hyd,
                              const EquilibriumOptions& options) {
  Equilibrium eq;
  eq.q = Eigen::Vector2d(crane.theta1_0, crane.theta2_0);
  const Eigen::Vector2d q_dot = Eigen::Vector2d::Zero();
  const Vec2 f_h = static_actuator_forces(crane, eq.q, q_dot);  // eq. (15), 004 eq. (41)
  eq.f_h = f_h[0];
  eq.s = actuator_kinematics(crane, eq.q, q_dot).s;  // eq. (5)
  eq.iterations = solve_hydraulic_equilibrium(hyd, eq.f_h, eq.s, options, eq.p, eq.kappa, eq.residual);
  eq.actuators = crane.actuators;
  if (crane.actuators == 2) {
    ActuatorEquilibrium& a2 = eq.actuator2;
    a2.f_h = f_h[1];
    a2.s = actuator_kinematics(crane, eq.q, q_dot, 1).s;
    Eigen::Vector3d residual;
    a2.iterations = solve_hydraulic_equilibrium(hyd, a2.f_h, a2.s, options, a2.p, a2.kappa, residual);
  }
  return eq;
}

ActuatorEquilibrium Equilibrium::actuator(int k) const {
  if (k == 1) return actuator2;
  ActuatorEquilibrium a;
  a.f_h = f_h;
  a.s = s;
  a.p = p;
  a.kappa = kappa;
  a.iterations = iterations;
  return a;
}

Equilibrium crane_equilibrium(const machine::MachineEquilibrium& eq) {
  Equilibrium out;
  out.q = Eigen::Vector2d(eq.q[0], eq.q[0] + eq.q[1]);  // link 2's angle from link 1's, absolute
  out.actuators = static_cast<int>(eq.cylinders.size());
  const machine::CylinderEquilibrium& a = eq.cylinders[0];
  out.f_h = a.force;
  out.s = a.s;
  out.p = a.p;
  out.kappa = a.command;
  if (out.actuators == 2) {
    const machine::CylinderEquilibrium& b = eq.cylinders[1];
    out.actuator2 = ActuatorEquilibrium{b.force, b.s, b.p, b.command, 0};
  }
  return out;
}

}  // namespace hilsim::sim
