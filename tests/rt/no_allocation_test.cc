// The real-time loop bodies allocate nothing: the co-simulation's two SubsystemLoops (subsystem
// steps, Jacobi exchange, telemetry hooks) run in two threads under run_periodic while every
// operator new in this test binary is counted per thread. (The ThreadSanitizer build supplies its
// own operator new, so there this test is skipped.)
#include <gtest/gtest.h>

#include "tests/allocation_counter.h"

#include <atomic>
#include <thread>

#include "rt/crane_runner.h"
#include "rt/crane_telemetry.h"
#include "rt/periodic_loop.h"
#include "rt/subsystem_loop.h"
#include "sim/model/equilibrium.h"

namespace hilsim::rt {
namespace {

TEST(NoAllocation, CosimulationLoopBodiesAllocateNothing) {
  if (!HILSIM_COUNT_ALLOCATIONS)
    GTEST_SKIP() << "ThreadSanitizer build: operator new belongs to the sanitizer";
  {
    auto* probe = new int(1);  // the counter works
    delete probe;
    ASSERT_GT(t_allocations, 0);
  }
  const sim::CraneParameters crane;
  const sim::HydraulicParameters hyd;
  const sim::Equilibrium eq = sim::solve_equilibrium(crane, hyd);
  const sim::StepManoeuvreM1 valve(eq.kappa);
  const double H = 1e-3, h = 1e-4;
  const std::int64_t K = 10, N = 2500;  // 2.5 s: through the first M1 ramp
  sim::MechanicsState initial;
  initial.q = eq.q;
  sim::MechanicsSubsystem mech(crane, hyd, sim::Coupling::kPressureDisplacement, H, H, initial);
  sim::HydraulicsSubsystem hydr(hyd, h, h, eq.s, eq.p, valve);
  auto to_hyd = std::make_unique<CouplingChannel>(), to_mech = std::make_unique<CouplingChannel>();
  auto mech_ring = std::make_unique<MechanicsRing>();
  auto hyd_ring = std::make_unique<HydraulicsRing>();
  std::atomic<bool> stop{false};
  const TelemetryPolicy policy{1, false, &stop};
  MechanicsTelemetry mech_hook(mech, crane, H, *mech_ring, policy);
  HydraulicsTelemetry hyd_hook(hydr, valve, K, h, *hyd_ring, policy, hyd, sim::Coupling::kPressureDisplacement, H);
  SubsystemLoop mech_loop(mech, hydr.output_names(), 1, N, *to_hyd, *to_mech, mech_hook, stop);
  SubsystemLoop hyd_loop(hydr, kMechanicsOutputsForHydraulics, K, N, *to_mech, *to_hyd, hyd_hook, stop);
  auto mech_stats = std::make_unique<LoopStats>(), hyd_stats = std::make_unique<LoopStats>();
  const LoopConfig unpaced{1, false, OverrunPolicy::kCatchUp};

  long mech_allocations = -1, hyd_allocations = -1;
  const auto side = [&](SubsystemLoop& loop, LoopStats& stats, long& allocations) {
    const long before = t_allocations;
    loop.begin();
    run_periodic(unpaced, 0, stats, loop);
    allocations = t_allocations - before;
  };
  std::thread a([&] { side(mech_loop, *mech_stats, mech_allocations); });
  std::thread b([&] { side(hyd_loop, *hyd_stats, hyd_allocations); });
  a.join();
  b.join();
  EXPECT_EQ(mech_loop.end(), LoopEnd::kFinished);
  EXPECT_EQ(hyd_loop.end(), LoopEnd::kFinished);
  EXPECT_EQ(hyd_stats->cycles, K * N);
  EXPECT_EQ(mech_allocations, 0);
  EXPECT_EQ(hyd_allocations, 0);
  // The rings held 8192 records each: 2501 of each side's, none dropped.
  EXPECT_EQ(mech_ring->dropped() + hyd_ring->dropped(), 0u);
}

}  // namespace
}  // namespace hilsim::rt
