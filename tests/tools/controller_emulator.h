// The controller emulator (`hilsim controller ARGS`) started in the background, for the tests that
// run a live UDP loop against it; wait() returns its output once it has ended.
#pragma once

#include <cstdio>
#include <string>

namespace hilsim::test {

class Controller {
 public:
  explicit Controller(const std::string& args) {
    pipe_ = popen((std::string(HILSIM_BINARY) + " controller " + args + " 2>&1").c_str(), "r");
  }
  ~Controller() {
    if (pipe_) pclose(pipe_);
  }
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;
  std::string wait() {
    std::string out;
    char buf[512];
    while (std::fgets(buf, sizeof buf, pipe_)) out += buf;
    status_ = pclose(pipe_);
    pipe_ = nullptr;
    return out;
  }
  int status() const { return status_; }

 private:
  FILE* pipe_ = nullptr;
  int status_ = -1;
};

}  // namespace hilsim::test
