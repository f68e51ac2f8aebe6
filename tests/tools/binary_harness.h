// Running the hilsim binary from a test: its exit status and what it printed. CTest runs tests as
// parallel processes, so every capture file is named after the running test.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace hilsim::test {

struct Outcome {
  int status = -1;  // exit status, -1 if the process did not exit normally
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A temporary path unique to the running test: <tmp>/hilsim_<tag>_<test name><suffix>.
inline std::filesystem::path temp_path(const std::string& tag, const std::string& suffix) {
  return std::filesystem::temp_directory_path() /
         ("hilsim_" + tag + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + suffix);
}

// Runs `prefix hilsim args` through the shell (prefix: e.g. a setpriv command line).
inline Outcome run_hilsim(const std::string& tag, const std::string& args, const std::string& prefix = "") {
  const std::filesystem::path out = temp_path(tag, ".out"), err = temp_path(tag, ".err");
  const std::string cmd =
      prefix + std::string(HILSIM_BINARY) + " " + args + " >" + out.string() + " 2>" + err.string();
  const int raw = std::system(cmd.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out), slurp(err)};
}

// A prefix for run_hilsim: the process may write files of at most `blocks` × 512 bytes (RLIMIT_FSIZE,
// POSIX sh's `ulimit -f`), and a write past it fails with EFBIG instead of raising SIGXFSZ. An output
// that grows past it fails mid-run as on a full disk, while a smaller one (a recording) is written.
inline std::string file_size_limit(int blocks) {
  return "trap '' XFSZ; ulimit -f " + std::to_string(blocks) + "; ";
}

}  // namespace hilsim::test
