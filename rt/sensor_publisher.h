// The simulated sensors of a hardware-in-the-loop run, published by the hydraulics thread after
// every micro step on a latest-value channel; an I/O thread sends the newest snapshot at its own
// rate (UDP datagrams, CAN frames), so the real-time thread never makes a system call for it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "rt/commanded_valve.h"
#include "rt/latest_value.h"
#include "rt/periodic_loop.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::rt {

class StepObserver {
 public:
  virtual ~StepObserver() = default;
  virtual void after_step(std::int64_t step, std::span<const double> inputs, const sim::Subsystem& subsystem,
                          bool healthy) noexcept = 0;
};

struct SensorSnapshot {
  std::int64_t micro_step = -1;  // the hydraulic micro step just finished (-1: none yet)
  double t = 0.0;                // simulated time at its end [s]
  double s = 0.0;                // actuator length the step used [m]
  double s_dot = 0.0;            // actuator rate the step used [m/s]
  double p1 = 0.0;               // piston-side pressure [Pa]
  double p2 = 0.0;               // rod-side pressure [Pa]
  double f_h = 0.0;              // actuator force [N]
  double kappa = 0.0;            // valve position applied in the step [-]
  bool watchdog_active = false;  // the safe κ is applied (no fresh command)
  bool fault = false;            // a state stopped being finite
  std::int64_t overruns = 0;     // deadline overruns of both real-time threads so far
  std::int64_t watchdog_trips = 0;
  std::uint32_t last_sequence = 0;  // sequence number of the newest applied command
};

class SensorPublisher final : public StepObserver {
 public:
  // `valve` is the hydraulics' valve command; `commanded` the same object when it is a
  // CommandedValve (for the watchdog state), else null. h_H: micro step [s]. All must outlive this.
  SensorPublisher(const sim::ValveCommand& valve, const CommandedValve* commanded, double h_H,
                  LatestValue<SensorSnapshot>& out)
      : valve_(valve), commanded_(commanded), h_H_(h_H), out_(out) {}

  // The loops whose overruns the snapshots count (set before the threads start).
  void count_overruns_of(const LoopStats* a, const LoopStats* b) { loops_ = {a, b}; }

  void after_step(std::int64_t step, std::span<const double> inputs, const sim::Subsystem& hydraulics,
                  bool healthy) noexcept override;

 private:
  const sim::ValveCommand& valve_;
  const CommandedValve* commanded_;
  double h_H_;
  LatestValue<SensorSnapshot>& out_;
  std::array<const LoopStats*, 2> loops_{nullptr, nullptr};
};

}  // namespace hilsim::rt
