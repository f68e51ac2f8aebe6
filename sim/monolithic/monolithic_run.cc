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
  const std::int64_t total = static_cast<std::int64_t>(std::floor(settings.duration / settings.h + 1e-9));
  MonolithicRunResult result;
  result.samples.reserve(static_cast<std::size_t>(total + 1));
  result.violation.reserve(static_cast<std::size_t>(total + 1));
  result.iterations.reserve(static_cast<std::size_t>(total + 1));
  result.samples.push_back(monolithic_sample(solver, hyd, eq.q));
  result.violation.push_back(solver.violation());
  result.iterations.push_back(0);
  const std::int64_t report_every = std::max<std::int64_t>(1, total / 20);
  for (std::int64_t n = 0; n < total; ++n) {
    const MonolithicStepReport report = solver.step();
    if (!solver.healthy()) {
      result.diverged = true;
      break;
    }
    if (!report.converged) ++result.unconverged_steps;
    const Sample& last = result.samples.back();
    result.samples.push_back(monolithic_sample(solver, hyd, Eigen::Vector2d(last.theta[0], last.theta[1])));
    result.violation.push_back(report.violation);
    result.iterations.push_back(report.iterations);
    if (on_progress && (n + 1) % report_every == 0) on_progress(n + 1, total);
  }
  return result;
}

}  // namespace hilsim::sim
