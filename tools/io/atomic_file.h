// Writing an output file so that nothing a user has is lost: the text goes to a temporary file
// beside the target, which replaces the target only once it is complete (rename(2) is atomic on
// one file system). A failed or interrupted write leaves the old file as it was, and the temporary
// file is removed: by the destructor on an error, by a handler on SIGINT, SIGTERM or SIGHUP (which
// then ends the process as the signal would have). Only SIGKILL (or a crash) leaves it behind, as
// "<target>.tmp-<pid>". A target that is a symbolic link keeps the link (the file it names is
// replaced, with its mode); one that is not a regular file (/dev/stdout, a FIFO) is written in place.
#pragma once

#include <fstream>
#include <memory>
#include <string>

namespace hilsim::io {

// The temporary file of one output: created empty by the constructor, renamed over the target by
// commit(), removed otherwise. For outputs written by other means than a stream (a recording written
// with write(2)): write to temporary(), then commit().
class ReplacingFile final {
 public:
  // Throws io::InputError naming `path` when the temporary file cannot be created.
  explicit ReplacingFile(std::string path);
  ~ReplacingFile();
  ReplacingFile(const ReplacingFile&) = delete;
  ReplacingFile& operator=(const ReplacingFile&) = delete;

  const std::string& path() const { return path_; }
  const std::string& temporary() const { return temporary_; }
  // True when the target is written in place (a device, FIFO or descriptor), not replaced.
  bool in_place() const { return direct_; }
  // Renames the temporary file over the target; throws io::InputError (and removes it) on failure.
  void commit();

 private:
  std::string path_;
  std::string target_;     // path_ through its symbolic links: the file replaced
  std::string temporary_;  // beside target_; target_ itself when direct_
  int slot_ = -1;          // where the signal handler finds the temporary's name
  bool committed_ = false;
  bool direct_ = false;  // the target is not a regular file (a device, FIFO, terminal): written in place
};

// A streamed output: write to stream() as the run goes, commit() at the end. The stream writes in
// blocks of kBufferBytes: an output of megabytes is a few write(2) calls of whole pages. (A
// trajectory CSV, written in large pieces and hashed as it goes, is an io::HashedOutputFile.)
class AtomicOutputFile final {
 public:
  static constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

  // Throws io::InputError naming `path` when the file cannot be opened.
  explicit AtomicOutputFile(std::string path);
  std::ostream& stream() { return out_; }
  const std::string& path() const { return file_.path(); }
  // True when the target is a device, FIFO or descriptor, written in place (ReplacingFile).
  bool in_place() const { return file_.in_place(); }
  // Flushes and closes the stream and replaces the target; throws io::InputError naming it when
  // either fails (the target then stays as it was).
  void commit();

 private:
  ReplacingFile file_;
  std::unique_ptr<char[]> buffer_;  // the stream's buffer, set before it opens
  std::ofstream out_;
};

// Throws io::InputError naming `path` when the file cannot be written.
void write_file_atomically(const std::string& path, const std::string& text);

// Throws io::InputError (one line naming both) when the output `output` is the file `input`: the
// same device and inode when both exist, else the same absolute, normalised path. `output_what`
// and `input_what` say what each is ("--out", "the recording").
void refuse_same_file(const std::string& output, const std::string& output_what, const std::string& input,
                      const std::string& input_what);

}  // namespace hilsim::io
