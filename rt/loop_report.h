// Figures of a periodic loop for reports: histogram summaries in microseconds.
#pragma once

#include <string>

#include "rt/histogram.h"

namespace hilsim::rt {

struct LatencyFigures {
  double min_us = 0, avg_us = 0, p99_us = 0, p999_us = 0, max_us = 0;
};
LatencyFigures figures_us(const DurationHistogram& h);

// "min 8.1  avg 25.3  p99 80.2  p99.9 210.5  max 1200.0" [µs].
std::string summarize_us(const DurationHistogram& h);

}  // namespace hilsim::rt
