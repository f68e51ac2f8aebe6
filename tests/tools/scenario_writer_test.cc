// The effective configuration a recording carries: every key written, read back to the same
// scenario (the same text again, and the same bits in the numbers); and the [hil]/[udp] sections.
#include "tools/scenario/scenario_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "tests/tools/scenario_error.h"

namespace hilsim::scenario {
namespace {

namespace fs = std::filesystem;

Scenario round_trip(const Scenario& s) { return load_scenario_text(to_toml(s), "recorded config"); }

TEST(ScenarioWriter, EveryShippedScenarioReadsBackToTheSameText) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(std::string(HILSIM_SOURCE_DIR) + "/config/scenarios")) {
    SCOPED_TRACE(entry.path().string());
    const Scenario s = load_scenario(entry.path().string());
    const Scenario back = round_trip(s);
    EXPECT_NO_THROW(validate(back));
    EXPECT_EQ(to_toml(back), to_toml(s));
    ++count;
  }
  EXPECT_GE(count, 20);
}

TEST(ScenarioWriter, TheMechanicsStepAndAnAskedPreviewReadBack) {
  Scenario s = default_scenario();
  s.cosim.coupling = sim::Coupling::kTwoWay;
  s.cosim.H = 0.1;
  s.cosim.h_mech = 1.0 / 3000.0;
  s.preview_setting = sim::KappaPreview::kNone;
  const Scenario back = round_trip(s);
  EXPECT_EQ(back.cosim.coupling, sim::Coupling::kTwoWay);
  EXPECT_EQ(back.cosim.h_mech, s.cosim.h_mech);
  EXPECT_EQ(back.cosim.preview, sim::KappaPreview::kNone);
  // Not asked for, it is not written: it follows the input on reading.
  EXPECT_EQ(to_toml(default_scenario()).find("preview"), std::string::npos);
}

TEST(ScenarioWriter, ChangedValuesKeepTheirBits) {
  Scenario s = default_scenario();
  s.cosim.H = 0.1 + 0.2;  // 0.30000000000000004: not the shortest decimal
  s.cosim.h_hyd = 1.0 / 30000.0;
  s.cosim.coupling = sim::Coupling::kForceDisplacement;
  s.cosim.scheme = sim::CosimScheme::kGaussSeidelHydraulicsFirst;
  s.crane.actuators = 2;
  s.hydraulics.b = -1.234567890123456789e-17;
  s.rt.fastest.priority = 91;
  s.rt.threads["hydraulics_2"] = rt::ThreadOverride{.cpu = 0, .priority = 77, .subsystems = {}};
  s.rt.overrun_policy = rt::OverrunPolicy::kSkip;
  s.hil.input = hil::InputSource::kUdp;
  s.hil.safe_kappa = 0.4321;
  s.hil.watchdog_timeout = 0.025;
  s.hil.out_of_range = hil::OutOfRange::kReject;
  s.udp.peer = "10.0.0.7:5000";
  s.udp.e2e = hil::DatagramE2e::kNone;
  s.telemetry.target = "udp://192.168.1.20:9870";
  s.telemetry.rate_hz = 1.0 / 3.0;
  const Scenario back = round_trip(s);
  EXPECT_EQ(back.cosim.H, s.cosim.H);
  EXPECT_EQ(back.cosim.h_hyd, s.cosim.h_hyd);
  EXPECT_EQ(back.cosim.coupling, s.cosim.coupling);
  EXPECT_EQ(back.cosim.scheme, s.cosim.scheme);
  EXPECT_EQ(back.crane.actuators, 2);
  EXPECT_EQ(back.hydraulics.b, s.hydraulics.b);
  EXPECT_EQ(back.rt.fastest.priority, 91);
  ASSERT_EQ(back.rt.threads.count("hydraulics_2"), 1u);
  EXPECT_EQ(back.rt.threads.at("hydraulics_2").cpu, 0);
  EXPECT_EQ(back.rt.threads.at("hydraulics_2").priority, 77);
  EXPECT_EQ(back.rt.overrun_policy, rt::OverrunPolicy::kSkip);
  EXPECT_EQ(back.hil.input, hil::InputSource::kUdp);
  EXPECT_EQ(back.hil.safe_kappa, 0.4321);
  EXPECT_EQ(back.hil.watchdog_timeout, 0.025);
  EXPECT_EQ(back.hil.out_of_range, hil::OutOfRange::kReject);
  EXPECT_EQ(back.udp.peer, "10.0.0.7:5000");
  EXPECT_EQ(back.udp.e2e, hil::DatagramE2e::kNone);
  EXPECT_NE(to_toml(s).find("\ne2e = \"none\"\n"), std::string::npos) << to_toml(s);
  EXPECT_NE(to_toml(default_scenario()).find("\ne2e = \"crc32\"\n"), std::string::npos)
      << "the default, written";
  EXPECT_EQ(back.telemetry.target, "udp://192.168.1.20:9870");
  EXPECT_EQ(back.telemetry.rate_hz, 1.0 / 3.0);
  EXPECT_EQ(to_toml(back), to_toml(s));
  ASSERT_TRUE(back.reference.has_value());
  EXPECT_TRUE(fs::path(*back.reference).is_absolute());
}

