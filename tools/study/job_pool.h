// Independent runs of a study (the H of a sweep, the sweeps of the report, the steps of a
// convergence table) on a pool of worker threads, their results handed back in input order: what
// a command prints or writes is the same bytes, in the same order, whatever the number of workers.
// Each run builds its own plan from shared, read-only inputs (the scenario, the equilibrium, the
// valve command, the reference), so runs share nothing they write.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace hilsim::tools {

// The CPUs this process may run on (sched_getaffinity(2): what taskset, a cgroup cpuset or a Slurm
// allocation grants), at least 1: the default of --jobs.
int available_cpus();

// `jobs` as given, or available_cpus() when it is 0.
int resolve_jobs(int jobs);

namespace internal {

// The results of runs 0 … count − 1 as the workers finish them, and which run starts next. Every
// member is read and written under `mutex`; a worker runs without holding it.
template <typename Result>
class OrderedResults final {
 public:
  OrderedResults(std::size_t count, const std::atomic<bool>* stop) : slots_(count), stop_(stop) {}

  // A worker: starts the next run while runs may start, and stores what it gave.
  void work(const std::function<Result(std::size_t)>& run) {
    std::unique_lock lock(mutex_);
    while (may_start()) {
      const std::size_t i = next_++;
      lock.unlock();
      Slot slot;
      try {
        slot.result.emplace(run(i));
      } catch (...) {
        slot.error = std::current_exception();
      }
      lock.lock();
      slots_[i] = std::move(slot);
      slots_[i].done = true;
      finished_.notify_all();
    }
    finished_.notify_all();  // a worker that stops starting runs may be what the caller waits for
  }

  // Waits until run i is done (true) or will never start (false: stopped before it). Rethrows the
  // exception run i threw. A done run's result moves to `result`.
  bool take(std::size_t i, std::optional<Result>& result) {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [&] { return slots_[i].done || (i >= next_ && !may_start()); });
    if (!slots_[i].done) return false;
    if (slots_[i].error) std::rethrow_exception(slots_[i].error);
    result = std::move(slots_[i].result);
    slots_[i].result.reset();
    return true;
  }

  // No run starts after this.
  void halt() {
    const std::lock_guard lock(mutex_);
    halted_ = true;
  }

 private:
  struct Slot {
    std::optional<Result> result;
    std::exception_ptr error;
    bool done = false;
  };
  bool may_start() const { return !halted_ && next_ < slots_.size() && !(stop_ && stop_->load()); }

  std::vector<Slot> slots_;
  const std::atomic<bool>* stop_;
  std::mutex mutex_;
  std::condition_variable finished_;
  std::size_t next_ = 0;  // the next run a worker starts
  bool halted_ = false;
};

}  // namespace internal

// Runs `run(i)` for i = 0 … count − 1 on `jobs` worker threads (at most `count`) and hands each
// result to `take(i, result)` on the calling thread in increasing i, as soon as it and every one
// before it are done. `take` returns false to stop: no run starts after that, and those under way
// are finished and dropped. A set `*stop` (a signal's request) lets no further run start either;
// then fewer than `count` results are taken. An exception from run(i) is rethrown, once the runs
// under way have ended, when i's turn comes; so is one from `take`. Returns the number of results
// taken.
template <typename Result>
std::size_t run_in_order(int jobs, std::size_t count, const std::function<Result(std::size_t)>& run,
                         const std::function<bool(std::size_t, Result&&)>& take,
                         const std::atomic<bool>* stop = nullptr) {
  internal::OrderedResults<Result> results(count, stop);
  std::vector<std::jthread> workers;
  const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(std::max(jobs, 1)), count);
  for (std::size_t w = 0; w < threads; ++w) workers.emplace_back([&] { results.work(run); });
  std::size_t taken = 0;
  std::exception_ptr error;
  try {
    std::optional<Result> result;
    for (std::size_t i = 0; i < count && results.take(i, result); ++i) {
      ++taken;
      if (!take(i, std::move(*result))) break;
    }
  } catch (...) {
    error = std::current_exception();
  }
  results.halt();
  workers.clear();  // joins: the runs under way end before this returns
  if (error) std::rethrow_exception(error);
  return taken;
}

}  // namespace hilsim::tools
