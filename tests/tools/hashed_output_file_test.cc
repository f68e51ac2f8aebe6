// An output hashed as it is written: its hash is the file's (what sha256sum prints), the target is
// replaced only on commit, and a target written in place has no hash.
#include "tools/io/hashed_output_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "hil/sha256.h"
#include "tests/tools/binary_harness.h"
#include "tools/io/input_error.h"

namespace hilsim::io {
namespace {

class HashedOutputFileTest : public ::testing::Test {
 protected:
  std::string dir = std::filesystem::temp_directory_path() / ("hilsim_hashed_" + std::to_string(getpid()));
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }
};

TEST_F(HashedOutputFileTest, TheHashIsTheFilesAcrossPiecesOfAnySize) {
  const std::string path = dir + "/out.csv";
  std::ofstream(path) << "an older, longer file that the output replaces entirely\n";
  std::string expected;
  HashedOutputFile out(path);
  for (std::size_t size : {0, 1, 63, 64, 65, 1000, 300000}) {
    const std::string piece(size, static_cast<char>('a' + size % 26));
    out.write(piece);
    expected += piece;
  }
  const std::string sha = out.commit();
  EXPECT_EQ(test::slurp(path), expected);
  EXPECT_EQ(sha, hil::sha256_hex(expected));
}

TEST_F(HashedOutputFileTest, WithoutCommitTheTargetStaysAsItWas) {
  const std::string path = dir + "/kept.csv";
  std::ofstream(path) << "the user's file\n";
  {
    HashedOutputFile out(path);
    out.write("half of a new file");
  }
  EXPECT_EQ(test::slurp(path), "the user's file\n");
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(entry.path().filename(), "kept.csv") << "a temporary file was left behind";
}

TEST_F(HashedOutputFileTest, AnUnwritableTargetIsRefusedNamingIt) {
  const std::string path = dir + "/no/such/dir/out.csv";
  try {
    HashedOutputFile out(path);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

TEST_F(HashedOutputFileTest, ADeviceIsWrittenInPlaceWithoutAHash) {
  HashedOutputFile out("/dev/null");
  out.write("rows\n");
  EXPECT_EQ(out.commit(), "");
}

TEST_F(HashedOutputFileTest, AFullDeviceIsAnErrorNamingIt) {
  HashedOutputFile out("/dev/full");
  try {
    out.write("rows\n");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/full: writing the output file failed"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace hilsim::io
