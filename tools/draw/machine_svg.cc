#include "tools/draw/machine_svg.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "sim/machine/kinematics.h"

namespace hilsim::draw {

namespace {

using Eigen::Vector2d;
using sim::machine::kGround;
using sim::machine::MachineModel;

// Tableau's ten colours, one per body in the tree's order (repeated past ten).
constexpr std::array<const char*, 10> kPalette = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                                  "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
constexpr double kLargestSidePx = 900.0;  // the machine's larger extent [px]
constexpr double kMarginPx = 70.0;        // room for the labels around it [px]
constexpr double kRightMarginPx = 330.0;  // ... and for a cylinder's label to its right [px]

const char* colour(int body) { return kPalette[static_cast<std::size_t>(body) % kPalette.size()]; }

// Everything drawn of one pose, in world coordinates [m].
struct PoseGeometry {
  std::vector<std::vector<Vector2d>> hulls;        // per body: the convex hull of its points and pins
  std::vector<Vector2d> centres;                   // per body: its centre of mass
  std::vector<Vector2d> joints;                    // per joint: its pin on the child
  std::vector<Vector2d> points;                    // per named point
  std::vector<std::array<Vector2d, 2>> cylinders;  // per cylinder: base and rod end
};

double cross(const Vector2d& o, const Vector2d& a, const Vector2d& b) {
  return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
}

// The convex hull, counter-clockwise (Andrew's monotone chain, 1979); one or two points as they are.
std::vector<Vector2d> convex_hull(std::vector<Vector2d> p) {
  std::sort(p.begin(), p.end(), [](const Vector2d& a, const Vector2d& b) {
    return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y());
  });
  p.erase(std::unique(p.begin(), p.end(),
                      [](const Vector2d& a, const Vector2d& b) { return (a - b).norm() < 1e-9; }),
          p.end());
  if (p.size() < 3) return p;
  std::vector<Vector2d> hull(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {  // lower hull
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], p[i]) <= 0) --k;
    hull[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {  // upper hull
    while (k >= t && cross(hull[k - 2], hull[k - 1], p[i - 1]) <= 0) --k;
    hull[k++] = p[i - 1];
  }
  hull.resize(k - 1);
  return hull;
}

PoseGeometry geometry(const MachineModel& model, const sim::machine::VecQ& q) {
  sim::machine::MachineData data(model);
  sim::machine::forward_kinematics(model, q, sim::machine::VecQ::Zero(q.size()), data);
  const auto at = [&](int body, const Vector2d& local) {
    return sim::machine::point_position(data, body, local);
  };
  PoseGeometry g;
  std::vector<std::vector<Vector2d>> pins(model.bodies.size());
  const auto pin = [&](int body, const Vector2d& local) {
    if (body != kGround) pins[static_cast<std::size_t>(body)].push_back(at(body, local));
  };
  for (const sim::machine::Point& p : model.points) {
    g.points.push_back(at(p.body, p.at));
    pin(p.body, p.at);
  }
  for (const sim::machine::Joint& j : model.joints) {
    g.joints.push_back(at(j.child, j.child_at));
    pin(j.parent, j.parent_at);
    pin(j.child, j.child_at);
  }
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    g.hulls.push_back(convex_hull(pins[b]));
    g.centres.push_back(at(static_cast<int>(b), model.bodies[b].centre_of_mass));
  }
  for (const sim::machine::Cylinder& c : model.cylinders) {
    g.cylinders.push_back(
        {g.points[static_cast<std::size_t>(c.base_point)], g.points[static_cast<std::size_t>(c.rod_point)]});
  }
  return g;
}

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string fixed(double v, int decimals = 1) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

