// The impulse–momentum step's mixed LCP, Peiret et al. (contact tasks), §5–6. With the velocity difference of
// eq. (23), the known momentum p = M v^k + h f(q^k, v^k) and the rows A, b, Φ at q^k, eq. (33) reads
//   M v⁺ − Aᵀ λ = p,    A v⁺ + C λ = b − φ + γ_low − γ_upp,
// and eliminating v⁺ = M⁻¹ (p + Aᵀ λ) (eq. (29)) gives eq. (34):
//   (A M⁻¹ Aᵀ + C) λ + z = γ_low − γ_upp,   z = A M⁻¹ p − b + φ,
// with C and φ from each row's K and D (regularisation.h) and the limits of eq. (28) (box_lcp.h).
// M⁻¹ is block diagonal (one 3 × 3 block per body; zero for a kinematic body, whose velocity is
// given and stays), so Y = M⁻¹ Aᵀ is formed body by body and A M⁻¹ Aᵀ = A Y. A kinematic body's
// velocity enters z through v_free (below) and nothing else.
#pragma once

#include <Eigen/Dense>

#include "sim/contact/box_lcp.h"
#include "sim/contact/constraint_rows.h"

namespace hilsim::sim::contact {

class LcpAssembly {
 public:
  // Reserves for `max_rows` rows over `velocity_count` velocities.
  LcpAssembly(int max_rows, int velocity_count);

  // Eqs. (24), (33)–(34) for the system at q^k, v^k and its rows, over the step h [s]. Allocates nothing.
  void assemble(const PlanarSystem& system, const ConstraintRows& rows, double h) noexcept;
  BoxLcp problem() const { return BoxLcp{size_, matrix_, z_, lower_, upper_}; }

  // Eq. (29): v⁺ = v_free + Y λ for the dynamic bodies; a kinematic body keeps its velocity.
  void end_velocities(PlanarSystem& system, const Eigen::VectorXd& lambda) const noexcept;

  // v_free = M⁻¹ p: the velocities at the end of the step without constraint impulses (a kinematic
  // body's own velocity) [m/s, rad/s].
  const Eigen::VectorXd& free_velocities() const { return v_free_; }
  // Y = M⁻¹ Aᵀ, velocities × rows [per N·s or N·m·s].
  const Eigen::MatrixXd& mobility() const { return y_; }
  // A M⁻¹ Aᵀ + C and z of eq. (34), rows [0, size).
  const Eigen::MatrixXd& matrix() const { return matrix_; }
  const Eigen::VectorXd& z() const { return z_; }

 private:
  int size_ = 0;
  Eigen::VectorXd v_free_;
  Eigen::MatrixXd y_;
  Eigen::MatrixXd matrix_;  // A M⁻¹ Aᵀ + C
  Eigen::VectorXd z_;
  Eigen::VectorXd lower_;
  Eigen::VectorXd upper_;
};

}  // namespace hilsim::sim::contact
