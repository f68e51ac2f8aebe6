// libFuzzer target: the CAN bridge's command path with end-to-end checking (hil/e2e.h,
// hil/can_frames.h): a sequence of command frames, each either as the input gives it or protected
// (its alive counter written and its CRC computed, as a controller would), classified in order by
// classify_can_frame with one E2EReceiver, as the bridge and `hilsim replay --candump` do.
//
// Input: byte 0 sets e2e_recover_frames (1..16); then 9 bytes per frame: a control byte (bit 0:
// protect it, with counter = bits 1..4; bit 5: a two-actuator mapping is used from the start, fixed
// by the first frame) and the 8 data bytes.
//
// Invariants, besides no crash and no sanitizer report: a frame whose κ is handed on has the right
// CRC and a counter other than 15, and its counter follows that of a frame with the right CRC seen
// since the last frame handed on (inclusive), or it is the first such frame: the receiver continues
// only sequences it has seen since; no frame is handed on while two senders are named, except the
// one that ends the state; a frame with a wrong CRC is always refused as such.
#include <linux/can.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "hil/can_frames.h"
#include "hil/default_messages.h"
#include "hil/e2e.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hilsim::hil;
  if (size < 1) return 0;
  const int recover = 1 + data[0] % 16;
  const int actuators = size > 1 && (data[1] & 0x20) ? 2 : 1;
  const std::vector<MessageSpec> messages = command_messages(default_messages(actuators));
  const CommandDecoder decoder(messages, actuators, OutOfRange::kClamp);
  const E2ELayout layout = e2e_layout(messages[0]).value();
  E2EReceiver receiver({layout}, recover);
  std::array<bool, 16> since_accepted{};  // counters of frames with a right CRC since the last accepted one
  bool any_seen = false;
  for (std::size_t at = 1; at + 9 <= size; at += 9) {
    const std::uint8_t control = data[at];
    Frame f;
    f.id = kCommandId;
    f.length = 8;
    for (std::size_t i = 0; i < 8; ++i) f.data[i] = data[at + 1 + i];
    if (control & 1) e2e_protect(layout, f, static_cast<std::uint8_t>((control >> 1) & 0x0F));
    const bool crc_right = f.data[layout.crc_byte] == e2e_crc(layout, f);
    const int counter = e2e_counter(layout, f);
    const bool two_before = receiver.two_senders();
    const CanFrameVerdict v = classify_can_frame(to_can_frame(f), decoder, nullptr, &receiver);
    check(static_cast<std::size_t>(v.kind) < kCanFrameKinds);
    if (!crc_right) check(v.kind == CanFrameKind::kBadCrc);
    if (applies(v.kind)) {
      check(crc_right && counter < kE2ECounterModulo);
      const int previous = (counter + kE2ECounterModulo - 1) % kE2ECounterModulo;
      check(!any_seen || since_accepted[static_cast<std::size_t>(previous)]);
      check(!two_before || !receiver.two_senders());  // only the frame that ends the state
      since_accepted.fill(false);
    } else {
      check(!v.command.present[0] && !v.command.present[1]);
    }
    if (crc_right && counter < kE2ECounterModulo) {
      since_accepted[static_cast<std::size_t>(counter)] = true;
      any_seen = true;
    }
  }
  return 0;
}
