#include "sim/monolithic/machine_monolithic.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sim/cosim/machine_samples.h"
#include "sim/machine/dynamics.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/loop_closure.h"

namespace hilsim::sim {

namespace {

using machine::MatLQ;
using machine::MatQ;
using machine::VecL;
using machine::VecQ;

// The central difference's step for z_j: 1e-7 of a coordinate [rad, m], of a pressure relative to
// its size and never under 0.1 Pa.
double difference_step(int j, int n, double z) { return j < n ? 1e-7 : 1e-8 * std::max(std::abs(z), 1e7); }

}  // namespace

MachineMonolithicSolver::MachineMonolithicSolver(std::shared_ptr<const machine::MachineModel> model,
                                                 const machine::MachineEquilibrium& eq,
                                                 std::vector<const ValveCommand*> valves,
                                                 const MonolithicSettings& settings)
    : model_(std::move(model)),
      valves_(std::move(valves)),
      settings_(settings),
      circuits_(machine_circuits(*model_, false)),
      data_(*model_) {
  if (!(std::isfinite(settings.h) && settings.h > 0.0) || !(settings.alpha > 0.0) ||
      !(settings.tolerance > 0.0) || settings.projections < 0 || settings.max_iterations < 1) {
    throw std::invalid_argument(
        "monolithic solver: h, alpha and tolerance must be positive, projections >= 0 and max_iterations >= "
        "1");
  }
  const int K = model_->cylinder_count();
  if (static_cast<int>(valves_.size()) != K || std::count(valves_.begin(), valves_.end(), nullptr) > 0)
    throw std::invalid_argument("monolithic solver: one valve command per cylinder");
  int size = 0;
  for (const HydraulicCircuit& c : circuits_) {
    offset_.push_back(size);
    size += 2 * c.size + (c.supply.pump ? 1 : 0);
  }
  y_ = VecY::Zero(size);
  lags_.resize(static_cast<std::size_t>(K));
  spools_.resize(static_cast<std::size_t>(K));
  x_.resize(static_cast<std::size_t>(K));
  command_.resize(static_cast<std::size_t>(K));
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    const HydraulicCircuit& circuit = circuits_[c];
    for (int i = 0; i < circuit.size; ++i) {
      const auto k = static_cast<std::size_t>(circuit.cylinder[i]);
      y_.segment<2>(offset_[c] + 2 * i) = eq.cylinders[k].p;
      const ValveModel& v = circuit.hyd[i].valve;
      if (v.proportional()) lags_[k] = SpoolLag(v.natural_frequency, v.damping_ratio, settings.h);
      // The spool rests at the command that holds the machine; the command from t_0 on is the valve's
      // (the sample at t_0 shows it, and an open-centre valve's position is it).
      spools_[k].x = eq.cylinders[k].command;
      command_[k] = valves_[k]->kappa(0, 0.0);
      x_[k] = v.proportional() ? spools_[k].x : command_[k];
    }
    if (circuit.supply.pump) {
      const int supply = model_->cylinders[static_cast<std::size_t>(circuit.cylinder[0])].supply;
      y_[offset_[c] + 2 * circuit.size] = eq.supply_pressure[static_cast<std::size_t>(supply)];
    }
  }
  q_ = eq.q;
  q_dot_ = VecQ::Zero(n());
  lambda_ = VecL::Zero(model_->loop_rows);
  initial_accelerations();
  E0_ = machine::kinetic_energy(*model_, data_) + machine::potential_energy(*model_, data_);
  T_.resize(n() + m(), n() + m());
}

// At rest: [M Φ_qᵀ; Φ_q 0] [q̈; λ] = [Q; −Φ̇_q q̇] (the index-1 form), and the pressures' rates.
void MachineMonolithicSolver::initial_accelerations() {
  const VecQ Q = applied_forces(q_, q_dot_, y_);
  y_dot_ = hydraulic_rates(y_);
  MatQ M(n(), n());
  machine::mass_matrix(*model_, data_, M);
  const int L = model_->loop_rows;
  MatZ A = MatZ::Zero(n() + L, n() + L);
  VecZ rhs = VecZ::Zero(n() + L);
  A.topLeftCorner(n(), n()) = M;
  rhs.head(n()) = Q;
  if (L > 0) {
    MatLQ Phi_q(L, n());
    VecL Phi_dot_q_dot(L);
    machine::loop_jacobian(*model_, data_, Phi_q, Phi_dot_q_dot);
    A.topRightCorner(n(), L) = Phi_q.transpose();
    A.bottomLeftCorner(L, n()) = Phi_q;
    rhs.tail(L) = -Phi_dot_q_dot;
  }
  const VecZ solution = A.fullPivLu().solve(rhs);
  q_ddot_ = solution.head(n());
  lambda_ = solution.tail(L);
  power_ = mechanical_power();
}

