// End-to-end protection of the command frames, after AUTOSAR's E2E profile 11 (CAN, Data ID mode
// "both"; AUTOSAR, "Specification of SW-C End-to-End Communication Protection Library", R4.4, §6.12):
// a command message carries two more signals,
//
//   e2e_crc      8 bits, a whole byte: CRC-8 SAE J1850 (polynomial 0x1D, initial value 0xFF, final
//                XOR 0xFF; check value 0x4B for "123456789") over the Data ID, low byte first, then
//                every other byte of the frame in order. The Data ID is the identifier's low 16 bits,
//                so a frame copied to another identifier fails the check.
//   e2e_counter  4 bits on a nibble: an alive counter 0 .. 14, +1 per frame, 14 followed by 0
//                (15 is never sent).
//
// The layout comes from the signals themselves, so a mapping of one's own ([[messages]]) protects
// its command messages by naming two signals so. The default command message 0x100 has e2e_crc in
// byte 0 and e2e_counter in the low nibble of byte 1, profile 11's default offsets.
//
// The receiver (E2EReceiver) keeps, per command message, the sequence it accepts. A frame is refused
// when its CRC is wrong (nothing in it is trusted, not even its counter), when its counter is 15,
// repeats the last accepted one or jumps. Two senders on one identifier, each counting correctly,
// interleave two sequences: the receiver follows the other sequence too, and when both go on it
// names them two senders and refuses every frame of that message until one sequence alone has
// gone on for `recover_frames` frames. A repeated counter with other data bytes is a second sender
// too (two senders in step). A single sender that restarts or loses a frame costs one refused frame:
// its next one continues the new sequence, which the receiver then takes as its own.
//
// Pure logic, no system call and no allocation after construction: it runs in the CAN bridge's I/O
// thread and, on the recorded frames, in `hilsim replay --candump`, which so refuses the same frames.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hil/frame.h"
#include "hil/message.h"

namespace hilsim::hil {

inline constexpr std::uint8_t kE2ECounterModulo = 15;  // counters 0 .. 14

// CRC-8 SAE J1850 of `bytes` (initial value 0xFF, final XOR 0xFF).
std::uint8_t crc8_sae_j1850(std::span<const std::uint8_t> bytes) noexcept;

// Where a message's protection lives, from its e2e_crc and e2e_counter signals.
struct E2ELayout {
  std::uint32_t id = 0;
  bool extended = false;
  std::uint8_t length = 8;         // [bytes] the message's
  std::uint8_t crc_byte = 0;       // byte index of e2e_crc
  std::uint8_t counter_byte = 1;   // byte index of e2e_counter
  std::uint8_t counter_shift = 0;  // 0: the low nibble, 4: the high one
};

// The layout of `message`: nothing when it has neither signal; throws std::invalid_argument with one
// line naming the message and what is wrong when it has only one, or one that is not as above
// (e2e_crc: 8 bits at a multiple of 8, unsigned, scale 1, offset 0; e2e_counter: 4 bits at a
// multiple of 4, unsigned, scale 1, offset 0; both little-endian, inside the frame).
std::optional<E2ELayout> e2e_layout(const MessageSpec& message);

// The layouts of every message of `commands` (the command messages), for [can] e2e =
// "counter-crc8": throws std::invalid_argument naming a message that carries no protection.
std::vector<E2ELayout> required_e2e_layouts(const std::vector<MessageSpec>& commands);

// The CRC `frame` should carry under `layout` (frame.length must be the message's).
std::uint8_t e2e_crc(const E2ELayout& layout, const Frame& frame) noexcept;
// Writes `counter` (taken modulo 15) and then the CRC into `frame`.
void e2e_protect(const E2ELayout& layout, Frame& frame, std::uint8_t counter) noexcept;
std::uint8_t e2e_counter(const E2ELayout& layout, const Frame& frame) noexcept;

enum class E2EVerdict : std::uint8_t {
  kAccepted,
  kBadCrc,      // the CRC does not match: corrupted, or not protected at all
  kBadCounter,  // counter 15
  kRepeated,    // the counter of the last accepted frame again, with the same data: a stuck sender
  kJumped,      // neither the next counter nor a repeat: a lost frame, a restart, or another sender
  kTwoSenders,  // two interleaved sequences: refused until one remains
};
const char* to_string(E2EVerdict v) noexcept;

class E2EReceiver final {
 public:
  // `layouts`: the protected command messages. `recover_frames` ≥ 1: frames of one sequence alone
  // that end a two-senders state.
  E2EReceiver(const std::vector<E2ELayout>& layouts, int recover_frames);

  // Whether frames of this identifier are protected.
  const E2ELayout* layout(std::uint32_t id, bool extended) const noexcept;
  // The verdict on a command frame of a protected message (length already checked).
  E2EVerdict check(const Frame& frame) noexcept;
  // Some message is in the two-senders state now.
  bool two_senders() const noexcept;
  // Times a two-senders state began, and ended.
  std::uint64_t two_sender_onsets() const noexcept { return onsets_; }
  std::uint64_t two_sender_ends() const noexcept { return ends_; }

 private:
  struct Sequence {
    int last = -1;            // its newest counter, -1 before any
    std::uint64_t frame = 0;  // the index of that frame among the message's frames
  };
  struct State {
    E2ELayout layout;
    Sequence current, other;
    std::array<std::uint8_t, 8> last_data{};  // of the last accepted frame
    std::uint64_t frames = 0;
    bool two_senders = false;
    int alone = 0;  // frames of the current sequence since the other last went on (two-senders state)
  };
  E2EVerdict continue_current(State& s, const Frame& frame, int counter) noexcept;
  E2EVerdict continue_other(State& s, const Frame& frame, int counter) noexcept;
  E2EVerdict while_two(State& s, const Frame& frame) noexcept;

  std::vector<State> states_;
  int recover_frames_;
  std::uint64_t onsets_ = 0, ends_ = 0;
};

}  // namespace hilsim::hil
