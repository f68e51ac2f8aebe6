// The two rows of each contact (contact_detection.h), Peiret et al. (contact tasks), eqs. (5) and (25):
//   normal      η_n = n · (v_c(p) − v_s(p)),  Φ = g,  0 ≤ λ_n < ∞,   the pair's normal K, D;
//   tangential  η_t = t · (v_c(p) − v_s(p)),  no position term (K = 0, D = the pair's friction
//               damping), −μ λ̄_n ≤ λ_t ≤ μ λ̄_n,
// where c is the corner's body, s the segment's, p the corner (the same world point on both bodies),
// and λ̄_n the normal impulse the same corner had in the previous step (0 for a new contact): the
// box friction model of eq. (25), linear in the unknowns because its bound is known.
#pragma once

#include <span>

#include "sim/contact/constraint_rows.h"
#include "sim/contact/contact_detection.h"

namespace hilsim::sim::contact {

// Appends the normal row then the tangential row of each contact, in order (contact i's rows are
// first_row + 2i and first_row + 2i + 1, first_row being rows.count on entry); previous_normal is
// indexed by ContactPoint::key [N·s].
void append_contact_rows(const PlanarSystem& system, std::span<const ContactPoint> contacts,
                         std::span<const double> previous_normal, ConstraintRows& rows) noexcept;

}  // namespace hilsim::sim::contact
