#include "sim/analysis/stability.h"

#include <algorithm>
#include <limits>

namespace hilsim::sim {

StabilityVerdict assess_stability(const std::vector<Sample>& samples, bool diverged,
                                  const ReferenceCurve& reference, const StabilityCriterion& criterion,
                                  int actuators) {
  StabilityVerdict v;
  v.min_pressure = std::numeric_limits<double>::infinity();
  v.max_pressure = -std::numeric_limits<double>::infinity();
  for (const Sample& s : samples) {
    for (int k = 0; k < actuators; ++k) {
      const CylinderSample& c = s.cyl[static_cast<std::size_t>(k)];
      v.min_pressure = std::min({v.min_pressure, c.p1, c.p2});
      v.max_pressure = std::max({v.max_pressure, c.p1, c.p2});
    }
  }
  v.deviation = compare_with_reference(samples, reference);
  v.stable = !diverged && v.deviation.finite && v.deviation.points_compared > 0 &&
             v.deviation.s1.value < criterion.max_s1_deviation && v.min_pressure > criterion.min_pressure &&
             v.max_pressure < criterion.max_pressure;
  return v;
}

}  // namespace hilsim::sim