CircuitState MachineMonolithicSolver::circuit_state(std::size_t c, const VecY& y) const {
  CircuitState z;
  const HydraulicCircuit& circuit = circuits_[c];
  for (int i = 0; i < circuit.size; ++i) z.p[i] = y.segment<2>(offset_[c] + 2 * i);
  if (circuit.supply.pump) z.p_s = y[offset_[c] + 2 * circuit.size];
  return z;
}

CircuitInputs MachineMonolithicSolver::circuit_inputs(std::size_t c) const {
  CircuitInputs u{};
  const HydraulicCircuit& circuit = circuits_[c];
  for (int i = 0; i < circuit.size; ++i) {
    const machine::CylinderKinematics kin = machine::cylinder_kinematics(*model_, data_, circuit.cylinder[i]);
    u[i] = CylinderInput{kin.s, kin.s_dot, x_[static_cast<std::size_t>(circuit.cylinder[i])]};
  }
  return u;
}

VecQ MachineMonolithicSolver::applied_forces(const VecQ& q, const VecQ& q_dot, const VecY& y) {
  machine::forward_kinematics(*model_, q, q_dot, data_);
  VecQ Q = machine::gravity_forces(*model_, data_) - machine::bias_forces(*model_, data_);
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    const HydraulicCircuit& circuit = circuits_[c];
    for (int i = 0; i < circuit.size; ++i) {
      const machine::CylinderKinematics kin =
          machine::cylinder_kinematics(*model_, data_, circuit.cylinder[i]);
      const Eigen::Vector2d p = y.segment<2>(offset_[c] + 2 * i);
      Q += kin.J.transpose() * cylinder_force(circuit.hyd[i], p, kin.s_dot);  // Naya et al. 2011, eq. (34)
    }
  }
  return Q;
}

MachineMonolithicSolver::VecY MachineMonolithicSolver::hydraulic_rates(const VecY& y) {
  VecY rates(m());
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    const HydraulicCircuit& circuit = circuits_[c];
    const CircuitState dz = circuit_rates(circuit, circuit_state(c, y), circuit_inputs(c));
    for (int i = 0; i < circuit.size; ++i) rates.segment<2>(offset_[c] + 2 * i) = dz.p[i];
    if (circuit.supply.pump) rates[offset_[c] + 2 * circuit.size] = dz.p_s;
  }
  return rates;
}

MachineMonolithicSolver::VecZ MachineMonolithicSolver::residual(const VecZ& z, const Predicted& hat,
                                                                const VecL& lambda) {
  const double h = settings_.h, h2_4 = 0.25 * h * h;
  const VecQ q = z.head(n());
  const VecY y = z.tail(m());
  const VecQ q_dot = 2.0 / h * q + hat.q_dot;
  const VecQ q_ddot = 4.0 / (h * h) * q + hat.q_ddot;
  VecQ mech = -applied_forces(q, q_dot, y);
  MatQ M(n(), n());
  machine::mass_matrix(*model_, data_, M);
  mech += M * q_ddot;
  if (model_->has_loops()) {
    MatLQ Phi_q(model_->loop_rows, n());
    VecL Phi_dot_q_dot(model_->loop_rows);
    machine::loop_jacobian(*model_, data_, Phi_q, Phi_dot_q_dot);
    mech += Phi_q.transpose() * (settings_.alpha * machine::loop_constraints(*model_, data_) + lambda);
  }
  VecZ b(n() + m());
  b.head(n()) = h2_4 * mech;
  b.tail(m()) = h2_4 * (2.0 / h * y + hat.y_dot - hydraulic_rates(y));
  return b;
}

void MachineMonolithicSolver::tangent(const VecZ& z, const Predicted& hat, const VecL& lambda) {
  VecZ probe = z;
  for (int j = 0; j < n() + m(); ++j) {
    const double d = difference_step(j, n(), z[j]);
    probe[j] = z[j] + d;
    const VecZ up = residual(probe, hat, lambda);
    probe[j] = z[j] - d;
    T_.col(j) = (up - residual(probe, hat, lambda)) / (2.0 * d);
    probe[j] = z[j];
  }
}