TEST(ScenarioWriter, TheLimitsAsResolvedAndARecordingWithoutThemRunsWithout) {
  Scenario s = default_scenario();
  s.hil.input = hil::InputSource::kUdp;
  resolve_limits(s);  // a live input: on
  s.cosim.limits.relief.cracking_pressure = 11e6 + 0.1;
  const Scenario back = round_trip(s);
  EXPECT_TRUE(back.cosim.limits.enabled);
  EXPECT_EQ(back.cosim.limits.relief.cracking_pressure, s.cosim.limits.relief.cracking_pressure);
  // A recording from before [limits]: a live input, but it ran without them.
  std::string old = to_toml(s);
  old.erase(old.find("\n[limits]"), old.find("\n[monolithic]") - old.find("\n[limits]"));
  EXPECT_FALSE(load_scenario_text(old, "recorded config").cosim.limits.enabled);
}

class HilSections : public ::testing::Test {
 protected:
  std::string error_of(const std::string& text) {
    // One file per test: ctest runs the tests of this fixture in parallel.
    const fs::path p =
        fs::temp_directory_path() /
        ("hilsim_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".toml");
    std::ofstream(p) << text;
    const std::string msg = test::scenario_error(p.string());
    fs::remove(p);
    return msg;
  }
};

TEST_F(HilSections, BadValuesNameTheKeyAndTheRange) {
  EXPECT_NE(
      error_of("[hil]\ninput = \"serial\"\n").find("'hil.input' = 'serial' is not one of: script, udp, can"),
      std::string::npos);
  EXPECT_NE(error_of("[hil]\nwatchdog_timeout = 0\n").find("hil.watchdog_timeout"), std::string::npos);
  EXPECT_NE(error_of("[hil]\nsafe_kappa = 1.5\n")
                .find("'hil.safe_kappa' = 1.5 is outside the accepted range [0, 1]"),
            std::string::npos);
  EXPECT_NE(error_of("[hil]\nout_of_range = \"ignore\"\n").find("clamp, reject"), std::string::npos);
  EXPECT_NE(error_of("[hil]\noutput_rate = 0.5\n").find("hil.output_rate"), std::string::npos);
  EXPECT_NE(
      error_of("[udp]\nlisten = \"127.0.0.1\"\n").find("'udp.listen' = '127.0.0.1': a port is required"),
      std::string::npos);
  EXPECT_NE(error_of("[udp]\nsend_to = \"localhost:80\"\n").find("is not an IPv4 address"),
            std::string::npos);
  EXPECT_NE(error_of("[udp]\npeer = \"1.2.3.4:70000\"\n").find("port '70000' is not in 1..65535"),
            std::string::npos);
  EXPECT_NE(error_of("[udp]\nport = 5\n").find("unknown key 'udp.port'"), std::string::npos);
  EXPECT_NE(error_of("[udp]\ne2e = \"crc16\"\n").find("key 'udp.e2e' = 'crc16' is not one of: crc32, none"),
            std::string::npos);
}

TEST_F(HilSections, TheCanSectionReadsBackWithEveryKey) {
  Scenario s = default_scenario();
  s.hil.input = hil::InputSource::kCan;
  s.can.interface = "vcan0";
  s.can.bitrate = 500000;
  s.can.restart_ms = 0;  // set to 0 (automatic restart off) is not the same as unset
  s.can.bring_up = true;
  s.can.joystick = hil::Joystick::kBjm1;
  s.can.joystick_axis = hil::JoystickAxis::kY;
  s.can.joystick_span = -0.1 / 3.0;
  s.can.joystick_source_address = 0x80;
  const Scenario back = round_trip(s);
  EXPECT_EQ(back.hil.input, hil::InputSource::kCan);
  EXPECT_EQ(back.can.interface, "vcan0");
  EXPECT_EQ(back.can.bitrate, 500000u);
  EXPECT_EQ(back.can.restart_ms, 0u);
  EXPECT_TRUE(back.can.bring_up);
  EXPECT_EQ(back.can.joystick, hil::Joystick::kBjm1);
  EXPECT_EQ(back.can.joystick_axis, hil::JoystickAxis::kY);
  EXPECT_EQ(back.can.joystick_span, s.can.joystick_span);
  EXPECT_EQ(back.can.joystick_source_address, 0x80);
  EXPECT_EQ(to_toml(back), to_toml(s));
  // Unset optional keys stay unset.
  const Scenario plain = round_trip(default_scenario());
  EXPECT_FALSE(plain.can.bitrate.has_value());
  EXPECT_FALSE(plain.can.restart_ms.has_value());
  EXPECT_FALSE(plain.can.joystick_source_address.has_value());
  EXPECT_FALSE(plain.can.bring_up);
  EXPECT_EQ(plain.can.joystick, hil::Joystick::kNone);
}

TEST_F(HilSections, BadCanValuesNameTheKeyAndTheRange) {
  EXPECT_NE(error_of("[can]\nbitrate = 2000000\n")
                .find("'can.bitrate' = 2000000 bit/s is outside the accepted range [1, 1000000]"),
            std::string::npos);
  EXPECT_NE(error_of("[can]\nbitrate = 5e5\n").find("'can.bitrate' must be an integer"), std::string::npos);
  EXPECT_NE(error_of("[can]\nrestart_ms = -5\n").find("'can.restart_ms' = -5 ms is outside"),
            std::string::npos);
  EXPECT_NE(error_of("[can]\nbring_up = 1\n").find("'can.bring_up' must be true or false"),
            std::string::npos);
  EXPECT_NE(
      error_of("[can]\njoystick = \"bjm2\"\n").find("'can.joystick' = 'bjm2' is not one of: none, bjm1"),
      std::string::npos);
  EXPECT_NE(error_of("[can]\njoystick_axis = \"z\"\n").find("is not one of: x, y"), std::string::npos);
  EXPECT_NE(error_of("[can]\njoystick_span = 2\n").find("'can.joystick_span' = 2"), std::string::npos);
  EXPECT_NE(error_of("[can]\njoystick_source_address = 255\n").find("[0, 253]"), std::string::npos);
  EXPECT_NE(error_of("[can]\ninterface = \"can0/x\"\n").find("is not an interface name"), std::string::npos);
  EXPECT_NE(error_of("[can]\ninterface = \"a_very_long_name0\"\n").find("is not an interface name"),
            std::string::npos);
  EXPECT_NE(error_of("[can]\nspeed = 5\n").find("unknown key 'can.speed'"), std::string::npos);
  // -1 is a value like any other, not "absent".
  EXPECT_NE(error_of("[can]\nbitrate = -1\n").find("'can.bitrate' = -1 bit/s is outside"), std::string::npos);
  EXPECT_NE(error_of("[can]\nrestart_ms = -1\n").find("'can.restart_ms' = -1 ms is outside"),
            std::string::npos);
  EXPECT_NE(error_of("[can]\njoystick_source_address = -1\n").find("[0, 253]"), std::string::npos);
}

}  // namespace
}  // namespace hilsim::scenario

