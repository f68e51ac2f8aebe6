#include "tools/can/command_frames.h"

#include <cstdio>

#include "hil/signal.h"
#include "hil/signal_map.h"
#include "tools/io/input_error.h"

namespace hilsim::tools {

CommandFrames::CommandFrames(const std::vector<hil::MessageSpec>& commands, int actuators,
                             const std::string& source) {
  for (int k = 0; k < actuators; ++k) {
    bool found = false;
    for (const hil::MessageSpec& m : commands) {
      for (const hil::SignalSpec& sig : m.signals) {
        const std::optional<hil::CommandSignalName> c = hil::parse_command_signal(sig.name);
        if (found || !c || c->actuator != k) continue;
        found = true;
        std::size_t frame = 0;  // the frame of this message, or a new one
        while (frame < messages_.size() &&
               (messages_[frame].id != m.id || messages_[frame].extended != m.extended))
          ++frame;
        if (frame == messages_.size()) {
          messages_.push_back(m);
          hil::Frame f;
          f.id = m.id;
          f.extended = m.extended;
          f.length = m.length;
          frames_.push_back(f);
          layouts_.push_back(hil::e2e_layout(m));
          counters_.push_back(0);
        }
        slots_.push_back({frame, sig, k});
      }
    }
    if (!found) {
      const std::string n = std::to_string(k + 1);
      throw io::InputError(source + ": no command message carries kappa_" + n + " (or u_" + n + ")");
    }
  }
}

std::span<const hil::Frame> CommandFrames::encode(std::span<const double> kappa) {
  for (const Slot& slot : slots_) {
    hil::Frame& f = frames_[slot.frame];
    hil::encode(slot.signal, kappa[static_cast<std::size_t>(slot.actuator)],
                std::span<std::uint8_t>(f.data.data(), f.length));
  }
  // A protected message gets its next alive counter and its CRC over the final bytes.
  for (std::size_t i = 0; i < frames_.size(); ++i) {
    if (!layouts_[i]) continue;
    hil::e2e_protect(*layouts_[i], frames_[i], counters_[i]);
    counters_[i] = static_cast<std::uint8_t>((counters_[i] + 1) % hil::kE2ECounterModulo);
  }
  return frames_;
}

void CommandFrames::set_counter(std::uint8_t counter) {
  for (std::uint8_t& c : counters_) c = static_cast<std::uint8_t>(counter % hil::kE2ECounterModulo);
}

std::string CommandFrames::describe() const {
  std::string text;
  for (std::size_t frame = 0; frame < frames_.size(); ++frame) {
    std::string signals;
    for (const Slot& slot : slots_) {
      if (slot.frame == frame) signals += (signals.empty() ? "" : ", ") + slot.signal.name;
    }
    char id[16];
    std::snprintf(id, sizeof id, "0x%X", static_cast<unsigned>(frames_[frame].id));
    text += (text.empty() ? "" : "; ") + signals + " in " + id + " " + messages_[frame].name;
  }
  return text;
}

}  // namespace hilsim::tools
