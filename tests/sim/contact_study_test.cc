// The study of Peiret et al. (contact tasks), §7–8 on hilsim's two contact tasks
// (sim/contact/contact_study.h): a short version checks the rows' make-up; the whole study, run once per task
// and printed, checks the findings issue 21's Acceptance asks for: model–model is stable at every K_i and its
// RMS position error falls by at least 100× from K_i = 1e3 to 1e8 N/m; the monolithic insertion jams, and
// model–model at K_i ≥ 1e7 N/m jams within 5 mm of the monolithic depth (it does from 3e7 up: see
// TheCompliantWeldsExtraDepthFallsAsTheWeldStiffens and sim/contact/contact_tasks.h).
#include "sim/contact/contact_study.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "sim/contact/contact_plan.h"
#include "sim/cosim/cosimulation.h"

namespace hilsim::sim::contact {
namespace {

ContactStudySettings short_study_settings() {
  ContactStudySettings s;
  s.stiffnesses = {1e5};
  s.couplings = {ContactCoupling::kKinematicsForce, ContactCoupling::kModelModel};
  return s;
}

TEST(ContactStudy, AShortStudyHasTheMonolithicRowThenEachCouplingAtEachStiffness) {
  ContactStudy study([] { return insertion_task(); }, short_study_settings());
  ASSERT_EQ(study.size(), 3u);
  const std::vector<ContactStudyRow> rows = run_contact_study(study);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].run_case.coupling, ContactCoupling::kMonolithic);
  EXPECT_EQ(rows[1].run_case.coupling, ContactCoupling::kKinematicsForce);
  EXPECT_EQ(rows[2].run_case.coupling, ContactCoupling::kModelModel);
  EXPECT_EQ(rows[1].run_case.stiffness, 1e5);
  EXPECT_TRUE(rows[0].stable);
  EXPECT_EQ(rows[0].error.rms_position, 0.0);  // the reference against itself
  EXPECT_EQ(rows[0].error.rms_velocity, 0.0);
  EXPECT_TRUE(rows[0].jammed);
  EXPECT_NEAR(rows[0].jam_depth, 0.180, 0.002);  // as contact_tasks_test.cc finds it
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_TRUE(rows[i].stable) << i;
    EXPECT_TRUE(rows[i].error.complete) << i;
    EXPECT_GT(rows[i].error.rms_position, 0.0) << i;
    // The compliant weld at 1e5 N/m lets the connector lag by millimetres, not metres.
    EXPECT_LT(rows[i].error.rms_position, 0.1) << i;
  }
}

TEST(ContactStudy, ALandingNeverJamsItHasNoPush) {
  ContactStudy study([] { return landing_task(); }, short_study_settings());
  for (const ContactStudyRow& row : run_contact_study(study)) {
    EXPECT_TRUE(row.stable) << to_string(row.run_case.coupling);
    EXPECT_FALSE(row.jammed) << to_string(row.run_case.coupling);
  }
}

TEST(ContactStudy, TheTasksAreFoundByTheirNames) {
  EXPECT_EQ(contact_task("landing")->name, "landing");
  EXPECT_EQ(contact_task("insertion")->name, "insertion");
  EXPECT_FALSE(contact_task("docking").has_value());
  EXPECT_EQ(contact_task_names(), "landing, insertion");
}

TEST(ContactStudy, RowsAreTakenInOrderAndBadSettingsRefused) {
  ContactStudy study([] { return landing_task(); }, short_study_settings());
  EXPECT_THROW(study.take(1, study.run(1)), std::logic_error);
  ContactStudySettings s = short_study_settings();
  s.stiffnesses = {-1.0};
  EXPECT_THROW(ContactStudy([] { return landing_task(); }, s), std::invalid_argument);
  s = short_study_settings();
  s.H = 1.5e-3;
  EXPECT_THROW(ContactStudy([] { return landing_task(); }, s), std::invalid_argument);
  s = short_study_settings();
  s.couplings.push_back(ContactCoupling::kMonolithic);
  EXPECT_THROW(ContactStudy([] { return landing_task(); }, s), std::invalid_argument);
}

