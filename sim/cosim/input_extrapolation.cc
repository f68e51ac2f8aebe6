#include "sim/cosim/input_extrapolation.h"

#include <algorithm>
#include <stdexcept>

namespace hilsim::sim {

std::string_view to_string(Extrapolation e) {
  switch (e) {
    case Extrapolation::kZeroOrderHold:
      return "zoh";
    case Extrapolation::kLinear:
      return "linear";
    case Extrapolation::kQuadratic:
      return "quadratic";
  }
  return "?";
}

InputExtrapolator::InputExtrapolator(Extrapolation order, std::size_t width, double H)
    : order_(order), width_(width), H_(H) {
  if (width > kMaxWidth) throw std::invalid_argument("input extrapolation: too many inputs");
}

void InputExtrapolator::push(std::int64_t n, std::span<const double> u) {
  if (count_ > 0 && n_[0] == n) {
    copy_values(u.data(), width_, values_[0].data());
    return;
  }
  for (std::size_t i = 2; i > 0; --i) {
    values_[i] = values_[i - 1];
    n_[i] = n_[i - 1];
  }
  copy_values(u.data(), width_, values_[0].data());
  n_[0] = n;
  count_ = std::min<std::size_t>(count_ + 1, 3);
}

void InputExtrapolator::evaluate_polynomial(std::int64_t n_ref, double tau, std::span<double> out) const {
  const std::size_t points = std::min<std::size_t>(static_cast<std::size_t>(order_) + 1, count_);
  // Lagrange basis in units of H, with the evaluation point x relative to the newest sample.
  const double x = static_cast<double>(n_ref - n_[0]) + tau / H_;
  std::array<double, 3> node{};
  for (std::size_t i = 0; i < points; ++i) node[i] = static_cast<double>(n_[i] - n_[0]);
  std::array<double, 3> weight{};
  for (std::size_t i = 0; i < points; ++i) {
    double w = 1.0;
    for (std::size_t j = 0; j < points; ++j) {
      if (j != i) w *= (x - node[j]) / (node[i] - node[j]);
    }
    weight[i] = w;
  }
  for (std::size_t k = 0; k < width_; ++k) {
    double v = 0.0;
    for (std::size_t i = 0; i < points; ++i) v += weight[i] * values_[i][k];
    out[k] = v;
  }
}

}  // namespace hilsim::sim
