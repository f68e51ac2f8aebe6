// A classical CAN data frame (at most 8 data bytes), the unit every hil codec reads and writes: on
// the bus through SocketCAN, inside UDP datagrams (hil/DATAGRAM.md), and in candump logs. Plain
// data, trivially copyable, so it can travel through the lock-free channels of rt/.
#pragma once

#include <array>
#include <cstdint>

namespace hilsim::hil {

inline constexpr std::uint32_t kMaxStandardId = 0x7FF;       // 11-bit identifier
inline constexpr std::uint32_t kMaxExtendedId = 0x1FFFFFFF;  // 29-bit identifier
inline constexpr std::uint8_t kMaxFrameLength = 8;           // [bytes], classical CAN

struct Frame {
  std::uint32_t id = 0;     // without flag bits: ≤ kMaxStandardId, or ≤ kMaxExtendedId if extended
  bool extended = false;    // 29-bit identifier
  bool rtr = false;         // remote transmission request: length is the requested DLC, no data
  std::uint8_t length = 0;  // [bytes] 0..8
  std::array<std::uint8_t, 8> data{};  // bytes at and past `length` are zero in decoded frames

  friend bool operator==(const Frame&, const Frame&) = default;
};

// True when the identifier fits its format and the length is at most 8.
constexpr bool is_well_formed(const Frame& f) {
  return f.length <= kMaxFrameLength && f.id <= (f.extended ? kMaxExtendedId : kMaxStandardId);
}

}  // namespace hilsim::hil
