// The trajectory CSV written on the writer's own thread is the file rows written in order in the
// caller's thread would be, byte for byte, across batch boundaries; its hash is the file's; and a
// writer that never finishes leaves the target as it was.
#include "tools/io/trajectory_csv_writer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "hil/sha256.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::io {
namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Values that exercise the shortest form: irrational-looking, integral, tiny, huge, negative zero.
sim::Sample sample(std::int64_t i) {
  const double x = static_cast<double>(i);
  sim::Sample s;
  s.t = 1e-3 * x;
  s.cyl[0].kappa = std::sin(x);
  s.cyl[0].s = 0.5 + 1e-7 * x;
  s.cyl[0].s_dot = -0.0;
  s.cyl[0].p1 = 3.1e6 + x / 3.0;
  s.cyl[0].p2 = 1e300 * x;
  s.cyl[0].f_h = 5e-324 * x;
  s.theta[0] = std::exp(-x);
  s.theta[1] = -x;
  s.cyl[1].s = x / 7.0;
  s.cyl[1].kappa = 1.0 / (x + 1.0);
  s.dE = -1e-20 * x;
  s.E_balance = x * x;
  return s;
}

class TrajectoryCsvWriterTest : public ::testing::Test {
 protected:
  std::string dir = std::filesystem::temp_directory_path() / ("hilsim_writer_" + std::to_string(getpid()));
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }
};

TEST_F(TrajectoryCsvWriterTest, SameBytesAsRowsWrittenInOrderAcrossBatchBoundaries) {
  constexpr std::int64_t kBatch = TrajectoryCsvWriter::kBatch;
  for (int actuators : {1, 2}) {
    for (std::int64_t rows :
         {std::int64_t{0}, std::int64_t{1}, kBatch - 1, kBatch, kBatch + 1, 3 * kBatch + 7}) {
      std::vector<sim::Sample> samples;
      for (std::int64_t i = 0; i < rows; ++i) samples.push_back(sample(i));
      const std::string expected = trajectory_csv(samples, actuators);

      const std::string path = dir + "/t.csv";
      TrajectoryCsvWriter writer(path, actuators);
      for (std::int64_t i = 0; i < rows; ++i) writer.add(sample(i));
      const TrajectoryCsvWriter::Written written = writer.finish();
      const std::string bytes = read_all(path);
      EXPECT_EQ(bytes, expected) << actuators << " actuator(s), " << rows << " rows";
      EXPECT_EQ(written.rows, rows);
      EXPECT_EQ(written.sha256, hil::sha256_hex(bytes));
    }
  }
}

TEST_F(TrajectoryCsvWriterTest, BatchesLeftAtFinishAreSharedAndWrittenInOrder) {
  // Handed over faster than one thread formats them: finish() finds most still queued, formats
  // them from the last backwards while the writer's thread goes on from the first.
  constexpr std::int64_t rows = 60 * static_cast<std::int64_t>(TrajectoryCsvWriter::kBatch) + 3;
  std::vector<sim::Sample> samples;
  for (std::int64_t i = 0; i < rows; ++i) samples.push_back(sample(i));
  const std::string expected = trajectory_csv(samples, 2);
  for (int round = 0; round < 5; ++round) {
    const std::string path = dir + "/shared.csv";
    TrajectoryCsvWriter writer(path, 2);
    for (const sim::Sample& s : samples) writer.add(s);
    const TrajectoryCsvWriter::Written written = writer.finish();
    const std::string bytes = read_all(path);
    ASSERT_EQ(bytes, expected) << "round " << round;
    EXPECT_EQ(written.sha256, hil::sha256_hex(bytes));
  }
}

TEST_F(TrajectoryCsvWriterTest, WithoutFinishTheTargetStaysAsItWas) {
  const std::string path = dir + "/kept.csv";
  std::ofstream(path) << "the user's file\n";
  {
    TrajectoryCsvWriter writer(path, 1);
    for (std::int64_t i = 0; i < 2000; ++i) writer.add(sample(i));
  }
  EXPECT_EQ(read_all(path), "the user's file\n");
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(entry.path().filename(), "kept.csv") << "a temporary file was left behind";
}

TEST_F(TrajectoryCsvWriterTest, AnUnwritableTargetIsRefusedNamingIt) {
  const std::string path = dir + "/no/such/dir/t.csv";
  try {
    TrajectoryCsvWriter writer(path, 1);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

TEST_F(TrajectoryCsvWriterTest, ADeviceIsWrittenInPlaceWithoutAHash) {
  TrajectoryCsvWriter writer("/dev/null", 1);
  writer.add(sample(1));
  const TrajectoryCsvWriter::Written written = writer.finish();
  EXPECT_EQ(written.rows, 1);
  EXPECT_TRUE(written.sha256.empty());
}

}  // namespace
}  // namespace hilsim::io
