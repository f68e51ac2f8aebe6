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
#include "sim/cosim/coupling_monitor.h"
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
  double work = 0.0;         // the actuator's work on the crane since t_0 [J]
  double bond_energy = 0.0;  // E_M of the coupling monitor (sim/cosim/coupling_monitor.h) [J]
};

struct HydraulicsRecord {
  std::int64_t n = 0;
  bool healthy = true;
  double p[2] = {0, 0};  // [Pa]
  double kappa = 0.0;    // valve position applied from t_n [-]
  double bond_energy = 0.0;  // E_H of the coupling monitor [J]
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
  // H: macro step [s]. The hook keeps the mechanics' side of the coupling monitor at every
  // communication point, recorded or not, as the offline co-simulation does.
  MechanicsTelemetry(const sim::MechanicsSubsystem& mechanics, const sim::CraneParameters& crane, double H,
                     MechanicsRing& ring, TelemetryPolicy policy)
      : mechanics_(mechanics), crane_(crane), H_(H), ring_(ring), policy_(policy) {}
  void at_communication_point(std::int64_t n, bool healthy) noexcept override;

 private:
  const sim::MechanicsSubsystem& mechanics_;
  sim::CraneParameters crane_;
  double H_;
  sim::BondEnergy energy_;
  MechanicsRing& ring_;
  TelemetryPolicy policy_;
};

class HydraulicsTelemetry final : public CommunicationHook {
 public:
  // `micro_steps_per_exchange` hydraulic steps of `h_H` [s] make one macro step; `valve` is asked
  // for κ at each recorded communication point from this (the hydraulics) thread.
  // H: macro step [s]; the hook keeps the hydraulics' side of the coupling monitor.
  HydraulicsTelemetry(const sim::HydraulicsSubsystem& hydraulics, const sim::ValveCommand& valve,
                      std::int64_t micro_steps_per_exchange, double h_H, HydraulicsRing& ring,
                      TelemetryPolicy policy, const sim::HydraulicParameters& hyd, sim::Coupling coupling, double H)
      : hydraulics_(hydraulics),
        valve_(valve),
        micro_steps_per_exchange_(micro_steps_per_exchange),
        h_H_(h_H),
        hyd_(hyd),
        coupling_(coupling),
        H_(H),
        ring_(ring),
        policy_(policy) {}
  void at_communication_point(std::int64_t n, bool healthy) noexcept override;

 private:
  const sim::HydraulicsSubsystem& hydraulics_;
  const sim::ValveCommand& valve_;
  std::int64_t micro_steps_per_exchange_;
  double h_H_;
  sim::HydraulicParameters hyd_;
  sim::Coupling coupling_;
  double H_;
  sim::BondEnergy energy_;
  HydraulicsRing& ring_;
  TelemetryPolicy policy_;
};

// The sample of communication point n from both records, computed exactly as
// sim::CraneCosimulation::sample() computes it offline (the determinism tests compare the bytes).
// E0: the crane's mechanical energy T + V at t_0 [J], for the energy balance.
sim::CraneSample crane_sample(const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd,
                              double H, double E0, const MechanicsRecord& m, const HydraulicsRecord& h);

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
                             const sim::HydraulicParameters& hyd_params, double H, double E0, SampleSink& sink);

}  // namespace hilsim::rt
