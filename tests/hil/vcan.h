// The tests that need SocketCAN and the interface vcan0 (which tests/vm/init.sh creates in the VM).
// This machine's kernel has no CAN: there they are skipped, saying why, and the VM test
// vm.can_bridge runs them, where they must pass (it fails on any skip).
#pragma once

#include <gtest/gtest.h>
#include <linux/can.h>
#include <net/if.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace hilsim::hil::test {

inline constexpr const char* kVcan = "vcan0";

// Why the CAN tests cannot run here, or "" when they can.
inline std::string why_no_vcan() {
  const int fd = socket(PF_CAN, SOCK_RAW, CAN_RAW);
  if (fd < 0)
    return std::string("no SocketCAN in this kernel (socket(PF_CAN): ") + std::strerror(errno) + ")";
  close(fd);
  if (if_nametoindex(kVcan) == 0) return std::string("no interface ") + kVcan;
  return "";
}

}  // namespace hilsim::hil::test

#define HILSIM_REQUIRE_VCAN()                                                                           \
  do {                                                                                                  \
    const std::string why = ::hilsim::hil::test::why_no_vcan();                                         \
    if (!why.empty()) GTEST_SKIP() << why << ": this test runs in the VM (ctest -L vm, vm.can_bridge)"; \
  } while (0)
