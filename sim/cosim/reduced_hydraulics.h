// The mechanics' copy of the hydraulics in the two-way coupling: the reduced model of every
// cylinder (sim/hydraulics/reduced_cylinder_model.h) received at a communication point, and the
// pressures p̃ it integrates at the mechanics' micro steps. Micro step k of the mechanics applies the
// pressure force of p̃_k (as the p-s mechanics apply the hydraulics' p_n, so that one micro step per
// macro step is the p-s coupling) and then advances p̃ by backward Euler on (R5) with the step's new
// ṡ_{k+1} and κ, which keeps the stiff pressure modes (−3300 … −8000 1/s) stable at any h_M.
//
// κ is read by the mechanics at their own micro steps, from the hydraulic grid: mechanics micro
// step j of macro step n covers hydraulic micro steps n K_H + ⌊j K_H / K_M⌋ … n K_H + ⌊(j+1) K_H / K_M⌋ − 1.
// With a κ preview (scripted runs) a step reads the κ of its last hydraulic micro step; without one
// it reads the κ of its first, the newest κ a live controller has supplied when the step starts.
// The indices round down: when h_M is not a whole multiple of h_H, a step's "last" is the last
// hydraulic step that starts inside it, and a mechanics step shorter than h_H reads the one it is in.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <cstdint>
#include <span>

#include "sim/cosim/cosim_settings.h"
#include "sim/hydraulics/circuit.h"
#include "sim/hydraulics/reduced_cylinder_model.h"
#include "sim/machine/machine_model.h"
#include "sim/manoeuvre/valve_command.h"

namespace hilsim::sim {

struct ReducedHydraulicsSetup {
  int cylinders = 1;
  std::array<CylinderHydraulics, machine::kMaxCylinders> hyd{};  // each cylinder's (chambers, valve)
  CylinderPairs p0 = zero_pairs();                               // initial pressures [Pa]
  std::array<const ValveCommand*, machine::kMaxCylinders>
      kappa{};                       // the mechanics' κ readers; must outlive this
  std::int64_t mechanics_steps = 1;  // K_M
  std::int64_t hydraulic_steps = 1;  // K_H
  double h_hyd = 0.0;                // [s]
  KappaPreview preview = KappaPreview::kScript;
};

class ReducedHydraulics final {
 public:
  explicit ReducedHydraulics(const ReducedHydraulicsSetup& setup);

  // The packed models of every cylinder (twoway_model_ports order); p̃ restarts from their p_start.
  void set_models(std::span<const double> u);
  // Pressure force p̃2 A2 − p̃1 A1 [N] of each cylinder at the current p̃.
  machine::VecK pressure_forces() const;
  // One backward-Euler step of h [s] for mechanics micro step j of macro step n, at the step's end
  // state s [m], ṡ [m/s] of the cylinders.
  void advance(std::int64_t n, std::int64_t j, double h, const machine::VecK& s, const machine::VecK& s_dot);
  const Eigen::Vector2d& pressures(int k) const { return p_[k]; }
  // Mechanics micro steps at which some actuator's κ lay outside its model's range (and was clamped).
  std::int64_t kappa_clamps() const { return clamps_; }

 private:
  ReducedHydraulicsSetup setup_;
  std::array<ReducedCylinderModel, machine::kMaxCylinders> model_{};
  CylinderPairs p_ = zero_pairs();
  std::int64_t clamps_ = 0;
};

}  // namespace hilsim::sim
