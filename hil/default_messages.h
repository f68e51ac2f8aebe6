// The default signal mapping of the hardware-in-the-loop bridges (UDP datagrams carry the same
// frames as the CAN bus): what config/hil/hilsim.dbc describes, and `hilsim dbc` writes.
//
// Input (controller → hilsim):
//   0x100 HilsimCommand, 8 bytes: e2e_crc (byte 0) and e2e_counter (byte 1, low nibble), the
//         end-to-end protection of hil/e2e.h; kappa_1, kappa_2 (24 bits from bytes 2 and 5, 1e-7 per
//         bit, [0, 1]); kappa_2 is read only by the double-actuated crane.
// Outputs (hilsim → controller), per actuator k = 1, 2 (0x200 + 0x10·(k − 1), and one more):
//   0x200 HilsimActuator1: s_1 [m], sdot_1 [m/s], p1_1 [Pa], p2_1 [Pa]
//   0x201 HilsimForce1: fh_1 [N], kappa_applied_1 [-]
//   0x2F0 HilsimStatus: watchdog_active, numerical_fault, bus_off, bus_error (the CAN bridge's
//         link: bus-off until the controller restarts; an error frame since the previous status
//         frame; always 0 over UDP), overruns (saturating at 32767), sim_time [s], sequence_echo
//         (low 8 bits of the newest applied command's sequence), and the machine's limits ([limits]):
//         end_stop (a piston at an end of its stroke), cavitation (a chamber at the vapour
//         pressure), relief (a relief valve open), each set while it holds any actuator; link_lost
//         (the CAN interface was lost since the previous status frame) and two_senders (commands
//         refused: two senders on the command identifier), always 0 over UDP
// With a contact task in hydraulic mode (sim/contact/), one more before the status frame:
//   0x220 HilsimContact, 4 bytes: contact_force [N], the tool's total normal contact force
#pragma once

#include <vector>

#include "hil/message.h"

namespace hilsim::hil {

inline constexpr std::uint32_t kCommandId = 0x100;
inline constexpr std::uint32_t kStatusId = 0x2F0;
inline constexpr std::uint32_t kContactId = 0x220;
// A machine file's named sensors, four to a frame (hil/machine_signals.h): 0x280, 0x281, …
inline constexpr std::uint32_t kNamedSensorsId = 0x280;

// A range end as a DBC file states it: 1.3107, not 1.3107000000000002.
double tidy(double v);

// Sets the signal's [min, max] to every value its raw bits hold at its scale (offset 0), as the
// default layout's sensor signals have: [0, scale · (2^length − 1)], or signed [−scale · 2^(length−1),
// scale · (2^(length−1) − 1)]. For lengths below 64.
void set_full_range(SignalSpec& s);

// The messages for a crane with `actuators` (1 or 2) actuators; with `contact_force`, the contact
// task's message too (the status frame stays the last sensor message: it closes a snapshot).
std::vector<MessageSpec> default_messages(int actuators, bool contact_force = false);

// Splits them by direction: the command messages (received) and the sensor messages (sent).
std::vector<MessageSpec> command_messages(const std::vector<MessageSpec>& all);
std::vector<MessageSpec> sensor_messages(const std::vector<MessageSpec>& all);

}  // namespace hilsim::hil
