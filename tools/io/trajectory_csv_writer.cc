#include "tools/io/trajectory_csv_writer.h"

#include <string_view>
#include <utility>

#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::io {

TrajectoryCsvWriter::TrajectoryCsvWriter(std::string path, int actuators, bool tool_columns)
    : file_(std::move(path)),
      actuators_(actuators),
      tool_columns_(tool_columns),
      text_(std::make_unique_for_overwrite<char[]>(kBatch *
                                                   max_trajectory_row_bytes(actuators, tool_columns))) {
  file_.write(trajectory_header(actuators_, tool_columns_));
  filling_.reserve(kBatch);
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

void TrajectoryCsvWriter::add(const sim::CraneSample& sample) {
  filling_.push_back(sample);
  ++rows_;
  if (filling_.size() == kBatch) hand_over();
}

void TrajectoryCsvWriter::hand_over() {
  std::vector<sim::CraneSample> next;
  {
    const std::lock_guard lock(mutex_);
    full_.push_back(std::move(filling_));
    if (!spare_.empty()) {
      next = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  wake_.notify_one();
  next.clear();
  next.reserve(kBatch);
  filling_ = std::move(next);
}

// The thread: writes the batches in the order they came until finish() or the destructor closes
// the writer and nothing is left. After an error it only drains (the error is finish()'s to throw).
void TrajectoryCsvWriter::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return closing_ || !full_.empty(); });
    if (full_.empty()) return;
    std::vector<sim::CraneSample> batch = std::move(full_.front());
    full_.pop_front();
    lock.unlock();
    try {
      if (!error_) write_batch(batch);
    } catch (...) {
      error_ = std::current_exception();
    }
    lock.lock();
    spare_.push_back(std::move(batch));
  }
}

void TrajectoryCsvWriter::write_batch(const std::vector<sim::CraneSample>& batch) {
  const char* end = put_trajectory_rows(text_.get(), batch, actuators_, tool_columns_);
  file_.write(std::string_view(text_.get(), static_cast<std::size_t>(end - text_.get())));
}

TrajectoryCsvWriter::Written TrajectoryCsvWriter::finish() {
  if (!filling_.empty()) hand_over();
  stop();
  if (error_) std::rethrow_exception(error_);
  return Written{rows_, file_.commit()};
}

}  // namespace hilsim::io
