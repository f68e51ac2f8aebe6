// Extrapolation of a subsystem's inputs between communication points (seed 001 §2.3, seed 004 §3):
// zero-order hold, or the Lagrange polynomial of order 1 or 2 through the last two or three input
// samples, evaluated at the start of every internal step. Until enough samples have arrived the
// order falls back to what they support (the first macro step is always a hold).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace hilsim::sim {

enum class Extrapolation { kZeroOrderHold = 0, kLinear = 1, kQuadratic = 2 };

std::string_view to_string(Extrapolation e);  // "zoh", "linear", "quadratic"

class InputExtrapolator final {
 public:
  static constexpr std::size_t kMaxWidth = 8;

  // width: number of inputs (≤ kMaxWidth); H: macro step [s], the spacing of the samples.
  InputExtrapolator(Extrapolation order, std::size_t width, double H);

  // A new sample of the inputs, taken at communication point n (time n H). Samples arrive in
  // increasing n; a repeated n replaces the newest sample.
  void push(std::int64_t n, std::span<const double> u);
  // The inputs at time n_ref H + tau [s], from the samples held. Allocates nothing.
  void evaluate(std::int64_t n_ref, double tau, std::span<double> out) const;
  std::size_t width() const { return width_; }
  Extrapolation order() const { return order_; }

 private:
  using Sample = std::array<double, kMaxWidth>;
  Extrapolation order_;
  std::size_t width_;
  double H_;
  std::array<Sample, 3> values_{};     // newest first
  std::array<std::int64_t, 3> n_{};    // communication index of each sample
  std::size_t count_ = 0;
};

}  // namespace hilsim::sim
