// The command frames the controller emulator sends: κ (or u) of each actuator goes into the signal
// kappa_k (or u_k) of the first command message that carries it, so κ1 and κ2 share one frame when the
// mapping puts them in one message (the default 0x100) and go as two frames of one datagram when
// it does not. Built once from the signal mapping; encode() does not allocate.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hil/e2e.h"
#include "hil/frame.h"
#include "hil/message.h"

namespace hilsim::tools {

class CommandFrames {
 public:
  // Throws io::InputError naming `source` when no command message carries kappa_k or u_k for an
  // actuator k ≤ actuators.
  CommandFrames(const std::vector<hil::MessageSpec>& commands, int actuators, const std::string& source);

  // The frames, in mapping order, with κ[k − 1] [-] in kappa_k or u_k (every other bit 0); a message with
  // e2e_crc and e2e_counter (hil/e2e.h) carries its alive counter, +1 per call, and its CRC.
  std::span<const hil::Frame> encode(std::span<const double> kappa);

  // The alive counter the next encode() writes into every protected frame (taken modulo 15).
  void set_counter(std::uint8_t counter);

  // Where each κ goes, e.g. "kappa_1, kappa_2 in 0x100 HilsimCommand".
  std::string describe() const;

 private:
  struct Slot {
    std::size_t frame;  // index into frames_
    hil::SignalSpec signal;
    int actuator;  // 0-based
  };
  std::vector<hil::MessageSpec> messages_;  // one per frame
  std::vector<hil::Frame> frames_;
  std::vector<Slot> slots_;                             // one per actuator, by actuator
  std::vector<std::optional<hil::E2ELayout>> layouts_;  // one per frame: its protection, if any
  std::vector<std::uint8_t> counters_;                  // one per frame: the next alive counter
};

}  // namespace hilsim::tools
