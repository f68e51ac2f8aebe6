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

#include <CLI/CLI.hpp>

namespace hilsim::tools {

// The CPUs this process may run on (sched_getaffinity(2): what taskset, a cgroup cpuset or a Slurm
// allocation grants), at least 1: the default of --jobs.
int available_cpus();

// Declares `--jobs N` on `cmd`: 1 to 1024 workers; 0 (unset) stands for available_cpus().
void add_jobs_option(CLI::App& cmd, int& jobs);

// `jobs` as given, or available_cpus() when it is 0.
int resolve_jobs(int jobs);

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
  struct Slot {
    std::optional<Result> result;
    std::exception_ptr error;
    bool done = false;
  };
  std::vector<Slot> slots(count);
  std::mutex mutex;
  std::condition_variable finished;
  std::size_t next = 0;  // the next index a worker starts
  bool halted = false;   // no more runs start
  const auto may_start = [&] { return !halted && next < count && !(stop && stop->load()); };
  const auto work = [&] {
    std::unique_lock lock(mutex);
    while (may_start()) {
      const std::size_t i = next++;
      lock.unlock();
      Slot slot;
      try {
        slot.result.emplace(run(i));
      } catch (...) {
        slot.error = std::current_exception();
      }
      lock.lock();
      slots[i].result = std::move(slot.result);
      slots[i].error = slot.error;
      slots[i].done = true;
      finished.notify_all();
    }
    finished.notify_all();  // a worker that stops starting runs may be what the caller waits for
  };
  std::vector<std::jthread> workers;
  const std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(jobs < 1 ? 1 : jobs), count);
  for (std::size_t w = 0; w < threads; ++w) workers.emplace_back(work);

  std::size_t taken = 0;
  std::exception_ptr error;
  for (std::size_t i = 0; i < count; ++i) {
    std::unique_lock lock(mutex);
    // Run i is done, or will never start (stopped before it).
    finished.wait(lock, [&] { return slots[i].done || (i >= next && !may_start()); });
    if (!slots[i].done) break;
    if (slots[i].error) {
      error = slots[i].error;
      halted = true;
      break;
    }
    Result result = std::move(*slots[i].result);
    slots[i].result.reset();
    lock.unlock();
    ++taken;
    try {
      if (!take(i, std::move(result))) break;
    } catch (...) {
      error = std::current_exception();
      break;
    }
  }
  {
    const std::lock_guard lock(mutex);
    halted = true;
  }
  workers.clear();  // joins: the runs under way end before this returns
  if (error) std::rethrow_exception(error);
  return taken;
}

}  // namespace hilsim::tools
