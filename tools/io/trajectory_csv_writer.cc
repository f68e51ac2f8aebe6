#include "tools/io/trajectory_csv_writer.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::io {

TrajectoryCsvWriter::TrajectoryCsvWriter(std::string path, TrajectoryColumns columns, bool tool_columns)
    : file_(std::move(path)),
      columns_(std::move(columns)),
      tool_columns_(tool_columns),
      text_capacity_(kBatch * max_trajectory_row_bytes(columns_, tool_columns)) {
  file_.write(trajectory_header(columns_, tool_columns_));
  filling_.samples.reserve(kBatch);
  filling_.text = std::make_unique_for_overwrite<char[]>(text_capacity_);
  thread_ = std::thread([this] { work(); });
}

TrajectoryCsvWriter::~TrajectoryCsvWriter() { stop(); }

void TrajectoryCsvWriter::stop() {
  {
    const std::lock_guard lock(mutex_);
    closing_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

// A full batch is handed over before the next sample goes in: when hand_over() throws (bad_alloc),
// the batch stays full and whole, and the next add() tries again.
void TrajectoryCsvWriter::add(const sim::Sample& sample) {
  if (filling_.samples.size() == kBatch) hand_over(/*refill=*/true);
  filling_.samples.push_back(sample);  // within the kBatch reserved: no allocation
  ++rows_;
}

// Every batch gets its memory here, in the run's thread, before it is handed over, and spare_ has
// room for every batch there is: what may throw (bad_alloc) throws here, and the two formatting
// threads never allocate. `refill`: a batch to fill next (not after the last).
void TrajectoryCsvWriter::hand_over(bool refill) {
  Batch next;
  if (refill) {
    {
      const std::lock_guard lock(mutex_);
      if (!spare_.empty()) {
        next = std::move(spare_.back());
        spare_.pop_back();
      }
    }
    if (!next.text) {
      next.text = std::make_unique_for_overwrite<char[]>(text_capacity_);
      ++batches_;
    }
    next.samples.clear();
    next.samples.reserve(kBatch);
    next.state = Batch::State::kQueued;
  }
  {
    const std::lock_guard lock(mutex_);
    spare_.reserve(batches_);
    full_.push_back(std::move(filling_));
  }
  wake_.notify_one();
  filling_ = std::move(next);
}

void TrajectoryCsvWriter::format(Batch& batch) const {
  const char* end = put_trajectory_rows(batch.text.get(), batch.samples, columns_, tool_columns_);
  batch.bytes = static_cast<std::size_t>(end - batch.text.get());
}

// The thread: takes the batches in the order they came, formats each that finish() has not taken,
// and hashes and writes them, until finish() or the destructor closes the writer and nothing is
// left. After an error it only drains (the error is finish()'s to throw).
void TrajectoryCsvWriter::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return closing_ || !full_.empty(); });
    if (full_.empty()) return;
    Batch& batch = full_.front();  // stays in place: only this thread removes batches
    if (batch.state == Batch::State::kQueued) {
      batch.state = Batch::State::kFormatting;
      lock.unlock();
      format(batch);
      lock.lock();
      batch.state = Batch::State::kFormatted;
    }
    wake_.wait(lock, [&batch] { return batch.state == Batch::State::kFormatted; });
    lock.unlock();
    try {
      if (!error_) file_.write(std::string_view(batch.text.get(), batch.bytes));
    } catch (...) {
      error_ = std::current_exception();
    }
    lock.lock();
    spare_.push_back(std::move(full_.front()));
    full_.pop_front();
  }
}

// The run's thread, once the run has ended: formats the batches still queued, the last first, so
// that the two threads meet in the middle. The thread writes them when it reaches them.
void TrajectoryCsvWriter::format_from_the_back() {
  std::unique_lock lock(mutex_);
  for (;;) {
    const auto queued = std::find_if(full_.rbegin(), full_.rend(),
                                     [](const Batch& b) { return b.state == Batch::State::kQueued; });
    if (queued == full_.rend()) return;
    Batch& batch = *queued;  // stays in place: the thread removes it only once it is formatted
    batch.state = Batch::State::kFormatting;
    lock.unlock();
    format(batch);
    lock.lock();
    batch.state = Batch::State::kFormatted;
    wake_.notify_one();
  }
}

TrajectoryCsvWriter::Written TrajectoryCsvWriter::finish() {
  if (!filling_.samples.empty()) hand_over(/*refill=*/false);
  format_from_the_back();
  stop();
  if (error_) std::rethrow_exception(error_);
  return Written{rows_, file_.commit()};
}

}  // namespace hilsim::io
