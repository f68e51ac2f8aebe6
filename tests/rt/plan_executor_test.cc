// The co-simulation plan executed in real-time threads reproduces the offline run byte for byte:
// every coupling, actuator count, scheme, extrapolation and mechanics formulation the offline run
// accepts, unpaced (--threads) and paced at wall-clock time (--realtime); through divergence,
// decimation, an overrun that stops the run, and a refusal. These tests compare bytes, not timing.
#include "rt/plan_executor.h"

#include <gtest/gtest.h>

#include <sstream>

#include "sim/cosim/cosimulation.h"
#include "tests/sim/lim_machine.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::rt {
namespace {

using sim::CosimScheme;
using sim::Coupling;
using sim::Extrapolation;
using sim::MechanicsFormulation;

struct Case {
  sim::CraneParameters crane;
  sim::HydraulicParameters hyd;
  sim::CosimSettings settings;
  bool m2 = true;
};

// Assembles each joined point into the sample the offline run produces.
struct Collect final : PointSink {
  explicit Collect(const sim::Plan& p) : plan(p) {}
  void on_point(std::int64_t n, std::span<const sim::ProbeValues> probes) override {
    samples.push_back(plan.assembly().sample(n, probes));
  }
  const sim::Plan& plan;
  std::vector<sim::Sample> samples;
};

std::string csv(const std::vector<sim::Sample>& samples, int actuators) {
  return io::trajectory_csv(samples, actuators);
}

// The machine of a case and its valve commands (actuator 2 follows Peiret et al. 2018, eq. 35).
struct Valves {
  explicit Valves(const Case& c)
      : crane(c.crane.actuators, c.hyd, c.settings.limits, c.crane),
        m1(crane.kappa0()),
        m2(crane.kappa0()),
        m2_case(c.m2) {}
  const sim::ValveCommand& first() const { return m2_case ? static_cast<const sim::ValveCommand&>(m2) : m1; }
  sim::Plan plan(const sim::CosimSettings& settings) const { return crane.plan(first(), settings); }
  test::LimRun crane;
  sim::StepManoeuvreM1 m1;
  sim::SinusoidalManoeuvreM2 m2;
  bool m2_case;
};

struct Threaded {
  ExecutorResult result;
  std::vector<sim::Sample> samples;
};

Threaded run_threaded(const Case& c, ExecutorOptions options) {
  const Valves v(c);
  sim::Plan plan = v.plan(c.settings);
  Collect sink(plan);
  std::atomic<bool> stop{false};
  PlanExecutor executor(plan, std::move(options));
  Threaded t{executor.run(sink, stop), {}};
  t.samples = std::move(sink.samples);
  return t;
}

sim::RunResult run_offline(const Case& c) {
  const Valves v(c);
  return v.crane.run(v.first(), c.settings);
}

ExecutorOptions with_pacing(Pacing pacing) {
  ExecutorOptions options;
  options.pacing = pacing;
  return options;
}

void expect_identical(const Case& c, Pacing pacing) {
  const sim::RunResult offline = run_offline(c);
  const Threaded rt = run_threaded(c, with_pacing(pacing));
  ASSERT_FALSE(offline.diverged);
  EXPECT_TRUE(rt.result.finished);
  EXPECT_FALSE(rt.result.diverged);
  EXPECT_EQ(rt.result.writer.unpaired, 0);
  for (const TaskReport& t : rt.result.tasks) {
    EXPECT_EQ(t.reached, rt.result.communication_points) << t.subsystem;
    EXPECT_EQ(t.telemetry_dropped, 0u) << t.subsystem;
  }
  ASSERT_EQ(rt.samples.size(), offline.samples.size());
  EXPECT_TRUE(csv(rt.samples, c.crane.actuators) == csv(offline.samples, c.crane.actuators))
      << "the CSV bytes differ";
}

// --- every combination the offline run accepts, in threads -----------------------------------

struct Combination {
  Coupling coupling;
  int actuators;
  CosimScheme scheme;
  Extrapolation extrapolation;
  MechanicsFormulation mechanics;
};

std::vector<Combination> every_accepted_combination() {
  std::vector<Combination> out;
  for (Coupling coupling : {Coupling::kForceDisplacement, Coupling::kPressureDisplacement,
                            Coupling::kReducedInterface, Coupling::kTwoWay})
    for (int actuators : {1, 2})
      for (CosimScheme scheme : {CosimScheme::kJacobi, CosimScheme::kGaussSeidelMechanicsFirst,
                                 CosimScheme::kGaussSeidelHydraulicsFirst})
        for (Extrapolation e : {Extrapolation::kZeroOrderHold, Extrapolation::kLinear})
          for (MechanicsFormulation m : {MechanicsFormulation::kIndependent, MechanicsFormulation::kAli1,
                                         MechanicsFormulation::kAli3P}) {
            const bool dependent = m != MechanicsFormulation::kIndependent;
            // What build_machine_plan refuses (checked below, so this list cannot drift from it).
            if (dependent && (coupling == Coupling::kReducedInterface || e != Extrapolation::kZeroOrderHold))
              continue;
            if (coupling == Coupling::kTwoWay && (dependent || e != Extrapolation::kZeroOrderHold)) continue;
            out.push_back({coupling, actuators, scheme, e, m});
          }
  return out;
}

std::string name_of(const testing::TestParamInfo<Combination>& info) {
  const Combination& c = info.param;
  const char* scheme = c.scheme == CosimScheme::kJacobi                      ? "jacobi"
                       : c.scheme == CosimScheme::kGaussSeidelMechanicsFirst ? "gs_mech_first"
                                                                             : "gs_hyd_first";
  return std::string(sim::to_string(c.coupling)) + "_" + std::to_string(c.actuators) + "act_" + scheme + "_" +
         std::string(sim::to_string(c.extrapolation)) + "_" + std::string(sim::to_string(c.mechanics));
}

class EveryCombination : public testing::TestWithParam<Combination> {};

TEST_P(EveryCombination, RunsInThreadsByteIdenticalToOffline) {
  const Combination& p = GetParam();
  Case c;
  c.crane.actuators = p.actuators;
  c.settings.coupling = p.coupling;
  c.settings.scheme = p.scheme;
  c.settings.extrapolation = p.extrapolation;
  c.settings.mechanics = p.mechanics;
  c.settings.H = 2e-3;
  c.settings.h_hyd = 2e-4;
  if (p.coupling == Coupling::kTwoWay)
    c.settings.h_mech = 1e-3;  // its mechanics carry the model over two steps
  c.settings.duration = 0.5;   // M2 moves κ from t = 0
  expect_identical(c, Pacing::kUnpaced);
}

INSTANTIATE_TEST_SUITE_P(Plan, EveryCombination, testing::ValuesIn(every_accepted_combination()), name_of);

TEST(PlanExecutor, TheCombinationListMatchesWhatThePlanAccepts) {
  // Every combination left out of the matrix above is one build_machine_plan refuses.
  const auto accepted = every_accepted_combination();
  int refused = 0;
  for (Coupling coupling : {Coupling::kForceDisplacement, Coupling::kPressureDisplacement,
                            Coupling::kReducedInterface, Coupling::kTwoWay})
    for (int actuators : {1, 2})
      for (MechanicsFormulation m : {MechanicsFormulation::kAli1, MechanicsFormulation::kAli3P})
        for (Extrapolation e : {Extrapolation::kZeroOrderHold, Extrapolation::kLinear}) {
          const bool listed = std::any_of(accepted.begin(), accepted.end(), [&](const Combination& a) {
            return a.coupling == coupling && a.actuators == actuators && a.mechanics == m &&
                   a.extrapolation == e;
          });
          if (listed) continue;
          Case c;
          c.crane.actuators = actuators;
          c.settings.coupling = coupling;
          c.settings.mechanics = m;
          c.settings.extrapolation = e;
          const Valves v(c);
          EXPECT_THROW(v.plan(c.settings), std::invalid_argument);
          ++refused;
        }
  EXPECT_GT(refused, 0);
}

// --- the multirate and integrator variants ----------------------------------------------------

TEST(PlanExecutor, MechanicsOnTheirOwnFinerGridAreByteIdentical) {
  Case c;
  c.settings.H = 2e-3;
  c.settings.h_mech = 5e-4;  // four mechanics micro steps per macro step, in their own thread
  c.settings.h_hyd = 1e-4;
  c.settings.duration = 0.5;
  c.settings.extrapolation = Extrapolation::kLinear;
  expect_identical(c, Pacing::kUnpaced);
}

TEST(PlanExecutor, EveryHydraulicIntegratorIsByteIdentical) {
  for (sim::HydraulicIntegrator i :
       {sim::HydraulicIntegrator::kRungeKutta4, sim::HydraulicIntegrator::kTrapezoidal}) {
    Case c;
    c.settings.hydraulics_integrator = i;
    c.settings.H = 1e-3;
    c.settings.h_hyd = 1e-4;
    c.settings.duration = 0.5;
    c.settings.extrapolation = Extrapolation::kQuadratic;
    expect_identical(c, Pacing::kUnpaced);
  }
}

// --- paced at wall-clock time ------------------------------------------------------------------

TEST(PlanExecutor, PacedRimWithTwoActuatorsIsByteIdentical) {
  // The product's promise: RIM-predicted multirate coupling of both actuators at wall-clock pace.
  Case c;
  c.crane.actuators = 2;
  c.settings.coupling = Coupling::kReducedInterface;
  c.settings.H = 20e-3;
  c.settings.h_hyd = 0.2e-3;
  c.settings.duration = 1.0;
  expect_identical(c, Pacing::kWallClock);
}

TEST(PlanExecutor, PacedTwoWayWithTwoActuatorsAtOneHundredMillisecondsIsByteIdentical) {
  // Two-way model-based coupling: the mechanics at 1 ms carry the hydraulics' reduced model over
  // 100 ms macro steps, the hydraulics at 0.2 ms the mechanics' RIM; κ not previewed.
  Case c;
  c.crane.actuators = 2;
  c.settings.coupling = Coupling::kTwoWay;
  c.settings.preview = sim::KappaPreview::kNone;
  c.settings.H = 0.1;
  c.settings.h_mech = 1e-3;
  c.settings.h_hyd = 0.2e-3;
  c.settings.duration = 1.0;
  expect_identical(c, Pacing::kWallClock);
}

TEST(PlanExecutor, PacedGaussSeidelHydraulicsFirstIsByteIdentical) {
  Case c;
  c.settings.scheme = CosimScheme::kGaussSeidelHydraulicsFirst;
  c.settings.H = 1e-3;
  c.settings.h_hyd = 1e-4;
  c.settings.duration = 0.5;
  expect_identical(c, Pacing::kWallClock);
}

TEST(PlanExecutor, PacedPressureDisplacementThroughTheM1RampIsByteIdentical) {
  Case c;
  c.m2 = false;
  c.settings.H = 1e-3;
  c.settings.h_hyd = 1e-4;
  c.settings.duration = 2.2;  // through the first M1 ramp at t = 2 s
  expect_identical(c, Pacing::kWallClock);
}

TEST(PlanExecutor, AGaussSeidelDownstreamTaskStartsWhenItsUpstreamsOutputIsDone) {
  // Hydraulics first: the mechanics (h_M = H) wait for y_H(t_{n+1}), made in the hydraulics' last
  // micro step of macro step n (H − h_H after t_n); they start half a hydraulic step after it.
  Case c;
  c.settings.scheme = CosimScheme::kGaussSeidelHydraulicsFirst;
  c.settings.H = 1e-3;
  c.settings.h_hyd = 1e-4;
  const Valves v(c);
  sim::Plan plan = v.plan(c.settings);
  EXPECT_EQ(plan.subsystem(0).name(), "hydraulics");
  EXPECT_DOUBLE_EQ(plan.graph().schedule_offset(0, c.settings.H), 0.0);
  EXPECT_DOUBLE_EQ(plan.graph().schedule_offset(1, c.settings.H), 0.95e-3);
  // Mechanics first: the hydraulics wait for y_M(t_{n+1}), made in the mechanics' one step at t_n;
  // they start half a hydraulic step later, when it is done.
  c.settings.scheme = CosimScheme::kGaussSeidelMechanicsFirst;
  sim::Plan mech_first = v.plan(c.settings);
  EXPECT_DOUBLE_EQ(mech_first.graph().schedule_offset(1, c.settings.H), 0.05e-3);
  // Jacobi: nobody waits for a step of the same macro step.
  c.settings.scheme = CosimScheme::kJacobi;
  sim::Plan jacobi = v.plan(c.settings);
  for (std::size_t i = 0; i < jacobi.size(); ++i)
    EXPECT_EQ(jacobi.graph().schedule_offset(i, c.settings.H), 0.0);
}

TEST(PlanExecutor, PacedGaussSeidelMechanicsFirstIsByteIdenticalWithoutWaits) {
  Case c;
  c.settings.scheme = CosimScheme::kGaussSeidelMechanicsFirst;
  c.settings.H = 1e-3;
  c.settings.h_hyd = 1e-4;
  c.settings.duration = 0.5;
  expect_identical(c, Pacing::kWallClock);
}

// --- ends other than finishing -----------------------------------------------------------------

TEST(PlanExecutor, ADivergingRunStopsWhereTheOfflineRunStops) {
  Case c;
  c.m2 = false;
  c.settings.coupling = Coupling::kForceDisplacement;
  c.settings.H = 0.02;
  c.settings.h_hyd = 0.001;
  c.settings.duration = 3.0;
  const sim::RunResult offline = run_offline(c);
  ASSERT_TRUE(offline.diverged);
  const Threaded rt = run_threaded(c, with_pacing(Pacing::kUnpaced));
  EXPECT_TRUE(rt.result.diverged);
  EXPECT_FALSE(rt.result.finished);
  EXPECT_TRUE(csv(rt.samples, 1) == csv(offline.samples, 1))
      << rt.samples.size() << " vs " << offline.samples.size();
}

TEST(PlanExecutor, DecimatedTelemetryKeepsEveryTenthOfflineRow) {
  Case c;
  c.settings.H = 1e-3;
  c.settings.h_hyd = 2e-4;
  c.settings.duration = 1.0;
  const sim::RunResult offline = run_offline(c);
  ExecutorOptions options = with_pacing(Pacing::kUnpaced);
  options.settings.telemetry_decimation = 10;
  const Threaded rt = run_threaded(c, options);
  std::vector<sim::Sample> every_tenth;
  for (std::size_t i = 0; i < offline.samples.size(); i += 10) every_tenth.push_back(offline.samples[i]);
  ASSERT_EQ(rt.samples.size(), 101u);
  EXPECT_TRUE(csv(rt.samples, 1) == csv(every_tenth, 1));
}

TEST(PlanExecutor, AnOverrunStopsAHardRealTimeRunCleanly) {
  // A 1 µs hydraulic period cannot be kept by any kernel's timer: the first cycle overruns.
  Case c;
  c.settings.H = 2e-6;
  c.settings.h_hyd = 1e-6;
  c.settings.duration = 0.5;
  const sim::RunResult offline = run_offline(c);
  ExecutorOptions options = with_pacing(Pacing::kWallClock);
  options.settings.overrun_policy = OverrunPolicy::kStop;
  const Threaded rt = run_threaded(c, options);
  EXPECT_FALSE(rt.result.finished);
  EXPECT_TRUE(rt.result.stopped_by_overrun());
  ASSERT_LT(rt.samples.size(), offline.samples.size());
  const std::vector<sim::Sample> prefix(offline.samples.begin(),
                                        offline.samples.begin() + static_cast<long>(rt.samples.size()));
  EXPECT_TRUE(csv(rt.samples, 1) == csv(prefix, 1));
}

TEST(PlanExecutor, RequireRtRefusesBeforeAnyStep) {
  Case c;
  c.settings.duration = 0.1;
  ExecutorOptions options = with_pacing(Pacing::kWallClock);
  options.require_rt = true;
  options.settings.fastest.scheduler = Scheduler::kOther;
  const Threaded rt = run_threaded(c, options);
  EXPECT_TRUE(rt.result.refused);
  EXPECT_TRUE(rt.samples.empty());
  ASSERT_FALSE(rt.result.not_real_time.empty());
  EXPECT_NE(rt.result.not_real_time.back().find("SCHED_OTHER"), std::string::npos);
  for (const TaskReport& t : rt.result.tasks) EXPECT_EQ(t.loop->cycles, 0) << t.subsystem;
}

TEST(PlanExecutor, ThreadsAreConfiguredBySubsystemName) {
  Case c;
  c.crane.actuators = 2;
  c.settings.H = 1e-3;
  c.settings.h_hyd = 1e-4;
  c.settings.duration = 0.01;
  ExecutorOptions options = with_pacing(Pacing::kUnpaced);
  options.settings.threads["hydraulics_2"] = ThreadOverride{.cpu = 0, .priority = 75, .subsystems = {}};
  const Threaded rt = run_threaded(c, options);
  ASSERT_EQ(rt.result.tasks.size(), 3u);
  EXPECT_EQ(rt.result.tasks[0].subsystem, "mechanics");
  EXPECT_EQ(rt.result.tasks[0].thread.priority, 70);  // the longer period: rate-monotonic below
  EXPECT_EQ(rt.result.tasks[1].thread.priority, 80);
  EXPECT_EQ(rt.result.tasks[2].subsystem, "hydraulics_2");
  EXPECT_EQ(rt.result.tasks[2].thread.cpu, 0);
  EXPECT_EQ(rt.result.tasks[2].thread.priority, 75);
  EXPECT_EQ(rt.result.tasks[2].thread.name, "hs-hydraulics_2");
  EXPECT_EQ(rt.result.tasks[2].loop->cycles, 100);  // one cycle per micro step
}

// Both actuators' hydraulics in one thread ([rt.thread.cylinders] subsystems = [...]): one loop
// steps them in turn; the bytes are the offline run's, paced and unpaced.
TEST(PlanExecutor, TwoHydraulicsInOneThreadAreByteIdentical) {
  Case c;
  c.crane.actuators = 2;
  c.settings.coupling = Coupling::kForceDisplacement;
  c.settings.H = 1e-3;
  c.settings.h_hyd = 1e-4;
  c.settings.duration = 0.3;
  for (const Pacing pacing : {Pacing::kUnpaced, Pacing::kWallClock}) {
    ExecutorOptions options = with_pacing(pacing);
    options.settings.threads["cylinders"] =
        ThreadOverride{.priority = 81, .subsystems = {"hydraulics_2", "hydraulics"}};
    const sim::RunResult offline = run_offline(c);
    const Threaded rt = run_threaded(c, options);
    ASSERT_EQ(rt.result.tasks.size(), 2u);
    EXPECT_EQ(rt.result.subsystems, 3u);
    EXPECT_EQ(rt.result.tasks[0].subsystem, "mechanics");
    EXPECT_EQ(rt.result.tasks[1].subsystem, "hydraulics, hydraulics_2");
    EXPECT_EQ(rt.result.tasks[1].thread.name, "hs-cylinders");
    EXPECT_EQ(rt.result.tasks[1].thread.priority, 81);
    EXPECT_EQ(rt.result.tasks[1].loop->cycles, 3000);  // one cycle per micro step, both stepped in it
    EXPECT_EQ(rt.result.tasks[1].reached, rt.result.communication_points);
    EXPECT_TRUE(rt.result.finished);
    EXPECT_TRUE(csv(rt.samples, 2) == csv(offline.samples, 2)) << "the CSV bytes differ";
  }
}

TEST(PlanExecutor, AThreadOfSubsystemsThatWouldWaitForOneAnotherIsRefused) {
  Case c;
  c.crane.actuators = 2;
  c.settings.H = 1e-3;
  c.settings.h_hyd = 1e-4;
  c.settings.duration = 0.01;
  const Valves v(c);
  sim::Plan plan = v.plan(c.settings);
  RtSettings settings;
  settings.threads["all"] = ThreadOverride{.subsystems = {"mechanics", "hydraulics"}};
  try {
    plan_thread_groups(plan, settings);
    ADD_FAILURE() << "a thread of two periods was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("[rt.thread.all] subsystems: 'mechanics' steps every 0.001000 s and "
                                         "'hydraulics' every 0.000100 s: one thread keeps one period"),
              std::string::npos)
        << e.what();
  }
  // The same micro step, but the mechanics and the hydraulics exchange outputs.
  c.settings.h_hyd = 1e-3;
  sim::Plan same_step = v.plan(c.settings);
  try {
    plan_thread_groups(same_step, settings);
    ADD_FAILURE() << "a thread of subsystems exchanging outputs was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'mechanics' and 'hydraulics' exchange outputs"), std::string::npos)
        << e.what();
  }
  // A thread of several named like a subsystem of the plan.
  settings.threads.clear();
  settings.threads["hydraulics"] = ThreadOverride{.subsystems = {"hydraulics_2"}};
  EXPECT_THROW(plan_thread_groups(plan, settings), std::invalid_argument);
  settings.threads.clear();
  settings.threads["all"] = ThreadOverride{.subsystems = {"mechanics", "hydraulics"}};
  // One subsystem in two threads.
  settings.threads["all"] = ThreadOverride{.subsystems = {"hydraulics"}};
  settings.threads["other"] = ThreadOverride{.subsystems = {"hydraulics", "hydraulics_2"}};
  EXPECT_THROW(plan_thread_groups(plan, settings), std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::rt
