// Extrapolation of a subsystem's inputs between communication points (Rahikainen et al. 2020, §2.3, Peiret et
// al. 2018, §3): zero-order hold, or the Lagrange polynomial of order 1 or 2 through the last two or three
// input samples, evaluated at the start of every internal step. Until enough samples have arrived the order
// falls back to what they support (the first macro step is always a hold).
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
  static constexpr std::size_t kMaxWidth = 16;  // p1, p2 of 8 cylinders

  // width: number of inputs (≤ kMaxWidth); H: macro step [s], the spacing of the samples.
  InputExtrapolator(Extrapolation order, std::size_t width, double H);

  // A new sample of the inputs, taken at communication point n (time n H). Samples arrive in
  // increasing n; a repeated n replaces the newest sample.
  void push(std::int64_t n, std::span<const double> u);
  // The inputs at time n_ref H + tau [s], from the samples held. Allocates nothing.
  // The hold is inline: a hydraulic micro step asks at every step, and the call to the polynomial
  // code cost the held case more than its copy of two values.
  void evaluate(std::int64_t n_ref, double tau, std::span<double> out) const {
    if (order_ == Extrapolation::kZeroOrderHold || count_ <= 1) {
      copy_values(values_[0].data(), width_, out.data());
      return;
    }
    evaluate_polynomial(n_ref, tau, out);
  }
  // The same for a subsystem of exactly two inputs, returned by value. A hold returns the newest
  // sample as it is held: copied through a buffer, the pair was written as two 8-byte values and
  // read back as one 16-byte value, which misses store-to-load forwarding (circuit_euler_step,
  // sim/hydraulics/circuit.h), at every hydraulic micro step.
  std::array<double, 2> evaluate2(std::int64_t n_ref, double tau) const {
    if (order_ == Extrapolation::kZeroOrderHold || count_ <= 1) return {values_[0][0], values_[0][1]};
    std::array<double, 2> out;
    evaluate_polynomial(n_ref, tau, out);
    return out;
  }
  std::size_t width() const { return width_; }
  Extrapolation order() const { return order_; }

 private:
  // The first `width` values of `from` into `to`. A loop bounded by kMaxWidth on purpose: std::copy,
  // or a plain loop of run-time length once inlined, compiles to a call to memcpy or memmove, which
  // for the two to eight inputs of a subsystem costs more than the copy (it was 3 % of an offline
  // run's instructions: a hold copies at every micro step).
  static void copy_values(const double* from, std::size_t width, double* to) {
    for (std::size_t k = 0; k < kMaxWidth && k < width; ++k) to[k] = from[k];
  }
  // evaluate with two or three samples and a linear or quadratic order.
  void evaluate_polynomial(std::int64_t n_ref, double tau, std::span<double> out) const;

  using Sample = std::array<double, kMaxWidth>;
  Extrapolation order_;
  std::size_t width_;
  double H_;
  std::array<Sample, 3> values_{};   // newest first
  std::array<std::int64_t, 3> n_{};  // communication index of each sample
  std::size_t count_ = 0;
};

}  // namespace hilsim::sim
