#include "tools/io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "tools/io/input_error.h"

namespace hilsim::io {

namespace {

// The temporary files not yet committed, where a signal handler can read them: fixed storage and
// lock-free flags, since a handler may neither allocate nor lock. A process has a few outputs open
// at once (a CSV, a recording, a candump log); more than kSlots are not cleaned up on a signal.
constexpr int kSlots = 16;
struct Slot {
  std::atomic<bool> used{false};
  char path[4096] = {};
};
std::array<Slot, kSlots> g_slots;

extern "C" void remove_temporaries_and_reraise(int sig) {
  for (Slot& s : g_slots) {
    if (s.used.load()) ::unlink(s.path);
  }
  // SA_RESETHAND restored the default action: raised again, the signal ends the process as it
  // would have without this handler (the parent sees the same signal).
  ::raise(sig);
}

// Installed once, and only where the signal still has its default action: a command that handles
// a signal itself (a threaded run's clean stop) keeps its own handler while it runs.
void install_handlers_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
      struct sigaction sa {};
      sa.sa_handler = remove_temporaries_and_reraise;
      sigemptyset(&sa.sa_mask);
      sa.sa_flags = SA_RESETHAND;
      sigaction(sig, &sa, nullptr);
    }
  });
}

int register_temporary(const std::string& path) {
  if (path.size() >= sizeof(Slot::path)) return -1;
  install_handlers_once();
  for (int i = 0; i < kSlots; ++i) {
    bool expected = false;
    Slot& s = g_slots[static_cast<std::size_t>(i)];
    // Claimed with the name still being written: a handler running now unlinks an empty or stale
    // name, which fails harmlessly.
    if (s.used.compare_exchange_strong(expected, true)) {
      std::memcpy(s.path, path.c_str(), path.size() + 1);
      return i;
    }
  }
  return -1;
}

void release(int slot) {
  if (slot >= 0) g_slots[static_cast<std::size_t>(slot)].used.store(false);
}

}  // namespace

namespace {

// The file a path names: through its symbolic links, so that replacing it keeps the links.
std::string resolved(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path target = std::filesystem::canonical(path, ec);
  return ec ? path : target.string();
}

}  // namespace

ReplacingFile::ReplacingFile(std::string path) : path_(std::move(path)) {
  const std::string target = resolved(path_);
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  // rename(2) cannot put a file in a directory's place: said now, not after a run of minutes.
  if (exists && S_ISDIR(existing.st_mode)) {
    throw InputError(path_ + ": is a directory; name a file for the output (a new one, or one to replace)");
  }
  // A device, FIFO or terminal (/dev/stdout, a pipe) is written as it is: there is nothing to keep,
  // and renaming over it would replace the device with a file. So is a name under /dev or /proc,
  // which stands for an open descriptor (/dev/stdout redirected to a file is that file, open).
  const bool descriptor = path_.rfind("/dev/", 0) == 0 || path_.rfind("/proc/", 0) == 0;
  const bool device = S_ISCHR(existing.st_mode) || S_ISBLK(existing.st_mode) || S_ISFIFO(existing.st_mode) ||
                      S_ISSOCK(existing.st_mode);
  direct_ = exists && (device || descriptor);
  temporary_ = direct_ ? target : target + ".tmp-" + std::to_string(::getpid());
  target_ = target;
  if (!direct_) slot_ = register_temporary(temporary_);
  const int fd = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | (direct_ ? 0 : O_TRUNC) | O_CLOEXEC, 0666);
  if (fd < 0) {
    release(slot_);
    throw InputError(path_ + ": cannot open the output file for writing (" + std::strerror(errno) + ")");
  }
  if (exists && !direct_) ::fchmod(fd, existing.st_mode & 07777);  // the replacement keeps the file's mode
  ::close(fd);
}

ReplacingFile::~ReplacingFile() {
  if (!committed_ && !direct_) ::unlink(temporary_.c_str());
  release(slot_);
}

void ReplacingFile::commit() {
  if (direct_) {
    committed_ = true;
    return;
  }
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    throw InputError(path_ + ": cannot replace the output file (" + why + ")");
  }
  committed_ = true;
  release(slot_);
}

AtomicOutputFile::AtomicOutputFile(std::string path)
    : file_(std::move(path)), buffer_(std::make_unique_for_overwrite<char[]>(kBufferBytes)) {
  out_.rdbuf()->pubsetbuf(buffer_.get(), static_cast<std::streamsize>(kBufferBytes));
  // The temporary file was just created empty: opened again without truncating it, since ext4
  // takes a truncation to zero as a file being rewritten and starts its writeback at close
  // (auto_da_alloc, ext4(5)), which costs the run a flush it does not need. A target written in
  // place (a FIFO, a terminal) is opened for writing only.
  const std::ios::openmode mode = file_.in_place() ? std::ios::binary | std::ios::out | std::ios::trunc
                                                   : std::ios::binary | std::ios::in | std::ios::out;
  out_.open(file_.temporary(), mode);
  if (!out_) throw InputError(file_.path() + ": cannot open the output file for writing");
}

void AtomicOutputFile::commit() {
  out_.close();
  if (!out_) throw InputError(file_.path() + ": writing the output file failed");
  file_.commit();
}

void write_file_atomically(const std::string& path, const std::string& text) {
  AtomicOutputFile file(path);
  file.stream() << text;
  file.commit();
}

void refuse_same_file(const std::string& output, const std::string& output_what, const std::string& input,
                      const std::string& input_what) {
  namespace fs = std::filesystem;
  struct stat a {
  }, b{};
  bool same = false;
  if (::stat(output.c_str(), &a) == 0 && ::stat(input.c_str(), &b) == 0) {
    same = a.st_dev == b.st_dev && a.st_ino == b.st_ino;
  } else {
    std::error_code ec;
    const fs::path x = fs::weakly_canonical(fs::absolute(output), ec).lexically_normal();
    const fs::path y = fs::weakly_canonical(fs::absolute(input), ec).lexically_normal();
    same = x == y;
  }
  if (same) {
    throw InputError(output_what + " " + output + " is " + input_what + " " + input +
                     ": writing it would destroy it; choose another output file");
  }
}

}  // namespace hilsim::io
