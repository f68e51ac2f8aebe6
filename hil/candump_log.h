// Reading and writing candump log lines, the text format of can-utils' `candump -l` (log file) and
// `candump -L` (log format on stdout), replayed by `canplayer`:
//   (1436509052.249713) vcan0 123#DEADBEEF
// i.e. "(seconds.microseconds) interface frame", the frame being
//   3 hex digits (standard id) or 8 (extended id) '#' then 0..8 data bytes as pairs of hex digits;
//   id '#' 'R' [DLC digit 1..8] for a remote (RTR) frame;
//   8 hex digits with CAN_ERR_FLAG (0x20000000) set for an error frame (the other bits: the error
//   class), then its data bytes.
// CAN FD lines (id "##" flags data) are refused as unsupported: hilsim's CAN is classical.
// Timestamps are kept exact, as integer microseconds; seconds and microseconds are parsed as integers,
// never through floating point. Not real-time code: it runs where logs are read and written.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "hil/frame.h"

namespace hilsim::hil {

inline constexpr std::uint32_t kCanErrFlag = 0x20000000u;  // SocketCAN's CAN_ERR_FLAG
inline constexpr std::size_t kMaxInterfaceName = 15;       // IFNAMSIZ − 1

struct CandumpRecord {
  std::int64_t timestamp_us = 0;  // [µs] seconds · 10^6 + microseconds, as written
  std::string interface;          // e.g. "can0", "vcan0"
  Frame frame;                    // for an error frame: id = the error class bits, extended false
  bool error_frame = false;
};

// Parses one line (a trailing "\n" or "\r\n" is allowed, and candump -x's " R" / " T" direction
// suffix is accepted and ignored). Returns an empty string and fills `out`, or a one-line error
// naming what is wrong (missing parenthesis, bad hex, odd number of data nibbles, more than 8
// bytes, an id too large for its digit count, CAN FD, ...); `out` is then unspecified.
std::string parse_candump_line(std::string_view line, CandumpRecord& out);

// A timestamp [µs] ≥ 0 as candump prints it, without the parentheses: "%010llu.%06llu".
std::string format_candump_time(std::int64_t timestamp_us);

// The line candump -L prints for the frame, without a newline: "(%010llu.%06llu) iface frame" with
// uppercase hex, ids as 3 digits (standard) or 8 (extended, error), RTR as "R" or "R<dlc>".
// Throws std::invalid_argument for a negative timestamp, an interface name that is not 1..15
// printable ASCII characters without spaces, or a frame that is not well formed (error frames: id above
// 0x1FFFFFFF, length > 8).
std::string format_candump_line(std::int64_t timestamp_us, std::string_view interface, const Frame& frame,
                                bool error_frame = false);
std::string format_candump_line(const CandumpRecord& record);

}  // namespace hilsim::hil
