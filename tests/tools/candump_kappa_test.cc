// κ from a candump log: the micro-step rule ceil(t / h_H), the later frame winning a micro step,
// the watchdog between and after frames, and frames that never carry κ.
#include "tools/can/candump_kappa.h"

#include <gtest/gtest.h>

#include "hil/default_messages.h"
#include "hil/machine_signals.h"
#include "hil/signal.h"
#include "tools/io/input_error.h"

namespace hilsim::tools {
namespace {

constexpr std::int64_t kBase = 1'700'000'000'000'000;  // [µs] an arbitrary epoch time
constexpr std::int64_t kStep = 100'000;                // [ns] h_H = 0.1 ms

hil::CandumpRecord command(std::int64_t t_us, double kappa) {
  hil::CandumpRecord r;
  r.timestamp_us = kBase + t_us;
  r.interface = "vcan0";
  r.frame.id = hil::kCommandId;
  r.frame.length = 8;
  hil::encode(hil::default_messages(1)[0].signals[2], kappa, std::span<std::uint8_t>(r.frame.data.data(), 8));
  return r;
}

class CandumpKappaTest : public ::testing::Test {
 protected:
  hil::CommandDecoder commands_{hil::command_messages(hil::default_messages(1)), 1, hil::OutOfRange::kClamp};
  WatchdogRule watchdog_{1'000'000'000, {0.45}};  // 1 s: beyond the runs of 100 micro steps (10 ms) below

  CandumpKappa replay(const std::vector<hil::CandumpRecord>& log, std::int64_t end_step = 100) {
    return kappa_from_candump(log, commands_, nullptr, kStep, end_step, watchdog_);
  }
};

TEST_F(CandumpKappaTest, EachFrameAppliesFromTheFirstMicroStepStartingAtOrAfterIt) {
  // At 0, at 250 µs (steps start at 200 and 300 µs: step 3), at exactly 500 µs (step 5).
  const CandumpKappa k = replay({command(0, 0.40), command(250, 0.41), command(500, 0.42)});
  ASSERT_EQ(k.actuator[0].entries.size(), 3u);
  EXPECT_EQ(k.actuator[0].entries[0].micro_step, 0);
  EXPECT_EQ(k.actuator[0].entries[1].micro_step, 3);
  EXPECT_EQ(k.actuator[0].entries[2].micro_step, 5);
  EXPECT_NEAR(k.actuator[0].entries[1].kappa, 0.41, 1e-9);
  EXPECT_EQ(k.first_us, kBase);
  EXPECT_EQ(k.last_us, kBase + 500);
}

TEST_F(CandumpKappaTest, TheLastFrameBeforeAMicroStepWinsAndRepeatsAreNoChange) {
  const CandumpKappa k =
      replay({command(0, 0.40), command(110, 0.41), command(150, 0.42), command(400, 0.42)});
  ASSERT_EQ(k.actuator[0].entries.size(), 2u);
  EXPECT_EQ(k.actuator[0].entries[1].micro_step, 2);
  EXPECT_NEAR(k.actuator[0].entries[1].kappa, 0.42, 1e-9);
}

TEST_F(CandumpKappaTest, TimeStartsAtTheFirstKappaFrameAndOtherFramesCarryNone) {
  hil::CandumpRecord error;
  error.timestamp_us = kBase;
  error.interface = "vcan0";
  error.error_frame = true;
  error.frame.id = CAN_ERR_BUSOFF;
  error.frame.length = 8;
  hil::CandumpRecord remote = command(100, 0.0);
  remote.frame.rtr = true;
  hil::CandumpRecord short_command = command(150, 0.9);
  short_command.frame.length = 4;
  hil::CandumpRecord sensor = command(170, 0.9);
  sensor.frame.id = 0x200;
  const CandumpKappa k =
      replay({error, remote, short_command, sensor, command(1000, 0.40), command(1150, 0.41)});
  EXPECT_EQ(k.frames, 6u);
  EXPECT_EQ(k.kinds[static_cast<std::size_t>(hil::CanFrameKind::kErrorFrame)], 1u);
  EXPECT_EQ(k.kinds[static_cast<std::size_t>(hil::CanFrameKind::kRemote)], 1u);
  EXPECT_EQ(k.kinds[static_cast<std::size_t>(hil::CanFrameKind::kBadLength)], 1u);
  EXPECT_EQ(k.kinds[static_cast<std::size_t>(hil::CanFrameKind::kUnknownId)], 1u);
  ASSERT_EQ(k.actuator[0].entries.size(), 2u);
  EXPECT_EQ(k.actuator[0].entries[0].micro_step, 0);  // the command at 1000 µs is t = 0
  EXPECT_EQ(k.actuator[0].entries[1].micro_step, 2);  // 150 µs later
  EXPECT_THROW(replay({error, sensor}), io::InputError);
}

TEST_F(CandumpKappaTest, TheWatchdogAppliesTheSafeKappaAfterTheTimeoutAsLive) {
  watchdog_.timeout_ns = 1'000'000;  // 1 ms
  // A gap of 5 ms after t = 0: stale at micro steps starting after 1 ms, i.e. from step 11.
  const CandumpKappa k = replay({command(0, 0.40), command(5000, 0.41), command(5500, 0.42)}, 200);
  ASSERT_EQ(k.actuator[0].entries.size(), 5u);
  EXPECT_EQ(k.actuator[0].entries[1].micro_step, 11);
  EXPECT_EQ(k.actuator[0].entries[1].kappa, 0.45);
  EXPECT_EQ(k.actuator[0].entries[2].micro_step, 50);
  EXPECT_EQ(k.actuator[0].entries[3].micro_step, 55);
  // After the last frame (5.5 ms) it expires at 6.5 ms: step 66, inside the run's 200 steps.
  EXPECT_EQ(k.actuator[0].entries[4].micro_step, 66);
  EXPECT_EQ(k.actuator[0].entries[4].kappa, 0.45);
  EXPECT_EQ(k.actuator[0].watchdog_trips, 2);
  // A gap shorter than the timeout changes nothing.
  EXPECT_EQ(replay({command(0, 0.40), command(900, 0.41)}, 15).actuator[0].entries.size(), 2u);
}

TEST_F(CandumpKappaTest, AJoystickFrameMovesKappaWhenConfigured) {
  const hil::JoystickInput joystick =
      hil::single_joystick(hil::JoystickAxis::kY, hil::AxisToKappa{0.45, 0.1, 0.0, 1.0, false});
  hil::CandumpRecord bjm1;
  bjm1.timestamp_us = kBase + 300;
  bjm1.interface = "vcan0";
  bjm1.frame = hil::encode_bjm1(0x80, hil::axis_fields(0.0), hil::axis_fields(-50.0));
  const CandumpKappa k =
      kappa_from_candump({command(0, 0.45), bjm1}, commands_, &joystick, kStep, 100, watchdog_);
  ASSERT_EQ(k.actuator[0].entries.size(), 2u);
  EXPECT_EQ(k.actuator[0].entries[1].micro_step, 3);
  EXPECT_NEAR(k.actuator[0].entries[1].kappa, 0.40, 1e-12);
  EXPECT_EQ(replay({command(0, 0.45), bjm1}).kinds[static_cast<std::size_t>(hil::CanFrameKind::kUnknownId)],
            1u);
}

}  // namespace
}  // namespace hilsim::tools

namespace hilsim::tools {
namespace {

// The live run's t = 0 (--t0): before the first command the safe κ holds, as the live watchdog
// gives it before any command; a command that arrived before the run waits for micro step 0.
TEST_F(CandumpKappaTest, AGivenT0PutsTheSafeKappaBeforeTheFirstCommand) {
  const CandumpKappa k =
      kappa_from_candump({command(250, 0.41)}, commands_, nullptr, kStep, 100, watchdog_, {kBase, ""});
  ASSERT_EQ(k.actuator[0].entries.size(),
            2u);  // safe, then the command at step 3 (the 1 s timeout is past the run)
  EXPECT_EQ(k.actuator[0].entries[0].micro_step, 0);
  EXPECT_EQ(k.actuator[0].entries[0].kappa, 0.45);
  EXPECT_EQ(k.actuator[0].entries[1].micro_step, 3);
  EXPECT_NEAR(k.actuator[0].entries[1].kappa, 0.41, 1e-9);
  EXPECT_EQ(k.origin_us, kBase);
}

TEST_F(CandumpKappaTest, ACommandBeforeT0AppliesAtMicroStepZeroWhileFresh) {
  const CandumpSelection origin{kBase + 1'000, ""};  // the run started 1 ms after the command
  const CandumpKappa fresh =
      kappa_from_candump({command(0, 0.41)}, commands_, nullptr, kStep, 100, watchdog_, origin);
  ASSERT_FALSE(fresh.actuator[0].entries.empty());
  EXPECT_EQ(fresh.actuator[0].entries[0].micro_step, 0);
  EXPECT_NEAR(fresh.actuator[0].entries[0].kappa, 0.41, 1e-9);
  // 2 s before the start with a 1 s watchdog: stale at micro step 0, so the safe κ from there.
  const CandumpSelection late{kBase + 2'000'000, ""};
  const CandumpKappa stale =
      kappa_from_candump({command(0, 0.41)}, commands_, nullptr, kStep, 100, watchdog_, late);
  ASSERT_EQ(stale.actuator[0].entries.size(), 1u);
  EXPECT_EQ(stale.actuator[0].entries[0].micro_step, 0);
  EXPECT_EQ(stale.actuator[0].entries[0].kappa, 0.45);
}

TEST_F(CandumpKappaTest, OnlyTheChosenInterfaceCountsAndFarFramesAreRefused) {
  hil::CandumpRecord other = command(100, 0.30);
  other.interface = "can1";
  const std::vector<hil::CandumpRecord> log = {command(0, 0.40), other, command(300, 0.42)};
  EXPECT_EQ(candump_interfaces(log), (std::vector<std::string>{"vcan0", "can1"}));
  const CandumpKappa k =
      kappa_from_candump(log, commands_, nullptr, kStep, 100, watchdog_, {std::nullopt, "vcan0"});
  EXPECT_EQ(k.other_interface, 1u);
  ASSERT_GE(k.actuator[0].entries.size(), 2u);
  EXPECT_NEAR(k.actuator[0].entries[1].kappa, 0.42, 1e-9);
  // 9999999999 s after t0: the nanosecond arithmetic would overflow; refused, naming the frame.
  try {
    kappa_from_candump({command(0, 0.40)}, commands_, nullptr, kStep, 100, watchdog_,
                       {kBase - 9'999'999'999'000'000, ""});
    ADD_FAILURE() << "accepted a frame 1e10 s after t0";
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("frame 1 is 9999999999 s from t = 0"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace hilsim::tools

namespace hilsim::tools {
namespace {

// A HilsimCommand frame of the two-actuator mapping: κ1 and κ2.
hil::CandumpRecord command_2(std::int64_t t_us, double kappa_1, double kappa_2) {
  hil::CandumpRecord r = command(t_us, kappa_1);
  hil::encode(hil::default_messages(2)[0].signals[3], kappa_2,
              std::span<std::uint8_t>(r.frame.data.data(), 8));
  return r;
}

// Two actuators: one frame gives both their κ, each with its own watchdog and safe value (one
// commanded valve per actuator, as live).
class CandumpKappa2Test : public ::testing::Test {
 protected:
  hil::CommandDecoder commands_{hil::command_messages(hil::default_messages(2)), 2, hil::OutOfRange::kClamp};
  WatchdogRule watchdog_{1'000'000, {0.45, 0.5}};  // 1 ms
};

TEST_F(CandumpKappa2Test, ACommandFrameGivesBothActuatorsTheirKappaAndEachItsWatchdog) {
  const CandumpKappa k = kappa_from_candump({command_2(0, 0.40, 0.49), command_2(250, 0.41, 0.48)}, commands_,
                                            nullptr, kStep, 100, watchdog_);
  for (std::size_t a = 0; a < 2; ++a) {
    const std::vector<sim::RecordedValveCommand::Entry>& e = k.actuator[a].entries;
    ASSERT_EQ(e.size(), 3u) << "actuator " << a + 1;
    EXPECT_EQ(e[1].micro_step, 3);   // ceil(250 µs / 100 µs)
    EXPECT_EQ(e[2].micro_step, 13);  // stale after 250 µs + 1 ms: the first step after
    EXPECT_EQ(k.actuator[a].watchdog_trips, 1);
  }
  EXPECT_NEAR(k.actuator[0].entries[1].kappa, 0.41, 1e-9);
  EXPECT_NEAR(k.actuator[1].entries[0].kappa, 0.49, 1e-9);
  EXPECT_NEAR(k.actuator[1].entries[1].kappa, 0.48, 1e-9);
  EXPECT_EQ(k.actuator[0].entries[2].kappa, 0.45);
  EXPECT_EQ(k.actuator[1].entries[2].kappa, 0.5);
}

TEST_F(CandumpKappa2Test, AOneActuatorMappingNeverGivesActuator2Kappa) {
  const hil::CommandDecoder one{hil::command_messages(hil::default_messages(2)), 1, hil::OutOfRange::kClamp};
  const CandumpKappa k = kappa_from_candump({command_2(0, 0.40, 0.49)}, one, nullptr, kStep, 100, watchdog_);
  EXPECT_EQ(k.actuator[0].entries.size(), 2u);  // κ, then the watchdog's
  EXPECT_TRUE(k.actuator[1].entries.empty());
}

TEST_F(CandumpKappa2Test, AJoystickMovesBothActuatorsByTheirAxes) {
  hil::CanSettings can;
  can.joystick = hil::Joystick::kBjm1;  // axis x: actuator 1, the other (y): actuator 2; span 0.1
  const std::optional<hil::JoystickInput> joystick = hil::joystick_input(can, 0.45, 0.5);
  ASSERT_TRUE(joystick);
  hil::CandumpRecord bjm1;
  bjm1.timestamp_us = kBase + 300;
  bjm1.interface = "vcan0";
  bjm1.frame = hil::encode_bjm1(0x80, hil::axis_fields(20.0), hil::axis_fields(-50.0));
  const CandumpKappa k =
      kappa_from_candump({command_2(0, 0.45, 0.5), bjm1}, commands_, &*joystick, kStep, 100, watchdog_);
  EXPECT_EQ(k.kinds[static_cast<std::size_t>(hil::CanFrameKind::kJoystick)], 1u);
  ASSERT_GE(k.actuator[0].entries.size(), 2u);
  ASSERT_GE(k.actuator[1].entries.size(), 2u);
  EXPECT_EQ(k.actuator[0].entries[1].micro_step, 3);
  EXPECT_NEAR(k.actuator[0].entries[1].kappa, 0.45 + 0.2 * 0.1, 1e-12);
  EXPECT_EQ(k.actuator[1].entries[1].micro_step, 3);
  EXPECT_NEAR(k.actuator[1].entries[1].kappa, 0.5 - 0.5 * 0.1, 1e-12);
}

// A machine of three valves: the generated mapping puts valve 3 alone in 0x101. A log whose first
// frame carries only valve 3 starts the timeline there, and valve 3 follows it.
TEST(CandumpKappaMachine, AFrameOfValveThreeAloneIsApplied) {
  std::vector<hil::ActuatorReach> reach(3);
  for (hil::ActuatorReach& r : reach) r.s_max = 1.0, r.p_max = 1e7, r.f_max = 1e5;
  const std::vector<hil::MessageSpec> commands = hil::command_messages(hil::machine_messages(reach));
  ASSERT_EQ(commands.size(), 2u);
  const hil::CommandDecoder decoder(commands, 3, hil::OutOfRange::kClamp);
  hil::CandumpRecord r;
  r.timestamp_us = kBase;
  r.interface = "vcan0";
  r.frame.id = commands[1].id;
  r.frame.length = 8;
  hil::encode(commands[1].signals[2], 0.7, std::span<std::uint8_t>(r.frame.data.data(), 8));
  const CandumpKappa k =
      kappa_from_candump({r}, decoder, nullptr, kStep, 100, WatchdogRule{1'000'000'000, {}});
  ASSERT_EQ(k.actuator[2].entries.size(), 1u);
  EXPECT_NEAR(k.actuator[2].entries[0].kappa, 0.7, 1e-7);
  EXPECT_TRUE(k.actuator[0].entries.empty());
  EXPECT_EQ(k.first_us, kBase);
}
}  // namespace
}  // namespace hilsim::tools
