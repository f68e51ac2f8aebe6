#include "sim/multibody/unilateral_stops.h"

namespace hilsim::sim {

namespace {

// The limit the free step crosses, or NaN when it stays inside.
double crossed_limit(const UnilateralStop& stop, double x, double x_dot_free, double h) {
  const double x_end = x + h * x_dot_free;
  if (x_end > stop.upper) return stop.upper;
  if (x_end < stop.lower) return stop.lower;
  return std::numeric_limits<double>::quiet_NaN();
}

// Solves the engaged rows; the others are λ_i = 0.
StopVector solve_engaged(const std::array<UnilateralStop, kMaxStops>& stops, unsigned engaged,
                         const StopVector& x, const StopVector& limit, const StopVector& x_dot_free,
                         const StopMatrix& W, double h) {
  StopMatrix a = StopMatrix::Identity();
  StopVector b = StopVector::Zero();
  for (int i = 0; i < kMaxStops; ++i) {
    if (!(engaged & (1u << i))) continue;
    const double c = stops[i].stiffness * h + stops[i].damping;  // [N·s/m]
    for (int j = 0; j < kMaxStops; ++j) {
      if (engaged & (1u << j)) a(i, j) += h * c * W(i, j);
    }
    b[i] = -stops[i].stiffness * (x[i] - limit[i]) - c * x_dot_free[i];
  }
  return a.partialPivLu().solve(b);
}

}  // namespace

bool any_stop_reached(const std::array<UnilateralStop, kMaxStops>& stops, const StopVector& x,
                      const StopVector& x_dot_free, double h) {
  for (int i = 0; i < kMaxStops; ++i) {
    const double x_end = x[i] + h * x_dot_free[i];
    if (x_end > stops[i].upper || x_end < stops[i].lower) return true;
  }
  return false;
}

StopForces stop_forces(const std::array<UnilateralStop, kMaxStops>& stops, const StopVector& x,
                       const StopVector& x_dot_free, const StopMatrix& W, double h) {
  StopForces out;
  StopVector limit = StopVector::Zero();
  for (int i = 0; i < kMaxStops; ++i) {
    limit[i] = crossed_limit(stops[i], x[i], x_dot_free[i], h);
    if (limit[i] == limit[i]) out.engaged |= 1u << i;  // not NaN
  }
  // Each pass releases at least one stop that pulls, so kMaxStops passes settle the set.
  for (int pass = 0; pass < kMaxStops && out.engaged != 0; ++pass) {
    const StopVector f = solve_engaged(stops, out.engaged, x, limit, x_dot_free, W, h);
    unsigned pulling = 0;
    for (int i = 0; i < kMaxStops; ++i) {
      if (!(out.engaged & (1u << i))) continue;
      const bool at_upper = limit[i] == stops[i].upper;
      if (at_upper ? f[i] > 0.0 : f[i] < 0.0) pulling |= 1u << i;
    }
    if (pulling == 0) {
      out.force = f;
      return out;
    }
    out.engaged &= ~pulling;
  }
  out.force.setZero();
  return out;
}

}  // namespace hilsim::sim
