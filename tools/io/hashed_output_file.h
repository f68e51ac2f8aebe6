// An output written in large pieces with write(2) and hashed as it goes: the SHA-256 a command
// prints for its output (what `sha256sum` would print for the file) without reading the file back.
// The bytes go to an io::ReplacingFile's temporary file, which replaces the target on commit();
// a target written in place (a device, a FIFO, /dev/stdout) has no file of its own, and no hash.
#pragma once

#include <string>
#include <string_view>

#include "hil/sha256.h"
#include "tools/io/atomic_file.h"

namespace hilsim::io {

class HashedOutputFile final {
 public:
  // Throws io::InputError naming `path` when the file cannot be opened.
  explicit HashedOutputFile(std::string path);
  // Without commit(): the target stays as it was (the temporary file is removed).
  ~HashedOutputFile();
  HashedOutputFile(const HashedOutputFile&) = delete;
  HashedOutputFile& operator=(const HashedOutputFile&) = delete;

  // Hashes `bytes` and writes them; throws io::InputError naming the file when writing fails.
  void write(std::string_view bytes);
  // Closes the file and replaces the target; returns the SHA-256 of all bytes written (64 hex
  // digits), empty when the target is written in place. Throws io::InputError naming the file.
  std::string commit();

  const std::string& path() const { return file_.path(); }

 private:
  ReplacingFile file_;
  int fd_ = -1;
  hil::Sha256 digest_;
};

}  // namespace hilsim::io
