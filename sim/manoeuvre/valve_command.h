// Sources of the valve spool position κ [-] that drives a hydraulic subsystem.
//
// A source is asked at the start of every hydraulic micro step, with that step's global index and
// time; scripted manoeuvres use the time, recorded or live inputs (HIL) the index, so that a replay
// applies every input at exactly the step where it took effect.
#pragma once

#include <cstdint>
#include <vector>

namespace hilsim::sim {

class ValveCommand {
 public:
  virtual ~ValveCommand() = default;
  // κ ∈ [0, 1] to apply from hydraulic micro step `micro_step`, which starts at time t [s].
  virtual double kappa(std::int64_t micro_step, double t) const = 0;
};

// Manoeuvre M1, LIM benchmark 2021, eq. (19): hold κ0, ramp by −0.01 over t_r at t_a, hold, ramp by +0.03
// over 2 t_r at t_b, hold.
class StepManoeuvreM1 final : public ValveCommand {
 public:
  struct Timing {
    double t_a = 2.0;   // start of the first ramp [s]
    double t_b = 6.0;   // start of the second ramp [s], > t_a + t_r
    double t_r = 1e-3;  // ramp time constant [s], > 0
  };
  StepManoeuvreM1(double kappa0, Timing timing);
  explicit StepManoeuvreM1(double kappa0) : StepManoeuvreM1(kappa0, Timing{}) {}
  double kappa(std::int64_t micro_step, double t) const override;
  // Inline for ValveReader (valve_reader.h), which a hydraulic micro step reads κ through.
  double at(double t) const {
    const auto [t_a, t_b, t_r] = timing_;
    if (t <= t_a) return kappa0_;
    if (t <= t_a + t_r) return kappa0_ - 0.01 * (t - t_a) / t_r;
    if (t <= t_b) return kappa0_ - 0.01;
    if (t <= t_b + 2.0 * t_r) return kappa0_ - 0.01 + 0.03 * (t - t_b) / (2.0 * t_r);
    return kappa0_ + 0.02;
  }

 private:
  double kappa0_;
  Timing timing_;
};

// Manoeuvre M2, LIM benchmark 2021, eq. (20): κ = κ0 (1 − A(t) sin(2π f t)), with the amplitude A rising
// linearly to 0.1 over the first second, held until 8 s, falling to 0 at 9 s. The seed prints
// "ω = 2 rad/s" inside sin(2πωt); the authors' data (hydraulicManipulator_kappaM2.csv) is
// f = 2 Hz, i.e. sin(4πt).
class SinusoidalManoeuvreM2 final : public ValveCommand {
 public:
  struct Shape {
    double frequency = 2.0;  // [Hz], > 0
    double amplitude = 0.1;  // peak relative amplitude A [-], [0, 1]
  };
  SinusoidalManoeuvreM2(double kappa0, Shape shape);
  explicit SinusoidalManoeuvreM2(double kappa0) : SinusoidalManoeuvreM2(kappa0, Shape{}) {}
  double kappa(std::int64_t micro_step, double t) const override;
  double at(double t) const;

 private:
  double kappa0_;
  Shape shape_;
};

// κ(t) interpolated linearly in a table of breakpoints, held constant before the first and after
// the last one.
class TableManoeuvre final : public ValveCommand {
 public:
  struct Point {
    double t;      // [s]
    double kappa;  // [-]
  };
  // Throws std::invalid_argument naming the offending row (0-based) unless there is at least one
  // point, times are finite and strictly increasing and every command lies in [lo, hi]: κ ∈ [0, 1]
  // of the open-centre valve, u ∈ [−1, 1] of a proportional one (sim/hydraulics/valve.h).
  explicit TableManoeuvre(std::vector<Point> points, double lo = 0.0, double hi = 1.0);
  double kappa(std::int64_t micro_step, double t) const override;
  double at(double t) const;
  const std::vector<Point>& points() const { return points_; }

 private:
  std::vector<Point> points_;
};

// The second actuator's command in the double-actuated crane, Peiret et al. 2018, eq. (35):
//   κ2 = κ2,0 − 0.0025 t for t ≤ t_a, then κ2,0 − 0.005 (t_a = 2 s).
class SecondActuatorManoeuvre final : public ValveCommand {
 public:
  explicit SecondActuatorManoeuvre(double kappa0, double t_a = 2.0) : kappa0_(kappa0), t_a_(t_a) {}
  double kappa(std::int64_t, double t) const override { return at(t); }
  double at(double t) const { return t <= t_a_ ? kappa0_ - 0.0025 * t : kappa0_ - 0.0025 * t_a_; }

 private:
  double kappa0_;
  double t_a_;  // [s]
};

// A constant κ, e.g. the equilibrium κ0 (a crane that holds its load).
class ConstantValveCommand final : public ValveCommand {
 public:
  explicit ConstantValveCommand(double kappa) : kappa_(kappa) {}
  double kappa(std::int64_t, double) const override { return kappa_; }

 private:
  double kappa_;
};

}  // namespace hilsim::sim