// One step as the paper states it (valve positions, predictor, Newton on eq. (25), projections), as
// the benchmark crane's solver does (monolithic_solver.cc), so that the two read alike.
// NOLINTNEXTLINE(readability-function-size)
MonolithicStepReport MachineMonolithicSolver::step() {
  const double h = settings_.h, alpha = settings_.alpha;
  const std::int64_t k1 = k_ + 1;
  const std::int64_t k_valve = settings_.valve_sampling == ValveSampling::kStepStart ? k_ : k1;
  for (std::size_t k = 0; k < valves_.size(); ++k) {
    command_[k] = valves_[k]->kappa(k_valve, static_cast<double>(k_valve) * h);
    if (model_->cylinders[k].valve.type == machine::ValveDescription::Type::kProportional) {
      x_[k] = spools_[k].x;  // the spool's position at t_k, held over the step
      spools_[k] = lags_[k].step(spools_[k], std::clamp(command_[k], -1.0, 1.0));
    } else {
      x_[k] = command_[k];
    }
  }
  const Predicted hat{-(2.0 / h * q_ + q_dot_), -(4.0 / (h * h) * q_ + 4.0 / h * q_dot_ + q_ddot_),
                      -(2.0 / h * y_ + y_dot_)};
  VecZ z(n() + m());
  z << q_ + h * q_dot_ + 0.5 * h * h * q_ddot_, y_ + h * y_dot_;  // constant accelerations and rates
  VecL lambda = lambda_;
  MonolithicStepReport report;
  bool small_update = false;
  for (int i = 0;; ++i) {
    if (i > 0 && model_->has_loops()) {  // eq. (28): λ_{i+1} = λ_i + α Φ_{i+1}
      machine::forward_kinematics(*model_, z.head(n()), VecQ::Zero(n()), data_);
      lambda += alpha * machine::loop_constraints(*model_, data_);
    }
    if (small_update) {
      report.converged = true;
      break;
    }
    const VecZ b = residual(z, hat, lambda);
    report.residual = b.norm();
    if (settings_.convergence == NewtonConvergence::kResidual && i > 0 &&
        report.residual < settings_.tolerance) {
      report.converged = true;
      break;
    }
    if (i == settings_.max_iterations || !std::isfinite(report.residual)) break;
    tangent(z, hat, lambda);
    lu_.compute(T_);
    const VecZ dz = -lu_.solve(b);
    z += dz;
    ++report.iterations;
    // The update's floor is the pressures' round-off, about 1e-12 of them in a stiff circuit (2e-5 Pa
    // at 40 MPa behind 1.2 GPa of oil): the tolerance is met above it.
    small_update = settings_.convergence == NewtonConvergence::kUpdate &&
                   dz.norm() < settings_.tolerance + 1e-12 * z.tail(m()).norm();
  }
  q_ = z.head(n());
  q_dot_ = 2.0 / h * q_ + hat.q_dot;
  q_ddot_ = 4.0 / (h * h) * q_ + hat.q_ddot;
  y_ = z.tail(m());
  y_dot_ = 2.0 / h * y_ + hat.y_dot;
  lambda_ = lambda;
  if (model_->has_loops()) project();
  const double power = mechanical_power();
  work_ += 0.5 * h * (power_ + power);
  power_ = power;
  k_ = k1;
  report.violation = violation();
  return report;
}

double MachineMonolithicSolver::mechanical_power() const {
  machine::MachineData data(*model_);
  machine::forward_kinematics(*model_, q_, q_dot_, data);
  double P = 0.0;
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    const HydraulicCircuit& circuit = circuits_[c];
    for (int i = 0; i < circuit.size; ++i) {
      const machine::CylinderKinematics kin =
          machine::cylinder_kinematics(*model_, data, circuit.cylinder[i]);
      P += cylinder_force(circuit.hyd[i], y_.segment<2>(offset_[c] + 2 * i), kin.s_dot) * kin.s_dot;
    }
  }
  return P;
}

