// candump log lines: a hand-written scanner over the line (the grammar is in candump_log.h) and a
// formatter that prints what can-utils' candump prints for the same frame.
#include "hil/candump_log.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace hilsim::hil {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t'; }
bool is_name_char(char c) { return c > 0x20 && c < 0x7F; }  // printable ASCII, not a space

std::string quoted(char c) {
  if (c >= 0x20 && c < 0x7F) return std::string("'") + c + "'";
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned char>(c));
  return buf;
}

// "(seconds.microseconds)" at the start of s; advances s past it.
std::string parse_timestamp(std::string_view& s, std::int64_t& us) {
  if (s.empty() || s.front() != '(') return "missing '(' before the timestamp";
  s.remove_prefix(1);
  std::int64_t seconds = 0;
  std::size_t digits = 0;
  constexpr std::int64_t kMaxSeconds = (std::numeric_limits<std::int64_t>::max() - 999999) / 1000000;
  while (!s.empty() && is_digit(s.front())) {
    seconds = seconds * 10 + (s.front() - '0');
    if (seconds > kMaxSeconds) return "timestamp seconds too large (at most 9223372036853)";
    s.remove_prefix(1);
    ++digits;
  }
  if (digits == 0) return "timestamp must start with decimal seconds";
  if (s.empty() || s.front() != '.')
    return "timestamp needs '.' and 6 digits of microseconds after the seconds";
  s.remove_prefix(1);
  std::int64_t micro = 0;
  for (int i = 0; i < 6; ++i) {
    if (s.empty() || !is_digit(s.front())) return "timestamp microseconds must be exactly 6 digits";
    micro = micro * 10 + (s.front() - '0');
    s.remove_prefix(1);
  }
  if (!s.empty() && is_digit(s.front())) return "timestamp microseconds must be exactly 6 digits";
  if (s.empty() || s.front() != ')') return "missing ')' after the timestamp";
  s.remove_prefix(1);
  us = seconds * 1000000 + micro;
  return "";
}

