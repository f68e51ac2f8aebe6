// The signal map's status word: the link bits a bridge adds to the simulation's snapshot.
#include "hil/signal_map.h"

#include <gtest/gtest.h>

#include "hil/default_messages.h"

namespace hilsim::hil {
namespace {

// The status frame's signal `name`, decoded from `frames` (the encoder's output).
double status_signal(const std::vector<MessageSpec>& sensors, std::span<const Frame> frames,
                     const std::string& name) {
  for (std::size_t i = 0; i < sensors.size(); ++i) {
    if (sensors[i].id != kStatusId) continue;
    for (const SignalSpec& s : sensors[i].signals) {
      if (s.name == name)
        return decode(s, std::span<const std::uint8_t>(frames[i].data.data(), frames[i].length));
    }
  }
  ADD_FAILURE() << "no status signal " << name;
  return -1.0;
}

TEST(SensorEncoder, TheLinkStatusSetsItsBitsAndNothingElse) {
  const std::vector<MessageSpec> sensors = sensor_messages(default_messages(1));
  const SensorEncoder encoder(sensors);
  rt::SensorSnapshot snap;
  snap.t = 1.5;
  snap.overruns = 7;
  snap.watchdog_active = true;
  std::array<Frame, 16> plain{}, off{}, error{};
  ASSERT_EQ(encoder.encode(snap, plain), 3u);
  encoder.encode(snap, off, LinkStatus{true, false});
  encoder.encode(snap, error, LinkStatus{false, true});
  EXPECT_EQ(status_signal(sensors, plain, "bus_off"), 0.0);
  EXPECT_EQ(status_signal(sensors, plain, "bus_error"), 0.0);
  EXPECT_EQ(status_signal(sensors, off, "bus_off"), 1.0);
  EXPECT_EQ(status_signal(sensors, off, "bus_error"), 0.0);
  EXPECT_EQ(status_signal(sensors, error, "bus_off"), 0.0);
  EXPECT_EQ(status_signal(sensors, error, "bus_error"), 1.0);
  // Bits 2 and 3 of byte 0, beside watchdog_active (bit 0); the other signals are unchanged.
  EXPECT_EQ(off[2].data[0], plain[2].data[0] | 0x04);
  EXPECT_EQ(error[2].data[0], plain[2].data[0] | 0x08);
  for (std::size_t b = 1; b < 8; ++b) EXPECT_EQ(off[2].data[b], plain[2].data[b]);
  EXPECT_EQ(status_signal(sensors, off, "overruns"), 7.0);
  EXPECT_EQ(status_signal(sensors, off, "watchdog_active"), 1.0);
}

}  // namespace
}  // namespace hilsim::hil
