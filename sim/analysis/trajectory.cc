#include "sim/analysis/trajectory.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hilsim::sim {

namespace {

void track(MaxDeviation& max, double deviation, double t) {
  if (deviation > max.value || std::isnan(deviation)) {
    max.value = std::isnan(deviation) ? std::numeric_limits<double>::infinity() : deviation;
    max.t = t;
  }
}

}  // namespace

TrajectoryDeviation compare_with_reference(const std::vector<Sample>& samples,
                                           const ReferenceCurve& reference) {
  TrajectoryDeviation dev;
  if (samples.empty()) return dev;
  constexpr double kTimeTolerance = 1e-9;  // [s]
  const double t_first = samples.front().t - kTimeTolerance;
  const double t_last = samples.back().t + kTimeTolerance;
  std::size_t i = 0;  // samples[i].t <= t < samples[i+1].t
  for (std::size_t r = 0; r < reference.t.size(); ++r) {
    const double t = reference.t[r];
    if (t < t_first || t > t_last) continue;
    while (i + 1 < samples.size() && samples[i + 1].t <= t + kTimeTolerance) ++i;
    const Sample& a = samples[i];
    double s1 = a.cyl[0].s, p1 = a.cyl[0].p1, f_h = a.cyl[0].f_h, p2 = a.cyl[0].p2;
    if (std::abs(t - a.t) > kTimeTolerance && i + 1 < samples.size()) {
      const Sample& b = samples[i + 1];
      const double w = (t - a.t) / (b.t - a.t);
      s1 += w * (b.cyl[0].s - a.cyl[0].s);
      p1 += w * (b.cyl[0].p1 - a.cyl[0].p1);
      f_h += w * (b.cyl[0].f_h - a.cyl[0].f_h);
      p2 += w * (b.cyl[0].p2 - a.cyl[0].p2);
    }
    track(dev.s1, std::abs(s1 - reference.s1[r]), t);
    track(dev.p1, std::abs(p1 - reference.p1[r]), t);
    track(dev.f_h, std::abs(f_h - reference.f_h[r]), t);
    if (r < reference.p2.size()) track(dev.p2, std::abs(p2 - reference.p2[r]), t);
    ++dev.points_compared;
  }
  dev.finite = std::isfinite(dev.s1.value) && std::isfinite(dev.p1.value) && std::isfinite(dev.f_h.value);
  return dev;
}

TrajectoryDeviation compare_at_communication_points(const std::vector<Sample>& samples,
                                                    const ReferenceCurve& reference) {
  TrajectoryDeviation dev;
  if (reference.t.empty()) return dev;
  constexpr double kTimeTolerance = 1e-9;  // [s]
  std::size_t r = 0;                       // reference.t[r] <= t < reference.t[r+1]
  for (const Sample& a : samples) {
    const double t = a.t;
    if (t < reference.t.front() - kTimeTolerance || t > reference.t.back() + kTimeTolerance) continue;
    while (r + 1 < reference.t.size() && reference.t[r + 1] <= t + kTimeTolerance) ++r;
    const auto at = [&](const std::vector<double>& v) {
      if (std::abs(t - reference.t[r]) <= kTimeTolerance || r + 1 >= reference.t.size()) return v[r];
      const double w = (t - reference.t[r]) / (reference.t[r + 1] - reference.t[r]);
      return v[r] + w * (v[r + 1] - v[r]);
    };
    track(dev.s1, std::abs(a.cyl[0].s - at(reference.s1)), t);
    track(dev.p1, std::abs(a.cyl[0].p1 - at(reference.p1)), t);
    track(dev.f_h, std::abs(a.cyl[0].f_h - at(reference.f_h)), t);
    if (reference.p2.size() == reference.t.size()) track(dev.p2, std::abs(a.cyl[0].p2 - at(reference.p2)), t);
    ++dev.points_compared;
  }
  dev.finite = std::isfinite(dev.s1.value) && std::isfinite(dev.p1.value) && std::isfinite(dev.f_h.value);
  return dev;
}

ReferenceCurve reference_from_samples(const std::vector<Sample>& samples) {
  ReferenceCurve ref;
  for (const Sample& s : samples) {
    ref.t.push_back(s.t);
    ref.s1.push_back(s.cyl[0].s);
    ref.p1.push_back(s.cyl[0].p1);
    ref.f_h.push_back(s.cyl[0].f_h);
    ref.p2.push_back(s.cyl[0].p2);
  }
  return ref;
}

}  // namespace hilsim::sim
