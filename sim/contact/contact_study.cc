#include "sim/contact/contact_study.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "sim/contact/contact_plan.h"
#include "sim/contact/jam_detector.h"
#include "sim/cosim/cosimulation.h"

namespace hilsim::sim::contact {
namespace {

ContactCouplingSettings coupling_settings(const ContactStudySettings& study, const ContactStudyCase& c,
                                          double duration) {
  ContactCouplingSettings s;
  s.coupling = c.coupling;
  if (c.coupling != ContactCoupling::kMonolithic) {
    s.interface_stiffness = c.stiffness;
    s.interface_damping = study.damping_ratio * c.stiffness;
  }
  s.H = study.H;
  s.h = study.h;
  s.duration = duration;
  s.rigid_reference = true;
  return s;
}

// Finite, and the tool within `reach` [m] of the crane's base (the origin).
bool tool_in_bounds(const Sample& s, double reach) {
  return std::isfinite(s.tool_theta) && std::isfinite(s.tool_xdot) && std::isfinite(s.tool_ydot) &&
         std::isfinite(s.tool_thetadot) && std::isfinite(s.normal_force) &&
         std::hypot(s.tool_x, s.tool_y) < reach;  // false for a non-finite position too
}

}  // namespace

ContactStudy::ContactStudy(std::function<ContactTask()> make_task, ContactStudySettings settings)
    : make_task_(std::move(make_task)), settings_(std::move(settings)) {
  if (!make_task_) throw std::invalid_argument("contact study: no task");
  if (!(std::isfinite(settings_.damping_ratio) && settings_.damping_ratio >= 0.0)) {
    throw std::invalid_argument("contact study: D_i/K_i must be a finite number of seconds ≥ 0");
  }
  if (!(settings_.runaway_distance > 0.0)) {
    throw std::invalid_argument("contact study: the runaway distance must be > 0 m");
  }
  cases_.push_back({ContactCoupling::kMonolithic, 0.0});
  for (ContactCoupling c : settings_.couplings) {
    if (c == ContactCoupling::kMonolithic) {
      throw std::invalid_argument(
          "contact study: the monolithic run is always run 0, not a coupling to list");
    }
    for (double k : settings_.stiffnesses) {
      // Validates K_i and D_i as every plan does (names the field and its range).
      (void)interface_compliance(k, settings_.damping_ratio * k);
      cases_.push_back({c, k});
    }
  }
  // The steps as the plans will take them: a bad H or h is refused before any run.
  (void)steps_per_macro_step(settings_.H, settings_.h, "contact step h");
}

ContactStudyRun ContactStudy::run(std::size_t i) const {
  ContactStudyRun out;
  out.run_case = cases_.at(i);
  const ContactTask task = make_task_();
  const ContactCouplingSettings s =
      coupling_settings(settings_, out.run_case, settings_.duration.value_or(task.duration));
  Plan plan = build_contact_plan(task.systems, s, *task.driver);
  RunResult result = run_plan(plan);
  out.samples = std::move(result.samples);
  bool bounded = true;
  for (const Sample& sample : out.samples)
    bounded = bounded && tool_in_bounds(sample, settings_.runaway_distance);
  out.stable = !result.diverged && bounded &&
               static_cast<std::int64_t>(out.samples.size()) == plan.communication_points() + 1;
  const JamVerdict jam = detect_jam(task, out.samples);
  out.jammed = jam.jammed;
  out.jam_depth = jam.depth;
  return out;
}

ContactStudyRow ContactStudy::take(std::size_t i, ContactStudyRun&& run) {
  if (i != next_ || i >= cases_.size()) {
    throw std::logic_error("contact study: rows must be taken in order, the monolithic run first");
  }
  ++next_;
  if (i == 0) reference_ = std::move(run.samples);
  ContactStudyRow row{run.run_case, run.stable, {}, run.jammed, run.jam_depth};
  row.error = i == 0 ? tool_error(reference_, reference_) : tool_error(run.samples, reference_);
  if (!row.stable) {  // a run-away run's errors are not a measure of its accuracy
    constexpr double kInf = std::numeric_limits<double>::infinity();
    row.error.rms_position = row.error.rms_velocity = row.error.max_position = kInf;
    row.error.complete = false;
  }
  return row;
}

std::vector<ContactStudyRow> run_contact_study(ContactStudy& study) {
  std::vector<ContactStudyRow> rows;
  for (std::size_t i = 0; i < study.size(); ++i) rows.push_back(study.take(i, study.run(i)));
  return rows;
}

TaskJamWatch::TaskJamWatch(const ContactTask& task)
    : insertion_(task.insertion),
      detector_(task.jam),
      push_start_(task.push_start),
      push_end_(task.push_end) {}

void TaskJamWatch::observe(const Sample& s) noexcept {
  if (!has_push()) return;
  tool_.q = Vec3(s.tool_x, s.tool_y, s.tool_theta);
  tool_.v = Vec3(s.tool_xdot, s.tool_ydot, s.tool_thetadot);
  detector_.update(s.t, insertion_depth(insertion_, tool_), insertion_rate(insertion_, tool_),
                   s.t >= push_start_ && s.t <= push_end_);
}

JamVerdict TaskJamWatch::verdict() const noexcept {
  if (!detector_.jammed()) return {};
  return {true, detector_.jam_depth(), detector_.jam_time()};
}

JamVerdict detect_jam(const ContactTask& task, const std::vector<Sample>& samples) {
  TaskJamWatch watch(task);
  for (const Sample& s : samples) watch.observe(s);
  return watch.verdict();
}

}  // namespace hilsim::sim::contact
