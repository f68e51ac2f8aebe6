#include "tools/run/status_line.h"

#include <cstdio>

namespace hilsim::tools {

StatusLine::StatusLine(bool enabled, int actuators, std::function<const char*()> watchdog)
    : enabled_(enabled), actuators_(actuators), watchdog_(std::move(watchdog)) {}

void StatusLine::on_sample(const sim::Sample& x) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (!started_) {
    started_ = true;
    start_ = now;
    next_ = now + std::chrono::seconds(1);
    return;
  }
  if (now < next_) return;
  next_ += std::chrono::seconds(1);
  long long overruns = 0;
  for (const rt::LoopStats* loop : loops_) overruns += loop->overruns_shared.load(std::memory_order_relaxed);
  const double wall = std::chrono::duration<double>(now - start_).count();
  char kappa[64];
  if (actuators_ == 2) {
    std::snprintf(kappa, sizeof kappa, "kappa %.4f, %.4f", x.cyl[0].kappa, x.cyl[1].kappa);
  } else {
    std::snprintf(kappa, sizeof kappa, "kappa %.4f", x.cyl[0].kappa);
  }
  const char* watchdog = watchdog_ ? watchdog_() : "";
  // \r and erase-to-end-of-line: the line is rewritten in place.
  std::fprintf(stderr, "\r\033[K  t = %.1f s  real-time factor %.2f  overruns %lld  %s%s%s", x.t,
               wall > 0 ? x.t / wall : 0.0, overruns, kappa, *watchdog ? "  watchdog " : "", watchdog);
  shown_ = true;
}

void StatusLine::finish() {
  if (shown_) std::fprintf(stderr, "\r\033[K");
  shown_ = false;
}

void StatusLine::note(const std::string& line) {
  finish();
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

}  // namespace hilsim::tools
