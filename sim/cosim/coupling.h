// Coupling variables between the crane's mechanics and hydraulics (LIM benchmark 2021, §3).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hilsim::sim {

enum class Coupling {
  // Force–displacement: mechanics send (s1, ṡ1), hydraulics send f_h. The hydraulics have direct
  // feedthrough (f_h contains −c ṡ1), which is what limits the stable macro step.
  kForceDisplacement,
  // Pressure–displacement: mechanics send (s1, ṡ1), hydraulics send (p1, p2); the mechanics
  // evaluate f_h = (p2 − p1) a_p − c ṡ1 with their own current ṡ1.
  kPressureDisplacement,
  // Reduced interface model (Peiret et al. 2018, Algorithm 2): mechanics send (s, ṡ, M̃, f̃); a RIM of the
  // mechanics is integrated beside the hydraulics at h_H and feeds them s, ṡ every micro step; the
  // mechanics receive the hydraulic force f_h = (p2 − p1) a_p − c ṡ_RIM. The stiff viscous term is
  // thus resolved at h_H, not at H (with two actuators c/M̃22 ≈ 250 1/s would bound H by 8 ms).
  kReducedInterface,
  // Two-way model-based coupling: the hydraulics integrate the mechanics' RIM as above, and send the
  // mechanics, besides their pressures, a reduced model of them over the coming step
  // (sim/hydraulics/reduced_cylinder_model.h), which the mechanics integrate implicitly at h_M
  // beside their own equations. The stiff pressure modes are implicit on both sides; the cylinder's
  // damping (~2·10⁴ N·s/m) is implicit in the hydraulics and one mechanics step behind in the
  // mechanics, which bounds h_M (≤ 5 ms, cosim_settings.h) but not H.
  kTwoWay,
};

// The value of the pressure force a RIM coupling returns to the mechanics.
enum class RimForce {
  kEndOfStep,  // f_h at t_{n+1}
  kAverage,    // mean of f_h at the ends of the micro steps of the macro step
};

// The suffix of cylinder k's ports (0-based): "" for the first, "_2", "_3", … for the others.
std::string port_suffix(int k);

// The ports of the reduced interface model for K cylinders, in order: s1, s1dot, …, sK, sKdot, the
// upper triangle of M̃ row by row (Meff11, Meff12, …, Meff1K, Meff22, …, MeffKK), feff1, …, feffK.
// The mechanics output them, the RIM takes them.
std::vector<std::string> rim_interface_ports(int cylinders);

// The ports of the reduced hydraulic model the two-way coupling sends, kReducedModelWidth per
// cylinder in pack()'s order: pstart1, pstart2, sref, sdotref, kappalo, kappahi, rate1, rate2, then
// P1_j, P2_j, D1_j, D2_j, E1_j, E2_j for every node j; cylinder k's names end in port_suffix(k).
std::vector<std::string> twoway_model_ports(int cylinders);

// The couplings whose hydraulics integrate a reduced interface model of the mechanics.
inline bool integrates_rim(Coupling c) { return c == Coupling::kReducedInterface || c == Coupling::kTwoWay; }

// "fs" / "ps" / "rim" / "twoway".
std::string_view to_string(Coupling coupling);

}  // namespace hilsim::sim
