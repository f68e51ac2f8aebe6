// A trajectory CSV written beside the run that produces it: the run hands over samples, and a
// thread of the writer's own turns them into rows (io::put_trajectory_rows), hashes them (SHA-256,
// as `sha256sum` would) and writes them (io::HashedOutputFile). Formatting ~10⁴ rows of 11–17
// shortest round-trip doubles costs about as much as a 10 s co-simulation at H = 1 ms; on a second
// core it overlaps the run instead of adding to it, and hashing the bytes as they go saves reading
// the file back. When the run ends, the batches the thread has not reached yet are shared: the
// run's thread formats them from the last backwards while the writer's thread goes on from the
// first, hashing and writing each in order. The output is the same file, byte for byte, as rows
// written in the run's own thread. Not for real-time threads: add() may allocate and lock (the
// threaded run calls it from its non-real-time writer thread).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "tools/io/hashed_output_file.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::io {

class TrajectoryCsvWriter final {
 public:
  // Samples handed to the thread at once: big enough that locking is rare, small enough that the
  // batches left when the run ends share out between the two threads.
  static constexpr std::size_t kBatch = 256;

  // Opens `path` (an io::HashedOutputFile: nothing replaces it before finish()) and writes the
  // header of `columns` (an actuator count of the crane, or a machine's), with a contact task's tool
  // columns when `tool_columns`
  // (trajectory_files.h). Throws io::InputError naming `path`.
  TrajectoryCsvWriter(std::string path, TrajectoryColumns columns, bool tool_columns = false);
  // Without finish(): stops the thread; the target stays as it was.
  ~TrajectoryCsvWriter();
  TrajectoryCsvWriter(const TrajectoryCsvWriter&) = delete;
  TrajectoryCsvWriter& operator=(const TrajectoryCsvWriter&) = delete;
  TrajectoryCsvWriter(TrajectoryCsvWriter&&) = delete;
  TrajectoryCsvWriter& operator=(TrajectoryCsvWriter&&) = delete;

  // One row. May throw std::bad_alloc (the next batch's memory); the sample is then not taken and the
  // writer is as it was. Not after finish().
  void add(const sim::Sample& sample);

  struct Written {
    std::int64_t rows = 0;
    std::string sha256;  // of the file's bytes; empty when the target is a device or pipe
  };
  // Formats its share of what is left, lets the thread write the rest, replaces the target and
  // returns the rows and the hash. Throws io::InputError naming the file when writing failed. Once.
  Written finish();

  const std::string& path() const { return file_.path(); }

 private:
  // Samples and, once formatted, their rows. A batch in full_ is formatted by one thread: the one
  // that moves it from kQueued to kFormatting (under the mutex).
  struct Batch {
    enum class State { kQueued, kFormatting, kFormatted };
    std::vector<sim::Sample> samples;
    std::unique_ptr<char[]> text;  // kBatch rows of the longest form, allocated before handed over
    std::size_t bytes = 0;         // of text
    State state = State::kQueued;
  };

  void hand_over(bool refill);
  void work();
  void format(Batch& batch) const;
  void format_from_the_back();
  void stop();

  HashedOutputFile file_;  // the thread's, once it runs
  const TrajectoryColumns columns_;
  const bool tool_columns_;
  const std::size_t text_capacity_;  // [bytes] of a batch's rows in their longest form
  std::int64_t rows_ = 0;
  std::size_t batches_ = 1;  // made so far (filling_ the first): spare_ keeps room for them all
  Batch filling_;
  std::mutex mutex_;
  std::condition_variable wake_;  // the thread waits on it: for a batch, for one finish() formats
  std::deque<Batch> full_;        // handed over, in order (a deque keeps the others' addresses)
  std::vector<Batch> spare_;      // written, for reuse
  bool closing_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace hilsim::io
