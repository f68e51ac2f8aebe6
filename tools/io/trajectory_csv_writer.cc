#include "tools/io/trajectory_csv_writer.h"

#include <sstream>
#include <utility>

#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::io {

TrajectoryCsvWriter::TrajectoryCsvWriter(std::string path, int actuators, bool tool_columns)
    : file_(std::move(path)), actuators_(actuators), tool_columns_(tool_columns) {
  std::ostringstream header;
  write_trajectory_header(header, actuators_, tool_columns_);
  const std::string text = header.str();
  digest_.update(text.data(), text.size());
  file_.stream().write(text.data(), static_cast<std::streamsize>(text.size()));
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
  std::string text;
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return closing_ || !full_.empty(); });
    if (full_.empty()) return;
    std::vector<sim::CraneSample> batch = std::move(full_.front());
    full_.pop_front();
    lock.unlock();
    try {
      if (!error_) write_batch(batch, text);
    } catch (...) {
      error_ = std::current_exception();
    }
    lock.lock();
    spare_.push_back(std::move(batch));
  }
}

void TrajectoryCsvWriter::write_batch(const std::vector<sim::CraneSample>& batch, std::string& text) {
  text.clear();  // keeps its capacity: one allocation for the run
  for (const sim::CraneSample& s : batch) append_trajectory_row(text, s, actuators_, tool_columns_);
  digest_.update(text.data(), text.size());
  file_.stream().write(text.data(), static_cast<std::streamsize>(text.size()));
}

TrajectoryCsvWriter::Written TrajectoryCsvWriter::finish() {
  if (!filling_.empty()) hand_over();
  stop();
  if (error_) std::rethrow_exception(error_);
  file_.commit();
  Written written{rows_, digest_.hex()};
  if (file_.in_place()) written.sha256.clear();
  return written;
}

}  // namespace hilsim::io
