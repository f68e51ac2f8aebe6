// Constraint regularisation, Peiret et al. (contact tasks), §6. A row's force follows the spring–damper law
// of eq. (31),
//   λ_force = −K Φ⁺ − D Φ̇⁺,  Φ⁺ = Φ + h Φ̇⁺  (Φ̇ = η − b: the constraint's rate less its prescribed rate),
// taken at the end of the step. With the impulse λ = h λ_force this is eq. (32):
//   (η − b) + C λ + φ = 0,   C = (h² K + h D)⁻¹,   φ = (h + D/K)⁻¹ Φ = K Φ / (h K + D),
// the row of eq. (33) that the mixed LCP (34) carries as its diagonal C and in z. Limits:
//   K = 0 (friction rows, rate servos): C = 1/(h D), φ = 0 — a viscous row, no position term;
//   K = ∞ (D finite): C = 0, φ = Φ/h — the position error is removed in one step (rigid row);
//   D = ∞ (K finite): C = 0, φ = 0 — the rate is held exactly, the position is left to drift.
// Units: C [m/(N·s²)] (a velocity per impulse), or [rad/(N·m·s²)] on angular rows; φ [m/s] or [rad/s].
#pragma once

#include <cmath>

#include "sim/contact/planar_system.h"

namespace hilsim::sim::contact {

struct RegularisedRow {
  double compliance = 0.0;  // C
  double phi = 0.0;         // φ
};

// The row's C and φ for its compliance c, position error Φ and the step h [s] > 0.
inline RegularisedRow regularise(const RowCompliance& c, double position, double h) noexcept {
  if (std::isinf(c.stiffness)) return {0.0, position / h};
  if (std::isinf(c.damping)) return {0.0, 0.0};
  const double hk_plus_d = h * c.stiffness + c.damping;
  return {1.0 / (h * hk_plus_d), c.stiffness * position / hk_plus_d};
}

}  // namespace hilsim::sim::contact
