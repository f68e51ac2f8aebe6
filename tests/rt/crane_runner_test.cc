// The real-time co-simulation reproduces the offline run byte for byte: unpaced (--threads) and
// paced at wall-clock time (--realtime), f-s and p-s, through divergence, decimation, a live valve
// command, an overrun that stops the run, and a refusal. These tests compare bytes, not timing.
#include "rt/crane_runner.h"

#include <gtest/gtest.h>

#include <sstream>

#include "rt/live_valve_command.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::rt {
namespace {

struct Collect final : SampleSink {
  std::vector<sim::CraneSample> samples;
  void on_sample(const sim::CraneSample& s) override { samples.push_back(s); }
};

std::string csv(const std::vector<sim::CraneSample>& samples) {
  std::ostringstream out;
  io::write_trajectory_header(out, 1);
  for (const auto& s : samples) io::write_trajectory_row(out, s, 1);
  return out.str();
}

struct Case {
  sim::CraneParameters crane;
  sim::HydraulicParameters hyd;
  sim::Equilibrium eq = sim::solve_equilibrium(crane, hyd);
  sim::CosimSettings settings;
};

Case make_case(sim::Coupling coupling, double H, double h_hyd, double duration) {
  Case c;
  c.settings.coupling = coupling;
  c.settings.H = H;
  c.settings.h_hyd = h_hyd;
  c.settings.duration = duration;
  return c;
}

struct RtOutcome {
  RtRunResult result;
  std::vector<sim::CraneSample> samples;
};

RtOutcome run_rt(const Case& c, const sim::ValveCommand& valve, RtRunOptions options) {
  Collect sink;
  std::atomic<bool> stop{false};
  RtOutcome o{run_crane_realtime(c.crane, c.hyd, c.eq, valve, c.settings, options, sink, stop), {}};
  o.samples = std::move(sink.samples);
  return o;
}

RtRunOptions with_pacing(Pacing pacing) {
  RtRunOptions options;
  options.pacing = pacing;
  return options;
}

void expect_clean_exchange(const RtRunResult& r) {
  EXPECT_EQ(r.writer.unpaired, 0);
  EXPECT_EQ(r.mechanics.telemetry_dropped, 0u);
  EXPECT_EQ(r.hydraulics.telemetry_dropped, 0u);
}

void expect_identical_to_offline(sim::Coupling coupling, Pacing pacing, double duration, bool m2,
                                 sim::HydraulicIntegrator integrator = sim::HydraulicIntegrator::kForwardEuler) {
  Case c = make_case(coupling, 1e-3, 1e-4, duration);
  c.settings.hydraulics_integrator = integrator;
  const sim::StepManoeuvreM1 m1(c.eq.kappa);
  const sim::SinusoidalManoeuvreM2 sine(c.eq.kappa);
  const sim::ValveCommand& valve = m2 ? static_cast<const sim::ValveCommand&>(sine) : m1;
  const sim::RunResult offline = sim::run_cosimulation(c.crane, c.hyd, c.eq, valve, c.settings);
  const RtOutcome rt = run_rt(c, valve, with_pacing(pacing));
  ASSERT_FALSE(offline.diverged);
  EXPECT_TRUE(rt.result.finished);
  EXPECT_FALSE(rt.result.diverged);
  EXPECT_EQ(rt.result.mechanics.reached, rt.result.communication_points);
  EXPECT_EQ(rt.result.hydraulics.reached, rt.result.communication_points);
  EXPECT_EQ(rt.result.hydraulics.loop->cycles, 10 * rt.result.communication_points);
  expect_clean_exchange(rt.result);
  ASSERT_EQ(rt.samples.size(), offline.samples.size());
  EXPECT_TRUE(csv(rt.samples) == csv(offline.samples)) << "the CSV bytes differ";
}

TEST(CraneRunner, UnpacedForceDisplacementIsByteIdenticalToOffline) {
  expect_identical_to_offline(sim::Coupling::kForceDisplacement, Pacing::kUnpaced, 3.0, false);
}

TEST(CraneRunner, UnpacedPressureDisplacementIsByteIdenticalToOffline) {
  expect_identical_to_offline(sim::Coupling::kPressureDisplacement, Pacing::kUnpaced, 3.0, true);
}

// The hydraulics thread integrates with the scenario's integrator, as offline: M2 moves κ from
// the first step, where Euler, RK4 and the trapezoidal rule part.
TEST(CraneRunner, UnpacedRk4IsByteIdenticalToOffline) {
  expect_identical_to_offline(sim::Coupling::kPressureDisplacement, Pacing::kUnpaced, 1.0, true,
                              sim::HydraulicIntegrator::kRungeKutta4);
}

TEST(CraneRunner, UnpacedTrapezoidalIsByteIdenticalToOffline) {
  expect_identical_to_offline(sim::Coupling::kForceDisplacement, Pacing::kUnpaced, 1.0, true,
                              sim::HydraulicIntegrator::kTrapezoidal);
}

TEST(CraneRunner, PacedPressureDisplacementIsByteIdenticalToOffline) {
  // Through the first M1 ramp at t = 2 s, at wall-clock pace: 2.5 s.
  expect_identical_to_offline(sim::Coupling::kPressureDisplacement, Pacing::kWallClock, 2.5, false);
}

TEST(CraneRunner, PacedForceDisplacementIsByteIdenticalToOffline) {
  expect_identical_to_offline(sim::Coupling::kForceDisplacement, Pacing::kWallClock, 1.0, true);
}

TEST(CraneRunner, ADivergingRunStopsWhereTheOfflineRunStops) {
  const Case c = make_case(sim::Coupling::kForceDisplacement, 0.02, 0.001, 3.0);
  const sim::StepManoeuvreM1 valve(c.eq.kappa);
  const sim::RunResult offline = sim::run_cosimulation(c.crane, c.hyd, c.eq, valve, c.settings);
  ASSERT_TRUE(offline.diverged);
  const RtOutcome rt = run_rt(c, valve, with_pacing(Pacing::kUnpaced));
  EXPECT_TRUE(rt.result.diverged);
  EXPECT_FALSE(rt.result.finished);
  EXPECT_TRUE(csv(rt.samples) == csv(offline.samples))
      << rt.samples.size() << " vs " << offline.samples.size();
}

TEST(CraneRunner, DecimatedTelemetryKeepsEveryTenthOfflineRow) {
  const Case c = make_case(sim::Coupling::kPressureDisplacement, 1e-3, 2e-4, 1.0);
  const sim::StepManoeuvreM1 valve(c.eq.kappa);
  const sim::RunResult offline = sim::run_cosimulation(c.crane, c.hyd, c.eq, valve, c.settings);
  RtRunOptions options = with_pacing(Pacing::kUnpaced);
  options.settings.telemetry_decimation = 10;
  const RtOutcome rt = run_rt(c, valve, options);
  std::vector<sim::CraneSample> every_tenth;
  for (std::size_t i = 0; i < offline.samples.size(); i += 10) every_tenth.push_back(offline.samples[i]);
  ASSERT_EQ(rt.samples.size(), 101u);
  EXPECT_TRUE(csv(rt.samples) == csv(every_tenth));
}

TEST(CraneRunner, ALiveValveCommandIsAppliedByTheHydraulicsThread) {
  const Case c = make_case(sim::Coupling::kPressureDisplacement, 1e-3, 1e-4, 0.5);
  const double kappa = c.eq.kappa + 0.01;
  const sim::ConstantValveCommand constant(kappa);
  const sim::RunResult offline = sim::run_cosimulation(c.crane, c.hyd, c.eq, constant, c.settings);
  const sim::StepManoeuvreM1 scripted(c.eq.kappa);
  LatestValue<double> channel;
  channel.publish(kappa);
  const LiveValveCommand live(scripted, channel);
  const RtOutcome rt = run_rt(c, live, with_pacing(Pacing::kUnpaced));
  EXPECT_TRUE(rt.result.finished);
  EXPECT_TRUE(csv(rt.samples) == csv(offline.samples));
}

TEST(CraneRunner, AnOverrunStopsAHardRealTimeRunCleanly) {
  // A 1 µs hydraulic period cannot be kept by any kernel's timer: the first cycle overruns.
  const Case c = make_case(sim::Coupling::kPressureDisplacement, 2e-6, 1e-6, 0.5);
  const sim::StepManoeuvreM1 valve(c.eq.kappa);
  const sim::RunResult offline = sim::run_cosimulation(c.crane, c.hyd, c.eq, valve, c.settings);
  RtRunOptions options = with_pacing(Pacing::kWallClock);
  options.settings.overrun_policy = OverrunPolicy::kStop;
  const RtOutcome rt = run_rt(c, valve, options);
  EXPECT_FALSE(rt.result.finished);
  EXPECT_TRUE(rt.result.mechanics.loop->stopped_by_overrun || rt.result.hydraulics.loop->stopped_by_overrun);
  ASSERT_LT(rt.samples.size(), offline.samples.size());
  const std::vector<sim::CraneSample> prefix(offline.samples.begin(),
                                             offline.samples.begin() + static_cast<long>(rt.samples.size()));
  EXPECT_TRUE(csv(rt.samples) == csv(prefix));
}

TEST(CraneRunner, RequireRtRefusesBeforeAnyStep) {
  const Case c = make_case(sim::Coupling::kPressureDisplacement, 1e-3, 1e-4, 0.1);
  const sim::StepManoeuvreM1 valve(c.eq.kappa);
  RtRunOptions options = with_pacing(Pacing::kWallClock);
  options.require_rt = true;
  options.settings.hydraulics.scheduler = Scheduler::kOther;
  const RtOutcome rt = run_rt(c, valve, options);
  EXPECT_TRUE(rt.result.refused);
  EXPECT_TRUE(rt.samples.empty());
  ASSERT_FALSE(rt.result.not_real_time.empty());
  EXPECT_NE(rt.result.not_real_time.back().find("SCHED_OTHER"), std::string::npos);
  EXPECT_EQ(rt.result.hydraulics.loop->cycles, 0);
}

TEST(CraneRunner, GaussSeidelIsRefusedAtConfigurationTime) {
  Case c = make_case(sim::Coupling::kPressureDisplacement, 1e-3, 1e-4, 0.1);
  c.settings.scheme = sim::CosimScheme::kGaussSeidelMechanicsFirst;
  const sim::StepManoeuvreM1 valve(c.eq.kappa);
  EXPECT_THROW(run_rt(c, valve, with_pacing(Pacing::kUnpaced)), std::invalid_argument);
}

TEST(CraneRunner, DependentCoordinatesAreRefusedRatherThanRunAsIndependent) {
  for (const sim::MechanicsFormulation f : {sim::MechanicsFormulation::kAli1, sim::MechanicsFormulation::kAli3P}) {
    Case c = make_case(sim::Coupling::kPressureDisplacement, 1e-3, 1e-4, 0.1);
    c.settings.mechanics = f;
    const sim::StepManoeuvreM1 valve(c.eq.kappa);
    try {
      run_rt(c, valve, with_pacing(Pacing::kUnpaced));
      ADD_FAILURE() << "accepted a dependent-coordinate formulation";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("independent"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace hilsim::rt
