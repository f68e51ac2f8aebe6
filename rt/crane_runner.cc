#include "rt/crane_runner.h"

#include <stdexcept>
#include <thread>

#include "rt/rt_thread.h"
#include "sim/model/crane_model.h"

namespace hilsim::rt {

namespace {

// Everything the threads share, on the heap (the rings hold 8192 records each).
struct Shared {
  CouplingChannel mech_to_hyd;  // producer: mechanics thread; consumer: hydraulics thread
  CouplingChannel hyd_to_mech;  // producer: hydraulics thread; consumer: mechanics thread
  MechanicsRing mech_ring;      // producer: mechanics thread; consumer: writer thread
  HydraulicsRing hyd_ring;      // producer: hydraulics thread; consumer: writer thread
  std::atomic<bool> mech_done{false};
  std::atomic<bool> hyd_done{false};
};

// One side's thread body: publish y(t_0), run the loop, tell the peer if it ended early.
void run_side(SubsystemLoop& loop, const LoopConfig& config, const Nanoseconds& start_ns, LoopStats& stats,
              std::atomic<bool>& stop, std::atomic<bool>& done) noexcept {
  loop.begin();
  if (loop.end() == LoopEnd::kRunning) run_periodic(config, start_ns, stats, loop);
  if (loop.end() == LoopEnd::kRunning) loop.announce_stop();  // ended by the overrun policy
  if (loop.end() != LoopEnd::kFinished) stop.store(true, std::memory_order_relaxed);
  done.store(true, std::memory_order_release);
}

void fill(SideReport& side, const SubsystemLoop& loop, std::uint64_t dropped) {
  side.end = loop.end();
  side.exchange_waits = loop.exchange_waits();
  side.reached = loop.reached();
  side.telemetry_dropped = dropped;
}

}  // namespace

RtRunResult run_crane_realtime(const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd,
                               const sim::Equilibrium& eq, const sim::ValveCommand& valve,
                               const sim::CosimSettings& settings, const RtRunOptions& options,
                               SampleSink& sink, std::atomic<bool>& stop) {
  if (settings.scheme != sim::CosimScheme::kJacobi) {
    throw std::invalid_argument("the real-time runner exchanges by the Jacobi scheme only");
  }
  if (settings.coupling == sim::Coupling::kReducedInterface || crane.actuators != 1 ||
      settings.extrapolation != sim::Extrapolation::kZeroOrderHold) {
    throw std::invalid_argument(
        "the real-time runner runs the single-actuated crane with f-s or p-s coupling and held inputs");
  }
  if (settings.mechanics != sim::MechanicsFormulation::kIndependent) {
    throw std::invalid_argument(
        "the real-time runner integrates the mechanics in independent coordinates only (mechanics = "
        "\"independent\"); ALI1 and ALI3-P run offline");
  }
  // The offline co-simulation of the same settings checks them and defines N.
  const std::int64_t N = sim::CraneCosimulation(crane, hyd, eq, valve, settings).total_macro_steps();
  if (N < 1) throw std::invalid_argument("the run is shorter than one macro step H");
  const std::int64_t K = sim::steps_per_macro_step(settings.H, settings.h_hyd, "hydraulic step h_H");
  const double h_mech = settings.h_mech > 0.0 ? settings.h_mech : settings.H;
  const bool paced = options.pacing == Pacing::kWallClock;

  sim::MechanicsState initial;
  initial.q = eq.q;
  sim::MechanicsSubsystem mech(crane, hyd, settings.coupling, settings.H, h_mech, initial);
  // One micro step per period of the hydraulics thread (H = h_H), held inputs, and the offline
  // run's integrator: the same arithmetic, step for step.
  sim::HydraulicsSubsystem hydr(hyd, settings.h_hyd, settings.h_hyd, eq.s, eq.p, valve, 0.0,
                                sim::Extrapolation::kZeroOrderHold, "hydraulics", settings.hydraulics_integrator);

  auto shared = std::make_unique<Shared>();
  const TelemetryPolicy policy{options.settings.telemetry_decimation, !paced, &stop};
  MechanicsTelemetry mech_hook(mech, crane, settings.H, shared->mech_ring, policy);
  HydraulicsTelemetry hyd_hook(hydr, valve, K, settings.h_hyd, shared->hyd_ring, policy, hyd, settings.coupling,
                               settings.H);
  SubsystemLoop mech_loop(mech, hydr.output_names(), 1, N, shared->mech_to_hyd, shared->hyd_to_mech,
                          mech_hook, stop);
  SubsystemLoop hyd_loop(hydr, kMechanicsOutputsForHydraulics, K, N, shared->hyd_to_mech, shared->mech_to_hyd,
                         hyd_hook, stop, options.sensors);

  RtRunResult result;
  result.paced = paced;
  result.communication_points = N;
  result.mechanics.period_ns = seconds_to_ns(settings.H);
  result.hydraulics.period_ns = seconds_to_ns(settings.h_hyd);
  const LoopConfig mech_config{result.mechanics.period_ns, paced, options.settings.overrun_policy};
  const LoopConfig hyd_config{result.hydraulics.period_ns, paced, options.settings.overrun_policy};
  LoopStats& mech_stats = *result.mechanics.loop;
  LoopStats& hyd_stats = *result.hydraulics.loop;
  if (options.sensors) options.sensors->count_overruns_of(&mech_stats, &hyd_stats);
  Nanoseconds start_ns = 0;  // written before the threads are released, read after

  RtThread hyd_thread(options.settings.hydraulics,
                      [&] { run_side(hyd_loop, hyd_config, start_ns, hyd_stats, stop, shared->hyd_done); });
  RtThread mech_thread(options.settings.mechanics, [&] {
    run_side(mech_loop, mech_config, start_ns, mech_stats, stop, shared->mech_done);
  });
  result.mechanics.setup = mech_thread.setup();
  result.hydraulics.setup = hyd_thread.setup();
  result.not_real_time = options.process_problems;
  for (const SideReport* side : {&result.mechanics, &result.hydraulics}) {
    result.not_real_time.insert(result.not_real_time.end(), side->setup.problems.begin(),
                                side->setup.problems.end());
  }
  if (options.require_rt && !result.not_real_time.empty()) {
    result.refused = true;
    return result;  // the threads' destructors cancel them before they run
  }

  std::thread writer([&] {
    // The writer's file writes must not hold up the real-time CPUs (a kernel without full
    // preemption finishes a system call before it switches to a waking real-time thread).
    keep_off_cpus({options.settings.mechanics.cpu, options.settings.hydraulics.cpu});
    result.writer = drain_telemetry(shared->mech_ring, shared->mech_done, shared->hyd_ring, shared->hyd_done,
                                    crane, hyd, settings.H,
                                    sim::mechanical_energy(crane, eq.q, Eigen::Vector2d::Zero()),
                                    sink);
  });
  start_ns = now_ns() + options.start_delay_ns;
  result.start_realtime_us = (realtime_ns() + (start_ns - now_ns())) / 1000;
  const Nanoseconds wall_start = now_ns();
  hyd_thread.release(true);
  mech_thread.release(true);
  hyd_thread.join();
  mech_thread.join();
  result.wall_seconds = static_cast<double>(now_ns() - (paced ? start_ns : wall_start)) / 1e9;
  writer.join();

  fill(result.mechanics, mech_loop, shared->mech_ring.dropped());
  fill(result.hydraulics, hyd_loop, shared->hyd_ring.dropped());
  result.finished = mech_loop.end() == LoopEnd::kFinished && hyd_loop.end() == LoopEnd::kFinished;
  result.diverged = mech_loop.end() == LoopEnd::kDiverged || hyd_loop.end() == LoopEnd::kDiverged;
  if (result.writer.error) std::rethrow_exception(result.writer.error);
  return result;
}

}  // namespace hilsim::rt
