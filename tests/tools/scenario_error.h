// The check every bad-scenario test makes: loading and validating the file must throw an
// io::InputError whose message is one line and names the file.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "tools/io/input_error.h"
#include "tools/scenario/scenario.h"

namespace hilsim::test {

// The message of the error the scenario file at `path` raises; "" (and a test failure) if none.
inline std::string scenario_error(const std::string& path) {
  try {
    scenario::validate(scenario::load_scenario(path));
  } catch (const io::InputError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "one line: " << msg;
    EXPECT_NE(msg.find(path), std::string::npos) << "names the file: " << msg;
    return msg;
  }
  ADD_FAILURE() << "no error for " << path;
  return "";
}

}  // namespace hilsim::test
