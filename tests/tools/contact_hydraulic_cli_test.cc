// A [contact] task in hydraulic mode from the command line (issue 21): `hilsim run` of the shipped
// landing scenario whose κ table drives the crane's two cylinders, offline, in threads (the tool,
// the arm and each cylinder in its own) and paced in real time, to the same bytes, with both
// cylinders' columns and the tool's in the CSV; the contact task's threads configured by name. The
// real hilsim binary, real files.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "hil/recording.h"
#include "tests/tools/binary_harness.h"

namespace hilsim {
namespace {

using test::Outcome;
using test::slurp;

Outcome run_hydraulic(const std::string& args) { return test::run_hilsim("contact_hydraulic", args); }

std::string hydraulic_landing() {
  return std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/contact_landing_hydraulic.toml";
}

std::string csv_path(const std::string& suffix) {
  return test::temp_path("contact_hydraulic", suffix).string();
}

TEST(ContactHydraulicCli, TheLandingRunsInThreadsToTheOfflineBytesWithTheCylindersColumns) {
  const std::string offline = csv_path("_offline.csv");
  const std::string threaded = csv_path("_threads.csv");
  const Outcome a = run_hydraulic("run " + hydraulic_landing() + " --out " + offline);
  const Outcome b = run_hydraulic("run " + hydraulic_landing() + " --threads --out " + threaded);
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  const std::string csv = slurp(offline);
  EXPECT_EQ(csv, slurp(threaded));
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,s2,s2dot,p1_2,p2_2,fh_2,kappa_2,dE,Ebal,"
            "tool_x,tool_y,tool_theta,tool_xdot,tool_ydot,tool_thetadot,contacts,normal_force");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4002);  // header, t = 0 … 4 s
  // The first row starts from the cylinders' equilibrium with the box: f_h = 9810 N on cylinder 1.
  const std::string first = csv.substr(csv.find('\n') + 1, 60);
  EXPECT_EQ(first.substr(0, 11), "0,0.449172,") << first;
  EXPECT_NE(a.out.find("contact task landing (hydraulic), coupling model-model"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("kappa0 = (0.449172, 0.500000)"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("kappa 2 from the table's kappa_2"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("2 contacts closed, normal force 490."), std::string::npos) << a.out;
  EXPECT_NE(b.out.find("4 threads, one per subsystem"), std::string::npos) << b.out;
  for (const char* thread : {"  tool ", "  arm ", "  hydraulics ", "  hydraulics_2 "})
    EXPECT_NE(b.out.find(thread), std::string::npos) << thread << b.out;
}

TEST(ContactHydraulicCli, TheMonolithicReferenceAndAPacedRunGiveTheOfflineBytes) {
  const std::string scenario = csv_path("_threads.toml");
  {
    std::ofstream f(scenario);
    f << "name = \"hydraulic_threads\"\n[run]\nduration = 0.3\n[manoeuvre]\nkind = \"table\"\nfile = \""
      << HILSIM_SOURCE_DIR << "/config/manoeuvres/contact_landing_hydraulic_kappa.csv\"\n"
      << "[contact]\ntask = \"landing\"\nmode = \"hydraulic\"\n"
      << "[rt.thread.tool]\npriority = 71\n[rt.thread.arm]\npriority = 72\n"
      << "[rt.thread.monolithic]\npriority = 73\n[rt.thread.hydraulics]\npriority = 81\n";
  }
  for (const char* coupling : {"model-model", "monolithic"}) {
    SCOPED_TRACE(coupling);
    const std::string flags = std::string(" --contact-coupling ") + coupling + " --out ";
    const std::string offline = csv_path(std::string("_") + coupling + "_offline.csv");
    const std::string paced = csv_path(std::string("_") + coupling + "_paced.csv");
    const Outcome a = run_hydraulic("run " + scenario + flags + offline);
    const Outcome b = run_hydraulic("run " + scenario + " --realtime" + flags + paced);
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(slurp(offline), slurp(paced));
    EXPECT_NE(b.out.find("real-time run, paced at wall-clock time"), std::string::npos) << b.out;
  }
}

// The cylinders' κ, step and integrator come from the crane's flags in hydraulic mode; a guided
// task still refuses them.
TEST(ContactHydraulicCli, TheCylindersTakeTheCranesManoeuvreFlags) {
  const Outcome m1 = run_hydraulic("run " + hydraulic_landing() +
                                   " --manoeuvre M1 --hH 1e-4 --hydraulics-integrator rk4 --duration 0.2");
  ASSERT_EQ(m1.status, 0) << m1.err;
  EXPECT_NE(m1.out.find("h_hyd = 0.0001 s; kappa 1 from the manoeuvre M1, kappa 2 held at kappa0"),
            std::string::npos)
      << m1.out;
  const Outcome guided = run_hydraulic("run " + std::string(HILSIM_SOURCE_DIR) +
                                       "/config/scenarios/contact_landing.toml --manoeuvre M1");
  EXPECT_EQ(guided.status, 2);
  EXPECT_NE(guided.err.find("--manoeuvre sets the crane's manoeuvre"), std::string::npos) << guided.err;
}

// The insertion's jam verdict measures the tool against the reference's push, which only a guided
// arm follows: in hydraulic mode the run says nothing of a jam.
TEST(ContactHydraulicCli, TheInsertionJudgesNoJamInHydraulicMode) {
  const std::string scenario = test::temp_path("contact_hydraulic", "_insertion.toml").string();
  std::ofstream(scenario) << "name = \"insertion_hydraulic\"\n[run]\nduration = 0.2\n[contact]\n"
                             "task = \"insertion\"\nmode = \"hydraulic\"\n";
  const Outcome o = run_hydraulic("run " + scenario);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("contact task insertion (hydraulic)"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("jammed"), std::string::npos) << o.out;
  const Outcome guided = run_hydraulic("run " + std::string(HILSIM_SOURCE_DIR) +
                                       "/config/scenarios/contact_insertion.toml --duration 0.2");
  ASSERT_EQ(guided.status, 0) << guided.err;
  EXPECT_NE(guided.out.find("jammed: no"), std::string::npos) << guided.out;
}

TEST(ContactHydraulicCli, TheStudyRefusesTheHydraulicMode) {
  const Outcome o =
      run_hydraulic("contact-study " + hydraulic_landing() + " --out " + csv_path("_study.csv"));
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("contact-study studies a task in guided mode"), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
}

// A CSV that cannot be written (the file size limit, 32 KiB, stops its ~120 KB while the recording's
// ~23 KB fit, as a full disk would) fails the run, but the recording still gets its end line, without
// an output hash, as the crane's does.
TEST(ContactHydraulicCli, AFailedCsvStillEndsTheRecording) {
  const std::string csv = csv_path("_failed.csv"), rec = csv_path("_failed.rec");
  const Outcome run = test::run_hilsim(
      "contact_hydraulic",
      "run " + hydraulic_landing() + " --threads --duration 0.3 --out " + csv + " --record " + rec,
      test::file_size_limit(64));
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find(csv + ": writing the output file failed"), std::string::npos) << run.err;
  const hil::Recording r = hil::read_recording(rec);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.output_sha256, "-");
  const Outcome replay = run_hydraulic("replay --no-verify " + rec);
  EXPECT_EQ(replay.status, 0) << replay.err;
  std::filesystem::remove(rec);
}

// A threaded run records the κ each cylinder applied; hilsim replay runs the task offline with them
// to the same bytes. An offline run has nothing to record.
TEST(ContactHydraulicCli, ARecordedRunReplaysBitForBit) {
  const std::string live = csv_path("_recorded.csv"), rec = csv_path(".rec"), rep = csv_path("_replay.csv");
  const Outcome run = run_hydraulic("run " + hydraulic_landing() + " --threads --duration 1 --out " + live +
                                    " --record " + rec);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("recording: "), std::string::npos) << run.out;
  const Outcome replay = run_hydraulic("replay " + rec + " --out " + rep);
  ASSERT_EQ(replay.status, 0) << replay.err << replay.out;
  EXPECT_NE(replay.out.find("the contact task in hydraulic mode"), std::string::npos) << replay.out;
  EXPECT_NE(replay.out.find("verified: bit for bit"), std::string::npos) << replay.out;
  EXPECT_EQ(slurp(live), slurp(rep));
  const Outcome offline =
      run_hydraulic("run " + hydraulic_landing() + " --record " + csv_path("_offline.rec"));
  EXPECT_EQ(offline.status, 2);
  EXPECT_NE(offline.err.find("--record needs --realtime or --threads"), std::string::npos) << offline.err;
  // A live input offline would be left unread (κ held at κ0): refused as for the crane.
  const Outcome live_offline = run_hydraulic("run " + hydraulic_landing() + " --input udp");
  EXPECT_EQ(live_offline.status, 2) << live_offline.out;
  EXPECT_NE(live_offline.err.find("takes commands from outside: run it with --realtime (or --threads)"),
            std::string::npos)
      << live_offline.err;
  EXPECT_EQ(std::count(live_offline.err.begin(), live_offline.err.end(), '\n'), 1) << live_offline.err;
}

}  // namespace
}  // namespace hilsim