namespace hilsim::scenario {
namespace {

// A mapping of one's own: κ as a big-endian 16-bit value in frame 0x123, s1 and p1 in 0x321.
const char* kCustomMapping = R"(
[[messages]]
name = "Valve"
id = 0x123
length = 2
direction = "command"
[[messages.signals]]
name = "kappa_1"
start_bit = 7
length = 16
byte_order = "big_endian"
scale = 2e-5
min = 0
max = 1
[[messages]]
name = "Sensors"
id = 0x18FF0001
extended = true
length = 4
direction = "sensor"
[[messages.signals]]
name = "s_1"
start_bit = 0
length = 16
scale = 2e-5
max = 1.3107
unit = "m"
[[messages.signals]]
name = "p1_1"
start_bit = 16
length = 16
scale = 500
max = 32767500
unit = "Pa"
)";

std::string scenario_file(const std::string& text) {
  const fs::path p = fs::temp_directory_path() /
                     ("hilsim_messages_" +
                      std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".toml");
  std::ofstream(p) << text;
  return p.string();
}

TEST(MessagesSection, ACustomMappingLoadsValidatesAndRoundTrips) {
  const Scenario s = load_scenario(scenario_file(kCustomMapping));
  EXPECT_NO_THROW(validate(s));
  ASSERT_EQ(s.hil.messages.size(), 2u);
  EXPECT_EQ(s.hil.messages[0].id, 0x123u);
  EXPECT_EQ(s.hil.messages[0].signals[0].byte_order, hil::ByteOrder::kBigEndian);
  EXPECT_TRUE(s.hil.messages[1].extended);
  EXPECT_EQ(s.hil.messages[1].sender, "Hilsim");
  const Scenario back = round_trip(s);
  EXPECT_EQ(to_toml(back), to_toml(s));
  EXPECT_EQ(back.hil.messages[0].signals[0].scale, 2e-5);
}

TEST(MessagesSection, InconsistentMappingsAreNamed) {
  const auto error = [](const std::string& text) { return test::scenario_error(scenario_file(text)); };
  std::string no_kappa = kCustomMapping;
  no_kappa.replace(no_kappa.find("kappa_1"), 7, "kappa_9");
  EXPECT_NE(error(no_kappa).find("no command message carries a signal named kappa_1"), std::string::npos);
  // The built-in crane's valve is the benchmark's: a closed-centre valve's u_1 would let κ < 0 in.
  std::string u_command = kCustomMapping;
  u_command.replace(u_command.find("kappa_1"), 7, "u_1");
  EXPECT_NE(
      error(u_command).find("signal 'u_1' commands a closed-centre valve (u), and the LIM crane's valves are "
                            "the benchmark's: name it kappa_1"),
      std::string::npos)
      << error(u_command);
  std::string unknown = kCustomMapping;
  unknown.replace(unknown.find("p1_1"), 4, "temp");
  EXPECT_NE(error(unknown).find("sensor signal 'temp' is not one of"), std::string::npos);
  std::string overlap = kCustomMapping;
  overlap.replace(overlap.find("start_bit = 16"), 14, "start_bit = 8");
  EXPECT_NE(error(overlap).find("Sensors"), std::string::npos);
  std::string direction = kCustomMapping;
  direction.replace(direction.find("\"sensor\""), 8, "\"output\"");
  EXPECT_NE(error(direction).find("'messages[1].direction' = 'output' is not one of: command, sensor"),
            std::string::npos);
  std::string order = kCustomMapping;
  order.replace(order.find("big_endian"), 10, "motorola");
  EXPECT_NE(error(order).find("is not one of: little_endian, big_endian"), std::string::npos);
}

}  // namespace
}  // namespace hilsim::scenario

