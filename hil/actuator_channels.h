// What the UDP and the CAN bridges do alike with the per-actuator channels: check them at set-up,
// publish a command's κ of each actuator on that actuator's channel, and gather the newest sensor
// snapshot of every actuator. The last two run in the I/O threads: no allocation, no exception.
#pragma once

#include <array>
#include <cstdint>

#include "hil/commanded_valve.h"
#include "hil/sensor_publisher.h"
#include "hil/signal_map.h"
#include "rt/clock.h"

namespace hilsim::hil {

using SensorSnapshots = std::array<SensorSnapshot, kMaxActuators>;

// Throws std::invalid_argument naming `bridge` unless 1 ≤ actuators ≤ 2 and both channels of every
// actuator k < actuators are set.
void check_channels(const char* bridge, int actuators, const CommandChannels& commands,
                    const SensorChannels& sensors);

// κ_k of every actuator k < actuators the frame carries, on channel k. Returns how many.
int publish_command(const DecodedCommand& command, int actuators, const CommandChannels& commands,
                    rt::Nanoseconds arrival_ns, std::uint32_t sequence) noexcept;

// The newest snapshot of each actuator k < actuators into out[k]; false while one has none yet or
// they are of different micro steps (a bridge sends only a complete set of one simulated time).
bool read_snapshots(int actuators, const SensorChannels& sensors, SensorSnapshots& out) noexcept;

}  // namespace hilsim::hil
