// The couplings of a machine split at one planar weld (coupled_systems.h), after Peiret et al.,
// "Model-based coupling for co-simulation of robotic contact tasks" (Peiret et al. (contact tasks), §3–4,
// §7): subsystem 1 is the tool with its environment and contacts, subsystem 2 the arm, and a coupling is
// named
// "<what the tool side takes>-<what the arm side takes>":
//   kinematics  the other side's interface body pose s and velocity w at t_n, followed by a kinematic
//               image of that body welded to this side's interface body (eqs. (15)–(17));
//   force       the interface force β the other side computed, applied as a known force (eq. (13));
//   model       the other side's effective mass M̃ and force f̃ with its interface body state at t_n,
//               a body of mass M̃ welded to this side's interface body (eqs. (18)–(22)).
// What a side sends follows from what the other takes: its kinematics, the β it computed (only the
// tool side computes one: the arm is the side that takes force), or its own effective model.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sim/contact/planar_system.h"

namespace hilsim::sim::contact {

enum class ContactCoupling {
  kMonolithic,  // the whole machine as one system, the weld rigid: the reference (Peiret et al. (contact
                // tasks), §7)
  kKinematicsForce,
  kModelForce,
  kKinematicsModel,
  kModelModel,
};

enum class InterfaceData { kKinematics, kForce, kModel };

// Subsystem 1, the tool with its environment, or subsystem 2, the arm.
enum class Side { kTool, kArm };

// "monolithic", "kinematics-force", "model-force", "kinematics-model", "model-model": the
// spelling of the scenario key [contact] coupling and of --contact-coupling.
std::string_view to_string(ContactCoupling coupling);
// The coupling of that name; nullopt for any other string.
std::optional<ContactCoupling> parse_contact_coupling(std::string_view name);
// The names above, comma-separated, for error messages.
std::string contact_coupling_names();

// What each side takes; the other sends the same. Not defined for kMonolithic.
InterfaceData tool_takes(ContactCoupling coupling);
InterfaceData arm_takes(ContactCoupling coupling);

// The interface force law of eq. (12), β = −K_i Φ_i − D_i Φ̇_i, per weld row: the linear rows
// (x, y) [N/m, N·s/m] and the angular row [N·m/rad, N·m·s/rad]. Taken as the weld rows'
// regularisation (eqs. (31)–(34), regularisation.h), the law is integrated implicitly (eq. (17)).
struct InterfaceCompliance {
  RowCompliance linear;
  RowCompliance angular;
};

// K_i [N/m] > 0 and D_i [N·s/m] ≥ 0, both finite; the angular stiffness [N·m/rad] and damping
// [N·m·s/rad] when given, else a tenth of the linear ones in number (Peiret et al. (contact tasks), Fig. 7:
// "angular stiffness and damping values were reduced by a factor of 10"). Throws std::invalid_argument naming
// the field and its range.
InterfaceCompliance interface_compliance(double stiffness, double damping,
                                         std::optional<double> angular_stiffness = std::nullopt,
                                         std::optional<double> angular_damping = std::nullopt);

}  // namespace hilsim::sim::contact
