// The thread of a bridge (UDP or CAN): it sends the sensor snapshot at the output rate and, between
// sends, waits in ppoll for input on the bridge's socket and hands it over. The wait is at most
// 50 ms, so that stop() is noticed even when nothing arrives and nothing is due.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "rt/clock.h"
#include "rt/io_thread.h"

namespace hilsim::hil {

class IoLoop final {
 public:
  // `period_ns`: time between sends, > 0. `io`: where and how the thread runs.
  IoLoop(rt::Nanoseconds period_ns, rt::IoThreadPlacement io);
  ~IoLoop();  // stops the thread
  IoLoop(const IoLoop&) = delete;
  IoLoop& operator=(const IoLoop&) = delete;

  // A descriptor the thread waits on: `fd()` is asked before every wait (a bridge may reopen its
  // socket, and -1 is none), `receive` is called when it is readable or has an error.
  struct Source {
    std::function<int()> fd;
    std::function<void()> receive;
  };
  static constexpr std::size_t kMaxSources = 4;

  // Starts the thread `name` (at most 15 characters): `send` at every period of a fixed schedule
  // (when it falls behind, the due times passed are skipped and counted, and the next send is the
  // schedule's next due time, which may come sooner than a period after a late one: no backlog is
  // sent, the phase holds), and
  // each source's `receive` whenever its descriptor is readable or has an error, until it is
  // drained (a closed or hung-up descriptor is no longer polled until fd() gives another one; the
  // sends go on). At most kMaxSources sources. Returns once the thread has set itself up
  // (setup()). Call once.
  void start(const std::string& name, std::function<void()> send, std::vector<Source> sources);
  // One fixed descriptor.
  void start(const std::string& name, int fd, std::function<void()> send, std::function<void()> receive);
  // Ends the thread after its current wait; idempotent.
  void stop();
  // How the thread runs, and what of `io` was not granted; valid after start().
  const rt::IoThreadSetup& setup() const { return setup_; }
  // Output periods the thread missed: a send due at t that ran at t + L skipped floor(L / period)
  // others (their due times passed before it), which the rate-keeping schedule never sends. So a
  // send late by more than a period counts, and sends + missed periods span the run.
  std::uint64_t missed_periods() const { return missed_periods_.load(std::memory_order_relaxed); }

 private:
  void run(const std::function<void()>& send, const std::vector<Source>& sources);

  rt::Nanoseconds period_ns_;
  rt::IoThreadPlacement io_;
  rt::IoThreadSetup setup_;  // written by start() before it returns
  std::atomic<bool> stopping_{false};
  std::atomic<std::uint64_t> missed_periods_{0};  // written by the thread only
  std::thread thread_;
};

}  // namespace hilsim::hil
