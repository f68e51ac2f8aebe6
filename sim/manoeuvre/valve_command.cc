#include "sim/manoeuvre/valve_command.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace hilsim::sim {

StepManoeuvreM1::StepManoeuvreM1(double kappa0, Timing timing) : kappa0_(kappa0), timing_(timing) {
  if (!(timing.t_r > 0.0) || !(timing.t_a >= 0.0) || !(timing.t_b > timing.t_a + timing.t_r)) {
    throw std::invalid_argument("manoeuvre M1 needs t_r > 0, t_a >= 0 and t_b > t_a + t_r");
  }
}

double StepManoeuvreM1::kappa(std::int64_t, double t) const { return at(t); }

SinusoidalManoeuvreM2::SinusoidalManoeuvreM2(double kappa0, Shape shape) : kappa0_(kappa0), shape_(shape) {
  if (!(shape.frequency > 0.0) || !(shape.amplitude >= 0.0 && shape.amplitude <= 1.0)) {
    throw std::invalid_argument("manoeuvre M2 needs frequency > 0 Hz and amplitude in [0, 1]");
  }
}

double SinusoidalManoeuvreM2::at(double t) const {
  double envelope = 0.0;  // A(t) / A_max
  if (t <= 1.0) {
    envelope = std::max(t, 0.0);
  } else if (t <= 8.0) {
    envelope = 1.0;
  } else if (t <= 9.0) {
    envelope = 9.0 - t;
  }
  const double A = shape_.amplitude * envelope;
  return kappa0_ * (1.0 - A * std::sin(2.0 * std::numbers::pi * shape_.frequency * t));
}

double SinusoidalManoeuvreM2::kappa(std::int64_t, double t) const { return at(t); }

TableManoeuvre::TableManoeuvre(std::vector<Point> points, double lo, double hi) : points_(std::move(points)) {
  if (points_.empty()) throw std::invalid_argument("the κ table has no points");
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const Point& pt = points_[i];
    const std::string row = "row " + std::to_string(i);
    if (!std::isfinite(pt.t)) throw std::invalid_argument(row + ": time is not a finite number");
    if (!(pt.kappa >= lo && pt.kappa <= hi)) {
      throw std::invalid_argument(row + ": kappa = " + std::to_string(pt.kappa) +
                                  " is outside the accepted range [" + std::to_string(lo) + ", " +
                                  std::to_string(hi) + "]");
    }
    if (i > 0 && !(pt.t > points_[i - 1].t)) {
      throw std::invalid_argument(row + ": time " + std::to_string(pt.t) +
                                  " s does not increase strictly over the previous row");
    }
  }
}

double TableManoeuvre::at(double t) const {
  if (t <= points_.front().t) return points_.front().kappa;
  if (t >= points_.back().t) return points_.back().kappa;
  const auto hi = std::upper_bound(points_.begin(), points_.end(), t,
                                   [](double value, const Point& pt) { return value < pt.t; });
  const auto lo = hi - 1;
  const double w = (t - lo->t) / (hi->t - lo->t);
  return lo->kappa + w * (hi->kappa - lo->kappa);
}

double TableManoeuvre::kappa(std::int64_t, double t) const { return at(t); }

}  // namespace hilsim::sim
