#include "hil/e2e.h"

#include <algorithm>
#include <boost/crc.hpp>
#include <stdexcept>
#include <utility>

namespace hilsim::hil {

namespace {

// SAE J1850: width 8, polynomial 0x1D, initial 0xFF, final XOR 0xFF, not reflected.
using Crc8SaeJ1850 = boost::crc_optimal<8, 0x1D, 0xFF, 0xFF, false, false>;

const SignalSpec* find_signal(const MessageSpec& m, const char* name) {
  for (const SignalSpec& s : m.signals) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

// One line naming the message and the signal when `s` is not `bits` plain bits at a multiple of
// `align` inside the frame.
void require_plain(const MessageSpec& m, const SignalSpec& s, int bits, int align) {
  const bool plain = s.length == bits && s.start_bit % align == 0 &&
                     s.byte_order == ByteOrder::kLittleEndian && !s.is_signed && s.scale == 1.0 &&
                     s.offset == 0.0 && s.start_bit + bits <= 8 * m.length;
  if (!plain) {
    throw std::invalid_argument("message '" + m.name + "': signal " + s.name + " must be " +
                                std::to_string(bits) +
                                " unsigned little-endian bits at a start bit that is a multiple of " +
                                std::to_string(align) + ", scale 1, offset 0, inside the frame (is " +
                                std::to_string(s.start_bit) + "|" + std::to_string(s.length) + ")");
  }
}

int next_counter(int c) { return (c + 1) % kE2ECounterModulo; }

}  // namespace

std::uint8_t crc8_sae_j1850(std::span<const std::uint8_t> bytes) noexcept {
  Crc8SaeJ1850 crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

std::optional<E2ELayout> e2e_layout(const MessageSpec& m) {
  const SignalSpec* crc = find_signal(m, "e2e_crc");
  const SignalSpec* counter = find_signal(m, "e2e_counter");
  if (!crc && !counter) return std::nullopt;
  if (!crc || !counter) {
    throw std::invalid_argument("message '" + m.name + "' has " +
                                (crc ? "e2e_crc but no e2e_counter" : "e2e_counter but no e2e_crc") +
                                ": end-to-end protection needs both");
  }
  require_plain(m, *crc, 8, 8);
  require_plain(m, *counter, 4, 4);
  E2ELayout l;
  l.id = m.id;
  l.extended = m.extended;
  l.length = m.length;
  l.crc_byte = static_cast<std::uint8_t>(crc->start_bit / 8);
  l.counter_byte = static_cast<std::uint8_t>(counter->start_bit / 8);
  l.counter_shift = static_cast<std::uint8_t>(counter->start_bit % 8);
  return l;
}

std::vector<E2ELayout> required_e2e_layouts(const std::vector<MessageSpec>& commands) {
  std::vector<E2ELayout> layouts;
  for (const MessageSpec& m : commands) {
    const std::optional<E2ELayout> l = e2e_layout(m);
    if (!l) {
      throw std::invalid_argument(
          "command message '" + m.name +
          "' has no e2e_crc and e2e_counter signals, which [can] "
          "e2e = \"counter-crc8\" requires (hil/e2e.h); add them, or set e2e = \"none\"");
    }
    layouts.push_back(*l);
  }
  return layouts;
}

std::uint8_t e2e_crc(const E2ELayout& l, const Frame& f) noexcept {
  // Data ID low byte, high byte, then the frame's bytes without the CRC's (AUTOSAR profile 11,
  // "both" mode; the same as profile 1's CRC over Data ID and data).
  std::array<std::uint8_t, 2 + kMaxFrameLength> bytes{};
  std::size_t n = 0;
  bytes[n++] = static_cast<std::uint8_t>(l.id & 0xFF);
  bytes[n++] = static_cast<std::uint8_t>((l.id >> 8) & 0xFF);
  const std::size_t length = std::min<std::size_t>(l.length, kMaxFrameLength);
  for (std::size_t i = 0; i < length; ++i) {
    if (i != l.crc_byte) bytes[n++] = f.data[i];
  }
  return crc8_sae_j1850(std::span<const std::uint8_t>(bytes.data(), n));
}

std::uint8_t e2e_counter(const E2ELayout& l, const Frame& f) noexcept {
  return static_cast<std::uint8_t>((f.data[l.counter_byte] >> l.counter_shift) & 0x0F);
}

void e2e_protect(const E2ELayout& l, Frame& f, std::uint8_t counter) noexcept {
  const auto nibble = static_cast<std::uint8_t>(counter % kE2ECounterModulo);
  auto& byte = f.data[l.counter_byte];
  byte = static_cast<std::uint8_t>((byte & ~(0x0F << l.counter_shift)) | (nibble << l.counter_shift));
  f.data[l.crc_byte] = e2e_crc(l, f);
}

const char* to_string(E2EVerdict v) noexcept {
  switch (v) {
    case E2EVerdict::kAccepted:
      return "accepted";
    case E2EVerdict::kBadCrc:
      return "wrong CRC";
    case E2EVerdict::kBadCounter:
      return "counter 15";
    case E2EVerdict::kRepeated:
      return "repeated counter";
    case E2EVerdict::kJumped:
      return "counter jump";
    case E2EVerdict::kTwoSenders:
      return "two senders";
  }
  return "?";
}

E2EReceiver::E2EReceiver(const std::vector<E2ELayout>& layouts, int recover_frames)
    : recover_frames_(std::max(1, recover_frames)) {
  for (const E2ELayout& l : layouts) states_.push_back(State{l, {}, {}, {}, 0, false, 0});
}

const E2ELayout* E2EReceiver::layout(std::uint32_t id, bool extended) const noexcept {
  for (const State& s : states_) {
    if (s.layout.id == id && s.layout.extended == extended) return &s.layout;
  }
  return nullptr;
}

bool E2EReceiver::two_senders() const noexcept {
  return std::any_of(states_.begin(), states_.end(), [](const State& s) { return s.two_senders; });
}

E2EVerdict E2EReceiver::check(const Frame& frame) noexcept {
  State* state = nullptr;
  for (State& s : states_) {
    if (s.layout.id == frame.id && s.layout.extended == frame.extended) state = &s;
  }
  if (!state) return E2EVerdict::kAccepted;  // not a protected message
  State& s = *state;
  if (frame.data[s.layout.crc_byte] != e2e_crc(s.layout, frame)) return E2EVerdict::kBadCrc;
  const int c = e2e_counter(s.layout, frame);
  if (c >= kE2ECounterModulo) return E2EVerdict::kBadCounter;
  ++s.frames;
  if (s.current.last < 0 || c == next_counter(s.current.last)) return continue_current(s, frame, c);
  if (c == s.current.last) {
    if (frame.data == s.last_data) {
      if (s.two_senders) s.alone = 0;
      return E2EVerdict::kRepeated;
    }
    // The same counter with other data: a second sender counting in step with the first.
    if (!s.two_senders) ++onsets_;
    s.two_senders = true;
    s.alone = 0;
    return E2EVerdict::kTwoSenders;
  }
  if (s.other.last >= 0 && c == next_counter(s.other.last)) return continue_other(s, frame, c);
  // A jump: the start of another sequence, which the next frames tell apart.
  s.other = {c, s.frames};
  if (s.two_senders) s.alone = 0;
  return E2EVerdict::kJumped;
}

E2EVerdict E2EReceiver::continue_current(State& s, const Frame& frame, int counter) noexcept {
  s.current = {counter, s.frames};
  s.last_data = frame.data;
  return s.two_senders ? while_two(s, frame) : E2EVerdict::kAccepted;
}

E2EVerdict E2EReceiver::continue_other(State& s, const Frame& frame, int counter) noexcept {
  // Both sequences went on since the other one began: two senders. Otherwise the current one has
  // gone quiet and the other one is the sender's new sequence (a restart, or a lost frame).
  const bool both_alive = s.current.frame > s.other.frame;
  s.other = {counter, s.frames};
  if (both_alive) {
    if (!s.two_senders) ++onsets_;
    s.two_senders = true;
    s.alone = 0;
    return E2EVerdict::kTwoSenders;
  }
  // The current sequence went quiet: forget it, or a later jump that happened to continue it would
  // look like a second sender.
  s.current = s.other;
  s.other = {};
  s.last_data = frame.data;
  return s.two_senders ? while_two(s, frame) : E2EVerdict::kAccepted;
}

E2EVerdict E2EReceiver::while_two(State& s, const Frame&) noexcept {
  if (++s.alone < recover_frames_) return E2EVerdict::kTwoSenders;
  s.two_senders = false;
  s.alone = 0;
  s.other = {};
  ++ends_;
  return E2EVerdict::kAccepted;
}

}  // namespace hilsim::hil
