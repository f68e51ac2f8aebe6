// The CAN bridge's frame handling without a CAN socket (this machine has none; the VM test
// tests/vm/can_bridge.sh runs the same code on a real SocketCAN stack): conversions between
// struct can_frame and Frame, the kernel filters, and the classification of every kind of frame.
#include "hil/can_frames.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "hil/can_bridge.h"
#include "hil/candump_log.h"
#include "hil/default_messages.h"

namespace hilsim::hil {
namespace {

can_frame frame_with(canid_t id, std::initializer_list<std::uint8_t> data) {
  can_frame f{};
  f.can_id = id;
  f.len = static_cast<std::uint8_t>(data.size());
  std::copy(data.begin(), data.end(), f.data);
  return f;
}

// HilsimCommand with κ1 = raw1·1e-7, κ2 = raw2·1e-7, 24 bits little-endian from bytes 2 and 5 (bytes 0
// and 1, the end-to-end protection, are 0: no check is asked for here).
can_frame raw_command(std::uint32_t raw1, std::uint32_t raw2 = 0) {
  can_frame f = frame_with(kCommandId, {});
  f.len = 8;
  for (int i = 0; i < 3; ++i) {
    f.data[2 + i] = static_cast<std::uint8_t>(raw1 >> (8 * i));
    f.data[5 + i] = static_cast<std::uint8_t>(raw2 >> (8 * i));
  }
  return f;
}

// The kernel's rule (linux/can.h, struct can_filter): a frame passes when one filter matches.
bool passes(const std::vector<can_filter>& filters, canid_t id) {
  for (const can_filter& f : filters) {
    if ((id & f.can_mask) == (f.can_id & f.can_mask)) return true;
  }
  return false;
}

class CanFrames : public ::testing::Test {
 protected:
  CommandDecoder clamp_{command_messages(default_messages(1)), 1, OutOfRange::kClamp};
  CommandDecoder reject_{command_messages(default_messages(1)), 1, OutOfRange::kReject};
  JoystickInput joystick_ = single_joystick(JoystickAxis::kY, AxisToKappa{0.45, 0.1, 0.0, 1.0, false});
};

// The early hint of a CAN run that takes no command: nothing through the filters, or the frames by
// what became of them.
TEST(CanNoCommandHint, SaysWhatArrivedAndWhy) {
  CanBridgeCounters c;
  EXPECT_EQ(
      can_no_command_hint(c, 1.0, "can0")
          .rfind("can: no command accepted in the first 1 s: no frame arrived on can0 through its filters",
                 0),
      0u);
  c.frames = 5;
  c.kinds[static_cast<std::size_t>(CanFrameKind::kBadCrc)] = 3;
  c.kinds[static_cast<std::size_t>(CanFrameKind::kBadLength)] = 2;
  const std::string hint = can_no_command_hint(c, 1.0, "can0");
  EXPECT_NE(hint.find("5 frame(s) arrived on can0: 2 " + std::string(to_string(CanFrameKind::kBadLength)) +
                      ", 3 " + to_string(CanFrameKind::kBadCrc)),
            std::string::npos)
      << hint;
}

TEST_F(CanFrames, ConversionsKeepIdFlagsLengthAndData) {
  const can_frame ext = frame_with(0x0CFDD680u | CAN_EFF_FLAG, {1, 2, 3});
  const Frame f = to_frame(ext);
  EXPECT_TRUE(f.extended);
  EXPECT_FALSE(f.rtr);
  EXPECT_EQ(f.id, 0x0CFDD680u);
  EXPECT_EQ(f.length, 3);
  EXPECT_EQ(f.data[2], 3);
  EXPECT_EQ(f.data[3], 0);
  const can_frame back = to_can_frame(f);
  EXPECT_EQ(back.can_id, ext.can_id);
  EXPECT_EQ(back.len, 3);
  EXPECT_EQ(std::memcmp(back.data, ext.data, 3), 0);

  can_frame rtr = frame_with(0x100 | CAN_RTR_FLAG, {});
  rtr.len = 8;  // a remote request for 8 bytes carries none
  rtr.data[0] = 0xAA;
  const Frame r = to_frame(rtr);
  EXPECT_TRUE(r.rtr);
  EXPECT_EQ(r.length, 8);
  EXPECT_EQ(r.data[0], 0);
  EXPECT_EQ(to_can_frame(r).can_id, 0x100u | CAN_RTR_FLAG);

  can_frame err = frame_with(CAN_ERR_FLAG | CAN_ERR_BUSOFF, {0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(to_frame(err).id, CAN_ERR_BUSOFF);
  // `cansend vcan0 20000004#R` sends an error frame with the RTR bit: it has no meaning there, and
  // the frame must stay loggable (a candump line cannot be both) with its data.
  can_frame err_rtr = frame_with(CAN_ERR_FLAG | CAN_RTR_FLAG | CAN_ERR_CRTL, {0, 0x04, 0, 0, 0, 0, 0, 0});
  const Frame er = to_frame(err_rtr);
  EXPECT_FALSE(er.rtr);
  EXPECT_EQ(er.id, CAN_ERR_CRTL);
  EXPECT_EQ(er.data[1], 0x04);
  EXPECT_NO_THROW(format_candump_line(1, "vcan0", er, true));
  can_frame long_dlc = frame_with(0x100, {});
  long_dlc.len = 15;
  EXPECT_EQ(to_frame(long_dlc).length, 8);
}

TEST_F(CanFrames, FiltersPassTheCommandIdsAndBjm1FromAnySourceUnlessOneIsConfigured) {
  const std::vector<can_filter> commands = receive_filters(clamp_.ids(), nullptr);
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_TRUE(passes(commands, 0x100));
  EXPECT_TRUE(passes(commands, 0x100 | CAN_RTR_FLAG));  // counted, so it must arrive
  EXPECT_FALSE(passes(commands, 0x101));
  EXPECT_FALSE(passes(commands, 0x200));
  EXPECT_FALSE(passes(commands, 0x100 | CAN_EFF_FLAG));  // the 29-bit id 0x100 is another frame
  EXPECT_FALSE(passes(commands, 0x0CFDD680 | CAN_EFF_FLAG));

  const std::vector<can_filter> any = receive_filters(clamp_.ids(), &joystick_);
  ASSERT_EQ(any.size(), 2u);
  EXPECT_TRUE(passes(any, 0x0CFDD680 | CAN_EFF_FLAG));
  EXPECT_TRUE(passes(any, 0x18FDD633 | CAN_EFF_FLAG));   // priority 6, source 0x33
  EXPECT_FALSE(passes(any, 0x0CFDD580 | CAN_EFF_FLAG));  // another PGN
  EXPECT_FALSE(passes(any, 0x0DFDD680 | CAN_EFF_FLAG));  // data page 1: another PGN
  EXPECT_FALSE(passes(any, 0x5D6));                      // 11-bit id with the same low bits

  JoystickInput only = joystick_;
  only.valve[0]->source_address = 0x80;
  const std::vector<can_filter> one = receive_filters(clamp_.ids(), &only);
  EXPECT_TRUE(passes(one, 0x0CFDD680 | CAN_EFF_FLAG));
  EXPECT_FALSE(passes(one, 0x0CFDD681 | CAN_EFF_FLAG));

  const CommandDecoder extended(
      {{"Ext", 0x18FF0010, true, 8, "Controller", {default_messages(1)[0].signals[2]}}}, 1,
      OutOfRange::kClamp);
  const std::vector<can_filter> ext = receive_filters(extended.ids(), nullptr);
  EXPECT_TRUE(passes(ext, 0x18FF0010 | CAN_EFF_FLAG));
  EXPECT_FALSE(passes(ext, 0x18FF0011 | CAN_EFF_FLAG));
  EXPECT_FALSE(passes(ext, 0x010));  // an 11-bit frame with the low bits of the id
}

TEST_F(CanFrames, ACommandCarriesKappa) {
  const CanFrameVerdict v = classify_can_frame(raw_command(4'500'000u, 7'000'000u), clamp_, nullptr);
  EXPECT_EQ(v.kind, CanFrameKind::kCommand);
  EXPECT_TRUE(applies(v.kind));
  ASSERT_TRUE(v.command.present[0]);
  EXPECT_NEAR(v.command.kappa[0], 0.45, 1e-12);
  EXPECT_FALSE(v.command.present[1]);  // one actuator: kappa_2 is not read
}

TEST_F(CanFrames, MalformedFramesAreClassifiedAndCarryNoKappa) {
  struct Case {
    can_frame frame;
    CanFrameKind kind;
  };
  can_frame short_command = raw_command(5'000'000u);
  short_command.len = 7;
  can_frame dlc15 = raw_command(5'000'000u);
  dlc15.len = 15;
  can_frame remote = frame_with(0x100 | CAN_RTR_FLAG, {});
  remote.len = 8;
  const Case cases[] = {
      {short_command, CanFrameKind::kBadLength},
      {dlc15, CanFrameKind::kBadLength},
      {remote, CanFrameKind::kRemote},
      {frame_with(0x123, {1, 2, 3, 4, 5, 6, 7, 8}), CanFrameKind::kUnknownId},
      {frame_with(0x100 | CAN_EFF_FLAG, {0, 0, 0, 0, 0, 0, 0, 0}), CanFrameKind::kUnknownId},
      {frame_with(CAN_ERR_FLAG | CAN_ERR_PROT, {0, 0, CAN_ERR_PROT_STUFF, 0, 0, 0, 0, 0}),
       CanFrameKind::kErrorFrame},
      // Without a joystick configured, BJM1 is just another id.
      {to_can_frame(encode_bjm1(0x80, axis_fields(0), axis_fields(50))), CanFrameKind::kUnknownId},
  };
  for (const Case& c : cases) {
    const CanFrameVerdict v = classify_can_frame(c.frame, clamp_, nullptr);
    EXPECT_EQ(v.kind, c.kind) << to_string(v.kind) << " for id 0x" << std::hex << c.frame.can_id;
    EXPECT_FALSE(applies(v.kind));
    EXPECT_FALSE(v.command.present[0]);
  }
  // κ = 1.2 (raw 1.2e7): clamped to 1 or rejected, as configured.
  const CanFrameVerdict clamped = classify_can_frame(raw_command(12'000'000u), clamp_, nullptr);
  EXPECT_EQ(clamped.kind, CanFrameKind::kCommand);
  EXPECT_TRUE(clamped.command.clamped);
  EXPECT_EQ(clamped.command.kappa[0], 1.0);
  EXPECT_EQ(classify_can_frame(raw_command(12'000'000u), reject_, nullptr).kind, CanFrameKind::kOutOfRange);
}

TEST_F(CanFrames, ErrorFramesTellBusOffRestartAndErrorPassive) {
  const CanFrameVerdict off = classify_can_frame(
      frame_with(CAN_ERR_FLAG | CAN_ERR_BUSOFF, {0, 0, 0, 0, 0, 0, 0, 0}), clamp_, nullptr);
  EXPECT_EQ(off.kind, CanFrameKind::kErrorFrame);
  EXPECT_TRUE(off.error.bus_off());
  EXPECT_FALSE(off.error.restarted());
  const CanFrameVerdict passive =
      classify_can_frame(frame_with(CAN_ERR_FLAG | CAN_ERR_CRTL | CAN_ERR_CNT,
                                    {0, CAN_ERR_CRTL_TX_PASSIVE, 0, 0, 0, 0, 130, 12}),
                         clamp_, nullptr);
  EXPECT_TRUE(passive.error.error_passive());
  EXPECT_FALSE(passive.error.bus_off());
  EXPECT_EQ(passive.error.classes, CAN_ERR_CRTL | CAN_ERR_CNT);
  const CanFrameVerdict active = classify_can_frame(
      frame_with(CAN_ERR_FLAG | CAN_ERR_CRTL, {0, CAN_ERR_CRTL_ACTIVE, 0, 0, 0, 0, 0, 0}), clamp_, nullptr);
  EXPECT_TRUE(active.error.back_to_active());
  EXPECT_FALSE(active.error.error_passive());
  const CanFrameVerdict restarted = classify_can_frame(
      frame_with(CAN_ERR_FLAG | CAN_ERR_RESTARTED, {0, 0, 0, 0, 0, 0, 0, 0}), clamp_, nullptr);
  EXPECT_TRUE(restarted.error.restarted());
  // An error frame whose id also looks like a command never becomes one.
  const CanFrameVerdict odd =
      classify_can_frame(frame_with(CAN_ERR_FLAG | kCommandId, {1, 2, 3, 4, 5, 6, 7, 8}), clamp_, nullptr);
  EXPECT_EQ(odd.kind, CanFrameKind::kErrorFrame);
  EXPECT_STREQ(error_class_name(6), "bus-off");
}

TEST_F(CanFrames, Bjm1MovesKappaByTheConfiguredAxisAndSpan) {
  // Y forward 50 %: κ = κ0 + 0.5 · span; X is ignored.
  const can_frame forward = to_can_frame(encode_bjm1(0x80, axis_fields(-100), axis_fields(50)));
  const CanFrameVerdict v = classify_can_frame(forward, clamp_, &joystick_);
  EXPECT_EQ(v.kind, CanFrameKind::kJoystick);
  ASSERT_TRUE(v.command.present[0]);
  EXPECT_NEAR(v.command.kappa[0], 0.45 + 0.05, 1e-12);
  const CanFrameVerdict back = classify_can_frame(
      to_can_frame(encode_bjm1(0x80, axis_fields(0), axis_fields(-20))), clamp_, &joystick_);
  EXPECT_NEAR(back.command.kappa[0], 0.45 - 0.02, 1e-12);
  const CanFrameVerdict neutral =
      classify_can_frame(to_can_frame(encode_bjm1(0x80, axis_fields(0), axis_fields(0))), clamp_, &joystick_);
  EXPECT_EQ(neutral.command.kappa[0], 0.45);

  JoystickInput x = joystick_;
  x.valve[0]->axis = JoystickAxis::kX;
  EXPECT_NEAR(classify_can_frame(forward, clamp_, &x).command.kappa[0], 0.45 - 0.1, 1e-12);

  // Not available, another source, a short frame: counted, no κ.
  const can_frame unavailable = to_can_frame(encode_bjm1(0x80, axis_fields(0), axis_fields(NAN)));
  EXPECT_EQ(classify_can_frame(unavailable, clamp_, &joystick_).kind, CanFrameKind::kJoystickInvalid);
  JoystickInput only = joystick_;
  only.valve[0]->source_address = 0x81;
  EXPECT_EQ(classify_can_frame(forward, clamp_, &only).kind, CanFrameKind::kOtherSource);
  can_frame short_bjm1 = forward;
  short_bjm1.len = 4;
  EXPECT_EQ(classify_can_frame(short_bjm1, clamp_, &joystick_).kind, CanFrameKind::kBadLength);
  for (const can_frame& f : {unavailable, short_bjm1}) {
    EXPECT_FALSE(classify_can_frame(f, clamp_, &joystick_).command.present[0]);
  }
  // Commands still work beside the joystick.
  EXPECT_EQ(classify_can_frame(raw_command(1), clamp_, &joystick_).kind, CanFrameKind::kCommand);
}

TEST_F(CanFrames, WithTwoActuatorsTheSecondAxisDrivesActuator2) {
  CanSettings can;
  can.joystick = Joystick::kBjm1;
  can.joystick_axis = JoystickAxis::kX;
  can.joystick_span = 0.1;
  const std::optional<JoystickInput> two = joystick_input(can, 0.45, 0.62);
  ASSERT_TRUE(two && two->valve[1]);
  EXPECT_EQ(two->valve[1]->axis, JoystickAxis::kY);  // unset: the axis actuator 1 does not use
  EXPECT_EQ(two->valve[1]->map.kappa0, 0.62);
  // X right 50 %, Y back 30 %: κ1 = 0.45 + 0.05, κ2 = 0.62 − 0.03.
  const can_frame f = to_can_frame(encode_bjm1(0x80, axis_fields(50), axis_fields(-30)));
  const CanFrameVerdict v = classify_can_frame(f, clamp_, &*two);
  EXPECT_EQ(v.kind, CanFrameKind::kJoystick);
  ASSERT_TRUE(v.command.present[0] && v.command.present[1]);
  EXPECT_NEAR(v.command.kappa[0], 0.45 + 0.05, 1e-12);
  EXPECT_NEAR(v.command.kappa[1], 0.62 - 0.03, 1e-12);
  // An invalid axis leaves only its actuator without κ; both invalid: the frame is invalid.
  const CanFrameVerdict y_lost =
      classify_can_frame(to_can_frame(encode_bjm1(0x80, axis_fields(50), axis_fields(NAN))), clamp_, &*two);
  EXPECT_EQ(y_lost.kind, CanFrameKind::kJoystick);
  EXPECT_TRUE(y_lost.command.present[0]);
  EXPECT_FALSE(y_lost.command.present[1]);
  EXPECT_EQ(
      classify_can_frame(to_can_frame(encode_bjm1(0x80, axis_fields(NAN), axis_fields(NAN))), clamp_, &*two)
          .kind,
      CanFrameKind::kJoystickInvalid);
  // joystick_axis_2 chooses the axis; one actuator: no second axis at all.
  can.joystick_axis_2 = JoystickAxis::kX;
  EXPECT_EQ(joystick_input(can, 0.45, 0.62)->valve[1]->axis, JoystickAxis::kX);
  const std::optional<JoystickInput> one = joystick_input(can, 0.45);
  EXPECT_FALSE(one->valve[1]);
  EXPECT_FALSE(classify_can_frame(f, clamp_, &*one).command.present[1]);
}

// [can] joystick_axes: two joysticks (source addresses 0x81 and 0x82), both axes of the first and the
// Y axis of the second, move valves 1, 2 and 4 of a machine whose valves 2 and 4 are closed-centre
// (u = the deflection) and valve 1 the benchmark's (κ about its κ0); valve 3 takes none. Each
// joystick's frames move its own valves only, and the kernel lets both senders through, no other.
TEST_F(CanFrames, SeveralJoysticksAndAxesMoveTheValvesTheirEntriesName) {
  CanSettings can;
  can.joystick = Joystick::kBjm1;
  can.joystick_span = 0.1;
  can.joystick_axes = {"x@0x81", "y@129", "none", "y@0x82"};
  const double command0[] = {0.45, 0.0, 0.0, 0.0};
  const bool closed_centre[] = {false, true, true, true};
  const std::optional<JoystickInput> j = joystick_input(can, command0, closed_centre);
  ASSERT_TRUE(j && j->valve[0] && j->valve[1] && !j->valve[2] && j->valve[3]);
  EXPECT_EQ(*j->valve[0]->source_address, 0x81);
  EXPECT_EQ(*j->valve[3]->source_address, 0x82);
  const CommandDecoder four(command_messages(default_messages(2)), 2, OutOfRange::kClamp);
  // Joystick 0x81: X right 50 %, Y back 30 %: κ1 = 0.45 + 0.05, u2 = −0.3.
  const CanFrameVerdict first =
      classify_can_frame(to_can_frame(encode_bjm1(0x81, axis_fields(50), axis_fields(-30))), four, &*j);
  EXPECT_EQ(first.kind, CanFrameKind::kJoystick);
  EXPECT_NEAR(first.command.kappa[0], 0.5, 1e-12);
  EXPECT_NEAR(first.command.kappa[1], -0.3, 1e-12);
  EXPECT_FALSE(first.command.present[2] || first.command.present[3]);
  // Joystick 0x82: Y forward 80 %: u4 = 0.8, nothing else.
  const CanFrameVerdict second =
      classify_can_frame(to_can_frame(encode_bjm1(0x82, axis_fields(-100), axis_fields(80))), four, &*j);
  EXPECT_NEAR(second.command.kappa[3], 0.8, 1e-12);
  EXPECT_FALSE(second.command.present[0] || second.command.present[1] || second.command.present[2]);
  // A third sender moves nothing.
  EXPECT_EQ(
      classify_can_frame(to_can_frame(encode_bjm1(0x83, axis_fields(50), axis_fields(50))), four, &*j).kind,
      CanFrameKind::kOtherSource);
  const std::vector<can_filter> filters = receive_filters({}, &*j);
  EXPECT_EQ(filters.size(), 2u);
  EXPECT_TRUE(passes(filters, 0x0CFDD681 | CAN_EFF_FLAG));
  EXPECT_TRUE(passes(filters, 0x0CFDD682 | CAN_EFF_FLAG));
  EXPECT_FALSE(passes(filters, 0x0CFDD683 | CAN_EFF_FLAG));
  // An entry without '@' takes any sender: one filter for all.
  can.joystick_axes = {"x", "y@0x82"};
  const std::optional<JoystickInput> any = joystick_input(can, command0, closed_centre);
  EXPECT_EQ(receive_filters({}, &*any).size(), 1u);
}

// The old keys on a machine of closed-centre valves: valves 1 and 2 take u = the deflection, the
// span's sign its direction (its size is the benchmark valve's κ change, not a gain on u).
TEST(JoystickAxes, TheOldKeysMoveClosedCentreValvesWithTheSpansDirection) {
  CanSettings can;
  can.joystick = Joystick::kBjm1;
  can.joystick_span = -0.05;
  const double command0[] = {0.1, -0.1};
  const bool closed_centre[] = {true, true};
  const std::optional<JoystickInput> j = joystick_input(can, command0, closed_centre);
  const CommandDecoder none(command_messages(default_messages(2)), 2, OutOfRange::kClamp);
  const CanFrameVerdict v =
      classify_can_frame(to_can_frame(encode_bjm1(0x80, axis_fields(40), axis_fields(-100))), none, &*j);
  EXPECT_NEAR(v.command.kappa[0], -0.4, 1e-12);
  EXPECT_NEAR(v.command.kappa[1], 1.0, 1e-12);
  can.joystick_axes = {"x", "bad"};
  EXPECT_THROW(joystick_input(can, command0, closed_centre), std::invalid_argument);
}

TEST(JoystickAxes, AnEntryIsAnAxisAndAnOptionalSourceAddress) {
  std::string error;
  EXPECT_EQ(parse_joystick_axis("y", error)->axis, JoystickAxis::kY);
  EXPECT_FALSE(parse_joystick_axis("y", error)->source_address);
  EXPECT_EQ(*parse_joystick_axis("x@0xFD", error)->source_address, 253);
  EXPECT_TRUE(parse_joystick_axis("none", error)->none);
  for (const char* bad : {"z", "x@", "x@254", "x@0x1FF", "x@12a", "X", ""}) {
    error.clear();
    EXPECT_FALSE(parse_joystick_axis(bad, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

}  // namespace
}  // namespace hilsim::hil