// Eqs. (29)–(30): [W + (h²/4) α Φ_qᵀ Φ_q] q̇ = W q̇*, and for q̈ with −(h²/4) α Φ_qᵀ Φ̇_q q̇ on the
// right, W = M + (h/2) C, C the cylinders' friction Σ c_k J_kᵀ J_k.
void MachineMonolithicSolver::project() {
  if (settings_.projections == 0) return;
  const double h = settings_.h, h2_4_alpha = 0.25 * h * h * settings_.alpha;
  machine::forward_kinematics(*model_, q_, q_dot_, data_);
  MatQ W(n(), n());
  machine::mass_matrix(*model_, data_, W);
  for (int k = 0; k < model_->cylinder_count(); ++k) {
    const machine::CylinderKinematics kin = machine::cylinder_kinematics(*model_, data_, k);
    W += 0.5 * h * model_->cylinders[static_cast<std::size_t>(k)].friction * kin.J.transpose() * kin.J;
  }
  MatLQ Phi_q(model_->loop_rows, n());
  VecL Phi_dot_q_dot(model_->loop_rows);
  machine::loop_jacobian(*model_, data_, Phi_q, Phi_dot_q_dot);
  const Eigen::LDLT<MatQ> P(W + h2_4_alpha * Phi_q.transpose() * Phi_q);
  for (int j = 0; j < settings_.projections; ++j) q_dot_ = P.solve(W * q_dot_);
  machine::forward_kinematics(*model_, q_, q_dot_, data_);
  machine::loop_jacobian(*model_, data_, Phi_q, Phi_dot_q_dot);
  for (int j = 0; j < settings_.projections; ++j)
    q_ddot_ = P.solve(W * q_ddot_ - h2_4_alpha * Phi_q.transpose() * Phi_dot_q_dot);
}

double MachineMonolithicSolver::violation() const {
  if (!model_->has_loops()) return 0.0;
  machine::MachineData data(*model_);
  machine::forward_kinematics(*model_, q_, VecQ::Zero(n()), data);
  return machine::loop_constraints(*model_, data).norm();
}

bool MachineMonolithicSolver::healthy() const {
  if (!(q_.allFinite() && q_dot_.allFinite() && q_ddot_.allFinite() && y_.allFinite() && lambda_.allFinite()))
    return false;
  const double diverged = *model_->limits.diverged_pressure;
  for (int j = 0; j < m(); ++j) {
    if (!(y_[j] > 0.0 && y_[j] < diverged)) return false;
  }
  return true;
}

Sample MachineMonolithicSolver::sample() const {
  machine::MachineData data(*model_);
  machine::forward_kinematics(*model_, q_, q_dot_, data);
  Sample s;
  s.t = time();
  std::array<double, machine::kMaxCylinders> supply{};
  for (std::size_t i = 0; i < model_->supplies.size(); ++i) supply[i] = model_->supplies[i].pressure;
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    const HydraulicCircuit& circuit = circuits_[c];
    for (int i = 0; i < circuit.size; ++i) {
      const int k = circuit.cylinder[i];
      const machine::CylinderKinematics kin = machine::cylinder_kinematics(*model_, data, k);
      const Eigen::Vector2d p = y_.segment<2>(offset_[c] + 2 * i);
      s.cyl[k] = CylinderSample{command_[static_cast<std::size_t>(k)],       kin.s, kin.s_dot, p[0], p[1],
                                cylinder_force(circuit.hyd[i], p, kin.s_dot)};
    }
    if (circuit.supply.pump)
      supply[static_cast<std::size_t>(model_->cylinders[circuit.cylinder[0]].supply)] =
          y_[offset_[c] + 2 * circuit.size];
  }
  for (int b = 0; b < n(); ++b) {
    const machine::Body& body = model_->bodies[static_cast<std::size_t>(b)];
    const double parent = body.parent == machine::kGround ? 0.0 : s.theta[body.parent];
    const bool revolute = model_->joints[body.joint].type == machine::JointType::kRevolute;
    s.q[b] = q_[b];
    s.theta[b] = revolute ? parent + q_[b] : parent;
  }
  s.E_balance =
      machine::kinetic_energy(*model_, data) + machine::potential_energy(*model_, data) - E0_ - work_;
  fill_sensors(*model_, q_, q_dot_, supply, data, s);
  return s;
}

MonolithicRunResult run_machine_monolithic(
    std::shared_ptr<const machine::MachineModel> model, const machine::MachineEquilibrium& eq,
    const std::vector<const ValveCommand*>& valves, const MonolithicSettings& settings,
    const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  if (!(std::isfinite(settings.duration) && settings.duration >= 0.0))
    throw std::invalid_argument("duration must be a non-negative number of seconds");
  MachineMonolithicSolver solver(std::move(model), eq, valves, settings);
  return run_monolithic_steps(
      solver, settings, [](const MachineMonolithicSolver& s, const Sample*) { return s.sample(); },
      on_progress);
}

}  // namespace hilsim::sim
