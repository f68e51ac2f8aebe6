// A [contact] task in hydraulic mode with a CAN input, from the commands that need no CAN
// interface: its run takes κ of both cylinders from the command frames and sends both cylinders'
// sensor frames (the contact tasks' arm has two, whatever [crane] actuators says), so `hilsim
// frame`, `hilsim dbc` and `hilsim decode` with that scenario speak of both; `hilsim decode
// --compare` checks a mapping's contact_force against the run's normal_force. The real hilsim
// binary, real files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "hil/candump_log.h"
#include "hil/default_messages.h"
#include "hil/signal_map.h"
#include "tests/tools/binary_harness.h"
#include "tools/scenario/scenario.h"

namespace hilsim::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kLanding =
    "[run]\nduration = 0.2\n[cosim]\nH = 2e-3\nh_hyd = 1e-3\nhydraulics_integrator = \"trapezoidal\"\n"
    "[contact]\ntask = \"landing\"\nmode = \"hydraulic\"\n";

fs::path scenario(const std::string& suffix, const std::string& text) {
  const fs::path p = temp_path("contact_can", suffix);
  std::ofstream(p) << text;
  return p;
}

Outcome hilsim(const std::string& args) { return run_hilsim("contact_can", args); }

// `hilsim decode --compare` of a run's CSV (t, s1, p1, p2, normal_force at t_n = n·2 ms, n = 0 ..
// last) and the candump log of the frames of `scenario_path`'s mapping, the snapshot with row n's
// values sent at t_(n+lag), its contact force force(n).
Outcome decode_compared(const fs::path& scenario_path, int last, int lag,
                        const std::function<double(int)>& force) {
  const fs::path csv = temp_path("contact_can", "_compared.csv"),
                 log = temp_path("contact_can", "_compared.log");
  const hil::SensorEncoder encoder(
      hil::sensor_messages(scenario::signal_mapping(scenario::load_scenario(scenario_path.string()))));
  std::ofstream rows(csv), frames(log);
  rows << "t,s1,p1,p2,normal_force\n";
  for (int n = 0; n <= last; ++n) {
    rows << n * 2e-3 << ",0.5,3e6,4e6," << force(n) << "\n";
    hil::SensorSnapshot snap;
    snap.t = (n + lag) * 2e-3;
    snap.s = 0.5;
    snap.p1 = 3e6;
    snap.p2 = 4e6;
    snap.contact_force = force(n);
    std::vector<hil::Frame> out(encoder.size());
    encoder.encode({&snap, 1}, out);
    for (const hil::Frame& f : out)
      frames << hil::format_candump_line(1700000000000000 + n * 2000, "vcan0", f) << "\n";
  }
  rows.close();
  frames.close();
  const Outcome o = hilsim("decode --candump " + log.string() + " --scenario " + scenario_path.string() +
                           " --compare " + csv.string() + " --quiet");
  fs::remove(csv);
  fs::remove(log);
  return o;
}

// Without [crane] actuators = 2 the frame carried kappa_2 = 0, which the run applied to cylinder 2
// (the arm then fell and the run diverged at once).
TEST(ContactCanCli, FrameCarriesTheSecondCylindersKappa) {
  const fs::path s = scenario(".toml", std::string(kLanding) + "[hil]\ninput = \"can\"\n");
  const Outcome with_scenario = hilsim("frame " + s.string() + " --kappa 0.48 --kappa-2 0.5005");
  const Outcome by_default = hilsim("frame --kappa 0.48 --kappa-2 0.5005");
  ASSERT_EQ(with_scenario.status, 0) << with_scenario.err;
  ASSERT_EQ(by_default.status, 0) << by_default.err;
  EXPECT_EQ(with_scenario.out, by_default.out);  // 100#1D00003E49C85E4C: κ2 = 0.5005 in bytes 5..7
  fs::remove(s);
}

TEST(ContactCanCli, DbcAndDecodeKnowTheSecondCylindersSensorFrames) {
  const fs::path s = scenario(".toml", kLanding);
  const Outcome dbc = hilsim("dbc " + s.string());
  ASSERT_EQ(dbc.status, 0) << dbc.err;
  EXPECT_NE(dbc.out.find("BO_ 528 HilsimActuator2: 8 Hilsim"), std::string::npos) << dbc.out;
  EXPECT_NE(dbc.out.find("BO_ 529 HilsimForce2: 8 Hilsim"), std::string::npos) << dbc.out;
  EXPECT_NE(dbc.out.find("BO_ 544 HilsimContact: 4 Hilsim"), std::string::npos) << dbc.out;  // 0x220
  EXPECT_NE(dbc.out.find("SG_ contact_force : 0|32@1+ (0.01,0) [0|42949672.95] \"N\""), std::string::npos)
      << dbc.out;
  const fs::path log = temp_path("contact_can", ".log");
  std::ofstream(log) << "(1700000000.000100) vcan0 210#0000000000000000\n";
  const Outcome decode = hilsim("decode --candump " + log.string() + " --scenario " + s.string());
  ASSERT_EQ(decode.status, 0) << decode.err;
  EXPECT_NE(decode.out.find("210#0000000000000000  HilsimActuator2: s_2 = 0 m"), std::string::npos)
      << decode.out;
  fs::remove(s);
  fs::remove(log);
}

