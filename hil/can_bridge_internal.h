// What the CAN bridge's source files share (hil/can_bridge.cc: the socket, frames and sends;
// can_bridge_link.cc: the link's loss and return; can_bridge_report.cc: the report). Not for other users.
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>

#include "hil/can_link.h"
#include "rt/clock.h"

namespace hilsim::hil::detail {

// "ENETDOWN: Network is down".
inline std::string errno_text(int e) { return errno_name(e) + ": " + std::strerror(e); }

// errno values that mean the interface is down or gone, not a passing problem of one frame.
inline bool link_error(int e) { return e == ENETDOWN || e == ENODEV || e == ENXIO || e == ENETUNREACH; }

// [s] from [ns], for the lines the bridge prints.
inline double seconds(rt::Nanoseconds ns) { return static_cast<double>(ns) / 1e9; }

}  // namespace hilsim::hil::detail
