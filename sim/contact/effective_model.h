// The effective mass and force of a subsystem at an interface body (Peiret et al. (contact tasks), §4, eqs.
// (18)–(21)): the reduced model M̃ ẇ = f̃ + F that another subsystem integrates in place of this one, w = B v
// being the interface body's three velocities (B selects its columns) and F the force [N, N, N·m]
// the other subsystem applies there.
//
// The rows of the last step take three roles (classify_rows): active — joints, servos inside their
// torque limit, closed contacts (λ_n > 0) and sticking friction (λ_t strictly inside ±μ λ̄_n) — held
// as equalities; sliding — friction at its bound, and a servo at its limit — whose impulses λ_s are
// applied as known; removed — open contacts and friction rows with no normal impulse to bound them.
// With the active rows A_a (compliance C_a) the projector of eq. (20) and the effective mass of
// eq. (19) are
//   S = A_a M⁻¹ A_aᵀ + C_a,   P = M⁻¹ A_aᵀ S⁻¹ A_a,   M̃ = (B (I − P) M⁻¹ Bᵀ)⁻¹ = (M_b⁻¹ − G S⁻¹ Gᵀ)⁻¹,
// G = B M⁻¹ A_aᵀ (the interface body's rows of Y = M⁻¹ Aᵀ). C_a = 0 is eq. (20) as printed; with the
// rows' own C_a (with_compliance) the model is the one the regularised step itself obeys.
// The effective force, eq. (21), in the discrete form of the step (eqs. (23)–(24), (29), (33)): the
// interface velocity the step would reach with F = 0 and the active set held,
//   v̂⁺ = v_s − M⁻¹ A_aᵀ S⁻¹ (A_a v_s − b_a + φ_a),   v_s = M⁻¹ (p + A_sᵀ λ_s),   p = M v + h f,
// gives f̃ = M̃ (B v̂⁺ − w)/h. Expanding, (B v̂⁺ − w)/h = B (I − P) M⁻¹ (f + A_sᵀ λ_s/h) − B M⁻¹ A_aᵀ S⁻¹
// (A_a v − b_a + φ_a)/h: eq. (21)'s terms, with the kinetic friction force λ_s/h and, in place of
// its velocity-product terms, the constraint's own rate error and position correction (zero on a
// consistent state). So the reduced model stepped by the same scheme, M̃ (w⁺ − w) = h (f̃ + F),
// reproduces this subsystem's interface velocity exactly while the active set holds.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sim/contact/constraint_rows.h"
#include "sim/contact/lcp_assembly.h"

namespace hilsim::sim::contact {

enum class RowRole : std::uint8_t { kActive, kSliding, kRemoved };

// The roles of the rows [0, rows.count) for the impulses λ they were solved to; `roles` has at
// least rows.count entries. A row is at a bound within 1e-12 (1 + |bound|).
void classify_rows(const ConstraintRows& rows, const Eigen::VectorXd& lambda,
                   std::span<RowRole> roles) noexcept;

// The model in two forms: the interface's mobility M̃⁻¹ and its acceleration without interface force
// a₀ = (B v̂⁺ − w)/h, which always exist (w⁺ = w + h (a₀ + M̃⁻¹ F)); and M̃, f̃ = M̃ a₀, which exist when
// M̃⁻¹ is positive definite. It is not when rigid active rows (C_a = 0) pin a direction of the
// interface body (a rod hinged to it and stuck to the ground with rigid rows: infinite effective
// mass along the rod); with the rows' compliance it always is.
struct EffectiveModel {
  Mat3 mobility = Mat3::Zero();           // M̃⁻¹ = B (I − P) M⁻¹ Bᵀ [1/kg, 1/(kg·m), 1/(kg·m²)]
  Vec3 free_acceleration = Vec3::Zero();  // a₀ [m/s², m/s², rad/s²]
  Mat3 mass = Mat3::Zero();               // M̃ [kg, kg·m, kg·m²]
  Vec3 force = Vec3::Zero();              // f̃ [N, N, N·m]
  int active_rows = 0;                    // the size of S
  bool solved = false;                    // S was factored: mobility and free_acceleration hold
  bool has_mass = false;                  // M̃⁻¹ was positive definite: mass and force hold
};

class EffectiveModelBuilder {
 public:
  // For the system as built and its dynamic body `interface_body` (throws std::invalid_argument
  // otherwise). Reserves for the system's max_rows.
  EffectiveModelBuilder(const PlanarSystem& system, int interface_body);

  // M̃ and f̃ at the state the rows and the assembly were made at (the system's q^k, v^k: call it
  // before the step moves the system, or with a copy), the roles of the rows and the impulses λ of
  // the solve, the step h [s]. Allocates nothing.
  EffectiveModel build(const PlanarSystem& system, const ConstraintRows& rows, const LcpAssembly& assembly,
                       std::span<const RowRole> roles, const Eigen::VectorXd& lambda, double h,
                       bool with_compliance) noexcept;

 private:
  int body_;
  std::vector<int> active_;
  Eigen::MatrixXd s_;        // S, factored in place
  Eigen::MatrixXd g_;        // G, 3 × active rows
  Eigen::MatrixXd x_;        // S⁻¹ Gᵀ, active rows × 3
  Eigen::VectorXd e_;        // A_a v_s − b_a + φ_a, then S⁻¹ of it
  Eigen::VectorXd v_slide_;  // v_s
};

}  // namespace hilsim::sim::contact
