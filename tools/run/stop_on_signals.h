// SIGINT, SIGTERM and SIGHUP as a request to stop, for the commands that end cleanly on them: a threaded
// run (report and CSV written), a sweep or a report (a message saying what is partial, nothing
// half-written left behind). While a StopOnSignals is in scope the signals set stop_flag() instead
// of ending the process.
#pragma once

#include <atomic>
#include <csignal>

namespace hilsim::tools {

// The flag the signals set (lock-free: setting it is async-signal-safe).
std::atomic<bool>& stop_flag();

class StopOnSignals final {
 public:
  StopOnSignals();   // clears the flag and installs the handlers
  ~StopOnSignals();  // restores the handlers there were
  StopOnSignals(const StopOnSignals&) = delete;
  StopOnSignals& operator=(const StopOnSignals&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
  struct sigaction old_hup_ {};
};

}  // namespace hilsim::tools