// World [m] to the picture's pixels: x to the right, y up in the world and down in SVG.
class Canvas {
 public:
  Canvas(const Vector2d& lo, const Vector2d& hi)
      : lo_(lo), hi_(hi), scale_(kLargestSidePx / std::max({hi.x() - lo.x(), hi.y() - lo.y(), 1e-3})) {}
  double width() const { return (hi_.x() - lo_.x()) * scale_ + kMarginPx + kRightMarginPx; }
  double height() const { return (hi_.y() - lo_.y()) * scale_ + 2 * kMarginPx + 30.0; }
  double scale() const { return scale_; }  // [px/m]
  Vector2d px(const Vector2d& p) const {   // [px]
    return {(p.x() - lo_.x()) * scale_ + kMarginPx, (hi_.y() - p.y()) * scale_ + kMarginPx + 30.0};
  }
  std::string x(const Vector2d& p) const { return fixed(px(p).x()); }
  std::string y(const Vector2d& p) const { return fixed(px(p).y()); }
  std::string xy(const Vector2d& p) const { return x(p) + "," + y(p); }
  std::ostringstream out;

 private:
  Vector2d lo_, hi_;
  double scale_;
};

Canvas canvas_for(const std::vector<PoseGeometry>& poses) {
  Vector2d lo = Vector2d::Constant(1e300), hi = Vector2d::Constant(-1e300);
  const auto take = [&](const Vector2d& p) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  };
  for (const PoseGeometry& g : poses) {
    for (const auto& p : g.points) take(p);
    for (const auto& p : g.joints) take(p);
    for (const auto& p : g.centres) take(p);
  }
  return Canvas(lo, hi);
}

void draw_text(Canvas& c, const Vector2d& at, double dx, double dy, const std::string& text,
               const char* style) {
  c.out << "<text x=\"" << fixed(c.px(at).x() + dx) << "\" y=\"" << fixed(c.px(at).y() + dy) << "\" class=\""
        << style << "\">" << escaped(text) << "</text>\n";
}

// Where a pose's label goes: its point farthest from the world's origin (a tool tip, as a rule).
Vector2d farthest(const std::vector<Vector2d>& points) {
  return *std::max_element(points.begin(), points.end(),
                           [](const Vector2d& a, const Vector2d& b) { return a.norm() < b.norm(); });
}

// The bodies as filled hulls (a line for two pins), faded for an overlay.
void draw_bodies(Canvas& c, const PoseGeometry& g, double opacity) {
  for (std::size_t b = 0; b < g.hulls.size(); ++b) {
    const auto& hull = g.hulls[b];
    const char* fill = colour(static_cast<int>(b));
    if (hull.size() >= 3) {
      c.out << "<polygon points=\"";
      for (std::size_t i = 0; i < hull.size(); ++i) c.out << (i ? " " : "") << c.xy(hull[i]);
      c.out << "\" fill=\"" << fill << "\" fill-opacity=\"" << fixed(0.55 * opacity, 2) << "\" stroke=\""
            << fill << "\" stroke-opacity=\"" << fixed(opacity, 2) << "\" stroke-width=\"2\"/>\n";
    } else if (hull.size() == 2) {
      c.out << "<line x1=\"" << c.x(hull[0]) << "\" y1=\"" << c.y(hull[0]) << "\" x2=\"" << c.x(hull[1])
            << "\" y2=\"" << c.y(hull[1]) << "\" stroke=\"" << fill << "\" stroke-opacity=\""
            << fixed(opacity, 2) << "\" stroke-width=\"10\" stroke-linecap=\"round\"/>\n";
    }
  }
}

// A cylinder: the rod from the middle of the barrel to the rod end, the barrel from the base over
// 0.9 of the retracted length (the rest is the rod's eye and the barrel's head), never past the rod end.
void draw_cylinders(Canvas& c, const MachineModel& model, const PoseGeometry& g, double opacity) {
  for (std::size_t k = 0; k < g.cylinders.size(); ++k) {
    const auto& [base, rod] = g.cylinders[k];
    const double s = (rod - base).norm();
    if (s <= 0.0) continue;
    const Vector2d u = (rod - base) / s;
    const Vector2d barrel_end = base + u * std::min(0.9 * model.cylinders[k].retracted_length, s);
    const Vector2d rod_start = base + u * (0.5 * std::min(0.9 * model.cylinders[k].retracted_length, s));
    c.out << "<g stroke-opacity=\"" << fixed(opacity, 2) << "\" stroke-linecap=\"butt\">"
          << "<line x1=\"" << c.x(rod_start) << "\" y1=\"" << c.y(rod_start) << "\" x2=\"" << c.x(rod)
          << "\" y2=\"" << c.y(rod) << "\" stroke=\"#9aa0a6\" stroke-width=\"4\"/>"
          << "<line x1=\"" << c.x(base) << "\" y1=\"" << c.y(base) << "\" x2=\"" << c.x(barrel_end)
          << "\" y2=\"" << c.y(barrel_end) << "\" stroke=\"#3c4043\" stroke-width=\"9\"/></g>\n";
  }
}

