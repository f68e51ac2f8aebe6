#include "sim/contact/lcp_assembly.h"

#include "sim/contact/regularisation.h"

namespace hilsim::sim::contact {
namespace {

// The first of body k's three velocity columns.
Eigen::Index first_column(int k) { return 3 * static_cast<Eigen::Index>(k); }

}  // namespace

LcpAssembly::LcpAssembly(int max_rows, int velocity_count)
    : v_free_(Eigen::VectorXd::Zero(velocity_count)),
      y_(Eigen::MatrixXd::Zero(velocity_count, max_rows)),
      matrix_(Eigen::MatrixXd::Zero(max_rows, max_rows)),
      z_(Eigen::VectorXd::Zero(max_rows)),
      lower_(Eigen::VectorXd::Zero(max_rows)),
      upper_(Eigen::VectorXd::Zero(max_rows)) {}

void LcpAssembly::assemble(const PlanarSystem& system, const ConstraintRows& rows, double h) noexcept {
  const int n = rows.count;
  size_ = n;
  for (int k = 0; k < static_cast<int>(system.bodies.size()); ++k) {
    const PlanarBody& body = system.bodies[k];
    if (body.motion == BodyMotion::kKinematic) {
      v_free_.segment<3>(first_column(k)) = body.v;
      y_.block(first_column(k), 0, 3, n).setZero();
      continue;
    }
    const Vec3 p = body.mass * body.v + h * generalised_force(body, system.gravity);  // eq. (24)
    v_free_.segment<3>(first_column(k)).noalias() = body.mass_inverse * p;
    y_.block(first_column(k), 0, 3, n).noalias() =
        body.mass_inverse * rows.jacobian.block(0, first_column(k), n, 3).transpose();
  }
  const int nv = system.velocity_count();
  matrix_.topLeftCorner(n, n).noalias() = rows.jacobian.topLeftCorner(n, nv) * y_.topLeftCorner(nv, n);
  z_.head(n).noalias() = rows.jacobian.topLeftCorner(n, nv) * v_free_.head(nv);
  for (int i = 0; i < n; ++i) {
    const RegularisedRow reg = regularise(rows.compliance[i], rows.position[i], h);  // eq. (32)
    matrix_(i, i) += reg.compliance;
    z_[i] += reg.phi - rows.rate[i];
    lower_[i] = rows.lower[i];
    upper_[i] = rows.upper[i];
  }
}

void LcpAssembly::end_velocities(PlanarSystem& system, const Eigen::VectorXd& lambda) const noexcept {
  for (int k = 0; k < static_cast<int>(system.bodies.size()); ++k) {
    PlanarBody& body = system.bodies[k];
    if (body.motion == BodyMotion::kKinematic) continue;
    body.v = v_free_.segment<3>(first_column(k));
    body.v.noalias() += y_.block(first_column(k), 0, 3, size_) * lambda.head(size_);
  }
}

}  // namespace hilsim::sim::contact
