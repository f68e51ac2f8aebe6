#include "hil/actuator_channels.h"

#include <stdexcept>
#include <string>

namespace hilsim::hil {

void check_channels(const char* bridge, int actuators, const CommandChannels& commands,
                    const SensorChannels& sensors) {
  if (actuators < 1 || actuators > kMaxActuators) {
    throw std::invalid_argument(std::string(bridge) + ": " + std::to_string(actuators) +
                                " actuators (a run drives 1 to " + std::to_string(kMaxActuators) + ")");
  }
  for (int k = 0; k < actuators; ++k) {
    const auto i = static_cast<std::size_t>(k);
    if (!commands[i] || !sensors[i]) {
      throw std::invalid_argument(std::string(bridge) + ": actuator " + std::to_string(k + 1) +
                                  " has no command or no sensor channel");
    }
  }
}

int publish_command(const DecodedCommand& command, int actuators, const CommandChannels& commands,
                    rt::Nanoseconds arrival_ns, std::uint32_t sequence) noexcept {
  int published = 0;
  for (int k = 0; k < actuators && k < kMaxActuators; ++k) {
    const auto i = static_cast<std::size_t>(k);
    if (!command.present[i] || !commands[i]) continue;
    const ValveCommandSample sample{command.kappa[i], arrival_ns, sequence};
    commands[i]->publish(sample);
    if (commands.mechanics[i]) commands.mechanics[i]->publish(sample);  // the two-way coupling's mechanics
    ++published;
  }
  return published;
}

bool read_snapshots(int actuators, const SensorChannels& sensors, SensorSnapshots& out) noexcept {
  bool all = true;
  for (int k = 0; k < actuators && k < kMaxActuators; ++k) {
    const auto i = static_cast<std::size_t>(k);
    // Read every channel even after a miss: each read takes that channel's newest value.
    all = sensors[i] && sensors[i]->read(out[i]) && all;
  }
  // One sim_time stands for the whole set: with two threads (direct couplings) one may be a micro
  // step ahead of the other when the bridge looks; such a set waits for the next look.
  for (int k = 1; all && k < actuators && k < kMaxActuators; ++k) {
    all = out[static_cast<std::size_t>(k)].micro_step == out[0].micro_step;
  }
  return all;
}

}  // namespace hilsim::hil