// Pins: a ring at every joint (a box for a slider), a triangle over hatching at every point of the ground.
void draw_joints(Canvas& c, const MachineModel& model, const PoseGeometry& g, double opacity) {
  for (std::size_t j = 0; j < model.joints.size(); ++j) {
    const bool slider = model.joints[j].type == sim::machine::JointType::kPrismatic;
    const Vector2d& p = g.joints[j];
    if (slider) {
      c.out << "<rect x=\"" << fixed(c.px(p).x() - 7) << "\" y=\"" << fixed(c.px(p).y() - 4)
            << "\" width=\"14\" height=\"8\" fill=\"white\" stroke=\"black\" stroke-opacity=\""
            << fixed(opacity, 2) << "\"/>\n";
    } else {
      c.out << "<circle cx=\"" << c.x(p) << "\" cy=\"" << c.y(p)
            << "\" r=\"5\" fill=\"white\" stroke=\"black\" "
            << "stroke-opacity=\"" << fixed(opacity, 2) << "\" stroke-width=\"1.5\"/>\n";
    }
  }
  if (opacity < 1.0) return;
  for (std::size_t i = 0; i < model.points.size(); ++i) {
    if (model.points[i].body != kGround) continue;
    const Vector2d q = c.px(g.points[i]);
    c.out << "<path d=\"M" << fixed(q.x()) << "," << fixed(q.y() + 5) << " l-9,14 h18 z M"
          << fixed(q.x() - 12) << "," << fixed(q.y() + 19)
          << " h24 m-20,0 l-5,6 m10,-6 l-5,6 m10,-6 l-5,6 m10,-6 l-5,6 m10,-6 l-5,6\" "
          << "fill=\"none\" stroke=\"black\"/>\n";
  }
}

// Every name at the initial pose: bodies at their hull's centre, points, joints, cylinders with
// their length and how far out of the stroke they are, centres of mass as crossed circles.
void draw_labels(Canvas& c, const MachineModel& model, const PoseGeometry& g) {
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    Vector2d centre = Vector2d::Zero();
    for (const auto& p : g.hulls[b]) centre += p;
    if (!g.hulls[b].empty()) centre /= static_cast<double>(g.hulls[b].size());
    draw_text(c, centre, 0, -8, model.bodies[b].name, "body");
    const Vector2d& m = g.centres[b];
    c.out << "<g class=\"com\"><circle cx=\"" << c.x(m) << "\" cy=\"" << c.y(m) << "\" r=\"4\"/><path d=\"M"
          << fixed(c.px(m).x() - 4) << "," << c.y(m) << " h8 M" << c.x(m) << "," << fixed(c.px(m).y() - 4)
          << " v8\"/></g>\n";
  }
  // Points at one place (a joint's two pins) share one label, "ground.A = boom.A".
  std::vector<bool> labelled(model.points.size(), false);
  for (std::size_t i = 0; i < model.points.size(); ++i) {
    if (labelled[i]) continue;
    const Vector2d& p = g.points[i];
    std::string names = model.points[i].name;
    for (std::size_t j = i + 1; j < model.points.size(); ++j) {
      if ((g.points[j] - p).norm() < 1e-6 && !labelled[j]) {
        labelled[j] = true;
        names += " = " + model.points[j].name;
      }
    }
    c.out << "<circle cx=\"" << c.x(p) << "\" cy=\"" << c.y(p) << "\" r=\"2.5\" fill=\"black\"/>\n";
    draw_text(c, p, 5, 12, names, "point");
  }
  for (std::size_t j = 0; j < model.joints.size(); ++j)
    draw_text(c, g.joints[j], 7, -6, model.joints[j].name, "joint");
  for (std::size_t k = 0; k < model.cylinders.size(); ++k) {
    const sim::machine::Cylinder& cyl = model.cylinders[k];
    const auto& [base, rod] = g.cylinders[k];
    const double s = (rod - base).norm();
    const double out = cyl.stroke > 0 ? 100.0 * (s - cyl.retracted_length) / cyl.stroke : 0.0;
    draw_text(c, 0.5 * (base + rod), 8, 16,
              cyl.name + ": s = " + fixed(s, 3) + " m, " + fixed(out, 0) + " % of its " +
                  fixed(cyl.stroke, 3) + " m stroke out",
              "cylinder");
  }
}

