#include "sim/cosim/reduced_hydraulics.h"

#include <algorithm>
#include <stdexcept>

namespace hilsim::sim {

ReducedHydraulics::ReducedHydraulics(const ReducedHydraulicsSetup& setup) : setup_(setup) {
  if (setup_.cylinders < 1 || setup_.cylinders > machine::kMaxCylinders)
    throw std::invalid_argument("two-way coupling: 1 to 8 cylinders");
  for (int k = 0; k < setup_.cylinders; ++k) {
    if (!setup_.kappa[k]) throw std::invalid_argument("two-way coupling: a cylinder without a valve command");
    p_[k] = setup_.p0[k];
    model_[k].p_start = setup_.p0[k];
  }
}

void ReducedHydraulics::set_models(std::span<const double> u) {
  for (int k = 0; k < setup_.cylinders; ++k) {
    model_[k] = unpack_reduced_cylinder_model(
        u.subspan(static_cast<std::size_t>(k) * kReducedModelWidth, kReducedModelWidth));
    p_[k] = model_[k].p_start;
  }
}

machine::VecK ReducedHydraulics::pressure_forces() const {
  machine::VecK f(setup_.cylinders);
  for (int k = 0; k < setup_.cylinders; ++k) f[k] = pressure_force(setup_.hyd[k], p_[k]);
  return f;
}

void ReducedHydraulics::advance(std::int64_t n, std::int64_t j, double h, const machine::VecK& s,
                                const machine::VecK& s_dot) {
  // The hydraulic micro step whose κ this mechanics step applies (see the header), in integers.
  const std::int64_t K_H = setup_.hydraulic_steps, K_M = setup_.mechanics_steps;
  const std::int64_t first = n * K_H + (j * K_H) / K_M;
  const std::int64_t last = std::max(first, n * K_H + ((j + 1) * K_H) / K_M - 1);  // h_M < h_H: one step
  const std::int64_t m = setup_.preview == KappaPreview::kScript ? last : first;
  const double t = static_cast<double>(m) * setup_.h_hyd;
  bool clamped = false;
  for (int k = 0; k < setup_.cylinders; ++k) {
    const double kappa = setup_.kappa[k]->kappa(m, t);
    const ReducedCylinderModel& model = model_[k];
    if (kappa < model.kappa_lo || kappa > model.kappa_hi) clamped = true;
    p_[k] = reduced_pressure_step(model, setup_.hyd[k], p_[k], h, s[k], s_dot[k], kappa);
  }
  if (clamped) ++clamps_;
}

}  // namespace hilsim::sim
