// The study of Peiret et al. (Peiret et al. (contact tasks), §7–8, Figs. 6–7) on one of hilsim's contact
// tasks (contact_tasks.h): the monolithic run (the rigid weld, the reference), then every coupling at every
// interface stiffness K_i, with D_i = (D_i/K_i) K_i and the angular stiffness and damping a tenth of
// the linear in number (contact_plan.h), H = h. Per run: whether it stayed stable, the tool's RMS
// position and velocity error against the monolithic run (tool_error.h), and, for a task with a push
// (the insertion), whether and how deep it jammed (jam_detector.h).
//
// Stable: finite and healthy (Subsystem::healthy) at every communication point to the end, and the
// tool never further than runaway_distance from the crane's base. An unstable coupling's state grows
// geometrically and may still be finite when the task ends: kinematics–model at K_i = 1e9 N/m on the
// insertion leaves 5 m at t = 10.26 s and is at 6e205 m at 10.9 s. A guided tool stays within about
// 2 m of the base (links of 1 m and 0.5 m, tools under 0.5 m); any bound well beyond that and well
// under the overflow gives the same verdicts.
//
// The runs are independent: run(i) builds its own task and plan and may be called from any thread.
// Their rows are made in order by take(i, ·) — run 0, the monolithic one, first, since every other
// row compares with it — so that a pool of workers (tools/study/job_pool.h) and one loop
// (run_contact_study) give the same rows.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/contact/contact_coupling.h"
#include "sim/contact/contact_tasks.h"
#include "sim/contact/jam_detector.h"
#include "sim/contact/tool_error.h"

namespace hilsim::sim::contact {

struct ContactStudySettings {
  std::vector<double> stiffnesses = {1e2, 1e3, 1e5, 1e7, 1e8, 1e9};  // K_i [N/m], each > 0
  std::vector<ContactCoupling> couplings = {ContactCoupling::kKinematicsForce, ContactCoupling::kModelForce,
                                            ContactCoupling::kKinematicsModel, ContactCoupling::kModelModel};
  double damping_ratio = 1e-4;      // D_i / K_i [s] ≥ 0 (Peiret et al. (contact tasks), Fig. 7)
  double H = 1e-3;                  // macro step [s]
  double h = 1e-3;                  // micro step [s]; H a whole multiple of it
  double runaway_distance = 100.0;  // a tool this far from the crane's base has run away [m] > 0
  std::optional<double> duration;   // [s] ≥ 0; unset: the task's own
};

// One run of the study: the monolithic reference (stiffness 0: its weld is rigid) or a coupling at K_i.
struct ContactStudyCase {
  ContactCoupling coupling = ContactCoupling::kMonolithic;
  double stiffness = 0.0;  // K_i [N/m]
};

// What one run gave: its samples (one per communication point, up to a divergence) and its verdicts.
struct ContactStudyRun {
  ContactStudyCase run_case;
  std::vector<Sample> samples;
  bool stable = false;     // finite and healthy at every communication point to the end
  bool jammed = false;     // the task has a push, and the jam detector fired during it
  double jam_depth = 0.0;  // [m], when jammed
};

// A row of the study's table.
struct ContactStudyRow {
  ContactStudyCase run_case;
  bool stable = false;
  ToolError error;  // against the monolithic run (zero for itself; +inf for an unstable run)
  bool jammed = false;
  double jam_depth = 0.0;  // [m], when jammed
};

class ContactStudy final {
 public:
  // `make_task` builds the task afresh for each run (each run needs its own driver), from any thread.
  // Throws std::invalid_argument naming a setting out of its range (as build_contact_plan does).
  ContactStudy(std::function<ContactTask()> make_task, ContactStudySettings settings);

  // The runs: 0 the monolithic one, then each coupling in the settings' order at each K_i in theirs.
  std::size_t size() const { return cases_.size(); }
  const ContactStudyCase& run_case(std::size_t i) const { return cases_.at(i); }
  const ContactStudySettings& settings() const { return settings_; }

  // Runs case i. Thread-safe: reads only the study's settings.
  ContactStudyRun run(std::size_t i) const;

  // The row of run i; called for i = 0, 1, … in order (run 0 is kept as the reference). Throws
  // std::logic_error when called out of order.
  ContactStudyRow take(std::size_t i, ContactStudyRun&& run);

 private:
  std::function<ContactTask()> make_task_;
  ContactStudySettings settings_;
  std::vector<ContactStudyCase> cases_;
  std::vector<Sample> reference_;
  std::size_t next_ = 0;  // the row take() makes next
};

// Every run of the study, one after the other, and their rows in order.
std::vector<ContactStudyRow> run_contact_study(ContactStudy& study);

// The jam detector (jam_detector.h) on the samples of a run of `task`, one at a time as the run
// makes them: whether the tool stopped while the reference pushed it, and how deep [m]. Never
// jammed for a task without a push (the landing).
struct JamVerdict {
  bool jammed = false;
  double depth = 0.0;  // [m]
  double time = 0.0;   // when it stopped [s]
};
class TaskJamWatch final {
 public:
  explicit TaskJamWatch(const ContactTask& task);
  void observe(const Sample& sample) noexcept;
  JamVerdict verdict() const noexcept;
  bool has_push() const noexcept { return push_end_ > push_start_; }

 private:
  InsertionAxis insertion_;
  JamDetector detector_;
  double push_start_;  // [s]
  double push_end_;    // [s]
  PlanarBody tool_;    // the tool's pose and velocity at the sample: all insertion_depth needs
};

// The watch over a whole run's samples.
JamVerdict detect_jam(const ContactTask& task, const std::vector<Sample>& samples);

}  // namespace hilsim::sim::contact
