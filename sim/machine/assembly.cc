#include "sim/machine/assembly.h"

#include "sim/machine/description_checks.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/loop_closure.h"

namespace hilsim::sim::machine::internal {

namespace {

// The names of the tree joints marked guess, for messages.
std::string guesses(const MachineModel& model, const MachineDescription& d,
                    const std::vector<std::size_t>& described) {
  std::string list;
  for (int b = 0; b < model.coordinates(); ++b) {
    if (d.joints[described[b]].guess) list += (list.empty() ? "'" : ", '") + model.joints[b].name + "'";
  }
  return list.empty() ? "none" : list;
}

// The loop joints' names, for messages.
std::string loop_joints(const MachineModel& model) {
  std::string list;
  for (const Joint& j : model.joints) {
    if (j.first_row >= 0) list += (list.empty() ? "'" : ", '") + j.name + "'";
  }
  return list;
}

// The dependent coordinates: the columns of Φ_q among the guesses that complete pivoting picks.
void choose_partition(MachineModel& model, const MachineDescription& d,
                      const std::vector<std::size_t>& described, const MachineData& data) {
  const int n = model.coordinates();
  MatLQ Phi_q;
  VecL bias;
  loop_jacobian(model, data, Phi_q, bias);
  std::vector<int> candidates;
  for (int b = 0; b < n; ++b) {
    if (d.joints[described[b]].guess) candidates.push_back(b);
  }
  const int m = model.loop_rows;
  Eigen::MatrixXd G(m, static_cast<Eigen::Index>(candidates.size()));
  for (std::size_t k = 0; k < candidates.size(); ++k)
    G.col(static_cast<Eigen::Index>(k)) = Phi_q.col(candidates[k]);
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(G);
  require(
      static_cast<int>(candidates.size()) >= m && lu.rank() == m, "joints",
      "the loops closed by " + loop_joints(model) + " need " + std::to_string(m) +
          " coordinates to solve for, among the joints marked guess = true, that move them independently; "
          "guesses: " +
          guesses(model, d, described));
  std::vector<bool> dependent(n, false);
  for (int k = 0; k < m; ++k) dependent[candidates[lu.permutationQ().indices()[k]]] = true;
  model.independent.clear();
  model.dependent.clear();
  for (int b = 0; b < n; ++b) (dependent[b] ? model.dependent : model.independent).push_back(b);
}

}  // namespace

void assemble(MachineModel& model, const MachineDescription& d, const std::vector<std::size_t>& described) {
  const int n = model.coordinates();
  model.initial_q = VecQ::Zero(n);
  for (int b = 0; b < n; ++b) {
    const double initial = d.joints[described[b]].initial;
    require(std::isfinite(initial), entry("joints", described[b]) + ".initial",
            "joint '" + model.joints[b].name + "': initial must be a finite number");
    model.initial_q[b] = initial;
  }
  model.independent.clear();
  model.dependent.clear();
  for (int b = 0; b < n; ++b) model.independent.push_back(b);
  if (!model.has_loops()) return;
  MachineData data(model);
  const VecQ zero = VecQ::Zero(n);
  forward_kinematics(model, model.initial_q, zero, data);
  choose_partition(model, d, described, data);
  VecQ q = model.initial_q;
  const LoopSolve solve = loop_positions(model, q, zero, data, 1e-12, 50);
  require(solve.converged, "joints",
          "the loops closed by " + loop_joints(model) + " cannot close from the guesses of " +
              guesses(model, d, described) + ": the points stay " + computed(solve.violation) +
              " m apart after " + std::to_string(solve.iterations) +
              " Newton steps (check the points' coordinates, or start the guesses nearer)");
  model.initial_q = q;
}

}  // namespace hilsim::sim::machine::internal
