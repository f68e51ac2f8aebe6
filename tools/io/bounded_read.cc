#include "tools/io/bounded_read.h"

#include <fstream>
#include <iterator>

#include "tools/io/input_error.h"

namespace hilsim::io {

BoundedLineReader::BoundedLineReader(std::istream& in, std::string path, std::size_t max_bytes)
    : in_(in),
      path_(std::move(path)),
      max_bytes_(max_bytes),
      buffer_(std::make_unique_for_overwrite<char[]>(kMaxInputLineBytes + 2)) {}

bool BoundedLineReader::next(std::string& line) {
  // istream::getline scans the stream's buffer for '\n' (memchr), not character by character; it
  // stores at most kMaxInputLineBytes + 1 characters and fails on a longer line.
  in_.getline(buffer_.get(), static_cast<std::streamsize>(kMaxInputLineBytes + 2));
  if (in_.bad()) throw InputError(path_ + ": reading the file failed");
  const auto read = static_cast<std::size_t>(in_.gcount());
  if (read == 0 && in_.eof()) return false;
  // Failed without reaching the end: the buffer filled before a '\n'. Otherwise gcount() counts
  // the '\n' taken from the stream, which getline does not store (none at the end of the file).
  const bool filled = in_.fail() && !in_.eof();
  const std::size_t length = filled || in_.eof() ? read : read - 1;
  bytes_ += read;
  if (bytes_ > max_bytes_) {
    throw InputError(path_ + ": larger than " + std::to_string(max_bytes_ >> 20) +
                     " MiB; not an input this program reads");
  }
  if (filled || length > kMaxInputLineBytes) {
    throw InputError(path_ + ":" + std::to_string(line_number_ + 1) + ": a line longer than " +
                     std::to_string(kMaxInputLineBytes) + " bytes; not a text file of this format");
  }
  line.assign(buffer_.get(), length);
  in_.clear(in_.rdstate() & ~std::ios::failbit);
  ++line_number_;
  // A byte-order mark some editors put first is not part of the first field's name.
  if (line_number_ == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
  return true;
}

std::string read_bounded_file(const std::string& path, std::size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file for reading");
  std::string text;
  std::streambuf* buf = in.rdbuf();
  for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
    if (text.size() == max_bytes) {
      throw InputError(path + ": larger than " + std::to_string(max_bytes >> 10) +
                       " KiB; not an input this program reads");
    }
    text.push_back(static_cast<char>(c));
  }
  return text;
}

}  // namespace hilsim::io
