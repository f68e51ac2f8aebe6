// The controller emulator's command frames: κ1 and κ2 share the default 0x100 frame, go as two
// frames when a mapping puts them in two messages, and a mapping without kappa_2 is refused for a
// two-actuator crane.
#include "tools/can/command_frames.h"

#include <gtest/gtest.h>

#include <array>

#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "hil/signal.h"
#include "tools/io/input_error.h"

namespace hilsim::tools {
namespace {

// The 32-bit little-endian raw value at byte `at` of a frame.
std::uint32_t raw32(const hil::Frame& f, int at) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | f.data[static_cast<std::size_t>(at + i)];
  return v;
}

// The default command message's κ: 24 bits little-endian from byte `at`.
std::uint32_t raw24(const hil::Frame& f, int at) { return raw32(f, at) & 0xFFFFFFu; }

hil::MessageSpec kappa_message(const std::string& name, std::uint32_t id, const std::string& signal) {
  hil::MessageSpec m;
  m.name = name;
  m.id = id;
  m.length = 4;
  m.sender = "Controller";
  hil::SignalSpec s;
  s.name = signal;
  s.start_bit = 0;
  s.length = 32;
  s.scale = 1e-9;
  s.max = 1.0;
  m.signals.push_back(s);
  return m;
}

TEST(CommandFrames, BothKappasShareTheDefaultCommandFrame) {
  CommandFrames frames(hil::command_messages(hil::default_messages(2)), 2, "test");
  const std::array<double, 2> kappa = {0.45, 0.5};
  const std::span<const hil::Frame> out = frames.encode(kappa);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].id, hil::kCommandId);
  EXPECT_EQ(out[0].length, 8);
  EXPECT_EQ(raw24(out[0], 2), 4500000u);
  EXPECT_EQ(raw24(out[0], 5), 5000000u);
  EXPECT_EQ(frames.describe(), "kappa_1, kappa_2 in 0x100 HilsimCommand");
}

TEST(CommandFrames, OneActuatorLeavesKappa2Zero) {
  CommandFrames frames(hil::command_messages(hil::default_messages(2)), 1, "test");
  const std::array<double, 2> kappa = {0.45, 0.5};
  const std::span<const hil::Frame> out = frames.encode(kappa);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(raw24(out[0], 2), 4500000u);
  EXPECT_EQ(raw24(out[0], 5), 0u);
}

// Each call is the next frame of a controller: the alive counter goes on, and the CRC matches, so
// hilsim's end-to-end check accepts every one (hil/e2e.h).
TEST(CommandFrames, TheDefaultCommandCarriesANewCounterAndItsCrcEachTime) {
  CommandFrames frames(hil::command_messages(hil::default_messages(1)), 1, "test");
  hil::E2EReceiver receiver({hil::e2e_layout(hil::default_messages(1)[0]).value()}, 10);
  const std::array<double, 2> kappa = {0.45, 0.0};
  for (int i = 0; i < 20; ++i) {
    const hil::Frame f = frames.encode(kappa)[0];
    EXPECT_EQ(f.data[1] & 0x0F, i % 15) << i;
    EXPECT_EQ(receiver.check(f), hil::E2EVerdict::kAccepted) << i;
  }
}

TEST(CommandFrames, KappasInTwoMessagesGoAsTwoFrames) {
  const std::vector<hil::MessageSpec> commands = {kappa_message("Second", 0x120, "kappa_2"),
                                                  kappa_message("First", 0x110, "kappa_1")};
  CommandFrames frames(commands, 2, "test");
  const std::array<double, 2> kappa = {0.25, 0.75};
  const std::span<const hil::Frame> out = frames.encode(kappa);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].id, 0x110u);  // actuator 1's first
  EXPECT_EQ(raw32(out[0], 0), 250000000u);
  EXPECT_EQ(out[1].id, 0x120u);
  EXPECT_EQ(raw32(out[1], 0), 750000000u);
  EXPECT_EQ(frames.describe(), "kappa_1 in 0x110 First; kappa_2 in 0x120 Second");
}

TEST(CommandFrames, AMissingKappaIsAnInputError) {
  const std::vector<hil::MessageSpec> commands = {kappa_message("First", 0x110, "kappa_1")};
  EXPECT_NO_THROW(CommandFrames(commands, 1, "s.toml"));
  try {
    CommandFrames(commands, 2, "s.toml");
    FAIL() << "no error";
  } catch (const io::InputError& e) {
    EXPECT_STREQ(e.what(), "s.toml: no command message carries kappa_2 (or u_2)");
  }
}

}  // namespace
}  // namespace hilsim::tools
