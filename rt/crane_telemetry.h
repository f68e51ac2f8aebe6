// Telemetry of the real-time crane co-simulation: what the mechanics and hydraulics threads record
// at communication points, the rings that carry it to the non-real-time writer thread, and how
// the writer joins both streams back into the samples the offline run produces.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>

#include "rt/subsystem_loop.h"
#include "rt/telemetry_ring.h"
#include "sim/analysis/trajectory.h"
#include "sim/cosim/hydraulics_subsystem.h"
#include "sim/cosim/mechanics_subsystem.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::rt {

struct MechanicsRecord {
  std::int64_t n = 0;  // communication point
  bool healthy = true;
  double q[2] = {0, 0};      // [rad]
  double q_dot[2] = {0, 0};  // [rad/s]
};

struct HydraulicsRecord {
  std::int64_t n = 0;
  bool healthy = true;
  double p[2] = {0, 0};  // [Pa]
  double kappa = 0.0;    // valve position applied from t_n [-]
};

// 8192 records: 8 s of communication points at H = 1 ms before a stalled writer causes drops.
inline constexpr std::size_t kTelemetryCapacity = 8192;
using MechanicsRing = TelemetryRing<MechanicsRecord, kTelemetryCapacity>;
using HydraulicsRing = TelemetryRing<HydraulicsRecord, kTelemetryCapacity>;

// How a hook hands a record to its ring.
struct TelemetryPolicy {
  std::int64_t decimation = 1;  // record every d-th communication point (and any unhealthy one)
  // Paced runs drop a record when the ring is full (a real-time thread never waits for the
  // writer). Unpaced runs have no deadline to keep: they wait for room and drop nothing.
  bool wait_for_room = false;
  const std::atomic<bool>* stop = nullptr;  // ends a wait for room
};

class MechanicsTelemetry final : public CommunicationHook {
 public:
  MechanicsTelemetry(const sim::MechanicsSubsystem& mechanics, MechanicsRing& ring, TelemetryPolicy policy)
      : mechanics_(mechanics), ring_(ring), policy_(policy) {}
  void at_communication_point(std::int64_t n, bool healthy) noexcept override;

 private:
  const sim::MechanicsSubsystem& mechanics_;
  MechanicsRing& ring_;
  TelemetryPolicy policy_;
};

class HydraulicsTelemetry final : public CommunicationHook {
 public:
  // `micro_steps_per_exchange` hydraulic steps of `h_H` [s] make one macro step; `valve` is asked
  // for κ at each recorded communication point from this (the hydraulics) thread.
  HydraulicsTelemetry(const sim::HydraulicsSubsystem& hydraulics, const sim::ValveCommand& valve,
                      std::int64_t micro_steps_per_exchange, double h_H, HydraulicsRing& ring,
                      TelemetryPolicy policy)
      : hydraulics_(hydraulics),
        valve_(valve),
        micro_steps_per_exchange_(micro_steps_per_exchange),
        h_H_(h_H),
        ring_(ring),
        policy_(policy) {}
  void at_communication_point(std::int64_t n, bool healthy) noexcept override;

 private:
  const sim::HydraulicsSubsystem& hydraulics_;
  const sim::ValveCommand& valve_;
  std::int64_t micro_steps_per_exchange_;
  double h_H_;
  HydraulicsRing& ring_;
  TelemetryPolicy policy_;
};

// The sample of communication point n from both records, computed exactly as
// sim::CraneCosimulation::sample() computes it offline (the determinism tests compare the bytes).
sim::CraneSample crane_sample(const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd,
                              double H, const MechanicsRecord& m, const HydraulicsRecord& h);

// Receives the joined samples in the writer thread (not real time: it may allocate and write).
class SampleSink {
 public:
  virtual ~SampleSink() = default;
  virtual void on_sample(const sim::CraneSample& sample) = 0;
};

struct WriterResult {
  std::int64_t rows = 0;      // samples given to the sink
  std::int64_t unpaired = 0;  // records whose partner was dropped
  std::exception_ptr error;   // what the sink threw, if it did (no rows were given after it)
};

// The writer thread's work: joins both rings by communication point until a stream ends (its
// producer's `done` flag is set and its ring is empty) or a record is unhealthy, giving each
// healthy pair to the sink; then drains and discards the rest until both producers are done.
WriterResult drain_telemetry(MechanicsRing& mech, const std::atomic<bool>& mech_done, HydraulicsRing& hyd,
                             const std::atomic<bool>& hyd_done, const sim::CraneParameters& crane,
                             const sim::HydraulicParameters& hyd_params, double H, SampleSink& sink);

}  // namespace hilsim::rt
