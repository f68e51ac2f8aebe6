// A proportional valve's spool following its command u as a second-order lag (the data sheet's
// frequency response: natural frequency f_n at −90° phase, damping ratio ζ):
//   ẍ = ω² (u − x) − 2 ζ ω ẋ,   ω = 2π f_n,
// with the travel bounded to [−1, 1] by the spool's end stops. Over a step h with u held the motion
// is integrated exactly: e = x − u obeys [ė; ẍ] = A [e; ẋ], A = [0 1; −ω² −2ζω], so
// [e; ẋ](t + h) = exp(A h) [e; ẋ](t), whatever h: the lag is stable at every step the hydraulics take.
#pragma once

#include <Eigen/Dense>

namespace hilsim::sim {

struct SpoolState {
  double x = 0.0;      // position [-]
  double x_dot = 0.0;  // [1/s]
};

class SpoolLag final {
 public:
  SpoolLag() = default;
  // f_n [Hz] > 0, ζ > 0, h [s] > 0.
  SpoolLag(double natural_frequency, double damping_ratio, double h);

  // One step of h with the command u held [-].
  SpoolState step(const SpoolState& s, double u) const {
    const double e = s.x - u;
    SpoolState next;
    next.x = u + Phi_(0, 0) * e + Phi_(0, 1) * s.x_dot;
    next.x_dot = Phi_(1, 0) * e + Phi_(1, 1) * s.x_dot;
    if (next.x > 1.0 || next.x < -1.0) {  // on an end stop: held there
      next.x = next.x > 1.0 ? 1.0 : -1.0;
      next.x_dot = 0.0;
    }
    return next;
  }

  const Eigen::Matrix2d& transition() const { return Phi_; }

 private:
  Eigen::Matrix2d Phi_ = Eigen::Matrix2d::Identity();  // exp(A h)
};

}  // namespace hilsim::sim
