#include "tools/io/hashed_output_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tools/io/input_error.h"

namespace hilsim::io {

namespace {

InputError write_error(const std::string& path) {
  return InputError(path + ": writing the output file failed (" + std::strerror(errno) + ")");
}

}  // namespace

HashedOutputFile::HashedOutputFile(std::string path) : file_(std::move(path)) {
  // The temporary file was just created empty: opened again without truncating it (ext4 takes a
  // truncation to zero as a rewrite and flushes at close, auto_da_alloc; AtomicOutputFile says more).
  // A target written in place (a FIFO, /dev/stdout redirected to a file) is truncated as `>` would.
  const int flags = O_WRONLY | O_CLOEXEC | (file_.in_place() ? O_TRUNC : 0);
  fd_ = ::open(file_.temporary().c_str(), flags);
  if (fd_ < 0) {
    throw InputError(file_.path() + ": cannot open the output file for writing (" + std::strerror(errno) +
                     ")");
  }
}

HashedOutputFile::~HashedOutputFile() {
  if (fd_ >= 0) ::close(fd_);
}

void HashedOutputFile::write(std::string_view bytes) {
  digest_.update(bytes.data(), bytes.size());
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;  // write(2) made no progress and set no error: say so, not a stale errno
    if (n <= 0) throw write_error(file_.path());
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

std::string HashedOutputFile::commit() {
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) throw write_error(file_.path());
  file_.commit();
  std::string sha = digest_.hex();
  if (file_.in_place()) sha.clear();
  return sha;
}

}  // namespace hilsim::io
