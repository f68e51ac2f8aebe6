#include "sim/contact/effective_model.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "sim/contact/regularisation.h"

namespace hilsim::sim::contact {
namespace {

bool at_bound(double lambda, double bound) noexcept {
  return std::isfinite(bound) && std::abs(lambda - bound) <= 1e-12 * (1.0 + std::abs(bound));
}

RowRole role_of(RowKind kind, double lambda, double lower, double upper) noexcept {
  const bool held = at_bound(lambda, lower) || at_bound(lambda, upper);
  switch (kind) {
    case RowKind::kJoint:
      return RowRole::kActive;
    case RowKind::kServo:
      return held ? RowRole::kSliding : RowRole::kActive;
    case RowKind::kNormal:
      return lambda > 0.0 ? RowRole::kActive : RowRole::kRemoved;
    case RowKind::kFriction:
      if (lower == upper) return RowRole::kRemoved;
      return held ? RowRole::kSliding : RowRole::kActive;
  }
  return RowRole::kRemoved;
}

}  // namespace

void classify_rows(const ConstraintRows& rows, const Eigen::VectorXd& lambda,
                   std::span<RowRole> roles) noexcept {
  for (int i = 0; i < rows.count; ++i)
    roles[i] = role_of(rows.kind[i], lambda[i], rows.lower[i], rows.upper[i]);
}

EffectiveModelBuilder::EffectiveModelBuilder(const PlanarSystem& system, int interface_body)
    : body_(interface_body),
      active_(system.max_rows(), 0),
      s_(system.max_rows(), system.max_rows()),
      g_(3, system.max_rows()),
      x_(system.max_rows(), 3),
      e_(system.max_rows()),
      v_slide_(system.velocity_count()) {
  if (interface_body < 0 || interface_body >= static_cast<int>(system.bodies.size()) ||
      system.bodies[interface_body].motion != BodyMotion::kDynamic) {
    throw std::invalid_argument("effective model: interface body " + std::to_string(interface_body) +
                                " must be a dynamic body of the system");
  }
}

EffectiveModel EffectiveModelBuilder::build(const PlanarSystem& system, const ConstraintRows& rows,
                                            const LcpAssembly& assembly, std::span<const RowRole> roles,
                                            const Eigen::VectorXd& lambda, double h,
                                            bool with_compliance) noexcept {
  const int n = rows.count;
  const int nv = system.velocity_count();
  const Eigen::MatrixXd& y = assembly.mobility();
  const Eigen::MatrixXd& w = assembly.matrix();  // A M⁻¹ Aᵀ + C
  const Eigen::Index column = 3 * static_cast<Eigen::Index>(body_);
  v_slide_.head(nv) = assembly.free_velocities().head(nv);
  int na = 0;
  for (int i = 0; i < n; ++i) {
    if (roles[i] == RowRole::kActive) active_[na++] = i;
    if (roles[i] == RowRole::kSliding) v_slide_.head(nv).noalias() += y.col(i).head(nv) * lambda[i];
  }
  for (int a = 0; a < na; ++a) {
    const int i = active_[a];
    e_[a] = assembly.z()[i];  // A_i M⁻¹ p − b_i + φ_i; C sits on the diagonal only, so w(i, j ≠ i) = A_i Y_j
    for (int j = 0; j < n; ++j) {
      if (roles[j] == RowRole::kSliding) e_[a] += w(i, j) * lambda[j];
    }
    for (int b = 0; b <= a; ++b) s_(a, b) = w(i, active_[b]);
    if (!with_compliance) s_(a, a) -= regularise(rows.compliance[i], rows.position[i], h).compliance;
    g_.col(a) = y.block(column, i, 3, 1);
  }
  EffectiveModel model;
  model.active_rows = na;
  Mat3 mobility = system.bodies[body_].mass_inverse;  // B (I − P) M⁻¹ Bᵀ, eq. (19)
  Vec3 w_end = v_slide_.segment<3>(column);           // B v̂⁺
  if (na > 0) {
    Eigen::Ref<Eigen::MatrixXd> block = s_.topLeftCorner(na, na);
    const Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>> llt(block);
    if (llt.info() != Eigen::Success) return model;
    x_.topRows(na) = g_.leftCols(na).transpose();
    llt.solveInPlace(x_.topRows(na));
    llt.solveInPlace(e_.head(na));
    mobility.noalias() -= g_.leftCols(na) * x_.topRows(na);
    w_end.noalias() -= g_.leftCols(na) * e_.head(na);
  }
  model.mobility = mobility;
  model.free_acceleration = (w_end - system.bodies[body_].v) / h;
  model.solved = true;
  const Eigen::LLT<Mat3> inverse(mobility);
  if (inverse.info() != Eigen::Success) return model;
  model.mass = inverse.solve(Mat3::Identity());
  model.force = model.mass * model.free_acceleration;  // eq. (21), discrete form
  model.has_mass = true;
  return model;
}

}  // namespace hilsim::sim::contact
