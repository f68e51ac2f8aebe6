#include "sim/cosim/coupling_monitor.h"

#include "sim/hydraulics/cylinder.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim {

double mechanics_bond_power(const CraneParameters& crane, const MechanicsSubsystem& mech, std::int64_t n,
                            double H) {
  const Eigen::Vector2d e_M = mech.effort(n, H);
  double P = 0.0;
  for (int k = 0; k < crane.actuators; ++k) P += e_M[k] * mech.kinematics().s_dot[k];
  return P;
}

double hydraulics_bond_power(const HydraulicParameters& hyd, Coupling coupling, const HydraulicsSubsystem& h) {
  const double e_H = coupling == Coupling::kForceDisplacement
                         ? actuator_force(hyd, h.pressures(), h.s_dot_end())
                         : (h.pressures()[1] - h.pressures()[0]) * hyd.a_p;
  return h.s_dot_end() * e_H;
}

double hydraulics_bond_power(const RimHydraulicsSubsystem& rim, int actuators) {
  double P = 0.0;
  for (int k = 0; k < actuators; ++k) P += rim.s_dot_end(k) * rim.returned_force(k);
  return P;
}

}  // namespace hilsim::sim
