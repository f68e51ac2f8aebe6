// The contact tasks from the command line (issue 21): `hilsim run` of the shipped scenario files
// with a [contact] section, offline and in threads to the same bytes with the tool's columns, the
// flags --contact-coupling, --Ki, --Di, and the options and commands that do not apply refused in
// one line. The real hilsim binary, real files.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/tools/binary_harness.h"

namespace hilsim {
namespace {

using test::Outcome;
using test::slurp;

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

std::string contact_csv(const std::string& suffix) { return test::temp_path("contact", suffix).string(); }

TEST(ContactCli, BothTasksRunInThreadsToTheOfflineBytesWithTheToolsColumns) {
  for (const char* task : {"landing", "insertion"}) {
    SCOPED_TRACE(task);
    const std::string scenario = contact_scenario(std::string("contact_") + task);
    const std::string offline = contact_csv(std::string("_") + task + "_offline.csv");
    const std::string threaded = contact_csv(std::string("_") + task + "_threads.csv");
    const Outcome a = run_hilsim_contact("run " + scenario + " --out " + offline);
    const Outcome b = run_hilsim_contact("run " + scenario + " --threads --out " + threaded);
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    const std::string csv = slurp(offline);
    EXPECT_EQ(csv, slurp(threaded));
    EXPECT_EQ(csv.substr(0, csv.find('\n')),
              "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,dE,Ebal,"
              "tool_x,tool_y,tool_theta,tool_xdot,tool_ydot,tool_thetadot,contacts,normal_force");
    EXPECT_NE(
        a.out.find("contact task " + std::string(task) + " (guided), coupling model-model, K_i = 1e+08"),
        std::string::npos)
        << a.out;
    EXPECT_NE(b.out.find("threaded run, unpaced"), std::string::npos) << b.out;
    const bool insertion = std::string(task) == "insertion";
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), insertion ? 10902 : 8002);  // header, t = 0 … end
    EXPECT_EQ(a.out.find("jammed: the tool stopped 0.18") != std::string::npos, insertion) << a.out;
  }
}

// Every coupling of both tasks at the scenario files' K_i = 1e8 N/m, where kinematics–force and
// model–force lose the insertion (exit 3, the CSV up to the step that diverged): the threads give the
// offline bytes and the same exit status either way.
TEST(ContactCli, EveryCouplingOfBothTasksRunsInThreadsToTheOfflineBytes) {
  int diverged = 0;
  for (const char* task : {"landing", "insertion"}) {
    for (const char* coupling :
         {"monolithic", "kinematics-force", "model-force", "kinematics-model", "model-model"}) {
      const std::string name = std::string(task) + "_" + coupling;
      SCOPED_TRACE(name);
      const std::string scenario = contact_scenario(std::string("contact_") + task);
      const std::string offline = contact_csv("_every_" + name + "_offline.csv");
      const std::string threaded = contact_csv("_every_" + name + "_threads.csv");
      const std::string flags = " --quiet --contact-coupling " + std::string(coupling);
      const Outcome a = run_hilsim_contact("run " + scenario + flags + " --out " + offline);
      const Outcome b = run_hilsim_contact("run " + scenario + flags + " --threads --out " + threaded);
      ASSERT_TRUE(a.status == 0 || a.status == 3) << a.err;
      EXPECT_EQ(b.status, a.status) << b.err;
      if (a.status == 3) ++diverged;
      const std::string csv = slurp(offline);
      EXPECT_GT(std::count(csv.begin(), csv.end(), '\n'), 100);
      EXPECT_TRUE(csv == slurp(threaded)) << "the threads' CSV differs from the offline one";
    }
  }
  EXPECT_EQ(diverged, 2) << "kinematics-force and model-force on the insertion at K_i = 1e8 N/m";
}

TEST(ContactCli, TheFlagsSetTheCouplingAndTheInterface) {
  const std::string scenario = contact_scenario("contact_landing");
  const Outcome kf =
      run_hilsim_contact("run " + scenario + " --duration 0.5 --contact-coupling kinematics-force --Ki 1e5");
  ASSERT_EQ(kf.status, 0) << kf.err;
  // D_i follows K_i: 1e-4 s · 1e5 N/m.
  EXPECT_NE(kf.out.find("coupling kinematics-force, K_i = 100000 N/m, D_i = 10 N*s/m"), std::string::npos)
      << kf.out;
  const Outcome di = run_hilsim_contact("run " + scenario + " --duration 0.5 --Ki 1e7 --Di 50");
  ASSERT_EQ(di.status, 0) << di.err;
  EXPECT_NE(di.out.find("coupling model-model, K_i = 1e+07 N/m, D_i = 50 N*s/m"), std::string::npos)
      << di.out;
  const Outcome mono =
      run_hilsim_contact("run " + scenario + " --duration 0.5 --contact-coupling monolithic --threads");
  ASSERT_EQ(mono.status, 0) << mono.err;
  EXPECT_NE(mono.out.find("coupling monolithic (rigid weld)"), std::string::npos) << mono.out;
  EXPECT_NE(mono.out.find("1 threads"), std::string::npos) << mono.out;
}

TEST(ContactCli, WhatDoesNotApplyIsRefusedInOneLine) {
  const std::string landing = contact_scenario("contact_landing");
  expect_bad_contact_input(run_hilsim_contact("run --Ki 1e5"), "has no [contact] task");
  expect_bad_contact_input(run_hilsim_contact("run " + landing + " --contact-coupling fs"),
                           "is not one of: monolithic, kinematics-force");
  expect_bad_contact_input(run_hilsim_contact("run " + landing + " --coupling fs"),
                           "--coupling sets the crane's");
  expect_bad_contact_input(run_hilsim_contact("run " + landing + " --threads --record r.rec"), "--record");
  expect_bad_contact_input(run_hilsim_contact("run " + landing + " --require-rt"), "--require-rt needs");
  const Outcome ki = run_hilsim_contact("run " + landing + " --Ki 0");
  EXPECT_EQ(ki.status, 2);
  EXPECT_NE(ki.err.find("--Ki: '0' must be > 0"), std::string::npos) << ki.err;
  expect_bad_contact_input(run_hilsim_contact("run " + landing + " --Ki 1e13"),
                           "'contact.interface_stiffness'");
}

TEST(ContactCli, TheStudyOfAScenarioFileIsTheStudyOfItsTask) {
  const std::string by_name = contact_csv("_study_name.csv"), by_file = contact_csv("_study_file.csv");
  const Outcome a = run_hilsim_contact("contact-study insertion --Ki 1e5 --out " + by_name);
  const Outcome b = run_hilsim_contact("contact-study " + contact_scenario("contact_insertion") +
                                       " --Ki 1e5 --out " + by_file);
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(slurp(by_name), slurp(by_file));
  expect_bad_contact_input(run_hilsim_contact("contact-study " + std::string(HILSIM_SOURCE_DIR) +
                                              "/config/scenarios/psJ_01_M1.toml --out " + by_file),
                           "no [contact] task to study");
  expect_bad_contact_input(run_hilsim_contact("contact-study docking.toml --out " + by_file), "not found");
}

}  // namespace
}  // namespace hilsim
