#include "sim/cosim/reduced_hydraulics.h"

#include <algorithm>
#include <stdexcept>

namespace hilsim::sim {

ReducedHydraulics::ReducedHydraulics(const HydraulicParameters& hyd, const ReducedHydraulicsSetup& setup)
    : hyd_(hyd), setup_(setup) {
  if (setup_.actuators < 1 || setup_.actuators > 2)
    throw std::invalid_argument("two-way coupling: 1 or 2 actuators");
  for (int k = 0; k < setup_.actuators; ++k) {
    if (!setup_.kappa[k])
      throw std::invalid_argument("two-way coupling: an actuator without a valve command");
    p_[k] = setup_.p0[k];
    model_[k].p_start = setup_.p0[k];
  }
}

void ReducedHydraulics::set_models(std::span<const double> u) {
  for (int k = 0; k < setup_.actuators; ++k) {
    model_[k] = unpack_reduced_cylinder_model(
        u.subspan(static_cast<std::size_t>(k) * kReducedModelWidth, kReducedModelWidth));
    p_[k] = model_[k].p_start;
  }
}

Eigen::Vector2d ReducedHydraulics::pressure_forces() const {
  Eigen::Vector2d f = Eigen::Vector2d::Zero();
  for (int k = 0; k < setup_.actuators; ++k) f[k] = (p_[k][1] - p_[k][0]) * hyd_.a_p;
  return f;
}

void ReducedHydraulics::advance(std::int64_t n, std::int64_t j, double h, const Eigen::Vector2d& s,
                                const Eigen::Vector2d& s_dot) {
  // The hydraulic micro step whose κ this mechanics step applies (see the header), in integers.
  const std::int64_t K_H = setup_.hydraulic_steps, K_M = setup_.mechanics_steps;
  const std::int64_t first = n * K_H + (j * K_H) / K_M;
  const std::int64_t last = std::max(first, n * K_H + ((j + 1) * K_H) / K_M - 1);  // h_M < h_H: one step
  const std::int64_t m = setup_.preview == KappaPreview::kScript ? last : first;
  const double t = static_cast<double>(m) * setup_.h_hyd;
  bool clamped = false;
  for (int k = 0; k < setup_.actuators; ++k) {
    const double kappa = setup_.kappa[k]->kappa(m, t);
    const ReducedCylinderModel& model = model_[k];
    if (kappa < model.kappa_lo || kappa > model.kappa_hi) clamped = true;
    p_[k] = reduced_pressure_step(model, hyd_, setup_.s0[k], p_[k], h, s[k], s_dot[k], kappa);
  }
  if (clamped) ++clamps_;
}

}  // namespace hilsim::sim
