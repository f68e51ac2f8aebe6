#include "sim/cosim/mechanics_subsystem.h"

#include <cmath>
#include <optional>
#include <stdexcept>

#include "sim/machine/dynamics.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/loop_closure.h"

namespace hilsim::sim {

namespace {

std::vector<std::string> mechanics_inputs(Coupling coupling, int cylinders) {
  if (coupling == Coupling::kTwoWay) return twoway_model_ports(cylinders);
  std::vector<std::string> names;
  for (int k = 0; k < cylinders; ++k) {
    if (coupling == Coupling::kPressureDisplacement) {
      names.push_back("p1" + port_suffix(k));
      names.push_back("p2" + port_suffix(k));
    } else {
      names.push_back("f_h" + port_suffix(k));
    }
  }
  return names;
}

std::vector<std::string> mechanics_outputs(Coupling coupling, int cylinders) {
  if (integrates_rim(coupling)) return rim_interface_ports(cylinders);
  std::vector<std::string> names;
  for (int k = 1; k <= cylinders; ++k) {
    names.push_back("s" + std::to_string(k));
    names.push_back("s" + std::to_string(k) + "dot");
  }
  return names;
}

}  // namespace

MechanicsSubsystem::MechanicsSubsystem(std::shared_ptr<const machine::MachineModel> model, Coupling coupling,
                                       double H, double h, const machine::VecQ& q0,
                                       Extrapolation extrapolation, const MachineStops& stops,
                                       const std::optional<machine::VecQ>& q_dot0)
    : model_(std::move(model)),
      coupling_(coupling),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "mechanics step h_M")),
      cylinders_(model_->cylinder_count()),
      q_(q0),
      q_dot_(q_dot0.value_or(machine::VecQ::Zero(model_->coordinates()))),
      data_(*model_),
      // The two-way model's ports bypass the extrapolation (they hold their own time dependence).
      inputs_model_(extrapolation,
                    coupling == Coupling::kTwoWay ? 0 : mechanics_inputs(coupling, cylinders_).size(), H),
      extrapolation_(extrapolation),
      stops_(stops),
      layout_{model_->coordinates(), cylinders_},
      inputs_(mechanics_inputs(coupling, cylinders_)),
      outputs_(mechanics_outputs(coupling, cylinders_)),
      probes_(mechanics_probe_names(model_->coordinates(), cylinders_)) {
  A1_.resize(cylinders_);
  A2_.resize(cylinders_);
  c_.resize(cylinders_);
  for (int k = 0; k < cylinders_; ++k) {
    A1_[k] = model_->cylinders[k].area_1;
    A2_[k] = model_->cylinders[k].area_2;
    c_[k] = model_->cylinders[k].friction;
  }
  settle();
}

void MechanicsSubsystem::use_reduced_hydraulics(const ReducedHydraulicsSetup& setup) {
  if (coupling_ != Coupling::kTwoWay)
    throw std::invalid_argument("reduced hydraulics: the coupling is not two-way");
  reduced_.emplace(setup);
}

void MechanicsSubsystem::settle() {
  if (model_->has_loops()) {
    loops_closed_ = machine::loop_positions(*model_, q_, q_dot_, data_).converged && loops_closed_;
    machine::MatLQ Phi_q;
    machine::VecL bias;
    machine::loop_jacobian(*model_, data_, Phi_q, bias);
    machine::loop_velocities(*model_, Phi_q, q_dot_);
  }
  machine::forward_kinematics(*model_, q_, q_dot_, data_);
  machine::reduced_dynamics(*model_, data_, rd_);
}

void MechanicsSubsystem::set_inputs(std::int64_t n, std::span<const double> u) {
  if (reduced_) {
    reduced_->set_models(u);
    return;
  }
  inputs_model_.push(n, u);
}

machine::VecK MechanicsSubsystem::effort(std::int64_t n, double tau) const {
  if (reduced_) return reduced_->pressure_forces();
  std::array<double, InputExtrapolator::kMaxWidth> u;  // NOLINT: the inputs' count are written
  inputs_model_.evaluate(n, tau, u);
  machine::VecK e(cylinders_);
  for (int k = 0; k < cylinders_; ++k) {
    const auto i = 2 * static_cast<std::size_t>(k);  // p1, p2 of cylinder k
    e[k] = coupling_ == Coupling::kPressureDisplacement ? u[i + 1] * A2_[k] - u[i] * A1_[k] : u[k];
  }
  return e;
}

machine::VecK MechanicsSubsystem::cylinder_forces(std::span<const double> u,
                                                  const machine::VecK& s_dot) const {
  machine::VecK f(cylinders_);
  for (int k = 0; k < cylinders_; ++k) {
    if (reduced_) {  // eq. (8) with the reduced model's p̃ and the mechanics' own ṡ, in p-s's arithmetic
      const Eigen::Vector2d& p = reduced_->pressures(k);
      f[k] = p[1] * A2_[k] - p[0] * A1_[k] - c_[k] * s_dot[k];
    } else if (coupling_ == Coupling::kPressureDisplacement) {
      const auto i = 2 * static_cast<std::size_t>(k);               // p1, p2 of cylinder k
      f[k] = u[i + 1] * A2_[k] - u[i] * A1_[k] - c_[k] * s_dot[k];  // eq. (8), own ṡ
    } else {
      f[k] = u[k];
    }
  }
  return f;
}

