// The two contact tasks of issue 21, after Peiret et al. (Peiret et al. (contact tasks), §7), for the crane's
// arm with a wrist (crane_arm.h) in guided mode: each is the machine split at the weld between the wrist and
// the tool (coupled_systems.h: the arm; the tool with its environment and every contact pair), the
// guided driver that moves the arm along the task's reference path (guided_driver.h), and how long
// the task runs. Frame: x right, y up, the crane's base A at the origin (L = 1 m, L_h = 0.5 m).
// Every task starts from the crane's initial configuration (θ1 = π/6, θ2 = 3π/2, R = (0.866, 0) m),
// the wrist straight (ψ = 0), at rest.
//
// Landing (003 §7.1, the payload carried and set down): a 50 kg box, 0.4 m × 0.25 m (a loaded steel
// crate), hung at its top centre from R, is lowered 0.2 m onto a platform (μ = 0.5) — the last 5 mm
// slowly, to the reference's press_depth under its surface (0 by default: the platform then takes the
// arm's sag under its own weight, about 3 kN) — slid 0.3 m along it in 3 s and held there for 1.5 s.
//
// Insertion with jamming (003 §7.2, Fig. 5): a 30 kg connector — a steel plate 0.45 m × 0.05 m
// (20 kg) with two pins of 100 mm square hollow section, 250 mm apart (5 kg each) — hung at the
// plate's back from R, starts with its pins pointing sideways (+x), is lifted and turned 90° so that
// they point down, aligned 20 mm over a fixed socket with two holes 104 mm wide (4 mm play), and
// pushed at 0.1 m/s along a direction 2.5° off the socket's axis (towards +x). Contacts: the pins'
// tip corners against the holes' walls and bottoms, the holes' entry corners against the pins'
// sides, the plate's outer corners against the socket's top.
//
// How it jams. The drift of 0.1 m/s · sin 2.5° = 4.4 mm/s brings the pins' right sides onto the
// holes' right walls 26 mm in. The reference drifts on; the wrist, at its torque limit (1 kN·m),
// lets the connector turn about the holes' entry corners while the stiff joints carry R along, so
// the tilt grows as the drift over R's height above the entry, θ ≈ (ℓ − ℓ_c) tan α / (0.05 m + ℓ_p −
// ℓ), at depth ℓ (ℓ_c the depth of first contact, ℓ_p the pins' length). When ℓ θ reaches the play
// (≈ 0.17 m in), each pin's lower left corner meets its hole's left wall: two-point contact. If that
// happens in the upper ~60 % of the distance from R to the tips, the stiff arm's sideways push,
// levered over the two contacts, squeezes each pin so hard (35–45 kN) that friction holds more than
// joint 1 can push: the connector stops while the reference pushes on, the arm at its torque limits.
// Deeper, the contacts slide and the connector seats.
//
// The pins' length and the socket's depth come from this study (monolithic, h = 1 ms; depth [m]
// where it jammed, "seats": no jam, the plate reaches the socket's top; socket 50 mm deeper than the
// pins; contact_tasks_test.cc checks six of these):
//     misalignment   pins 0.25   0.30    0.35    0.40    0.45    0.50 m
//     0°                  seats  seats   seats   seats   seats   seats
//     1.0°                seats  seats   seats   0.270   0.287   0.309
//     1.5°                seats  0.195   0.210   0.225   0.245   0.273
//     2.5°                0.141  0.154   0.166   0.180   0.202   0.229
//     3.5°                0.120  0.131   0.141   0.154   0.175   0.199
//     5.0°                0.100  0.110   0.118   0.129   0.145   0.166
// Pins 0.4 m long jam at every misalignment from 1° up, and at 2.5° (0.180 m) far from both the
// threshold and the seat (0.4 m); a socket 0.45 m deep never lets them bottom. Joint torque limits
// change it little: joint 1 at 1e4 or 2e4 N·m, joint 2 at 1e4 or 1.5e4, the wrist at 500 or
// 2000 N·m, all jam at 0.179–0.181 m.
//
// The weld's compliance and the jam (issue 21 asks model–model at K_i ≥ 1e7 N/m to jam within 5 mm
// of the rigid weld's depth). Once the pins touch both walls, the squeeze that stops them (~40 kN)
// has to build up through the weld: the softer it is, the further they slide first — ~F/K_i of
// weld deflection, levered by the wedge's geometry into over 3× that of insertion. The monolithic
// machine with the compliant weld jams where model–model does (within 0.1 mm: 0.1939 m both), so the gap is
// the interface's, not the coupling's; it falls about as 1/K_i (model–model, mm past the rigid weld):
//     K_i [N/m]               1e7     3e7     1e8     1e9
//     pins 0.40 m (these)     13.8    3.8     1.1     0.1
//     pins 0.50 m             7.5     2.3     0.7
//     pins 0.60 m             5.9     1.9     0.6
//     pins 0.65 m             5.4     1.7     0.5
// (0.70 m: the rigid weld no longer jams). Nor is it the contacts' regularisation or the arm: at
// 1e7 the gap is 17.4 mm with contacts ten times softer, 18.8 mm ten times stiffer, 9.4 mm with
// joint 1's and 2's torque limits halved, 10–11 mm with the wrist's at 100–300 N·m. The pins stay
// 0.4 m: the jam far from its thresholds matters more than the gap at one K_i. (Measured once with
// the study's settings; contact_study_test.cc checks the 0.40 m row at 1e7–1e8, the contacts'
// 1e7 and 1e9, and the compliant monolithic machine against model–model at 1e7 within 1 mm.)
//
// Contacts are stiff, as the tasks' steel parts are: K = 1e8 N/m and D = 1e5 N·s/m per corner's
// normal row (D/K = 1 ms, the step), friction damping 1e8 N·s/m (a sticking contact creeps at
// 1e-8 m/s per N of friction: 0.1 mm/s at 10 kN, well under the jam detector's 1 mm/s).
#pragma once