// The whole study of a task, run once and printed.
std::vector<ContactStudyRow> whole_study(const std::string& task) {
  ContactStudy study([task] { return task == "landing" ? landing_task() : insertion_task(); }, {});
  std::vector<ContactStudyRow> rows = run_contact_study(study);
  std::printf("%s: %-17s %8s %6s %12s %12s %6s %10s\n", task.c_str(), "coupling", "Ki", "stable", "rms_pos",
              "rms_vel", "jammed", "jam_depth");
  for (const ContactStudyRow& r : rows) {
    std::printf("%s: %-17s %8.0e %6d %12.4e %12.4e %6d %10.4f\n", task.c_str(),
                std::string(to_string(r.run_case.coupling)).c_str(), r.run_case.stiffness, r.stable ? 1 : 0,
                r.error.rms_position, r.error.rms_velocity, r.jammed ? 1 : 0, r.jammed ? r.jam_depth : NAN);
  }
  return rows;
}

const std::vector<ContactStudyRow>& study_of(const std::string& task) {
  static const std::vector<ContactStudyRow> landing = whole_study("landing");
  static const std::vector<ContactStudyRow> insertion = whole_study("insertion");
  return task == "landing" ? landing : insertion;
}

const ContactStudyRow& study_row(const std::string& task, ContactCoupling coupling, double stiffness) {
  for (const ContactStudyRow& r : study_of(task)) {
    if (r.run_case.coupling == coupling && r.run_case.stiffness == stiffness) return r;
  }
  throw std::out_of_range("no such row");
}

TEST(ContactStudy, ModelModelIsStableAtEveryStiffnessInBothTasks) {
  for (const char* task : {"landing", "insertion"}) {
    for (double k : ContactStudySettings{}.stiffnesses) {
      EXPECT_TRUE(study_row(task, ContactCoupling::kModelModel, k).stable) << task << " at K_i = " << k;
    }
  }
}

TEST(ContactStudy, ModelModelsErrorFallsByOverAHundredFromKi1e3To1e8InBothTasks) {
  for (const char* task : {"landing", "insertion"}) {
    const double at_1e3 = study_row(task, ContactCoupling::kModelModel, 1e3).error.rms_position;
    const double at_1e8 = study_row(task, ContactCoupling::kModelModel, 1e8).error.rms_position;
    std::printf(
        "%s, model-model: RMS position error %.3e m at K_i = 1e3, %.3e m at 1e8: %.0f times smaller\n", task,
        at_1e3, at_1e8, at_1e3 / at_1e8);
    EXPECT_GE(at_1e3 / at_1e8, 100.0) << task;
  }
}

// The Acceptance asks for K_i ≥ 1e7 N/m; it holds from 3e7 up (TheCompliantWeldsExtraDepthFalls…:
// 3.8 mm), here from the study's rows at 1e8 and 1e9 (0.1812 m, 0.1802 m; the monolithic 0.1801 m).
// At 1e7 model–model jams at 0.1939 m, 13.8 mm deeper: so does the monolithic machine with that
// compliant weld — the interface's compliance itself, which model–model reproduces, not an error of
// the coupling (AtKi1e7TheJamIsTheCompliantWeldsNotTheCouplings).
TEST(ContactStudy, TheMonolithicInsertionJamsAndModelModelJamsAsDeepFromKi1e8) {
  const ContactStudyRow& monolithic = study_of("insertion").front();
  ASSERT_EQ(monolithic.run_case.coupling, ContactCoupling::kMonolithic);
  ASSERT_TRUE(monolithic.jammed);
  for (double k : {1e8, 1e9}) {
    const ContactStudyRow& r = study_row("insertion", ContactCoupling::kModelModel, k);
    ASSERT_TRUE(r.jammed) << "K_i = " << k;
    EXPECT_NEAR(r.jam_depth, monolithic.jam_depth, 5e-3) << "K_i = " << k;
  }
}

// One insertion run of `coupling` (H = h = 1 ms, as the study's) and where it jammed: with the weld
// at K_i [N/m] (D_i/K_i = 1e-4 s, angular a tenth, as the study has them; for the monolithic run, a
// compliant weld), or, K_i = 0, the monolithic run with the rigid weld.
JamVerdict insertion_jam(ContactCoupling coupling, double stiffness, const InsertionSettings& settings = {}) {
  ContactTask task = insertion_task(settings);
  ContactCouplingSettings s;
  s.coupling = coupling;
  s.rigid_reference = stiffness == 0.0;
  if (stiffness > 0.0) {
    s.interface_stiffness = stiffness;
    s.interface_damping = 1e-4 * stiffness;
  }
  s.duration = task.duration;
  Plan plan = build_contact_plan(task.systems, s, *task.driver);
  return detect_jam(task, run_plan(plan).samples);
}

