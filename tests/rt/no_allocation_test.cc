// The real-time loop bodies allocate nothing: for every crane coupling (f-s, p-s, RIM), both actuator
// counts, both schemes, every hydraulic integrator and the dependent-coordinate mechanics, the plan's tasks
// (subsystem micro steps, exchange, probes) run in their own threads under run_periodic, wired as the
// executor wires them, while every operator new in this test binary is counted per thread. (The
// ThreadSanitizer build supplies its own operator new, so there this test is skipped.) And the contact
// co-simulation's sides, for every coupling, in guided and in hydraulic mode.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "rt/periodic_loop.h"
#include "rt/task_set.h"
#include "sim/contact/contact_plan.h"
#include "sim/contact/hydraulic_task.h"
#include "sim/contact/servoed_arm_machine.h"
#include "sim/cosim/machine_plan.h"
#include "sim/model/equilibrium.h"
#include "tests/allocation_counter.h"
#include "tests/rt/hydraulic_landing_plan.h"
#include "tests/sim/lim_machine.h"

namespace hilsim::rt {
namespace {

struct Config {
  sim::Coupling coupling;
  int actuators;
  sim::CosimScheme scheme;
  sim::Extrapolation extrapolation;
  sim::MechanicsFormulation mechanics;
  sim::HydraulicIntegrator integrator = sim::HydraulicIntegrator::kForwardEuler;
};

// The plan's tasks in their threads, counting each thread's operator new.
void expect_plan_allocates_nothing(sim::Plan& plan) {
  std::atomic<bool> stop{false};
  TaskSet set = wire_tasks(plan, TelemetryPolicy{1, false}, stop, nullptr);
  std::vector<std::unique_ptr<LoopStats>> stats;
  std::vector<long> allocations(set.tasks.size(), -1);
  std::vector<std::thread> threads;
  const LoopConfig unpaced{1, false, OverrunPolicy::kCatchUp};
  for (std::size_t i = 0; i < set.tasks.size(); ++i) {
    stats.push_back(std::make_unique<LoopStats>());
    // The thread gets its LoopStats itself: `stats` grows (and moves its buffer) while it runs.
    threads.emplace_back([&, i, loop_stats = stats.back().get()] {
      const long before = t_allocations;
      set.tasks[i]->begin();
      run_periodic(unpaced, 0, *loop_stats, *set.tasks[i]);
      allocations[i] = t_allocations - before;
    });
  }
  for (std::thread& t : threads) t.join();
  for (std::size_t i = 0; i < set.tasks.size(); ++i) {
    const std::string name = plan.subsystem(i).name();
    EXPECT_EQ(set.tasks[i]->end(), TaskEnd::kFinished) << name;
    EXPECT_EQ(stats[i]->cycles, plan.communication_points() * plan.subsystem(i).micro_steps()) << name;
    EXPECT_EQ(allocations[i], 0) << name;
    EXPECT_EQ(set.rings[i]->dropped(), 0u) << name;  // at most 3001 records in rings of 4096
  }
}

void expect_no_allocation(const Config& c) {
  const test::LimRun crane(c.actuators);
  const sim::SinusoidalManoeuvreM2 valve(crane.kappa0());
  sim::CosimSettings settings;
  settings.coupling = c.coupling;
  settings.scheme = c.scheme;
  settings.extrapolation = c.extrapolation;
  settings.mechanics = c.mechanics;
  settings.hydraulics_integrator = c.integrator;
  settings.H = 1e-3;
  settings.h_hyd = 1e-4;
  settings.duration = 0.5;
  sim::Plan plan = crane.plan(valve, settings);
  expect_plan_allocates_nothing(plan);
}

TEST(NoAllocation, EveryCouplingsTaskBodiesAllocateNothing) {
  if (!HILSIM_COUNT_ALLOCATIONS)
    GTEST_SKIP() << "ThreadSanitizer build: operator new belongs to the sanitizer";
  {
    auto* probe = new int(1);  // the counter works
    delete probe;
    ASSERT_GT(t_allocations, 0);
  }
  using sim::CosimScheme;
  using sim::Coupling;
  using sim::Extrapolation;
  using sim::MechanicsFormulation;
  for (Coupling coupling :
       {Coupling::kForceDisplacement, Coupling::kPressureDisplacement, Coupling::kReducedInterface}) {
    for (int actuators : {1, 2}) {
      SCOPED_TRACE(std::string(sim::to_string(coupling)) + ", " + std::to_string(actuators) + " actuator(s)");
      expect_no_allocation({coupling, actuators, CosimScheme::kJacobi, Extrapolation::kQuadratic,
                            MechanicsFormulation::kIndependent});
      expect_no_allocation({coupling, actuators, CosimScheme::kGaussSeidelHydraulicsFirst,
                            Extrapolation::kZeroOrderHold, MechanicsFormulation::kIndependent});
    }
  }
  for (sim::HydraulicIntegrator i :
       {sim::HydraulicIntegrator::kRungeKutta4, sim::HydraulicIntegrator::kTrapezoidal}) {
    SCOPED_TRACE(std::string(sim::to_string(i)));
    expect_no_allocation({Coupling::kForceDisplacement, 2, CosimScheme::kJacobi, Extrapolation::kLinear,
                          MechanicsFormulation::kIndependent, i});
  }
  for (int actuators : {1, 2}) {
    SCOPED_TRACE("twoway, " + std::to_string(actuators) + " actuator(s)");  // models built and sent every H
    for (CosimScheme scheme : {CosimScheme::kJacobi, CosimScheme::kGaussSeidelHydraulicsFirst}) {
      expect_no_allocation({Coupling::kTwoWay, actuators, scheme, Extrapolation::kZeroOrderHold,
                            MechanicsFormulation::kIndependent});
    }
  }
  for (MechanicsFormulation m : {MechanicsFormulation::kAli1, MechanicsFormulation::kAli3P}) {
    SCOPED_TRACE(std::string(sim::to_string(m)));
    expect_no_allocation({Coupling::kPressureDisplacement, 1, CosimScheme::kGaussSeidelMechanicsFirst,
                          Extrapolation::kZeroOrderHold, m});
  }
}

// The contact co-simulation's tool and arm sides (and the monolithic run) through the servoed-arm
// machine's task. (Eigen's matrices allocate with malloc, which this binary does not count: the
// contact steps' malloc-free-ness is tests/sim/contact_allocation_test.cc's.)
TEST(NoAllocation, TheContactPlansTaskBodiesAllocateNothing) {
  if (!HILSIM_COUNT_ALLOCATIONS)
    GTEST_SKIP() << "ThreadSanitizer build: operator new belongs to the sanitizer";
  using sim::contact::ContactCoupling;
  for (ContactCoupling c :
       {ContactCoupling::kMonolithic, ContactCoupling::kKinematicsForce, ContactCoupling::kModelForce,
        ContactCoupling::kKinematicsModel, ContactCoupling::kModelModel}) {
    SCOPED_TRACE(std::string(to_string(c)));
    sim::contact::ServoedArmDriver driver;
    sim::contact::ContactCouplingSettings settings;
    settings.coupling = c;
    settings.interface_stiffness = 1e5;
    settings.interface_damping = 10.0;
    settings.duration = 3.0;
    sim::Plan plan = build_contact_plan(sim::contact::servoed_arm_machine(), settings, driver);
    expect_plan_allocates_nothing(plan);
  }
}

// The contact plan in hydraulic mode (sim/contact/hydraulic_task.h): the arm side (or the monolithic
// system) with its hydraulic driver's ports and the crane's two cylinders, the landing's cylinder 1
// lowering the box onto the platform.
TEST(NoAllocation, TheHydraulicContactPlansTaskBodiesAllocateNothing) {
  if (!HILSIM_COUNT_ALLOCATIONS)
    GTEST_SKIP() << "ThreadSanitizer build: operator new belongs to the sanitizer";
  using sim::contact::ContactCoupling;
  for (ContactCoupling c :
       {ContactCoupling::kMonolithic, ContactCoupling::kKinematicsForce, ContactCoupling::kModelForce,
        ContactCoupling::kKinematicsModel, ContactCoupling::kModelModel}) {
    SCOPED_TRACE(std::string(to_string(c)));
    sim::contact::ContactCouplingSettings settings;
    settings.coupling = c;
    settings.interface_stiffness = 1e5;
    settings.interface_damping = 10.0;
    test::HydraulicLandingPlan landing(settings);
    expect_plan_allocates_nothing(landing.plan);
  }
}

}  // namespace
}  // namespace hilsim::rt
