// Reads the kernel's small text files (procfs, sysfs, /dev) below a root directory: "/" on the
// machine, a directory of fixture files in tests. Not for use inside real-time loops.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hilsim::tools {

class SystemFiles final {
 public:
  explicit SystemFiles(std::filesystem::path root = "/") : root_(std::move(root)) {}

  // The whole file (at most 1 MiB, enough for /proc/interrupts of a large machine); nullopt when it
  // is missing or unreadable. `path` is absolute, as on the machine ("/proc/cmdline").
  std::optional<std::string> read(const std::string& path) const;
  // The first line, without its newline and trailing blanks.
  std::optional<std::string> first_line(const std::string& path) const;
  // The names in a directory, sorted; empty when it is missing.
  std::vector<std::string> list(const std::string& dir) const;
  // The path with every symbolic link resolved, as seen from the root ("/sys/devices/..."); nullopt
  // when it does not exist.
  std::optional<std::string> resolve(const std::string& path) const;
  // True when this process may open the file for writing (access(2), W_OK).
  bool writable(const std::string& path) const;

 private:
  std::filesystem::path at(const std::string& path) const;
  std::filesystem::path root_;
};

}  // namespace hilsim::tools
