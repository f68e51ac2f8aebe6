// The signals of a machine file (hil/machine_signals.h): the LIM crane's generated mapping is the
// shipped one to the byte; the excavator's command signals are u_k in [-1, 1] and its sensor signals
// hold its strokes and pressures; a mapping too narrow for the machine is named; a value clipped at
// run time is counted (hil::SensorEncoder).
#include "hil/machine_signals.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hil/dbc_writer.h"
#include "hil/default_messages.h"
#include "hil/message.h"
#include "hil/sensor_publisher.h"
#include "hil/signal.h"
#include "hil/signal_map.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/lim_crane.h"
#include "sim/machine/machine_data.h"
#include "tools/io/input_error.h"
#include "tools/scenario/machine_file.h"
#include "tools/scenario/scenario.h"

namespace hilsim {
namespace {

std::vector<hil::ActuatorReach> reach_of_file(const std::string& relative) {
  const std::string path = std::string(HILSIM_SOURCE_DIR) + "/" + relative;
  return hil::machine_reach(*scenario::MachineFile::load(path).build(), true);
}

std::vector<hil::ActuatorReach> lim_reach(int actuators, bool limits) {
  sim::CraneParameters crane;
  crane.actuators = actuators;
  sim::MachineLimits machine_limits;
  machine_limits.enabled = limits;
  return hil::machine_reach(sim::machine::build_machine_model(sim::machine::lim_crane_description(
                                crane, sim::HydraulicParameters{}, machine_limits)),
                            limits);
}

std::string dbc(const std::vector<hil::MessageSpec>& messages) {
  std::ostringstream out;
  hil::write_dbc(out, messages, {"Controller", "Hilsim"});
  return out.str();
}

const hil::SignalSpec* find_signal(const std::vector<hil::MessageSpec>& messages, const std::string& name) {
  for (const hil::MessageSpec& m : messages) {
    for (const hil::SignalSpec& s : m.signals) {
      if (s.name == name) return &s;
    }
  }
  return nullptr;
}

TEST(MachineSignals, TheLimCranesGeneratedMappingIsTheShippedOne) {
  for (const int actuators : {1, 2}) {
    for (const bool limits : {false, true}) {
      const std::vector<hil::MessageSpec> generated = hil::machine_messages(lim_reach(actuators, limits));
      EXPECT_EQ(dbc(generated), dbc(hil::default_messages(actuators)))
          << actuators << " actuator(s), limits " << limits;
    }
  }
  EXPECT_EQ(dbc(hil::machine_messages(reach_of_file("config/machines/lim_crane_double.toml"))),
            dbc(hil::default_messages(2)));
}

TEST(MachineSignals, TheExcavatorsSignalsHoldWhatItReaches) {
  const std::vector<hil::ActuatorReach> reach = reach_of_file("config/machines/excavator.toml");
  ASSERT_EQ(reach.size(), 3u);
  const std::vector<hil::MessageSpec> m = hil::machine_messages(reach);
  EXPECT_TRUE(hil::validate_messages(m).empty()) << hil::validate_messages(m);
  for (int k = 1; k <= 3; ++k) {
    const std::string n = std::to_string(k);
    const hil::ActuatorReach& r = reach[static_cast<std::size_t>(k - 1)];
    EXPECT_TRUE(r.closed_centre);
    const hil::SignalSpec* u = find_signal(m, "u_" + n);
    ASSERT_NE(u, nullptr) << n;
    EXPECT_EQ(u->min, -1.0);
    EXPECT_EQ(u->max, 1.0);
    EXPECT_LE(hil::representable_range(*u).lo, -1.0);
    EXPECT_GE(hil::representable_range(*u).hi, 1.0);
    EXPECT_EQ(find_signal(m, "kappa_" + n), nullptr);
    ASSERT_NE(find_signal(m, "u_applied_" + n), nullptr);
    const hil::SignalSpec* s = find_signal(m, "s_" + n);
    ASSERT_NE(s, nullptr);
    EXPECT_LE(s->min, r.s_min);
    EXPECT_GE(s->max, r.s_max);
    EXPECT_GT(r.s_max, 1.3107) << "the excavator's cylinders are longer than the crane's signal holds";
    const hil::SignalSpec* p1 = find_signal(m, "p1_" + n);
    ASSERT_NE(p1, nullptr);
    EXPECT_GE(p1->max, 39e6) << "the port relief valves' setting";
    EXPECT_GE(p1->max, r.p_max);
  }
  EXPECT_TRUE(hil::narrow_signal_errors(hil::sensor_messages(m), reach).empty());
  EXPECT_EQ(hil::command_signal_error(hil::command_messages(m), reach), "");
  // Three valves: two command frames, each with its own end-to-end protection.
  EXPECT_EQ(hil::command_messages(m).size(), 2u);
}

// The excavator's named sensors (tip_x, tip_y, p_pump, boom_angle): one frame, 0x280, before the
// status frame; each signal holds its reach. The tip's reach holds against the kinematics: at 2000
// random poses (every joint anywhere in a turn; loops left open, which only widens the poses) the
// tool point stays inside it.
TEST(MachineSignals, TheExcavatorsNamedSensorsGoOutInAFrameThatHoldsTheirReach) {
  const auto model =
      scenario::MachineFile::load(std::string(HILSIM_SOURCE_DIR) + "/config/machines/excavator.toml").build();
  const std::vector<hil::NamedSensorReach> named = hil::named_sensor_reach(*model, true);
  ASSERT_EQ(hil::named_sensor_names(named),
            (std::vector<std::string>{"tip_x", "tip_y", "p_pump", "boom_angle"}));
  const std::vector<hil::MessageSpec> m =
      hil::machine_messages(hil::machine_reach(*model, true), false, named);
  EXPECT_TRUE(hil::validate_messages(m).empty()) << hil::validate_messages(m);
  ASSERT_GE(m.size(), 3u);
  EXPECT_EQ(m[m.size() - 2].id, hil::kNamedSensorsId);
  EXPECT_EQ(m.back().id, hil::kStatusId) << "the status frame closes a row: last";
  for (const hil::NamedSensorReach& r : named) {
    const hil::SignalSpec* s = find_signal(m, r.name);
    ASSERT_NE(s, nullptr) << r.name;
    EXPECT_EQ(s->unit, r.unit);
    EXPECT_LE(s->min, r.lo) << r.name;
    EXPECT_GE(s->max, r.hi) << r.name;
  }
  EXPECT_GE(named[2].hi, model->supplies[0].relief_pressure) << "the pump's relief setting";
  EXPECT_NEAR(named[3].hi, 2.0 * M_PI, 1e-12);

  sim::machine::MachineData data(*model);
  const sim::machine::Point& tip = model->points[static_cast<std::size_t>(model->sensors[0].target)];
  std::mt19937 random(42);
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  double farthest = 0.0;
  for (int i = 0; i < 2000; ++i) {
    sim::machine::VecQ q = model->initial_q;
    for (int j = 0; j < q.size(); ++j) q[j] = angle(random);
    sim::machine::forward_kinematics(*model, q, sim::machine::VecQ::Zero(q.size()), data);
    const Eigen::Vector2d p = sim::machine::point_position(data, tip.body, tip.at);
    farthest = std::max({farthest, std::abs(p.x()), std::abs(p.y())});
  }
  EXPECT_LE(farthest, named[0].hi);
  EXPECT_GT(farthest, 0.5 * named[0].hi) << "a reach far beyond what the tool can be costs resolution";
}

// A mapping of one's own may carry the machine's named sensors: the generated one, given as
// [[messages]], is valid as it is; with tip_x at 1e-4 m (±3.28 m) it is refused naming the sensor.
TEST(MachineSignals, AMappingOfOnesOwnCarriesNamedSensorsCheckedAgainstTheirReach) {
  scenario::Scenario s =
      scenario::load_scenario(std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/hil_excavator_udp.toml");
  s.hil.messages = scenario::signal_mapping(s);
  ASSERT_NE(find_signal(s.hil.messages, "tip_x"), nullptr);
  EXPECT_NO_THROW(scenario::validate(s));
  EXPECT_TRUE(scenario::narrow_sensor_signals(s).empty());
  for (hil::MessageSpec& m : s.hil.messages) {
    for (hil::SignalSpec& sig : m.signals) {
      if (sig.name != "tip_x") continue;
      sig.scale = 1e-4;
      hil::set_full_range(sig);
    }
  }
  try {
    scenario::validate(s);
    ADD_FAILURE() << "a tip_x signal of ±3.28 m accepted";
  } catch (const io::InputError& e) {
    EXPECT_NE(
        std::string(e.what()).find("signal 'tip_x' holds [-3.2768, 3.2767] m, but sensor 'tip_x' reaches"),
        std::string::npos)
        << e.what();
  }
}

// In a mapping of one's own too, a machine's sensor named like a built-in signal is refused (the
// mapping would send the built-in one under its name).
TEST(MachineSignals, AMappingOfOnesOwnRefusesASensorWithABuiltInSignalsName) {
  scenario::Scenario s =
      scenario::load_scenario(std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/hil_excavator_udp.toml");
  s.hil.messages = scenario::signal_mapping(s);
  std::string text = scenario::MachineFile::load(*s.machine).text();
  const std::size_t at = text.find("name = \"boom_angle\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, std::string("name = \"boom_angle\"").size(), "name = \"relief\"");
  s.machine_text = text;
  try {
    scenario::validate(s);
    ADD_FAILURE() << "a sensor named 'relief' accepted";
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("sensor 'relief' has the name of a built-in sensor signal"),
              std::string::npos)
        << e.what();
  }
}

// [can] joystick_axes: only with a joystick, each entry an axis, one per valve at most.
TEST(MachineSignals, JoystickAxesAreCheckedAgainstTheJoystickAndTheValves) {
  scenario::Scenario s =
      scenario::load_scenario(std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/hil_excavator_can.toml");
  const auto refusal = [&](const scenario::Scenario& bad) {
    try {
      scenario::validate(bad);
    } catch (const io::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  s.can.joystick_axes = {"x@0x81", "y@0x81", "y@0x82"};
  EXPECT_NE(refusal(s).find("no joystick to take them"), std::string::npos) << refusal(s);
  s.can.joystick = hil::Joystick::kBjm1;
  EXPECT_EQ(refusal(s), "accepted");
  s.can.joystick_axes.push_back("x");
  EXPECT_NE(refusal(s).find("4 entries, one per valve, and the machine has 3 valve(s)"), std::string::npos)
      << refusal(s);
  s.can.joystick_axes = {"x@300"};
  EXPECT_NE(refusal(s).find("entry 1 (valve 1): 'x@300'"), std::string::npos) << refusal(s);
}

// A named sensor may not take a built-in signal's name: it would send the built-in quantity.
TEST(MachineSignals, ANamedSensorWithABuiltInSignalsNameIsRefused) {
  std::vector<hil::NamedSensorReach> named(1);
  named[0].name = "sim_time";
  named[0].unit = "m";
  try {
    hil::machine_messages(reach_of_file("config/machines/excavator.toml"), false, named);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "sensor 'sim_time' of the machine has the name of a built-in sensor signal"),
              std::string::npos)
        << e.what();
  }
}

TEST(MachineSignals, TheCranesMappingIsTooNarrowForTheExcavatorAndSaysWhere) {
  const std::vector<hil::ActuatorReach> reach = reach_of_file("config/machines/excavator.toml");
  const std::vector<std::string> errors =
      hil::narrow_signal_errors(hil::sensor_messages(hil::default_messages(2)), reach);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors.front().find("message 'HilsimActuator1': signal 's_1' holds [0, 1.3107] m, but cylinder "
                                "'boom' reaches ["),
            std::string::npos)
      << errors.front();
  // The crane's command signals are κ: the excavator's valves take u.
  EXPECT_NE(hil::command_signal_error(hil::command_messages(hil::default_messages(2)), reach)
                .find("signal 'kappa_1' commands the benchmark's valve (kappa), and cylinder 'boom' has a "
                      "closed-centre valve: name it u_1"),
            std::string::npos);
}

TEST(MachineSignals, SixCylindersGetThreeCommandFramesAndFitOneDatagram) {
  const std::vector<hil::ActuatorReach> reach = reach_of_file("tests/tools/data/six_cylinders.toml");
  ASSERT_EQ(reach.size(), 6u);
  const std::vector<hil::MessageSpec> m = hil::machine_messages(reach);
  EXPECT_TRUE(hil::validate_messages(m).empty()) << hil::validate_messages(m);
  EXPECT_EQ(hil::command_messages(m).size(), 3u);
  EXPECT_EQ(hil::sensor_messages(m).size(), 13u);  // two per cylinder and the status
  const hil::CommandDecoder decoder(hil::command_messages(m), 6, hil::OutOfRange::kReject);
  EXPECT_EQ(decoder.ids().size(), 3u);
  EXPECT_NO_THROW(hil::SensorEncoder{hil::sensor_messages(m)});
}

TEST(CommandSignals, TheNameSaysTheValveAndItsRange) {
  const auto kappa = hil::parse_command_signal("kappa_3");
  ASSERT_TRUE(kappa);
  EXPECT_EQ(kappa->actuator, 2);
  EXPECT_FALSE(kappa->closed_centre);
  const auto u = hil::parse_command_signal("u_8");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->actuator, 7);
  EXPECT_EQ(u->range.min, -1.0);
  for (const char* name : {"u_9", "u_0", "kappa_10", "kappa_", "u_1x", "kappa_applied_1"})
    EXPECT_FALSE(hil::parse_command_signal(name)) << name;
  hil::MessageSpec m = hil::default_messages(1).front();
  m.signals[2].name = "u_1";
  m.signals[2].min = -1.5;
  EXPECT_NE(
      hil::kappa_range_error({m}).find("'u_1' has the range [-1.5, 1], but the valve accepts u in [-1, 1]"),
      std::string::npos)
      << hil::kappa_range_error({m});
}

// A sensor value beyond its signal's range reads as the range's end and is counted.
TEST(SensorEncoder, AClippedValueIsCountedAndNamed) {
  const hil::SensorEncoder encoder(hil::sensor_messages(hil::default_messages(1)));
  hil::SensorSnapshot snap;
  snap.s = 1.0;
  std::array<hil::Frame, 16> frames{};
  encoder.encode(std::span<const hil::SensorSnapshot>(&snap, 1), frames);
  EXPECT_EQ(encoder.clipped_values(), 0u);
  EXPECT_TRUE(encoder.clip_report().empty());
  snap.s = 1.647;
  encoder.encode(std::span<const hil::SensorSnapshot>(&snap, 1), frames);
  snap.s = 1.5;
  snap.overruns = 1 << 20;  // overruns saturates by design: not a clip
  encoder.encode(std::span<const hil::SensorSnapshot>(&snap, 1), frames);
  EXPECT_EQ(encoder.clipped_values(), 2u);
  ASSERT_EQ(encoder.clip_report().size(), 1u);
  EXPECT_EQ(encoder.clip_report().front(), "s_1: 2 value(s) clipped to [0, 1.3107] m (the farthest 1.647)");
  EXPECT_NEAR(hil::decode(*find_signal(hil::default_messages(1), "s_1"),
                          std::span<const std::uint8_t>(frames[0].data.data(), 8)),
              1.3107, 1e-12);
}

}  // namespace
}  // namespace hilsim
