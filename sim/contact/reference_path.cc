#include "sim/contact/reference_path.h"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace hilsim::sim::contact {
namespace {

void check_duration(double duration_s, const char* what) {
  if (!(duration_s > 0.0) || !std::isfinite(duration_s)) {
    throw std::invalid_argument(std::string("reference path ") + what +
                                ": duration must be finite and > 0 s");
  }
}

void check_finite(const Vec3& v, const char* what, const char* field) {
  if (!v.allFinite()) {
    throw std::invalid_argument(std::string("reference path ") + what + ": " + field + " must be finite");
  }
}

}  // namespace

ReferencePath::ReferencePath(const Vec3& start_pose) : start_(start_pose) {
  check_finite(start_pose, "start", "pose");
  end_.pose = start_pose;
}

void ReferencePath::append(const Vec3& v1, double duration_s, const char* what) {
  check_duration(duration_s, what);
  check_finite(v1, what, "velocity");
  const Piece piece{duration(), duration_s, end_.pose, end_.velocity, v1};
  pieces_.push_back(piece);
  end_ = at(piece, duration_s);
  end_.velocity = v1;  // exactly: v0 + (v1 − v0) may round
}

ReferencePath& ReferencePath::move(const Vec3& displacement, double duration_s) {
  check_finite(displacement, "move", "displacement");
  check_duration(duration_s, "move");
  if (!end_.velocity.isZero(0.0))
    throw std::invalid_argument("reference path move: the path must be at rest");
  const Vec3 target = end_.pose + displacement;
  append(2.0 * displacement / duration_s, 0.5 * duration_s, "move");
  append(Vec3::Zero(), 0.5 * duration_s, "move");
  end_.pose = target;  // what the two halves add up to, without their rounding
  return *this;
}

ReferencePath& ReferencePath::hold(double duration_s) {
  if (!end_.velocity.isZero(0.0))
    throw std::invalid_argument("reference path hold: the path must be at rest");
  append(Vec3::Zero(), duration_s, "hold");
  return *this;
}

ReferencePath& ReferencePath::ramp_to(const Vec3& velocity, double duration_s) {
  append(velocity, duration_s, "ramp");
  return *this;
}

ReferencePath& ReferencePath::cruise(double duration_s) {
  append(end_.velocity, duration_s, "cruise");
  return *this;
}

double ReferencePath::duration() const noexcept {
  return pieces_.empty() ? 0.0 : pieces_.back().start + pieces_.back().duration;
}

ReferenceSample ReferencePath::at(const Piece& piece, double tau) noexcept {
  const double t = piece.duration;
  const double blend = std::sin(std::numbers::pi * tau / (2.0 * t));
  const Vec3 dv = piece.v1 - piece.v0;
  ReferenceSample s;
  s.velocity = piece.v0 + dv * (blend * blend);
  s.pose = piece.pose + piece.v0 * tau +
           dv * (0.5 * tau - t / (2.0 * std::numbers::pi) * std::sin(std::numbers::pi * tau / t));
  return s;
}

ReferenceSample ReferencePath::sample(double t) const noexcept {
  if (pieces_.empty() || t <= 0.0) return {pieces_.empty() ? end_.pose : start_, Vec3::Zero()};
  const double end = duration();
  if (t >= end) return {end_.pose + end_.velocity * (t - end), end_.velocity};
  // The last piece that starts at or before t (few pieces: a linear search from the back).
  auto piece = pieces_.rbegin();
  while (piece->start > t) ++piece;
  return at(*piece, t - piece->start);
}

}  // namespace hilsim::sim::contact
