// The contact tasks from the command line (issue 21): the shipped scenario files with a [contact]
// section, and the commands that run the crane's manoeuvre refusing them in one line. The real
// hilsim binary, real files.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/tools/binary_harness.h"

namespace hilsim {
namespace {

using test::Outcome;

Outcome run_hilsim_contact(const std::string& args) { return test::run_hilsim("contact", args); }

std::string contact_scenario(const std::string& name) {
  return std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/" + name + ".toml";
}

void expect_bad_contact_input(const Outcome& o, const std::string& needle) {
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find(needle), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
}

TEST(ContactCli, TheCranesManoeuvreCommandsRefuseAContactTask) {
  for (const char* command : {"sweep", "convergence"}) {
    expect_bad_contact_input(
        run_hilsim_contact(std::string(command) + " " + contact_scenario("contact_landing")),
        "not a contact task");
  }
}

}  // namespace
}  // namespace hilsim
