// The decode paths that run in the CAN and UDP I/O threads allocate nothing: every operator new in
// hil_tests is counted, and datagram, sequence (per sender), signal, BJM1 and CAN frame decoding (and their
// encoders) are run between two readings of the counter.
#include <gtest/gtest.h>

#include <array>

#include "hil/can_frames.h"
#include "hil/datagram.h"
#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "hil/j1939_joystick.h"
#include "hil/sensor_publisher.h"
#include "hil/sequence_tracker.h"
#include "hil/signal.h"
#include "hil/signal_map.h"
#include "tests/allocation_counter.h"
#include "tests/hil/fake_hydraulics.h"

namespace hilsim::hil {
namespace {

TEST(NoAllocation, DecodersAndEncodersAllocateNothing) {
  {
    auto* probe = new int(1);  // the counter works
    delete probe;
    ASSERT_GT(t_allocations, 0);
  }
  // Configuration (allocates: names are strings).
  const SignalSpec kappa{"kappa_1", 0, 16, ByteOrder::kLittleEndian, true, 1e-4, 0.0, -1.0, 1.0, ""};
  const SignalSpec be{"speed", 23, 16, ByteOrder::kBigEndian, false, 0.125, 0.0, 0.0, 8000.0, "rpm"};
  const AxisToKappa map{};

  const long before = t_allocations;
  std::array<Frame, 2> frames{};
  frames[0].id = 0x100;
  frames[0].length = 4;
  frames[1] = encode_bjm1(0x33, axis_fields(40.0), axis_fields(-10.0));
  volatile double sink = 0.0;
  sink = sink + (encode(kappa, 0.25, std::span(frames[0].data).first(4)) == EncodeStatus::kOk);
  sink = sink + (encode(be, 621.0, std::span(frames[0].data).first(4)) == EncodeStatus::kOk);

  std::array<std::uint8_t, kMaxDatagramSize> bytes{};
  // Version 2: the CRC-32 (Boost.CRC's table) allocates nothing either.
  const std::size_t n = encode_datagram(DatagramE2e::kCrc32, 7, frames, bytes);
  DecodedDatagram d;
  const DatagramError e = decode_datagram(std::span(bytes).first(n), DatagramE2e::kCrc32, d);
  SequenceTracker tracker;
  const SequenceVerdict v = tracker.observe(d.sequence);
  SenderSequences senders;  // a fixed table on the stack
  sockaddr_in from{};
  for (std::uint16_t port = 0; port < 2 * SenderSequences::kMaxSenders; ++port) {  // fills it, then evicts
    from.sin_port = port;
    sink = sink + static_cast<double>(is_accepted(senders.observe(from, d.sequence, port)));
  }
  sink = sink + decode(kappa, d.frames[0].data) + static_cast<double>(decode_raw(be, d.frames[0].data));
  const Bjm1Decode j = decode_bjm1(d.frames[1]);
  sink = sink + kappa_from_axis(j.x, map) + kappa_from_axis(j.y, map);
  const long after = t_allocations;

  EXPECT_EQ(after - before, 0);
  // The work was real.
  EXPECT_EQ(e, DatagramError::kOk);
  EXPECT_EQ(v, SequenceVerdict::kFirst);
  EXPECT_TRUE(j.ok());
  EXPECT_DOUBLE_EQ(kappa_from_axis(j.x, map), 0.5 + 0.4 * 0.5);
  EXPECT_NEAR(decode(kappa, d.frames[0].data), 0.25, 1e-12);
  EXPECT_EQ(decode(be, d.frames[0].data), 621.0);
}

TEST(NoAllocation, TheCanBridgesFrameClassificationAllocatesNothing) {
  const CommandDecoder commands(command_messages(default_messages(1)), 1, OutOfRange::kClamp);
  const JoystickInput joystick = single_joystick(JoystickAxis::kX, AxisToKappa{});
  Frame command;
  command.id = kCommandId;
  command.length = 8;
  command.data = {0, 0, 0x40, 0x4B, 0x4C, 0, 0, 0};  // κ1 = 0.5: raw 5e6 in bytes 2..4
  const E2ELayout layout = e2e_layout(default_messages(1)[0]).value();
  e2e_protect(layout, command, 3);
  E2EReceiver e2e({layout}, 10);
  can_frame bus_off{};
  bus_off.can_id = CAN_ERR_FLAG | CAN_ERR_BUSOFF;
  bus_off.len = CAN_ERR_DLC;
  const can_frame frames[] = {to_can_frame(command), to_can_frame(encode_bjm1(0x80, axis_fields(40.0), {})),
                              bus_off};
  const long before = t_allocations;
  CanFrameKind kinds[3]{};
  double kappa[3]{};
  for (int i = 0; i < 3; ++i) {
    const CanFrameVerdict v = classify_can_frame(frames[i], commands, &joystick, &e2e);
    kinds[i] = v.kind;
    kappa[i] = v.command.kappa[0];
  }
  const long after = t_allocations;
  EXPECT_EQ(after - before, 0);
  EXPECT_EQ(kinds[0], CanFrameKind::kCommand);
  EXPECT_NEAR(kappa[0], 0.5, 1e-12);
  EXPECT_EQ(kinds[1], CanFrameKind::kJoystick);
  EXPECT_DOUBLE_EQ(kappa[1], 0.5 + 0.4 * 0.5);
  EXPECT_EQ(kinds[2], CanFrameKind::kErrorFrame);
}

// The bridges' per-datagram work: a command frame to κ, a sensor snapshot to frames.
TEST(NoAllocation, CommandDecoderAndSensorEncoderAllocateNothing) {
  const CommandDecoder decoder(command_messages(default_messages(1)), 1, OutOfRange::kClamp);
  const SensorEncoder encoder(sensor_messages(default_messages(1)));
  Frame command;
  command.id = kCommandId;
  command.length = 8;
  encode(default_messages(1)[0].signals[2], 0.5, std::span(command.data));  // kappa_1
  SensorSnapshot snapshot;
  snapshot.p1 = 3e6;
  std::array<Frame, 16> out{};

  const long before = t_allocations;
  DecodedCommand c;
  const CommandVerdict verdict = decoder.decode(command, c);
  const std::size_t frames = encoder.encode({&snapshot, 1}, out);
  const long after = t_allocations;

  EXPECT_EQ(after - before, 0);
  EXPECT_EQ(verdict, CommandVerdict::kApplied);
  EXPECT_NEAR(c.kappa[0], 0.5, 1e-9);
  EXPECT_EQ(frames, encoder.size());
}

// What the executor calls after every micro step, from a real-time thread.
TEST(NoAllocation, TheSensorPublishersAfterMicroStepAllocatesNothing) {
  rt::LatestValue<SensorSnapshot> one, two;
  rt::LatestValue<ValveCommandSample> commands;
  const CommandedValve valve(commands, WatchdogSettings{}, {}, 1);
  valve.kappa(0, 0.0);
  SensorPublisher publisher({&one, &two}, {nullptr, &valve}, 1e-4);
  rt::LoopStats a, b;
  a.overruns_shared.store(3);
  publisher.count_overruns_of({&a, &b});
  test::FakeHydraulics rim(0, 2);
  rim.readings[1].s = 0.7;
  test::FakeMechanics mechanics;
  const sim::Subsystem& as_subsystem = rim;

  const long before = t_allocations;
  for (std::int64_t m = 0; m < 100; ++m) {
    publisher.after_micro_step(as_subsystem, m, true);
    publisher.after_micro_step(mechanics, m, true);
  }
  const long after = t_allocations;

  EXPECT_EQ(after - before, 0);
  SensorSnapshot s;
  ASSERT_TRUE(two.read(s));  // the work was real
  EXPECT_EQ(s.micro_step, 99);
  EXPECT_EQ(s.s, 0.7);
  EXPECT_EQ(s.overruns, 3);
  EXPECT_TRUE(s.watchdog_active);
}

}  // namespace
}  // namespace hilsim::hil
