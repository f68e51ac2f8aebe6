#include "sim/hydraulics/cavitation.h"

namespace hilsim::sim {

void apply_cavitation(const Fluid& fluid, double p_v, const Eigen::Vector2d& volumes, Eigen::Vector2d& p,
                      Eigen::Vector2d& cavity) {
  const double beta = bulk_modulus(fluid, p_v);  // [Pa]
  for (int i = 0; i < 2; ++i) {
    const double stiffness = beta / volumes[i];  // pressure per volume of oil [Pa/m³]
    if (p[i] < p_v) {
      cavity[i] += (p_v - p[i]) / stiffness;
      p[i] = p_v;
      continue;
    }
    if (cavity[i] <= 0.0) continue;
    const double surplus = (p[i] - p_v) / stiffness;  // oil the step brought in beyond p_v [m³]
    if (surplus <= cavity[i]) {
      cavity[i] -= surplus;
      p[i] = p_v;
    } else {
      p[i] = p_v + (surplus - cavity[i]) * stiffness;
      cavity[i] = 0.0;
    }
  }
}

}  // namespace hilsim::sim
