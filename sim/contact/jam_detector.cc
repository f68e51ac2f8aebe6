#include "sim/contact/jam_detector.h"

#include <cmath>
#include <stdexcept>

namespace hilsim::sim::contact {

double insertion_depth(const InsertionAxis& insertion, const PlanarBody& tool) noexcept {
  return insertion.axis.dot(world_point(tool, insertion.tip) - insertion.entry);
}

double insertion_rate(const InsertionAxis& insertion, const PlanarBody& tool) noexcept {
  const Vec2 r = rotation(tool.q.z()) * insertion.tip;
  const Vec2 v = tool.v.head<2>() + tool.v.z() * Vec2(-r.y(), r.x());
  return insertion.axis.dot(v);
}

JamDetector::JamDetector(const JamSettings& settings) : settings_(settings) {
  if (!(settings.still_speed > 0.0) || !std::isfinite(settings.still_speed)) {
    throw std::invalid_argument("jam detector: still_speed must be finite and > 0 m/s");
  }
  if (!(settings.still_time > 0.0) || !std::isfinite(settings.still_time)) {
    throw std::invalid_argument("jam detector: still_time must be finite and > 0 s");
  }
  if (!(settings.full_depth > 0.0) || !(settings.end_tolerance >= 0.0)) {
    throw std::invalid_argument("jam detector: full_depth must be > 0 m and end_tolerance ≥ 0 m");
  }
}

void JamDetector::update(double t, double depth, double rate, bool pushing) noexcept {
  if (jammed_) return;
  const bool seated = depth >= settings_.full_depth - settings_.end_tolerance;
  if (!pushing || seated || !(std::abs(rate) < settings_.still_speed)) {
    still_ = false;
    return;
  }
  if (!still_) {
    still_ = true;
    still_since_ = t;
    still_depth_ = depth;
  }
  if (t - still_since_ >= settings_.still_time) {
    jammed_ = true;
    jam_depth_ = still_depth_;
    jam_time_ = still_since_;
  }
}

}  // namespace hilsim::sim::contact
