#include "hil/io_loop.h"

#include <poll.h>

#include <algorithm>
#include <array>
#include <exception>
#include <future>
#include <stdexcept>

namespace hilsim::hil {

namespace {

constexpr rt::Nanoseconds kLongestWaitNs = 50'000'000;  // how soon stop() is noticed

}  // namespace

IoLoop::IoLoop(rt::Nanoseconds period_ns, rt::IoThreadPlacement io)
    : period_ns_(period_ns), io_(std::move(io)) {}

IoLoop::~IoLoop() { stop(); }

void IoLoop::start(const std::string& name, int fd, std::function<void()> send,
                   std::function<void()> receive) {
  start(name, std::move(send), {Source{[fd] { return fd; }, std::move(receive)}});
}

void IoLoop::start(const std::string& name, std::function<void()> send, std::vector<Source> sources) {
  if (sources.size() > kMaxSources) throw std::invalid_argument("io loop: more than 4 sources");
  std::promise<rt::IoThreadSetup> setup;
  std::future<rt::IoThreadSetup> done = setup.get_future();
  thread_ = std::thread(
      [this, name, send = std::move(send), sources = std::move(sources), setup = std::move(setup)]() mutable {
        try {
          setup.set_value(rt::enter_io_thread(name, io_));
        } catch (...) {
          setup.set_exception(std::current_exception());  // start() rethrows it
          return;
        }
        run(send, sources);
      });
  setup_ = done.get();
}

void IoLoop::stop() {
  stopping_.store(true, std::memory_order_release);
  if (thread_.joinable()) thread_.join();
}

void IoLoop::run(const std::function<void()>& send, const std::vector<Source>& sources) {
  // A descriptor that reported POLLNVAL or POLLHUP: not polled again (it would spin) until the
  // source gives another one.
  std::array<int, kMaxSources> dead;
  dead.fill(-1);
  std::array<pollfd, kMaxSources> polled{};
  std::array<std::size_t, kMaxSources> source_of{};
  rt::Nanoseconds next_send = rt::now_ns();
  while (!stopping_.load(std::memory_order_acquire)) {
    const rt::Nanoseconds now = rt::now_ns();
    if (now >= next_send) {
      send();
      // The due times that passed before this send are never sent (the rate holds, no backlog),
      // and the next is the schedule's first due time after now: its phase is kept, so that every
      // due time is either sent or counted missed. (Re-anchoring at now + period lost the late
      // part of a period at each episode: at 100 kHz, sent + missed covered 82 % of the periods.)
      const rt::Nanoseconds behind = (now - next_send) / period_ns_;
      if (behind > 0)
        missed_periods_.fetch_add(static_cast<std::uint64_t>(behind), std::memory_order_relaxed);
      next_send += (behind + 1) * period_ns_;
    }
    // Input or the next send, whichever is first.
    nfds_t n = 0;
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const int fd = sources[i].fd();
      if (fd < 0 || fd == dead[i]) continue;
      dead[i] = -1;
      polled[n] = pollfd{fd, POLLIN, 0};
      source_of[n++] = i;
    }
    const rt::Nanoseconds wait = std::clamp<rt::Nanoseconds>(next_send - rt::now_ns(), 0, kLongestWaitNs);
    const timespec timeout{static_cast<time_t>(wait / rt::kNanosecondsPerSecond),
                           static_cast<long>(wait % rt::kNanosecondsPerSecond)};
    if (ppoll(polled.data(), n, &timeout, nullptr) <= 0) continue;
    for (nfds_t k = 0; k < n; ++k) {
      const pollfd& p = polled[k];
      // An earlier handler of this round closed or replaced this source's descriptor: its result
      // is about a descriptor that is no longer the source's.
      if (sources[source_of[k]].fd() != p.fd) continue;
      if (p.revents & (POLLNVAL | POLLHUP)) {
        dead[source_of[k]] = p.fd;  // closed under us or hung up: nothing more will arrive there
      } else if (p.revents & (POLLIN | POLLERR)) {
        sources[source_of[k]].receive();
      }
    }
  }
}

}  // namespace hilsim::hil
