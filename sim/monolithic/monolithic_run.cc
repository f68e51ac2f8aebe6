#include "sim/monolithic/monolithic_run.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

namespace {

// The angle equal to `angle` modulo 2π that lies nearest to `near` [rad].
double nearest_branch(double angle, double near) {
  return near + std::remainder(angle - near, 2.0 * std::numbers::pi);
}

}  // namespace

Sample monolithic_sample(const MonolithicSolver& solver, const HydraulicParameters& hyd,
                         const Eigen::Vector2d& previous) {
  const MonolithicState& x = solver.state();
  const Eigen::Vector2d theta = natural::angles_from_coordinates(x.q);
  Sample s;
  s.t = solver.time();
  s.cyl[0].kappa = solver.kappa();
  s.cyl[0].s = x.q[natural::kS];
  s.cyl[0].s_dot = x.q_dot[natural::kS];
  s.cyl[0].p1 = x.p[0];
  s.cyl[0].p2 = x.p[1];
  s.cyl[0].f_h = actuator_force(hyd, x.p, s.cyl[0].s_dot);
  s.theta[0] = nearest_branch(theta[0], previous[0]);
  s.theta[1] = nearest_branch(theta[1], previous[1]);
  return s;
}

MonolithicRunResult run_monolithic(const CraneParameters& crane, const HydraulicParameters& hyd,
                                   const Equilibrium& eq, const ValveCommand& valve,
                                   const MonolithicSettings& settings,
                                   const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  if (!(std::isfinite(settings.duration) && settings.duration >= 0.0)) {
    throw std::invalid_argument("duration must be a non-negative number of seconds");
  }
  MonolithicSolver solver(crane, hyd, eq, valve, settings);
  // θ1, θ2 continue from the previous sample's branch (the equilibrium's at t_0).
  const auto sample_of = [&](const MonolithicSolver& s, const Sample* previous) {
    return monolithic_sample(s, hyd,
                             previous ? Eigen::Vector2d(previous->theta[0], previous->theta[1]) : eq.q);
  };
  return run_monolithic_steps(solver, settings, sample_of, on_progress);
}

}  // namespace hilsim::sim
