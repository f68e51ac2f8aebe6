// Recordings, format 2: each input names its actuator; each actuator's inputs are in order, the two
// actuators' may interleave; version 1 files (no actuator field: actuator 1) still read. The
// recorder drains one event ring per actuator and counts the drops of both.
#include "hil/recording.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "hil/recorder.h"
#include "hil/sha256.h"

namespace hilsim::hil {
namespace {

namespace fs = std::filesystem;

const std::string kConfig = "name = \"x\"\n[run]\nduration = 1\n";

std::string temp_file(const std::string& tag) {
  return (fs::temp_directory_path() / ("hilsim_" + tag + "_" + std::to_string(getpid()) + ".rec")).string();
}

std::string write_text(const std::string& tag, const std::string& text) {
  const std::string path = temp_file(tag);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// A file as the header and `inputs` lines of format `version`, with a matching end line.
std::string recording_text(int version, const std::vector<std::string>& inputs) {
  std::ostringstream s;
  s << "hilsim-recording " << version << "\nbuild b\nconfig-sha256 " << sha256_hex(kConfig)
    << "\nconfig-lines 3\n"
    << kConfig;
  for (const std::string& line : inputs) s << line << "\n";
  s << "end 100 events " << inputs.size() << " dropped 0 output-sha256 -\n";
  return s.str();
}

std::string error_reading(const std::string& path) {
  try {
    read_recording(path);
  } catch (const RecordingError& e) {
    return e.what();
  }
  return "";
}

TEST(RecordingV2, AVersion1FileStillReadsAsActuator1) {
  const std::string path =
      write_text("v1", recording_text(1, {"input 0 0.45 watchdog 0", "input 7 0.5 command 3"}));
  const Recording r = read_recording(path);
  ASSERT_EQ(r.inputs.size(), 2u);
  EXPECT_EQ(r.inputs[0].actuator, 0);
  EXPECT_EQ(r.inputs[1].actuator, 0);
  EXPECT_EQ(r.inputs[1].micro_step, 7);
  EXPECT_EQ(r.inputs[1].sequence, 3u);
  EXPECT_TRUE(r.complete);
  fs::remove(path);
}

// A recording in memory reads as the same file does, its messages naming what the caller calls it.
TEST(RecordingV2, AStreamReadsAsTheFile) {
  const std::string text = recording_text(2, {"input 0 0.45 watchdog 0 1", "input 7 0.5 command 3 2"});
  const std::string path = write_text("stream", text);
  const Recording from_file = read_recording(path);
  std::istringstream in(text);
  const Recording from_stream = read_recording(in, "memory");
  EXPECT_EQ(from_stream.config_text, from_file.config_text);
  ASSERT_EQ(from_stream.inputs.size(), 2u);
  EXPECT_EQ(from_stream.inputs[1].actuator, 1);
  EXPECT_EQ(from_stream.inputs[1].micro_step, from_file.inputs[1].micro_step);
  EXPECT_TRUE(from_stream.complete);
  std::istringstream bad("hilsim-recording 2\nbuild b\nconfig-lines 0\n");
  try {
    read_recording(bad, "memory");
    ADD_FAILURE() << "accepted";
  } catch (const RecordingError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("memory:3: expected a 'config-sha256' line", 0), 0u) << e.what();
  }
  fs::remove(path);
}

TEST(RecordingV2, TwoActuatorsRoundTripWithTheirInputsInterleaved) {
  const std::string path = temp_file("v2");
  {
    RecordingWriter w(path, "build-A", kConfig);
    w.write({0, 0.45, 0, InputCause::kWatchdog, 0});
    w.write({0, 0.55, 0, InputCause::kWatchdog, 1});
    w.write({9, 1.0 / 3.0, 12, InputCause::kCommand, 1});
    w.write({4, 0.5, 11, InputCause::kCommand, 0});  // earlier than actuator 2's: another thread
    w.finish(100, 0, "-");
  }
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.rfind("hilsim-recording 5\n", 0), 0u);  // the writer writes the newest version
  EXPECT_NE(text.find("\ninput 9 0.33333333333333331 command 12 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find(" output-sha256 - bytes " + std::to_string(text.rfind("\nend ") + 1) + "\n"),
            std::string::npos)
      << text;
  const Recording r = read_recording(path);
  ASSERT_EQ(r.inputs.size(), 4u);
  EXPECT_EQ(r.inputs[1].actuator, 1);
  EXPECT_EQ(r.inputs[1].kappa, 0.55);
  EXPECT_EQ(r.inputs[2].kappa, 1.0 / 3.0);
  EXPECT_EQ(r.inputs[2].actuator, 1);
  EXPECT_EQ(r.inputs[3].micro_step, 4);
  EXPECT_EQ(r.inputs[3].actuator, 0);
  fs::remove(path);
}

TEST(RecordingV2, AnActuatorsInputsOutOfOrderAreRefusedNamingTheLine) {
  const std::string path = write_text(
      "order",
      recording_text(2, {"input 0 0.45 watchdog 0 1", "input 5 0.5 command 1 2", "input 5 0.6 command 2 2"}));
  EXPECT_NE(
      error_reading(path).find(":10: micro step 5 of actuator 2 is negative or not after that actuator's"),
      std::string::npos)
      << error_reading(path);
  fs::remove(path);
}

TEST(RecordingV2, AVersion2InputWithoutItsActuatorOrWithAnUnknownOneIsRefused) {
  const std::string missing = write_text("missing", recording_text(2, {"input 0 0.45 watchdog 0"}));
  EXPECT_NE(error_reading(missing).find(":8: an input line is 'input <micro step> <kappa> <cause> <sequence> "
                                        "<actuator>'"),
            std::string::npos)
      << error_reading(missing);
  const std::string third = write_text("third", recording_text(2, {"input 0 0.45 watchdog 0 3"}));
  EXPECT_NE(error_reading(third).find(":8: actuator 3 is not 1 or 2"), std::string::npos)
      << error_reading(third);
  fs::remove(missing);
  fs::remove(third);
}

// Version 4: the two-way coupling's mechanics read κ too; their inputs end in "mechanics", and each
// reader's inputs of an actuator are in order on their own.
TEST(RecordingV4, TheMechanicsReadersInputsRoundTripInTheirOwnOrder) {
  const std::string path = temp_file("v4");
  {
    RecordingWriter w(path, "build-A", kConfig);
    w.write({0, 0.45, 0, InputCause::kWatchdog, 0});
    w.write({0, 0.45, 0, InputCause::kWatchdog, 0, InputReader::kMechanics});
    w.write({5, 0.5, 3, InputCause::kCommand, 0, InputReader::kMechanics});
    w.write({4, 0.5, 3, InputCause::kCommand, 0});  // the hydraulics' thread took it earlier
    w.finish(10, 0, "-");
  }
  const std::string text = [&] {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }();
  EXPECT_NE(text.find("\ninput 5 0.5 command 3 1 mechanics\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\ninput 4 0.5 command 3 1\n"), std::string::npos) << text;
  const Recording r = read_recording(path);
  ASSERT_EQ(r.inputs.size(), 4u);
  EXPECT_EQ(r.inputs[0].reader, InputReader::kHydraulics);
  EXPECT_EQ(r.inputs[1].reader, InputReader::kMechanics);
  EXPECT_EQ(r.inputs[2].reader, InputReader::kMechanics);
  EXPECT_EQ(r.inputs[2].micro_step, 5);
  EXPECT_EQ(r.inputs[3].reader, InputReader::kHydraulics);
  fs::remove(path);
}

TEST(RecordingV4, AnUnknownReaderOrAMechanicsInputOutOfOrderIsRefused) {
  const std::string word = write_text("word", recording_text(4, {"input 0 0.45 watchdog 0 1 pilot"}));
  EXPECT_NE(error_reading(word).find(":8: an input's last word is 'mechanics' or nothing, not 'pilot'"),
            std::string::npos)
      << error_reading(word);
  const std::string order = write_text("order4", recording_text(4, {"input 3 0.45 watchdog 0 1 mechanics",
                                                                    "input 2 0.5 command 1 1 mechanics"}));
  EXPECT_NE(error_reading(order).find(":9: micro step 2 of actuator 1 (mechanics) is negative or not after"),
            std::string::npos)
      << error_reading(order);
  // Before version 4 the word is not part of the format.
  const std::string v3 = write_text("v3", recording_text(3, {"input 0 0.45 watchdog 0 1 mechanics"}));
  EXPECT_NE(error_reading(v3).find(":8: an input line is"), std::string::npos) << error_reading(v3);
  for (const std::string& p : {word, order, v3}) fs::remove(p);
}

// Fills `ring`, pushes `lost` more (dropped and counted), then empties it: only the count stays.
void overflow(InputEventRing& ring, int lost) {
  const InputEvent junk;
  while (ring.try_push(junk)) {
  }
  for (int i = 0; i < lost; ++i) ring.push(junk);
  InputEvent e;
  while (ring.try_pop(e)) {
  }
}

TEST(Recorder, DrainsTheRingOfEachActuatorAndCountsTheDropsOfBoth) {
  const std::string path = temp_file("recorder");
  auto ring1 = std::make_unique<InputEventRing>();
  auto ring2 = std::make_unique<InputEventRing>();
  {
    Recorder recorder(path, "b", kConfig, {ring1.get(), ring2.get()}, {});
    overflow(*ring1, 1);
    overflow(*ring2, 2);
    EXPECT_EQ(recorder.dropped(), 3u);
    ring1->push({0, 0.4, 0, InputCause::kScript, 0});
    ring2->push({0, 0.6, 0, InputCause::kScript, 1});
    ring2->push({3, 0.7, 0, InputCause::kScript, 1});
    recorder.start();
    recorder.finish(10, "-");
    EXPECT_EQ(recorder.events(), 3);
  }
  const Recording r = read_recording(path);
  ASSERT_EQ(r.inputs.size(), 3u);
  EXPECT_EQ(r.inputs[0].actuator, 0);
  EXPECT_EQ(r.inputs[1].actuator, 1);
  EXPECT_EQ(r.inputs[2].actuator, 1);
  EXPECT_EQ(r.inputs[2].micro_step, 3);
  EXPECT_EQ(r.dropped, 3u);
  fs::remove(path);
}

// One ring per actuator and reader: 8 actuators, each read by its hydraulics and its mechanics.
TEST(Recorder, NeedsOneToSixteenRings) {
  const std::string path = temp_file("rings");
  EXPECT_THROW(Recorder(path, "b", kConfig, {}, {}), std::invalid_argument);
  EXPECT_THROW(Recorder(path, "b", kConfig, {nullptr}, {}), std::invalid_argument);
  const auto rings = std::make_unique<std::array<InputEventRing, 17>>();  // large: on the heap
  std::vector<InputEventRing*> seventeen;
  for (InputEventRing& r : *rings) seventeen.push_back(&r);
  EXPECT_THROW(Recorder(path, "b", kConfig, seventeen, {}), std::invalid_argument);
  seventeen.pop_back();
  EXPECT_NO_THROW(Recorder(path, "b", kConfig, seventeen, {}));
  fs::remove(path);
}

// Version 5 keeps the machine file whole, under its own hash; a recording of the built-in crane has
// an empty machine block.
TEST(RecordingV5, TheMachineFileIsKeptWholeAndChecked) {
  const std::string path = temp_file("machine");
  const std::string machine = "name = \"m\"\n[[bodies]]\nname = \"boom\"\n";
  {
    RecordingWriter w(path, "build-A", kConfig, machine);
    w.write({0, -0.25, 0, InputCause::kWatchdog, 2});
    w.finish(10, 0, "-");
  }
  const Recording r = read_recording(path);
  EXPECT_EQ(r.machine_text, machine);
  EXPECT_EQ(r.config_text, kConfig);
  ASSERT_EQ(r.inputs.size(), 1u);
  EXPECT_EQ(r.inputs[0].kappa, -0.25);  // a closed-centre valve's u
  EXPECT_EQ(r.inputs[0].actuator, 2);
  std::string text;
  {
    std::ifstream in(path);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  text.replace(text.find("\"boom\""), 6, "\"bo0m\"");
  std::ofstream(path, std::ios::binary) << text;
  EXPECT_NE(error_reading(path).find("the machine block does not match its machine-sha256"),
            std::string::npos)
      << error_reading(path);
  {
    RecordingWriter w(path, "build-A", kConfig);
    w.finish(0, 0, "-");
  }
  EXPECT_EQ(read_recording(path).machine_text, "");
  fs::remove(path);
}

// "-" for no text is the machine block's only (version 5): a config block's hash is always a hash.
TEST(RecordingV5, AConfigBlockWithoutItsHashIsRefused) {
  const std::string path = temp_file("nohash");
  {
    RecordingWriter w(path, "build-A", "");
    w.finish(0, 0, "-");
  }
  std::string text;
  {
    std::ifstream in(path);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::size_t at = text.find("config-sha256 ") + std::string("config-sha256 ").size();
  text.replace(at, 64, "-");
  std::ofstream(path, std::ios::binary) << text;
  EXPECT_NE(error_reading(path).find("the config block does not match its config-sha256"), std::string::npos)
      << error_reading(path);
  fs::remove(path);
}
}  // namespace
}  // namespace hilsim::hil
