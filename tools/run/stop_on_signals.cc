#include "tools/run/stop_on_signals.h"

namespace hilsim::tools {

namespace {

std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void request_stop(int) { g_stop.store(true); }

}  // namespace

std::atomic<bool>& stop_flag() { return g_stop; }

StopOnSignals::StopOnSignals() {
  g_stop.store(false);
  struct sigaction sa {};
  sa.sa_handler = request_stop;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int_);
  sigaction(SIGTERM, &sa, &old_term_);
  sigaction(SIGHUP, &sa, &old_hup_);  // a closed terminal or dropped ssh session: a clean stop too
}

StopOnSignals::~StopOnSignals() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
  sigaction(SIGHUP, &old_hup_, nullptr);
}

}  // namespace hilsim::tools
