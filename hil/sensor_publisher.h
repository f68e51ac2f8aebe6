// The simulated sensors of a hardware-in-the-loop run, per actuator: after every micro step of a
// hydraulic subsystem (sim::ActuatorSensors), in that subsystem's real-time thread, the publisher
// writes one snapshot per actuator the subsystem integrates to that actuator's latest-value
// channel; an I/O thread sends the newest snapshots at its own rate (UDP datagrams, CAN frames), so
// the real-time threads never make a system call for it.
//
// Threads. With two actuators coupled directly (f-s, p-s) each actuator's hydraulics run in their
// own thread, with the RIM coupling both in one. Either way channel k and valve k belong to the
// thread of the subsystem that senses actuator k: that thread evaluates valve k (so reading its
// watchdog state there is a same-thread read) and is channel k's single producer.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "hil/commanded_valve.h"
#include "rt/latest_value.h"
#include "rt/micro_step_observer.h"
#include "rt/periodic_loop.h"

namespace hilsim::hil {

struct SensorSnapshot {
  int actuator = 0;              // the crane's actuator, 0-based
  std::int64_t micro_step = -1;  // the hydraulic micro step just finished (-1: none yet)
  double t = 0.0;                // simulated time at its end [s]
  double s = 0.0;                // actuator length the step used [m]
  double s_dot = 0.0;            // actuator rate the step used [m/s]
  double p1 = 0.0;               // piston-side pressure [Pa]
  double p2 = 0.0;               // rod-side pressure [Pa]
  double f_h = 0.0;              // actuator force [N]
  double kappa = 0.0;            // valve position applied in the step [-]
  bool watchdog_active = false;  // the safe κ is applied to this actuator (no fresh command)
  bool fault = false;            // a state of the subsystem stopped being finite
  std::int64_t overruns = 0;     // deadline overruns of all real-time loops so far
  std::int64_t watchdog_trips = 0;
  std::uint32_t last_sequence = 0;  // sequence number of the newest command applied to this actuator
  unsigned limits = 0;              // the machine limits holding it (sim::LimitFlag bits)
  // A contact task's total normal contact force [N] (sim::ContactSensors), the newest its tool's
  // thread published; 0 without a contact task.
  double contact_force = 0.0;
};

using SensorChannels = std::array<rt::LatestValue<SensorSnapshot>*, kMaxActuators>;
using CommandedValves = std::array<const CommandedValve*, kMaxActuators>;

class SensorPublisher final : public rt::MicroStepObserver {
 public:
  // `channels[k]`: where actuator k's snapshots go (null: an absent actuator, or one nobody reads).
  // `valves[k]`: actuator k's valve, for its watchdog state (null: none, e.g. a scripted valve that
  // is no CommandedValve). h_H: the hydraulic micro step [s]. All must outlive this.
  SensorPublisher(SensorChannels channels, CommandedValves valves, double h_H);

  // The loops whose overruns the snapshots count. Set up before the threads start; afterwards
  // only read (the counts themselves are atomics).
  void count_overruns_of(std::vector<const rt::LoopStats*> loops) { loops_ = std::move(loops); }

  // Publishes a snapshot of every actuator `subsystem` senses, when it is a sim::ActuatorSensors
  // (other subsystems, e.g. the mechanics, are ignored); from a sim::ContactSensors that senses
  // contacts it takes the contact force the snapshots carry (a relaxed atomic: the tool's thread
  // writes it, the cylinders' threads read it; a sensor value, it feeds nothing back into the run).
  // Allocates nothing, never throws.
  void after_micro_step(const sim::Subsystem& subsystem, std::int64_t micro_step,
                        bool healthy) noexcept override;

 private:
  std::int64_t overruns() const noexcept;

  SensorChannels channels_;
  CommandedValves valves_;
  double h_H_;  // [s]
  std::vector<const rt::LoopStats*> loops_;
  std::atomic<double> contact_force_{0.0};  // [N]
};

}  // namespace hilsim::hil