// The title, the key to the symbols and a scale bar.
void draw_frame(Canvas& c, const MachineModel& model, const std::vector<DrawnPose>& overlays) {
  std::string title = model.name + ": the initial pose";
  if (!overlays.empty())
    title += " (solid) and " + std::to_string(overlays.size()) + " poses of a run (faded)";
  c.out << "<text x=\"10\" y=\"22\" class=\"title\">" << escaped(title) << "</text>\n";
  c.out << "<text x=\"10\" y=\"40\" class=\"point\">"
        << "rings: joints, boxes: sliders, dots: points, crossed rings: centres of mass, dark: barrels, "
        << "grey: rods, hatched: points of the ground</text>\n";
  // The scale bar: the longest round length within a quarter of the picture's width.
  double metres = 10.0;
  for (double m : {10.0, 5.0, 2.0, 1.0, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01}) {
    metres = m;
    if (m * c.scale() <= 0.25 * c.width()) break;
  }
  const double bar = metres * c.scale();
  const double y = c.height() - 14.0;
  c.out << "<path d=\"M10," << fixed(y) << " h" << fixed(bar) << " M10," << fixed(y - 5) << " v10 M"
        << fixed(10 + bar) << "," << fixed(y - 5) << " v10\" stroke=\"black\"/>\n";
  c.out << "<text x=\"" << fixed(16 + bar) << "\" y=\"" << fixed(y + 4) << "\" class=\"point\">"
        << fixed(metres, 2) << " m</text>\n";
}

}  // namespace

std::string machine_svg(const MachineModel& model, const std::vector<DrawnPose>& overlays) {
  std::vector<PoseGeometry> poses;
  for (const DrawnPose& p : overlays) poses.push_back(geometry(model, p.q));
  poses.push_back(geometry(model, model.initial_q));
  Canvas c = canvas_for(poses);
  c.out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << fixed(c.width(), 0) << "\" height=\""
        << fixed(c.height(), 0) << "\" viewBox=\"0 0 " << fixed(c.width(), 0) << " " << fixed(c.height(), 0)
        << "\" font-family=\"sans-serif\">\n"
        << "<style>.title{font-size:16px;font-weight:bold}.body{font-size:14px;font-weight:bold}"
        << ".point{font-size:10px;fill:#555}.joint{font-size:10px;font-style:italic;fill:#1a237e}"
        << ".cylinder{font-size:11px;fill:#3c4043}.pose{font-size:11px;fill:#777}"
        << ".com{fill:white;stroke:black;stroke-width:1}</style>\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (std::size_t i = 0; i < overlays.size(); ++i) {
    draw_bodies(c, poses[i], 0.3);
    draw_cylinders(c, model, poses[i], 0.3);
    draw_joints(c, model, poses[i], 0.3);
    if (!poses[i].points.empty()) draw_text(c, farthest(poses[i].points), 8, 18, overlays[i].label, "pose");
  }
  draw_bodies(c, poses.back(), 1.0);
  draw_cylinders(c, model, poses.back(), 1.0);
  draw_joints(c, model, poses.back(), 1.0);
  draw_labels(c, model, poses.back());
  draw_frame(c, model, overlays);
  c.out << "</svg>\n";
  return c.out.str();
}

}  // namespace hilsim::draw
