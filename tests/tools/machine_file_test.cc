// Machine files (tools/scenario/machine_file.h, docs/machine.md): the shipped LIM crane files are
// the built-in crane number for number, a description reads back as it is written, and every
// mistake of a machine file is one line naming the file, the line, the key and what is wrong.
#include "tools/scenario/machine_file.h"

#include <gtest/gtest.h>

#include <string>

#include "sim/machine/lim_crane.h"
#include "sim/machine/machine_equilibrium.h"
#include "tests/tools/binary_harness.h"
#include "tools/io/telemetry_json.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::scenario {
namespace {

namespace fs = std::filesystem;

std::string shipped(const std::string& name) {
  return std::string(HILSIM_SOURCE_DIR) + "/config/machines/" + name;
}

std::string text_of(const std::string& name) { return test::slurp(shipped(name)); }

// The description the built-in crane is simulated with when its machine's limits are on (the one
// whose relief valves and rest are fitted; a run with its limits off leaves them unused).
sim::machine::MachineDescription built_in_crane(int actuators) {
  sim::CraneParameters crane;
  crane.actuators = actuators;
  sim::MachineLimits limits;
  limits.enabled = true;
  return sim::machine::lim_crane_description(crane, sim::HydraulicParameters{}, limits);
}

TEST(MachineFile, TheShippedLimCraneIsTheBuiltInCraneNumberForNumber) {
  EXPECT_EQ(to_machine_toml(MachineFile::load(shipped("lim_crane.toml")).description()),
            to_machine_toml(built_in_crane(1)));
  EXPECT_EQ(to_machine_toml(MachineFile::load(shipped("lim_crane_double.toml")).description()),
            to_machine_toml(built_in_crane(2)));
}

TEST(MachineFile, ADescriptionReadsBackAsItIsWritten) {
  for (const char* name :
       {"lim_crane.toml", "lim_crane_double.toml", "excavator.toml", "naya2011_rod.toml"}) {
    const MachineFile file = MachineFile::load(shipped(name));
    const std::string written = to_machine_toml(file.description());
    EXPECT_EQ(to_machine_toml(MachineFile::parse(written, name).description()), written) << name;
  }
}

TEST(MachineFile, EveryShippedMachineBuildsAndRestsInEquilibrium) {
  for (const char* name :
       {"lim_crane.toml", "lim_crane_double.toml", "excavator.toml", "naya2011_rod.toml"}) {
    const MachineFile file = MachineFile::load(shipped(name));
    const auto model = file.build();
    const sim::machine::MachineEquilibrium eq = sim::machine::solve_machine_equilibrium(*model);
    EXPECT_EQ(eq.cylinders.size(), static_cast<std::size_t>(model->cylinder_count())) << name;
  }
}

// Naya et al. 2011, §4: the rod at rest satisfies eq. (32), (2M + m) g = (p2 − p1) A with h1 = h2 = 0
// of eq. (29) (the valve's in- and outflows of each chamber equal, κ² (p_P − p1) = (1 − κ)² (p1 − p_T),
// (1 − κ)² (p_P − p2) = κ² (p2 − p_T)), at s0 = 0.5 m; the shipped eq. (38) table starts at its κ0.
TEST(MachineFile, TheNayaRodRestsAsItsEquation32Says) {
  const auto model = MachineFile::load(shipped("naya2011_rod.toml")).build();
  const sim::machine::CylinderEquilibrium eq =
      sim::machine::solve_machine_equilibrium(*model).cylinders.at(0);
  const double A = 0.0065, pP = 7.6e6, pT = 0.1e6, k = eq.command;
  EXPECT_NEAR(eq.s, 0.5, 1e-12);
  EXPECT_NEAR((eq.p[1] - eq.p[0]) * A, (2 * 250.0 + 200.0) * 9.81, 1e-6);
  EXPECT_NEAR(k * k * (pP - eq.p[0]), (1 - k) * (1 - k) * (eq.p[0] - pT), 1e-6 * pP);
  EXPECT_NEAR((1 - k) * (1 - k) * (pP - eq.p[1]), k * k * (eq.p[1] - pT), 1e-6 * pP);
  const std::string table =
      test::slurp(std::string(HILSIM_SOURCE_DIR) + "/config/manoeuvres/naya2011_eq38.csv");
  const std::size_t comma = table.find(',', table.find('\n'));
  EXPECT_EQ(std::stod(table.substr(comma + 1)), k);
}

// The message for `text`, a machine file named "m.toml": from reading it, building its model or
// finding its pose at rest, whichever refuses it first; "" when nothing does.
std::string mistake(const std::string& text) {
  try {
    const MachineFile file = MachineFile::parse(text, "m.toml");
    const auto model = file.build();
    try {
      sim::machine::solve_machine_equilibrium(*model);
    } catch (const sim::machine::MachineError& e) {
      throw file.error(e);
    }
  } catch (const io::InputError& e) {
    return e.what();
  }
  return "";
}

// The shipped crane with `from` replaced by `to` (which must be in it).
std::string crane_with(const std::string& from, const std::string& to) {
  std::string text = text_of("lim_crane.toml");
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// The line of `needle` in `text` (1-based), as messages name it.
std::string line_of(const std::string& text, const std::string& needle) {
  const std::size_t at = text.find(needle);
  return std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

TEST(MachineFile, AnUnknownBodyIsNamedWithItsLineAndTheBodiesThereAre) {
  const std::string text = crane_with("child = \"link1.A\"", "child = \"link9.A\"");
  const std::string m = mistake(text);
  EXPECT_EQ(m.rfind("m.toml:" + line_of(text, "link9") + ": key 'joints[0].child'", 0), 0u) << m;
  EXPECT_NE(m.find("body 'link9' is not described (bodies: ground, link1, link2)"), std::string::npos) << m;
}

TEST(MachineFile, AnUnknownPointIsNamed) {
  const std::string m = mistake(crane_with("rod_end = \"link1.P\"", "rod_end = \"link1.Z\""));
  EXPECT_NE(m.find("key 'cylinders[0].rod_end'"), std::string::npos) << m;
  EXPECT_NE(m.find("no point 'Z' on body 'link1'"), std::string::npos) << m;
}

TEST(MachineFile, APointNotWrittenAsBodyDotPointIsRefused) {
  const std::string m = mistake(crane_with("base = \"ground.B\"", "base = \"B\""));
  EXPECT_NE(m.find("key 'cylinders[0].base' = 'B' must name a point as BODY.POINT"), std::string::npos) << m;
}

TEST(MachineFile, AStrokeThatCannotReachItsPointsIsRefused) {
  const std::string m = mistake(crane_with("stroke = 0.422", "stroke = 0.2\nretracted_length = 0.1"));
  EXPECT_NE(m.find("key 'cylinders[0].stroke'"), std::string::npos) << m;
  EXPECT_NE(m.find("its stroke cannot reach its points: they are 0.5 m apart at the initial pose, outside "
                   "[0.1, 0.3] m"),
            std::string::npos)
      << m;
}

// The live telemetry names a machine's columns as its CSV does: every body's angle, every cylinder's
// columns and the sensors (it once sent the crane's layout whatever the machine).
TEST(MachineFile, TheLiveTelemetryHasTheMachinesColumns) {
  const auto model = MachineFile::load(shipped("excavator.toml")).build();
  const io::TrajectoryColumns columns = io::TrajectoryColumns::of(*model);
  io::TelemetryJson json(columns);
  sim::Sample s;
  s.theta[4] = 0.25;
  s.sensor[0] = 7.5;
  const std::string text = json.format(s);
  EXPECT_NE(text.find("\"theta5\":0.25"), std::string::npos) << text;
  EXPECT_NE(text.find("\"tip_x\":7.5"), std::string::npos) << text;
  EXPECT_NE(text.find("\"kappa_3\":"), std::string::npos) << text;
  std::string header = io::trajectory_header(columns);
  EXPECT_EQ(std::count(text.begin(), text.end(), ':'), std::count(header.begin(), header.end(), ',') + 2);
}

TEST(MachineFile, MoreSensorsThanASampleHoldsOrASensorNamedAsAColumnIsRefused) {
  std::string many;
  for (int i = 0; i < 17; ++i)
    many += "\n[[sensors]]\nname = \"q" + std::to_string(i) +
            "\"\nkind = \"joint_position\"\ntarget = \"joint1\"\n";
  const std::string m = mistake(text_of("lim_crane.toml") + many);
  EXPECT_NE(m.find("key 'sensors': the machine has 17 sensors; at most 16"), std::string::npos) << m;
  const std::string named =
      mistake(text_of("lim_crane.toml") +
              "\n[[sensors]]\nname = \"s1\"\nkind = \"stroke\"\ntarget = \"cylinder1\"\n");
  EXPECT_NE(named.find("sensor 's1' has the name of a trajectory column"), std::string::npos) << named;
}

TEST(MachineFile, AMachineThatIsADirectoryOrAnActuatorsFlagBesideAScenariosMachineIsRefused) {
  const fs::path scenario = test::temp_path("machine_dir", ".toml");
  std::ofstream(scenario) << "machine = \"" << std::string(HILSIM_SOURCE_DIR) << "/config/machines\"\n";
  const test::Outcome dir = test::run_hilsim("machine_dir", "run --quiet " + scenario.string());
  EXPECT_EQ(dir.status, 2);
  EXPECT_NE(dir.err.find("the machine file is not a file"), std::string::npos) << dir.err;
  std::ofstream(scenario) << "machine = \"" << shipped("excavator.toml") << "\"\n";
  const test::Outcome flag =
      test::run_hilsim("machine_dir", "run --quiet --actuators 2 " + scenario.string());
  EXPECT_EQ(flag.status, 2);
  EXPECT_NE(flag.err.find("--actuators sets the built-in crane's"), std::string::npos) << flag.err;
  fs::remove(scenario);
}

TEST(MachineFile, ANegativeMassOrAreaIsOutsideItsRange) {
  std::string m = mistake(crane_with("mass = 200", "mass = -200"));
  EXPECT_NE(m.find("key 'bodies[0].mass' = -200 kg is outside the accepted range [0, inf)"),
            std::string::npos)
      << m;
  m = mistake(crane_with("piston_area = 0.0065", "piston_area = -0.0065"));
  EXPECT_NE(m.find("key 'cylinders[0].piston_area' = -0.0065 m² is outside the accepted range (0, inf)"),
            std::string::npos)
      << m;
}

// A key of a section ([fluid], [limits]) or of the top level is named with its line too.
TEST(MachineFile, ASectionsKeyOutOfRangeIsNamedWithItsLine) {
  const std::string text = crane_with("density = 850", "density = -1");
  const std::string m = mistake(text);
  EXPECT_NE(m.find("m.toml:" + line_of(text, "density = -1") + ": key 'fluid.density' = -1"),
            std::string::npos)
      << m;
}

TEST(MachineFile, ABodyWithoutMassIsRefused) {
  const std::string text = crane_with("[[bodies.point_masses]]\nmass = 100\nat = [0.5, 0]\n", "");
  const std::string m = mistake(text);
  EXPECT_NE(m.find("key 'bodies[1].mass': body 'link2': no mass"), std::string::npos) << m;
}

TEST(MachineFile, AValveOrSupplyKeyOfTheOtherTypeIsRefused) {
  std::string text = crane_with("valve_area = 5e-4", "valve_area = 5e-4\nnominal_flow = 1e-3");
  std::string m = mistake(text);
  EXPECT_EQ(m, "m.toml:" + line_of(text, "nominal_flow") +
                   ": key 'cylinders[0].nominal_flow' applies only with valve = \"proportional\"");
  text = crane_with("pressure = 7.6e6", "pressure = 7.6e6\npump_flow = 1e-3");
  m = mistake(text);
  EXPECT_EQ(m, "m.toml:" + line_of(text, "pump_flow") +
                   ": key 'supplies[0].pump_flow' applies only with type = \"pump\"");
}

TEST(MachineFile, NoPoseAtRestIsRefusedBeforeAnythingRuns) {
  // 0.5 MPa cannot hold the payload: the cylinder would need 1.4 MPa across its piston.
  std::string text = crane_with("pressure = 7.6e6", "pressure = 0.5e6");
  text.erase(text.find("chamber_relief_pressure"), text.find('\n', text.find("chamber_relief_pressure")) + 1 -
                                                       text.find("chamber_relief_pressure"));
  const std::string m = mistake(text);
  EXPECT_NE(m.find("m.toml:"), std::string::npos) << m;
  EXPECT_NE(m.find("cylinders[0]"), std::string::npos) << m;
}

TEST(MachineFile, ALoopThatCannotCloseIsRefused) {
  std::string text = text_of("excavator.toml");
  text.replace(text.find("J = [0, 0], K = [0.5660, 0]"), 27, "J = [0, 0], K = [3.0000, 0]");
  const std::string m = mistake(text);
  EXPECT_NE(m.find("key 'joints'"), std::string::npos) << m;
  EXPECT_NE(m.find("loop"), std::string::npos) << m;
}

TEST(MachineFile, AnUnknownKeyListsTheAcceptedOnes) {
  const std::string m =
      mistake(crane_with("inertia = 16.666666666666668", "inertia = 16.666666666666668\ninertial = 1"));
  EXPECT_NE(
      m.find("unknown key 'bodies[0].inertial' (did you mean 'inertia'?) (accepted keys in [bodies[0]]: "
             "name, mass, centre_of_mass"),
      std::string::npos)
      << m;
}

TEST(MachineFile, AMachineFileWithAMistakeStopsTheRunWithExitTwo) {
  const fs::path bad = test::temp_path("machine", ".toml");
  std::ofstream(bad) << crane_with("child = \"link1.A\"", "child = \"link9.A\"");
  const test::Outcome o = test::run_hilsim("machine", "run --quiet --machine " + bad.string());
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find(bad.string() + ":"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("body 'link9' is not described"), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  fs::remove(bad);
}

TEST(MachineFile, TheShippedCraneFileRunsTheBuiltInCranesBytes) {
  const fs::path a = test::temp_path("machine_a", ".csv"), b = test::temp_path("machine_b", ".csv");
  const test::Outcome built_in =
      test::run_hilsim("machine_a", "run --quiet --duration 2 --out " + a.string());
  const test::Outcome file =
      test::run_hilsim("machine_b", "run --quiet --duration 2 --machine " + shipped("lim_crane.toml") +
                                        " --out " + b.string());
  ASSERT_EQ(built_in.status, 0) << built_in.err;
  ASSERT_EQ(file.status, 0) << file.err;
  EXPECT_EQ(test::slurp(a), test::slurp(b));
  fs::remove(a);
  fs::remove(b);
}

TEST(MachineFile, AScenarioRefusesTheBuiltInCranesKeysBesideAMachineFile) {
  const fs::path scenario = test::temp_path("machine_scenario", ".toml");
  std::ofstream(scenario) << "machine = \"" << shipped("excavator.toml") << "\"\n[crane]\nactuators = 2\n";
  const test::Outcome o = test::run_hilsim("machine_scenario", "run --quiet " + scenario.string());
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("key 'crane' describes the built-in LIM crane"), std::string::npos) << o.err;
  fs::remove(scenario);
}

// What a machine file does not reach is refused in one line before anything runs, not run on the
// built-in crane's numbers: a contact task's arm and the two-way coupling's reduced models.
TEST(MachineFile, WhatAMachineFileCannotRunIsRefusedWithExitTwo) {
  const fs::path scenario = test::temp_path("machine_contact", ".toml");
  std::ofstream(scenario) << "machine = \"" << shipped("excavator.toml")
                          << "\"\n[contact]\ntask = \"landing\"\n";
  const test::Outcome contact = test::run_hilsim("machine_contact", "run --quiet " + scenario.string());
  EXPECT_EQ(contact.status, 2);
  EXPECT_NE(contact.err.find("a [contact] task runs on the LIM crane's arm"), std::string::npos)
      << contact.err;
  fs::remove(scenario);
  const test::Outcome twoway = test::run_hilsim(
      "machine_twoway", "run --quiet --coupling twoway --limits off --machine " + shipped("excavator.toml"));
  EXPECT_EQ(twoway.status, 2);
  EXPECT_NE(twoway.err.find("excavator.toml: coupling = \"twoway\""), std::string::npos) << twoway.err;
  EXPECT_NE(twoway.err.find("cylinder 'boom' has a pump's line"), std::string::npos) << twoway.err;
  EXPECT_EQ(std::count(twoway.err.begin(), twoway.err.end(), '\n'), 1) << twoway.err;
}

}  // namespace
}  // namespace hilsim::scenario
