// The crane of LIM benchmark 2021 (Tables 1–2), with the second actuator of Peiret et al. 2018,
// §4.1.1, as a machine description: what a scenario without a machine file simulates, from its
// [crane], [hydraulics] and [limits] keys (config/machines/lim_crane.toml says the same in a file).
//
//   ground   A = (0, 0), the pin of link 1; B = (x_B, y_B), the base of cylinder 1
//   link1    the uniform rod m from A to Q (centre of mass at L/2, inertia m L²/12 about it) with the
//            point mass m_p at Q; points A (0, 0), P (L/2, 0), Q (L, 0)
//   link2    massless, the point mass m_h at R; points Q (0, 0), M (L_h/2, 0), R (L_h, 0)
//   joints   link1 about A from the ground (θ1), link2 about Q from link1 (θ2 − θ1: the description's
//            coordinates are relative, the benchmark's θ2 is link2's angle from the x axis)
//   cylinders  B→P (s1) and, with two actuators, P→M (s2); equal areas a_p, stroke l centred on the
//            initial length (eq. 12), friction c, the benchmark's open-centre valve (eq. 13) on one
//            constant supply p_P, p_T
#pragma once

#include "sim/machine/machine_description.h"
#include "sim/model/crane_parameters.h"
#include "sim/model/machine_limits.h"

namespace hilsim::sim::machine {

// The names the LIM crane's description gives its cylinders, in order.
inline constexpr const char* kLimCylinderNames[2] = {"cylinder1", "cylinder2"};

// `limits`: the machine's limits ([limits]: end stops dead_length inside the cylinder length, link 1's
// rest, cavitation, whether or not a run turns them on; the chamber relief valves when enabled); the
// benchmark's pressures bound divergence at 20 MPa.
MachineDescription lim_crane_description(const CraneParameters& crane, const HydraulicParameters& hyd,
                                         const MachineLimits& limits = {});

}  // namespace hilsim::sim::machine