namespace hilsim::scenario {
namespace {

// The effective config says what an unset safe κ means (it is the equilibrium's κ0, which the
// scenario does not hold), so --print-config of a recording leaves nothing out.
TEST(ScenarioWriter, AnUnsetSafeKappaIsNamed) {
  Scenario s = default_scenario();
  EXPECT_NE(to_toml(s).find("# safe_kappa: unset, so each actuator's equilibrium kappa0"), std::string::npos);
  s.hil.safe_kappa = 0.45;
  EXPECT_NE(to_toml(s).find("safe_kappa = 0.45"), std::string::npos);
}

}  // namespace
}  // namespace hilsim::scenario

namespace hilsim::scenario {
namespace {

// Found by tests/fuzz/scenario_fuzz.cc: a string holding a control character ("a\rb" in the file)
// or a backslash (a unit) was written raw, so the recording's config did not load again and the
// run could not be replayed.
TEST(ScenarioWriter, StringsWithControlCharactersAndBackslashesReadBack) {
  Scenario s = load_scenario_text(
      "name = \"a\\rb\\tc\\u0001d\\u007Fe\\\"f\\\\g\"\n" + std::string(kCustomMapping), "custom");
  s.hil.messages[1].signals[0].unit = "m\\s \x1b";
  s.out = "/tmp/a \"quoted\"\\path.csv";
  ASSERT_EQ(s.name,
            "a\rb\tc\x01"
            "d\x7F"
            "e\"f\\g");
  const std::string text = to_toml(s);
  EXPECT_NE(text.find(R"(name = "a\rb\tc\u0001d\u007Fe\"f\\g")"), std::string::npos) << text;
  const Scenario back = round_trip(s);
  EXPECT_EQ(back.name, s.name);
  EXPECT_EQ(back.hil.messages[1].signals[0].unit, "m\\s \x1b");
  EXPECT_EQ(back.out, s.out);
  EXPECT_EQ(to_toml(back), text);
}

// Found by the same: -0.0 was written "-0", which TOML reads as the integer 0.
TEST(ScenarioWriter, NegativeZeroKeepsItsSign) {
  Scenario s = default_scenario();
  s.crane.x_B = -0.0;
  s.hydraulics.b = -0.0;
  const Scenario back = round_trip(s);
  EXPECT_TRUE(std::signbit(back.crane.x_B));
  EXPECT_TRUE(std::signbit(back.hydraulics.b));
  EXPECT_EQ(to_toml(back), to_toml(s));
}

// Found by the same: a whole number past 2^53 (9007199254740994.0 in the file) was written
// "9007199254740994", a TOML integer that toml++ will not hand over as a double (it is not exact
// in one), so the value read back was whatever an empty optional held. An integer a number key is
// given reads as the nearest double, as TOML's readers do for a float's digits.
TEST(ScenarioWriter, AWholeNumberPastTwoToTheFiftyThreeReadsBack) {
  Scenario s = default_scenario();
  s.limits_setting = true;
  s.cosim.limits.end_stops.stiffness = 9007199254740994.0;  // 2^53 + 2, exact in a double
  const Scenario back = round_trip(s);
  EXPECT_EQ(back.cosim.limits.end_stops.stiffness, 9007199254740994.0);
  EXPECT_EQ(to_toml(back), to_toml(s));

  const Scenario given = load_scenario_text("[limits]\nend_stop_stiffness = 12345678901234567\n", "given");
  EXPECT_EQ(given.cosim.limits.end_stops.stiffness, 12345678901234568.0);  // the nearest double
}

}  // namespace
}  // namespace hilsim::scenario
