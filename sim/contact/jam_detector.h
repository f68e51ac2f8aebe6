// Whether an insertion jammed, and how deep (issue 21's study: the `jammed` and `jam_depth` columns).
// Jammed: the tool's speed along the insertion axis stayed below 1 mm/s for at least 0.2 s while the
// reference still pushed it in (Peiret et al., Peiret et al. (contact tasks), §7.2: "pushed inside the socket
// at a constant speed of 0.1 m/s until it stops"). The jam depth is the insertion depth where it stopped: at
// the start of that still interval. A stop at the full depth (the connector seated) is no jam. The first jam
// is kept; later motion does not undo it.
//
// The depth is measured at a point of the tool (the pins' tips) along the socket's axis from its
// entry (insertion_depth), so that a co-simulation and the monolithic run are judged alike.
#pragma once

#include <limits>

#include "sim/contact/planar_body.h"

namespace hilsim::sim::contact {

struct InsertionAxis {
  Vec2 tip = Vec2::Zero();     // the tool's point whose depth counts, tool frame [m]
  Vec2 entry = Vec2::Zero();   // where the socket begins, world [m]
  Vec2 axis = -Vec2::UnitY();  // unit, world, into the socket
};

// axis · (tip − entry) [m] (negative before the tip enters) and its rate axis · v(tip) [m/s].
double insertion_depth(const InsertionAxis& insertion, const PlanarBody& tool) noexcept;
double insertion_rate(const InsertionAxis& insertion, const PlanarBody& tool) noexcept;

struct JamSettings {
  double still_speed = 1e-3;  // below this the tool counts as stopped [m/s] > 0
  double still_time = 0.2;    // for at least this long [s] > 0
  // The depth of a full insertion [m] > 0: a stop within end_tolerance [m] ≥ 0 of it is the
  // insertion's end, not a jam.
  double full_depth = std::numeric_limits<double>::infinity();
  double end_tolerance = 1e-3;
};

class JamDetector {
 public:
  // Throws std::invalid_argument when a setting is out of its range.
  explicit JamDetector(const JamSettings& settings = {});

  // One sample at t [s] of the depth [m] and its rate [m/s], and whether the reference pushes then.
  void update(double t, double depth, double rate, bool pushing) noexcept;

  bool jammed() const noexcept { return jammed_; }
  double jam_depth() const noexcept { return jam_depth_; }  // [m]; meaningful when jammed()
  double jam_time() const noexcept { return jam_time_; }    // when it stopped [s]

 private:
  JamSettings settings_;
  bool still_ = false;
  double still_since_ = 0.0;  // [s]
  double still_depth_ = 0.0;  // [m]
  bool jammed_ = false;
  double jam_depth_ = 0.0;
  double jam_time_ = 0.0;
};

}  // namespace hilsim::sim::contact
