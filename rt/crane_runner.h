// The real-time co-simulation of the crane: the mechanics subsystem in one thread at period H, the
// hydraulics in another at period h_H, exchanging y(t_n) through SPSC channels at every
// communication point (Jacobi), each thread pinned and scheduled as [rt] says; a non-real-time
// thread joins their telemetry into samples for a sink (the CSV writer).
//
// The subsystems are the offline ones (sim::MechanicsSubsystem, sim::HydraulicsSubsystem, their
// do_step code); the hydraulics object is built with its communication step equal to h_H so that
// one do_step is one micro step, and it gets new inputs every H/h_H steps, as offline. Paced or
// not, the samples are bit-identical to sim::run_cosimulation's.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "rt/crane_telemetry.h"
#include "rt/periodic_loop.h"
#include "rt/rt_settings.h"
#include "rt/sensor_publisher.h"
#include "rt/subsystem_loop.h"
#include "rt/thread_setup.h"
#include "sim/cosim/crane_cosimulation.h"

namespace hilsim::rt {

// The mechanics' outputs (s1, s1dot) under the names the hydraulics take them by (s, sdot), the
// offline wiring of sim/cosim/crane_cosimulation.cc for one actuator.
inline const std::vector<std::string> kMechanicsOutputsForHydraulics = {"s", "sdot"};


enum class Pacing {
  kWallClock,  // each thread waits for its absolute deadlines (hilsim run --realtime)
  kUnpaced,    // same threads and exchange, as fast as possible (hilsim run --threads)
};

struct RtRunOptions {
  Pacing pacing = Pacing::kWallClock;
  RtSettings settings;
  // Refuse to run (RtRunResult::refused) when anything keeps the run from being real time.
  bool require_rt = false;
  // Reasons from the process set-up (rt::ProcessSetup) that already make the run not real time.
  std::vector<std::string> process_problems;
  Nanoseconds start_delay_ns = 20'000'000;  // from releasing the threads to the first deadline
  // Hardware in the loop: publishes the sensors after every hydraulic micro step (optional).
  SensorPublisher* sensors = nullptr;
};

struct SideReport {
  ThreadSetupResult setup;
  std::unique_ptr<LoopStats> loop = std::make_unique<LoopStats>();
  Nanoseconds period_ns = 0;
  LoopEnd end = LoopEnd::kRunning;
  std::int64_t exchange_waits = 0;  // communication points where the peer's y(t_n) was late
  std::int64_t reached = 0;         // last communication point reached
  std::uint64_t telemetry_dropped = 0;
};

struct RtRunResult {
  bool refused = false;                    // require_rt and a reason below: nothing ran
  std::vector<std::string> not_real_time;  // every reason the run is not real time; empty = it is
  bool paced = true;
  SideReport mechanics;
  SideReport hydraulics;
  WriterResult writer;
  std::int64_t communication_points = 0;  // N: the run ends at t_N
  bool finished = false;                  // both threads reached t_N
  bool diverged = false;                  // a state stopped being finite
  double wall_seconds = 0.0;
  // CLOCK_REALTIME of t = 0 (the first deadline) [µs], the clock of SocketCAN's receive times and
  // so of candump logs: `hilsim replay --candump --t0` lines a log up with the run by it.
  std::int64_t start_realtime_us = 0;
};

// Runs the crane co-simulation of `settings` (Jacobi only) in real-time threads. `valve` is
// evaluated in the hydraulics thread (and must be safe to call there); `stop` ends the run early
// when set by another thread or a signal handler, and is set by the run when a thread stops
// abnormally. Throws std::invalid_argument for settings the offline run would reject, a scheme
// other than Jacobi, or a zero-length run.
RtRunResult run_crane_realtime(const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd,
                               const sim::Equilibrium& eq, const sim::ValveCommand& valve,
                               const sim::CosimSettings& settings, const RtRunOptions& options,
                               SampleSink& sink, std::atomic<bool>& stop);

}  // namespace hilsim::rt