// Without [[messages]], a hydraulic contact task's frames carry the contact force in HilsimContact
// (0x220), the last message before the status frame; a guided task's (no live input) and the
// crane's do not.
TEST(ContactCanCli, TheDefaultMappingOfAHydraulicContactTaskCarriesTheContactForce) {
  const std::vector<hil::MessageSpec> sensors = hil::sensor_messages(hil::default_messages(2, true));
  ASSERT_GE(sensors.size(), 2u);
  EXPECT_EQ(sensors[sensors.size() - 2].id, hil::kContactId);
  EXPECT_EQ(sensors[sensors.size() - 2].signals.at(0).name, "contact_force");
  EXPECT_EQ(sensors.back().id, hil::kStatusId);
  const auto has_contact = [](const std::string& text) {
    const fs::path p = scenario("_mapping_of.toml", text);
    const std::vector<hil::MessageSpec> m = scenario::signal_mapping(scenario::load_scenario(p.string()));
    fs::remove(p);
    for (const hil::MessageSpec& spec : m)
      if (spec.id == hil::kContactId) return true;
    return false;
  };
  EXPECT_TRUE(has_contact(kLanding));
  EXPECT_FALSE(has_contact("[run]\nduration = 0.2\n[contact]\ntask = \"landing\"\n"));  // guided
  EXPECT_FALSE(has_contact("[run]\nduration = 0.2\n"));

  // decode --compare reads the contact force of the default mapping's frames.
  const fs::path s = scenario("_default.toml", kLanding);
  const Outcome o = decode_compared(s, 4, 0, [](int n) { return 490.5 + n; });
  ASSERT_EQ(o.status, 0) << o.err;
  const std::size_t line = o.out.find("  contact: max |dF| = ");
  ASSERT_NE(line, std::string::npos) << o.out;
  EXPECT_LE(std::stod(o.out.substr(line + 22)), 0.005) << o.out;
  EXPECT_NE(o.out.find("nonzero at 4 points", line), std::string::npos) << o.out;
  fs::remove(s);
}

// --kappa-2 with a scenario of one actuator has no signal to go into: refused, not dropped.
TEST(ContactCanCli, FrameRefusesTheSecondKappaForOneActuator) {
  const fs::path s = scenario("_crane.toml", "[run]\nduration = 1.0\n");
  const Outcome o = hilsim("frame " + s.string() + " --kappa-2 0.5");
  EXPECT_EQ(o.status, 2) << o.out;
  EXPECT_TRUE(o.out.empty()) << o.out;
  EXPECT_NE(o.err.find("--kappa-2: " + s.string() + " drives one actuator"), std::string::npos) << o.err;
  fs::remove(s);
}

// A mapping of the user's with the contact force before a status frame of sim_time alone.
constexpr const char* kContactMapping =
    "[[messages]]\nname = \"HilsimCommand\"\nid = 0x100\nlength = 8\ndirection = \"command\"\n"
    "[[messages.signals]]\nname = \"kappa_1\"\nstart_bit = 0\nlength = 32\nscale = 1e-9\nmax = 1.0\n"
    "[[messages.signals]]\nname = \"kappa_2\"\nstart_bit = 32\nlength = 32\nscale = 1e-9\nmax = 1.0\n"
    "[[messages]]\nname = \"HilsimActuator1\"\nid = 0x200\nlength = 6\ndirection = \"sensor\"\n"
    "[[messages.signals]]\nname = \"s_1\"\nstart_bit = 0\nlength = 16\nscale = 2e-5\nmax = 1.3107\n"
    "[[messages.signals]]\nname = \"p1_1\"\nstart_bit = 16\nlength = 16\nscale = 500.0\nmax = 32767500.0\n"
    "[[messages.signals]]\nname = \"p2_1\"\nstart_bit = 32\nlength = 16\nscale = 500.0\nmax = 32767500.0\n"
    "[[messages]]\nname = \"HilsimContact\"\nid = 0x220\nlength = 4\ndirection = \"sensor\"\n"
    "[[messages.signals]]\nname = \"contact_force\"\nstart_bit = 0\nlength = 32\nscale = 0.01\n"
    "max = 42949672.95\n"
    "[[messages]]\nname = \"HilsimStatus\"\nid = 0x2F0\nlength = 4\ndirection = \"sensor\"\n"
    "[[messages.signals]]\nname = \"sim_time\"\nstart_bit = 0\nlength = 32\nscale = 1e-4\nmax = "
    "429496.7295\n";

// The frames of a run whose tool's thread was one communication point behind the cylinders' at
// every snapshot: within the window decode --compare allows, each force exact to its resolution.
TEST(ContactCanCli, DecodeComparesTheContactForceWithTheRunsNormalForce) {
  const fs::path s = scenario("_mapping.toml", std::string(kLanding) + kContactMapping);
  // The force at t_n, sent with the cylinders' step ending at t_{n+1}; the contact closes at t_5.
  const Outcome o = decode_compared(s, 10, 1, [](int n) { return n < 5 ? 0.0 : 490.5 + 12.34 * n; });
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("at 10 communication points:"), std::string::npos) << o.out;  // t_1 .. t_10
  const std::size_t line = o.out.find("  contact: max |dF| = ");
  ASSERT_NE(line, std::string::npos) << o.out;
  EXPECT_LE(std::stod(o.out.substr(line + 22)), 0.005) << o.out;  // half of 0.01 N
  // t_6 .. t_10 held a force only t_{n-1} had; t_1 .. t_5 held 0 N, as did other rows near them.
  EXPECT_NE(o.out.find(" N (resolution 0.01 N) against normal_force at the nearest of t_{n-2} .. t_{n+1}; "
                       "nonzero at 5 points; the tool's step held: t_{n-2} 0, t_{n-1} 5, t_n 0, t_{n+1} 0 "
                       "(5 points alike at several, 0 at none, 0 without a force yet)",
                       line),
            std::string::npos)
      << o.out;
  fs::remove(s);
}

}  // namespace
}  // namespace hilsim::test
