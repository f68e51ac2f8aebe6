// Cavitation in a cylinder chamber (a machine limit, machine_limits.h): a chamber whose oil would be
// stretched below the vapour pressure p_v holds a cavity of vapour and released air instead, at p_v.
// The cavity takes up the chamber's net outflow while it lasts and must be filled again before the
// pressure rises, so the chamber's volume balance of LIM benchmark 2021, eqs. (9)–(10) holds throughout:
//   cavity V_c > 0:  p = p_v,  V̇_c = −q          (q: the net inflow of eq. 9 or 10 [m³/s])
//   cavity V_c = 0:  ṗ = β(p)/V q                 (the benchmark's law)
// It is applied after each integration step of the pressures, whatever the integrator: a step that
// ends below p_v has let out (p_v − p) V/β(p_v) more oil than the chamber held, which becomes cavity;
// a step that ends above p_v with a cavity open first fills the cavity with the surplus. β is taken
// at p_v for both conversions, so filling exactly undoes opening.
#pragma once

#include <Eigen/Dense>

#include "sim/hydraulics/fluid.h"

namespace hilsim::sim {

// Applies the cavitation law to both chambers after a step: `p` [Pa] the pressures the integrator
// reached, `volumes` the chambers' volumes [m³], `cavity` the cavity volumes [m³] carried from step
// to step (start at 0). p_v: the vapour pressure [Pa]. Allocates nothing.
void apply_cavitation(const Fluid& fluid, double p_v, const Eigen::Vector2d& volumes, Eigen::Vector2d& p,
                      Eigen::Vector2d& cavity);

}  // namespace hilsim::sim
