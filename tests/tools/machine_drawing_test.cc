// `hilsim draw` (tools/draw/): the drawing names every body, point, joint and cylinder of a machine;
// a run's poses are rebuilt from its body angles so that the machine's cylinders have the lengths the
// run wrote (the check that also refuses a run of another machine); the shipped drawings in
// docs/machines/ are what the command draws of the shipped files.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "sim/machine/kinematics.h"
#include "tests/tools/binary_harness.h"
#include "tools/draw/machine_svg.h"
#include "tools/draw/run_poses.h"
#include "tools/io/csv_table.h"
#include "tools/io/input_error.h"
#include "tools/scenario/machine_file.h"

namespace hilsim::draw {
namespace {

namespace fs = std::filesystem;

std::string shipped(const std::string& name) {
  return std::string(HILSIM_SOURCE_DIR) + "/config/machines/" + name;
}

std::shared_ptr<const sim::machine::MachineModel> model_of(const std::string& name) {
  return scenario::MachineFile::load(shipped(name)).build();
}

TEST(MachineDrawing, NamesEveryBodyJointPointAndCylinder) {
  const auto model = model_of("excavator.toml");
  const std::string svg = machine_svg(*model);
  for (const auto& b : model->bodies) EXPECT_NE(svg.find(">" + b.name + "<"), std::string::npos) << b.name;
  for (const auto& j : model->joints) EXPECT_NE(svg.find(">" + j.name + "<"), std::string::npos) << j.name;
  for (const auto& p : model->points) EXPECT_NE(svg.find(p.name), std::string::npos) << p.name;
  for (const auto& c : model->cylinders)
    EXPECT_NE(svg.find(">" + c.name + ": s = "), std::string::npos) << c.name;
  // The two pins of a revolute joint are at one place, and share a label.
  EXPECT_NE(svg.find("ground.A = boom.A"), std::string::npos);
}

// The CSV's body angles give the tree's coordinates back: the machine's cylinders at them have the
// lengths the run wrote, to the CSV's digits, at every drawn time (run_poses checks each to 1 µm).
TEST(MachineDrawing, ARunsPosesGiveBackItsCylinderLengths) {
  const fs::path csv = test::temp_path("draw_run", ".csv");
  const test::Outcome run = test::run_hilsim(
      "draw_run", "run --quiet --machine " + shipped("excavator.toml") + " --manoeuvre " +
                      std::string(HILSIM_SOURCE_DIR) +
                      "/config/manoeuvres/excavator_dig_cycle.csv --H 1e-3 --hH 1e-4 --duration 4 --out " +
                      csv.string());
  ASSERT_EQ(run.status, 0) << run.err;
  const auto model = model_of("excavator.toml");
  const io::CsvTable table = io::read_numeric_csv(csv.string());
  const std::vector<DrawnPose> poses = run_poses(*model, table, {0.0, 1.5, 4.0});
  ASSERT_EQ(poses.size(), 3u);
  EXPECT_EQ(poses[1].label, "t = 1.5 s");
  // Independently of run_poses' own check: the bucket cylinder (the loop's) at t = 4 s.
  sim::machine::MachineData data(*model);
  sim::machine::forward_kinematics(*model, poses[2].q, sim::machine::VecQ::Zero(poses[2].q.size()), data);
  const double s3 = sim::machine::cylinder_kinematics(*model, data, 2).s;
  EXPECT_NEAR(s3, table.rows.back()[table.column({"s3"})], 1e-9);
  EXPECT_NE(machine_svg(*model, poses).find(">t = 4 s<"), std::string::npos);
  fs::remove(csv);
}

TEST(MachineDrawing, ARunOfAnotherMachineOrATimeOutsideItIsRefused) {
  const fs::path csv = test::temp_path("draw_lim", ".csv");
  const test::Outcome run = test::run_hilsim("draw_lim", "run --quiet --duration 1 --out " + csv.string());
  ASSERT_EQ(run.status, 0) << run.err;
  const fs::path svg = test::temp_path("draw_lim", ".svg");
  // A crane whose cylinder pins 5 cm nearer the joint: the run's angles give it another length.
  std::string moved = test::slurp(shipped("lim_crane.toml"));
  moved.replace(moved.find("P = [0.5, 0]"), 12, "P = [0.45, 0]");
  const fs::path machine = test::temp_path("draw_moved", ".toml");
  std::ofstream(machine) << moved;
  const test::Outcome other =
      test::run_hilsim("draw_other", "draw --machine " + machine.string() + " --run " + csv.string() +
                                         " --out " + svg.string());
  EXPECT_EQ(other.status, 2);
  EXPECT_NE(other.err.find("column 's1' = 0.5 m, but the machine's cylinder 'cylinder1' is"),
            std::string::npos)
      << other.err;
  EXPECT_NE(other.err.find("not a run of this machine"), std::string::npos) << other.err;
  const test::Outcome fewer =
      test::run_hilsim("draw_fewer", "draw --machine " + shipped("naya2011_rod.toml") + " --run " +
                                         csv.string() + " --out " + svg.string());
  EXPECT_EQ(fewer.status, 2);
  EXPECT_NE(fewer.err.find("more body angles than the machine's 1 bodies"), std::string::npos) << fewer.err;
  const test::Outcome late =
      test::run_hilsim("draw_late", "draw --run " + csv.string() + " --times 2 --out " + svg.string());
  EXPECT_EQ(late.status, 2);
  EXPECT_NE(late.err.find("--times 2 s is outside the run, [0, 1] s"), std::string::npos) << late.err;
  EXPECT_FALSE(fs::exists(svg));
  const test::Outcome fine =
      test::run_hilsim("draw_fine", "draw --run " + csv.string() + " --out " + svg.string());
  EXPECT_EQ(fine.status, 0) << fine.err;
  EXPECT_NE(test::slurp(svg).find(">t = 0.5 s<"), std::string::npos);
  fs::remove(csv);
  fs::remove(svg);
  fs::remove(machine);
}

// docs/machines/NAME.svg is `hilsim draw --machine config/machines/NAME.toml` (regenerate with it).
TEST(MachineDrawing, TheDocsDrawingsAreTheShippedMachines) {
  for (const char* name : {"lim_crane", "lim_crane_double", "excavator", "naya2011_rod"}) {
    const std::string docs = std::string(HILSIM_SOURCE_DIR) + "/docs/machines/" + name + ".svg";
    EXPECT_EQ(test::slurp(docs), machine_svg(*model_of(std::string(name) + ".toml")))
        << docs << " is out of date: ./build/hilsim draw --machine config/machines/" << name << ".toml --out "
        << docs;
  }
}

}  // namespace
}  // namespace hilsim::draw
