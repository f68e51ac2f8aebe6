#include "sim/cosim/coupling_monitor.h"

#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

double hydraulics_bond_power(const HydraulicParameters& hyd, Coupling coupling, const Eigen::Vector2d& p,
                             double s_dot) {
  const double e_H =
      coupling == Coupling::kForceDisplacement ? actuator_force(hyd, p, s_dot) : (p[1] - p[0]) * hyd.a_p;
  return s_dot * e_H;
}

}  // namespace hilsim::sim
