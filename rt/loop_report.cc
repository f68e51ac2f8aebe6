#include "rt/loop_report.h"

#include <cstdio>

namespace hilsim::rt {

LatencyFigures figures_us(const DurationHistogram& h) {
  const auto us = [](double ns) { return ns / 1e3; };
  return {us(static_cast<double>(h.min())), us(h.mean()), us(static_cast<double>(h.percentile(0.99))),
          us(static_cast<double>(h.percentile(0.999))), us(static_cast<double>(h.max()))};
}

std::string summarize_us(const DurationHistogram& h) {
  const LatencyFigures f = figures_us(h);
  char buf[160];
  std::snprintf(buf, sizeof buf, "min %.1f  avg %.1f  p99 %.1f  p99.9 %.1f  max %.1f", f.min_us, f.avg_us,
                f.p99_us, f.p999_us, f.max_us);
  return buf;
}

}  // namespace hilsim::rt