void MechanicsSubsystem::micro_step(std::int64_t n, std::int64_t j) {
  // Not zeroed (as neither are the stops' vectors below unless there are stops): the inputs' count
  // of u are written, and zeroing the 16 slots took a tenth of the LIM crane's mechanics step.
  std::array<double, InputExtrapolator::kMaxWidth> u;  // NOLINT
  inputs_model_.evaluate(n, static_cast<double>(j) * h_, u);
  const machine::VecK f_h = cylinder_forces(u, rd_.s_dot);
  const machine::VecQ q_ddot = machine::independent_accelerations(rd_, f_h);
  machine::VecQ v(model_->dofs());
  for (int i = 0; i < model_->dofs(); ++i) v[i] = q_dot_[model_->independent[i]] + h_ * q_ddot[i];  // eq. (6)
  std::optional<StopForces> stop;
  StopVector x_before;  // NOLINT: apply_stops sets the stops' entries
  if (stops_.count > 0) stop = apply_stops(v, x_before);
  for (int i = 0; i < model_->dofs(); ++i) {
    const int c = model_->independent[i];
    q_dot_[c] = v[i];
    q_[c] += h_ * v[i];  // eq. (7)
  }
  machine::VecK s_before(cylinders_);  // assigned: Eigen's copy constructor calls memcpy
  s_before = rd_.s;
  settle();
  work_ += f_h.dot(rd_.s - s_before);
  for (int i = 0; stop && stop->engaged != 0 && i < stops_.count; ++i) {
    const MachineStops::Slot& slot = stops_.slots[i];
    const double x_after = slot.on == MachineStops::On::kCylinder ? rd_.s[slot.index] : q_[slot.index];
    work_ += stop->force[i] * (x_after - x_before[i]);
  }
  if (reduced_) {
    // Two-way: this side of the monitor at every micro step (coupling_monitor.h).
    energy_.add(reduced_->pressure_forces().dot(rd_.s_dot), h_, Extrapolation::kZeroOrderHold);
    reduced_->advance(n, j, h_, rd_.s, rd_.s_dot);
  }
}

StopForces MechanicsSubsystem::apply_stops(machine::VecQ& v, StopVector& x) const {
  // The stopped coordinates x = G q̇_i: the cylinders' lengths through A's rows, the tree coordinates
  // through R's (e_j without loops).
  const int f = model_->dofs();
  Eigen::Matrix<double, kMaxStops, Eigen::Dynamic, 0, kMaxStops, machine::kMaxBodies> G(kMaxStops, f);
  G.setZero();
  x.setZero();  // every slot: the stops' functions read them all (unused ones never reach a limit)
  for (int i = 0; i < stops_.count; ++i) {
    const MachineStops::Slot& slot = stops_.slots[i];
    if (slot.on == MachineStops::On::kCylinder) {
      G.row(i) = rd_.A.row(slot.index);
      x[i] = rd_.s[slot.index];
    } else {
      if (model_->has_loops()) {
        G.row(i) = rd_.R.row(slot.index);
      } else {
        G(i, slot.index) = 1.0;
      }
      x[i] = q_[slot.index];
    }
  }
  const StopVector x_dot_free = G * v;
  if (!any_stop_reached(stops_.stops, x, x_dot_free, h_)) return {};
  const Eigen::LDLT<machine::MatQ> ldlt = rd_.M.ldlt();
  const Eigen::Matrix<double, Eigen::Dynamic, kMaxStops, 0, machine::kMaxBodies, kMaxStops> M_inv_Gt =
      ldlt.solve(machine::MatQ(G.transpose()));
  const StopMatrix W = G * M_inv_Gt;  // the mobility G M⁻¹ Gᵀ
  StopForces stop = stop_forces(stops_.stops, x, x_dot_free, W, h_);
  if (stop.engaged != 0) v += h_ * M_inv_Gt * stop.force;
  return stop;
}

void MechanicsSubsystem::end_macro_step(std::int64_t n) {
  if (reduced_) return;  // the two-way monitor integrates at the micro steps
  energy_.add(effort(n, H_).dot(rd_.s_dot), H_, extrapolation_);
}

void MechanicsSubsystem::probe(std::int64_t, std::span<double> out) const {
  const int n = model_->coordinates();
  for (int i = 0; i < n; ++i) {
    out[layout_.q(i)] = q_[i];
    out[layout_.q_dot(i)] = q_dot_[i];
  }
  for (int k = 0; k < cylinders_; ++k) {
    out[layout_.s(k)] = rd_.s[k];
    out[layout_.s_dot(k)] = rd_.s_dot[k];
  }
  out[layout_.work()] = work_;
  out[layout_.E_M()] = energy_.E;
  out[layout_.E_mech()] = machine::kinetic_energy(*model_, data_) + machine::potential_energy(*model_, data_);
}

void MechanicsSubsystem::get_outputs(std::span<double> y) const {
  std::size_t i = 0;
  for (int k = 0; k < cylinders_; ++k) {
    y[i++] = rd_.s[k];
    y[i++] = rd_.s_dot[k];
  }
  if (!integrates_rim(coupling_)) return;
  const machine::InterfaceDynamics rim = machine::interface_dynamics(rd_);
  for (int a = 0; a < cylinders_; ++a) {
    for (int b = a; b < cylinders_; ++b) y[i++] = rim.M_eff(a, b);
  }
  for (int k = 0; k < cylinders_; ++k) y[i++] = rim.f_eff[k];
}

bool MechanicsSubsystem::healthy() const {
  if (reduced_) {
    for (int k = 0; k < cylinders_; ++k) {
      if (!reduced_->pressures(k).allFinite()) return false;
    }
  }
  return loops_closed_ && q_.allFinite() && q_dot_.allFinite();
}

}  // namespace hilsim::sim