// The frame text "id#data", "id#R[dlc]" (s holds exactly that).
std::string parse_frame(std::string_view s, CandumpRecord& out) {
  const std::size_t hash = s.find('#');
  if (hash == std::string_view::npos) return "missing '#' between the CAN id and the data";
  const std::string_view id_text = s.substr(0, hash);
  if (id_text.size() != 3 && id_text.size() != 8) {
    return "CAN id must have 3 hex digits (standard) or 8 (extended), got " + std::to_string(id_text.size());
  }
  std::uint32_t id = 0;
  for (char c : id_text) {
    const int v = hex_value(c);
    if (v < 0) return "bad hex digit " + quoted(c) + " in the CAN id";
    id = id << 4 | static_cast<std::uint32_t>(v);
  }
  Frame& f = out.frame;
  f = Frame{};
  out.error_frame = false;
  if (id_text.size() == 3) {
    if (id > kMaxStandardId)
      return "id " + std::string(id_text) + " too large for 11 bits (3 digits: at most 7FF)";
    f.id = id;
  } else if (id & 0xC0000000u) {
    return "id " + std::string(id_text) +
           " has bits 30-31 set (8 digits: at most 1FFFFFFF, or an error frame)";
  } else if (id & kCanErrFlag) {
    out.error_frame = true;
    f.id = id & kMaxExtendedId;
  } else {
    f.extended = true;
    f.id = id;
  }

  std::string_view rest = s.substr(hash + 1);
  if (!rest.empty() && rest.front() == '#') return "CAN FD frames ('##') are not supported";
  if (!rest.empty() && (rest.front() == 'R' || rest.front() == 'r')) {
    // candump writes an error frame that carries the RTR bit (`cansend can0 20000004#R`) so: it
    // is an error frame without data, as hilsim's bridge takes it.
    f.rtr = !out.error_frame;
    rest.remove_prefix(1);
    if (rest.empty()) return "";
    if (rest.size() == 1 && rest.front() >= '0' && rest.front() <= '8') {
      f.length = static_cast<std::uint8_t>(rest.front() - '0');
      return "";
    }
    return "remote frame 'R' may be followed only by one DLC digit 0..8";
  }
  // Newer can-utils write a raw DLC 9..15 of an 8-byte frame as "_<digit>" after the data.
  if (rest.find('_') != std::string_view::npos) return "raw DLC suffix '_' is not supported";
  if (rest.size() % 2 != 0) return "odd number of data nibbles (" + std::to_string(rest.size()) + ")";
  if (rest.size() > 2 * static_cast<std::size_t>(kMaxFrameLength)) {
    return "more than 8 data bytes (" + std::to_string(rest.size() / 2) + "): CAN FD is not supported";
  }
  for (std::size_t i = 0; i < rest.size(); i += 2) {
    const int hi = hex_value(rest[i]);
    const int lo = hex_value(rest[i + 1]);
    if (hi < 0 || lo < 0) return "bad hex digit " + quoted(hi < 0 ? rest[i] : rest[i + 1]) + " in the data";
    f.data[i / 2] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  f.length = static_cast<std::uint8_t>(rest.size() / 2);
  return "";
}

std::string parse(std::string_view s, CandumpRecord& out) {
  if (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  if (std::string e = parse_timestamp(s, out.timestamp_us); !e.empty()) return e;

  if (s.empty() || !is_space(s.front())) return "missing space after the timestamp";
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  std::size_t n = 0;
  while (n < s.size() && !is_space(s[n])) ++n;
  if (n == 0) return "missing interface name";
  if (n > kMaxInterfaceName) return "interface name longer than 15 characters";
  for (std::size_t i = 0; i < n; ++i) {
    if (!is_name_char(s[i])) return "interface name has a non-printable character " + quoted(s[i]);
  }
  out.interface.assign(s.substr(0, n));
  s.remove_prefix(n);

  if (s.empty() || !is_space(s.front())) return "missing frame after the interface name";
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  n = 0;
  while (n < s.size() && !is_space(s[n])) ++n;
  const std::string_view frame_text = s.substr(0, n);
  s.remove_prefix(n);
  // candump -x appends the direction: " R" (received) or " T" (transmitted).
  if (s == " R" || s == " T") s = {};
  if (!s.empty()) return "unexpected text after the frame";
  return parse_frame(frame_text, out);
}

}  // namespace

std::string parse_candump_line(std::string_view line, CandumpRecord& out) {
  std::string e = parse(line, out);
  return e.empty() ? e : "candump line: " + e;
}

std::string format_candump_time(std::int64_t timestamp_us) {
  char text[32];
  std::snprintf(text, sizeof text, "%010lld.%06lld", static_cast<long long>(timestamp_us / 1000000),
                static_cast<long long>(timestamp_us % 1000000));
  return text;
}

std::string format_candump_line(std::int64_t timestamp_us, std::string_view interface, const Frame& frame,
                                bool error_frame) {
  if (timestamp_us < 0) throw std::invalid_argument("candump line: negative timestamp");
  if (interface.empty() || interface.size() > kMaxInterfaceName ||
      !std::all_of(interface.begin(), interface.end(), is_name_char)) {
    throw std::invalid_argument(
        "candump line: interface name must be 1..15 printable characters without spaces");
  }
  const bool id_ok = error_frame ? frame.id <= kMaxExtendedId && !frame.rtr : is_well_formed(frame);
  if (!id_ok || frame.length > kMaxFrameLength) {
    throw std::invalid_argument("candump line: frame is not a well-formed classical CAN frame");
  }
  const std::string head = "(" + format_candump_time(timestamp_us) + ") ";
  char id[16];
  if (error_frame) {
    std::snprintf(id, sizeof id, "%08X#", static_cast<unsigned>(frame.id | kCanErrFlag));
  } else if (frame.extended) {
    std::snprintf(id, sizeof id, "%08X#", static_cast<unsigned>(frame.id));
  } else {
    std::snprintf(id, sizeof id, "%03X#", static_cast<unsigned>(frame.id));
  }
  std::string line = head;
  line.append(interface).append(" ").append(id);
  if (frame.rtr) {
    line += 'R';
    if (frame.length > 0) line += static_cast<char>('0' + frame.length);
    return line;
  }
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (std::size_t i = 0; i < frame.length; ++i) {
    line += kHex[frame.data[i] >> 4];
    line += kHex[frame.data[i] & 0xF];
  }
  return line;
}

std::string format_candump_line(const CandumpRecord& r) {
  return format_candump_line(r.timestamp_us, r.interface, r.frame, r.error_frame);
}

}  // namespace hilsim::hil