#include <memory>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>

#include "sim/contact/coupled_systems.h"
#include "sim/contact/crane_arm.h"
#include "sim/contact/guided_driver.h"
#include "sim/contact/jam_detector.h"

namespace hilsim::sim::contact {

struct ContactCompliance {
  RowCompliance normal{1e8, 1e5};  // of each corner's normal row [N/m, N·s/m]
  double friction_damping = 1e8;   // of its tangential row [N·s/m]
};

struct LandingSettings {
  double box_width = 0.4;       // [m] > 0
  double box_height = 0.25;     // [m] > 0
  double box_mass = 50.0;       // [kg] > 0
  double platform_top = -0.45;  // y of the platform's surface [m]
  double friction = 0.5;        // μ ≥ 0
  double press_depth = 0.0;     // how far the reference puts the box's bottom under the surface [m] ≥ 0
  double slide = 0.3;           // along +x [m]
  ContactCompliance contact;
};

struct InsertionSettings {
  double pin_width = 0.1;                                // [m] > 0
  double play = 0.004;                                   // hole width − pin width [m] > 0
  double pin_spacing = 0.25;                             // centre to centre [m] > pin_width + play
  double pin_length = 0.4;                               // [m] > 0
  double socket_depth = 0.45;                            // [m] > 0
  double socket_x = 1.0;                                 // x of the socket's centre line [m]
  double socket_top = -0.2;                              // y of the socket's top [m]
  double friction = 0.5;                                 // μ ≥ 0
  double misalignment = 2.5 * std::numbers::pi / 180.0;  // of the push from the socket's axis, to +x [rad]
  double push_speed = 0.1;                               // [m/s] > 0
  double push_time = 4.5;  // how long the reference pushes at push_speed [s] > 0
  ContactCompliance contact;
};

struct ContactTask {
  std::string name;  // "landing", "insertion"
  CoupledSystems systems;
  std::unique_ptr<GuidedArmDriver> driver;
  double duration = 0.0;  // [s]
  // Insertion only: the pins' tips, the socket's entry and axis, the jam detector's settings (the
  // full depth: the pins' length, where the plate seats on the socket), and when the push at
  // constant speed starts and ends [s] (the reference pushes in between: jam_detector.h).
  InsertionAxis insertion;
  JamSettings jam;
  double push_start = 0.0;
  double push_end = 0.0;
};

// Each throws std::invalid_argument naming the setting that is out of its range.
ContactTask landing_task(const LandingSettings& settings = {}, const CraneParameters& crane = {},
                         const CraneArmSettings& arm = {});
ContactTask insertion_task(const InsertionSettings& settings = {}, const CraneParameters& crane = {},
                           const CraneArmSettings& arm = {});

// "landing", "insertion": the spelling of the scenario key [contact] task and of `hilsim
// contact-study TASK`. The task of that name with its default settings; nullopt for any other name.
std::optional<ContactTask> contact_task(std::string_view name);
// The names above, comma-separated, for error messages.
std::string contact_task_names();

}  // namespace hilsim::sim::contact
