#include "sim/contact/tool_error.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hilsim::sim::contact {

ToolError tool_error(const std::vector<Sample>& run, const std::vector<Sample>& reference) {
  ToolError e;
  double sum_p = 0.0, sum_v = 0.0;
  const std::size_t n = std::min(run.size(), reference.size());
  for (std::size_t i = 0; i < n; ++i) {
    const Sample& a = run[i];
    const Sample& b = reference[i];
    if (std::abs(a.t - b.t) > 1e-9) break;
    const double dp = std::hypot(a.tool_x - b.tool_x, a.tool_y - b.tool_y);
    const double dv = std::hypot(a.tool_xdot - b.tool_xdot, a.tool_ydot - b.tool_ydot);
    if (!std::isfinite(dp) || !std::isfinite(dv)) break;
    sum_p += dp * dp;
    sum_v += dv * dv;
    e.max_position = std::max(e.max_position, dp);
    ++e.points;
  }
  e.complete = e.points == reference.size() && e.points > 0;
  if (!e.complete) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    e.rms_position = e.rms_velocity = e.max_position = kInf;
    return e;
  }
  e.rms_position = std::sqrt(sum_p / static_cast<double>(e.points));
  e.rms_velocity = std::sqrt(sum_v / static_cast<double>(e.points));
  return e;
}

}  // namespace hilsim::sim::contact