// The depth at 1e7 N/m is the compliant weld's: the monolithic machine with that weld (K_i = 1e7 N/m,
// D_i = 1e3 N·s/m, angular a tenth) jams where model–model at 1e7 does, within 1 mm (0.1939 m both),
// and over 10 mm deeper than with the rigid weld. (The weld gives under the jam's squeeze, tens of
// kN: the squeeze builds through it more slowly while the pins slide on.)
TEST(ContactStudy, AtKi1e7TheJamIsTheCompliantWeldsNotTheCouplings) {
  const JamVerdict verdict = insertion_jam(ContactCoupling::kMonolithic, 1e7);
  ASSERT_TRUE(verdict.jammed);
  const ContactStudyRow& model_model = study_row("insertion", ContactCoupling::kModelModel, 1e7);
  ASSERT_TRUE(model_model.jammed);
  std::printf(
      "insertion, jam depth at K_i = 1e7 N/m: compliant weld, monolithic %.4f m; model-model %.4f m; "
      "rigid weld %.4f m\n",
      verdict.depth, model_model.jam_depth, study_of("insertion").front().jam_depth);
  EXPECT_NEAR(model_model.jam_depth, verdict.depth, 1e-3);
  EXPECT_GT(verdict.depth - study_of("insertion").front().jam_depth, 10e-3);
}

// How deep past the rigid weld's jam the compliant weld lets the pins slide falls about as 1/K_i
// (13.8, 3.8 and 1.1 mm at 1e7, 3e7 and 1e8 N/m; 1e7 and 1e8 from the study's rows): within 5 mm
// from K_i ≈ 3e7 N/m up. It is not the contacts' regularisation: with contacts ten times softer or
// stiffer (K = 1e7 or 1e9 N/m per corner) the monolithic machine's gap at 1e7 stays over 10 mm
// (17.4 and 18.8 mm).
TEST(ContactStudy, TheCompliantWeldsExtraDepthFallsAsTheWeldStiffens) {
  const double rigid = study_of("insertion").front().jam_depth;
  const JamVerdict at_3e7 = insertion_jam(ContactCoupling::kModelModel, 3e7);
  ASSERT_TRUE(at_3e7.jammed);
  const std::array<double, 3> gap = {
      // [m] at 1e7, 3e7, 1e8 N/m
      study_row("insertion", ContactCoupling::kModelModel, 1e7).jam_depth - rigid, at_3e7.depth - rigid,
      study_row("insertion", ContactCoupling::kModelModel, 1e8).jam_depth - rigid};
  std::printf(
      "insertion, model-model past the rigid weld's jam: %.1f, %.1f, %.1f mm at K_i = 1e7, 3e7, 1e8 N/m\n",
      1e3 * gap[0], 1e3 * gap[1], 1e3 * gap[2]);
  EXPECT_GT(gap[0], 10e-3);  // 1e7
  EXPECT_LT(gap[1], 5e-3);   // 3e7
  EXPECT_LT(gap[2], 2e-3);   // 1e8
  EXPECT_GT(gap[2], 0.0);
  EXPECT_LT(gap[1], gap[0] / 2.0);
  EXPECT_LT(gap[2], gap[1] / 2.0);
  for (double contact_stiffness : {1e7, 1e9}) {
    InsertionSettings settings;
    settings.contact.normal = {contact_stiffness, 1e-3 * contact_stiffness};
    const JamVerdict rigid_weld = insertion_jam(ContactCoupling::kMonolithic, 0.0, settings);
    const JamVerdict compliant = insertion_jam(ContactCoupling::kMonolithic, 1e7, settings);
    ASSERT_TRUE(rigid_weld.jammed && compliant.jammed) << "contacts at " << contact_stiffness << " N/m";
    EXPECT_GT(compliant.depth - rigid_weld.depth, 10e-3) << "contacts at " << contact_stiffness << " N/m";
  }
}

// Kinematics–model at K_i = 1e9 N/m on the insertion grows without bound from t ≈ 10.2 s and is
// still finite (6e205 m) when the task ends: unstable all the same, its errors not a measure.
TEST(ContactStudy, ARunThatRunsAwayIsUnstableThoughItStaysFinite) {
  const ContactStudyRow& r = study_row("insertion", ContactCoupling::kKinematicsModel, 1e9);
  EXPECT_FALSE(r.stable);
  EXPECT_TRUE(std::isinf(r.error.rms_position));
}

}  // namespace
}  // namespace hilsim::sim::contact
