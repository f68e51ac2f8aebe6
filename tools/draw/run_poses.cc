#include "tools/draw/run_poses.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "sim/machine/kinematics.h"
#include "tools/io/input_error.h"

namespace hilsim::draw {

namespace {

using sim::machine::MachineModel;

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", v);
  return buffer;
}

// The row whose time is nearest t (the first of two as near).
std::size_t nearest_row(const std::vector<std::vector<double>>& rows, std::size_t t_column, double t) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (std::abs(rows[i][t_column] - t) < std::abs(rows[best][t_column] - t)) best = i;
  }
  return best;
}

std::vector<double> default_times(const io::CsvTable& run, std::size_t t_column) {
  const double first = run.rows.front()[t_column], last = run.rows.back()[t_column];
  std::vector<double> times;
  for (int i = 0; i < 5; ++i) times.push_back(first + (last - first) * i / 4.0);
  return times;
}

// The tree coordinates of one row from its body angles.
sim::machine::VecQ pose_of_row(const MachineModel& model, const std::vector<double>& row,
                               const std::vector<std::size_t>& theta) {
  sim::machine::VecQ q(model.coordinates());
  for (int b = 0; b < model.coordinates(); ++b) {
    const int parent = model.bodies[static_cast<std::size_t>(b)].parent;
    const double parent_angle =
        parent == sim::machine::kGround ? 0.0 : row[theta[static_cast<std::size_t>(parent)]];
    q[b] = row[theta[static_cast<std::size_t>(b)]] - parent_angle;
  }
  return q;
}

// The machine's cylinder lengths at q against the run's: a run of another machine differs.
void check_lengths(const MachineModel& model, const io::CsvTable& run, std::size_t r,
                   const sim::machine::VecQ& q) {
  sim::machine::MachineData data(model);
  sim::machine::forward_kinematics(model, q, sim::machine::VecQ::Zero(q.size()), data);
  for (int k = 0; k < model.cylinder_count(); ++k) {
    const std::string name = "s" + std::to_string(k + 1);
    const int column = run.find_column({name});
    if (column < 0) continue;
    const double written = run.rows[r][static_cast<std::size_t>(column)];
    const double drawn = sim::machine::cylinder_kinematics(model, data, k).s;
    // 0.1 mm: a dependent-coordinate run's angles and lengths agree to its constraint's drift (1.3 µm
    // seen with ALI1); another machine's differ by its geometry.
    if (!(std::abs(written - drawn) <= 1e-4)) {
      throw io::InputError(run.path + ":" + std::to_string(run.line_numbers[r]) + ": column '" + name +
                           "' = " + number(written) + " m, but the machine's cylinder '" +
                           model.cylinders[static_cast<std::size_t>(k)].name + "' is " + number(drawn) +
                           " m long at the row's angles: not a run of this machine");
    }
  }
}

}  // namespace

std::vector<DrawnPose> run_poses(const MachineModel& model, const io::CsvTable& run,
                                 const std::vector<double>& times) {
  for (const sim::machine::Joint& j : model.joints) {
    if (j.coordinate >= 0 && j.type == sim::machine::JointType::kPrismatic) {
      throw io::InputError(run.path + ": joint '" + j.name +
                           "' is prismatic: a run's CSV holds its body's angle, not its slide, so only the "
                           "initial pose can be drawn (leave out --run)");
    }
  }
  const std::size_t t_column = run.column({"t", "time"});
  std::vector<std::size_t> theta;
  for (int b = 1; b <= model.coordinates(); ++b) theta.push_back(run.column({"theta" + std::to_string(b)}));
  if (run.find_column({"theta" + std::to_string(model.coordinates() + 1)}) >= 0) {
    throw io::InputError(run.path + ": it has more body angles than the machine's " +
                         std::to_string(model.coordinates()) + " bodies: not a run of this machine");
  }
  const double first = run.rows.front()[t_column], last = run.rows.back()[t_column];
  std::vector<DrawnPose> poses;
  for (double t : times.empty() ? default_times(run, t_column) : times) {
    if (t < first || t > last) {
      throw io::InputError(run.path + ": --times " + number(t) + " s is outside the run, [" + number(first) +
                           ", " + number(last) + "] s");
    }
    const std::size_t r = nearest_row(run.rows, t_column, t);
    DrawnPose pose{"t = " + number(run.rows[r][t_column]) + " s", pose_of_row(model, run.rows[r], theta)};
    check_lengths(model, run, r, pose.q);
    poses.push_back(std::move(pose));
  }
  return poses;
}

}  // namespace hilsim::draw
