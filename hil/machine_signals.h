// The signals of a machine described in a file (docs/machine.md): one command signal per valve, its
// range the valve type's (κ ∈ [0, 1] for the benchmark's open-centre valve, u ∈ [−1, 1] for a
// closed-centre one), and each cylinder's sensor signals with ranges that cover what the machine can
// reach: its stroke ends, its pressures up to the relief settings, the force those pressures make.
//
// The default mapping for a machine is hil/default_messages.h's layout, one command frame per two
// valves (0x100, 0x101, …, each protected end to end) and two sensor frames per cylinder, with each
// sensor signal's scale widened along 1, 2, 5 × 10ⁿ until it holds the reachable values. For the LIM
// crane nothing widens: its mapping is the shipped one (config/hil/hilsim.dbc), to the byte.
//
// A mapping of one's own ([[messages]]) is checked against the same reachable values at start:
// narrow_signal_errors() names each signal too narrow and the values it cannot hold.
#pragma once

#include <string>
#include <vector>

#include "hil/message.h"
#include "sim/machine/machine_model.h"

namespace hilsim::hil {

// What one cylinder and its valve can reach, from the machine's description.
struct ActuatorReach {
  std::string cylinder;        // its name in the machine file
  bool closed_centre = false;  // a proportional closed-centre valve (command u), else κ
  double s_min = 0.0;          // fully retracted, pin to pin [m]
  double s_max = 0.0;          // fully extended [m]
  double p_max = 0.0;  // the highest chamber pressure: a relief setting, else where a run diverges [Pa]
  double f_max = 0.0;  // |f_h| that p_max makes on the larger area [N]
};

// The reach of every cylinder of `model`, in its order. The chamber pressures reach the chamber
// relief valves' cracking pressure plus 10 % for their override when the machine has them and the
// run models them (`relief_valves`: [limits] enabled), else the pressure at which a run stops as
// diverged. (f_h's damping term c ṡ is left out of the force's reach: nothing bounds ṡ but the run.)
std::vector<ActuatorReach> machine_reach(const sim::machine::MachineModel& model, bool relief_valves);

// What one of the machine's named sensors ([[sensors]], docs/machine.md) can reach, in its unit.
struct NamedSensorReach {
  std::string name;  // the sensor's, which its signal takes
  std::string unit;  // rad, rad/s, m, m/s, Pa or N
  bool is_signed = true;
  bool bounded = true;  // false for a rate: nothing bounds it but the run
  double lo = 0.0;      // [unit]
  double hi = 0.0;
};

// The reach of every named sensor of `model`, in its order: a joint's coordinate its limits (else
// a revolute joint's [−π, π]; a prismatic joint's the machine's extent), a body's angle [−2π, 2π]
// (the sum of the joint angles up its chain), a point's coordinates the machine's extent (the
// distance from the world origin no pose can exceed: the chain's link lengths summed), a cylinder's
// as ActuatorReach's, a supply's pressure its relief valve's cracking pressure plus the override that
// passes the pump's flow, plus 10 % (a constant supply's: its pressure).
std::vector<NamedSensorReach> named_sensor_reach(const sim::machine::MachineModel& model, bool relief_valves);

// The default mapping for these cylinders (at most kMaxDefaultActuators): command frames, sensor
// frames, with `contact_force` the contact task's frame, the named sensors' frames (0x280, 0x281,
// …: four 16-bit signals each, named as the sensors, their scales widened along 1, 2, 5 × 10ⁿ from
// 1e-4 (1 kPa for a pressure, 1 N for a force) until each holds its reach), then the status frame.
// The named sensors' frames are left out when they do not all fit one datagram (16 sensor frames)
// beside the cylinders' (unsent_named_sensors). Throws std::invalid_argument when a named sensor has
// the name of a built-in signal.
inline constexpr int kMaxDefaultActuators = 7;  // 2 sensor frames each and the status: 15 of a datagram's 16
std::vector<MessageSpec> machine_messages(const std::vector<ActuatorReach>& reach, bool contact_force = false,
                                          const std::vector<NamedSensorReach>& named = {});

// The named sensors no signal of `messages` carries, in order (the generated mapping leaves them all
// out when its datagram has no room for them; a mapping of one's own may leave some out).
std::vector<std::string> unsent_named_sensors(const std::vector<MessageSpec>& messages,
                                              const std::vector<NamedSensorReach>& named);

// The names of `named`, in order: what a SensorEncoder resolves their signals by.
std::vector<std::string> named_sensor_names(const std::vector<NamedSensorReach>& named);

// One line per sensor signal of `sensors` whose range cannot hold a value its cylinder reaches,
// e.g. "message 'HilsimActuator1': signal 's_1' holds [0, 1.3107] m, but cylinder 'boom' reaches
// [1.62, 2.82] m". Empty when every signal holds its cylinder's reach (the rates are not checked:
// nothing bounds them but the run itself; a rate beyond its signal is counted when it is clipped).
// The machine's named sensors' signals likewise ("… but sensor 'tip_x' reaches [−16.4, 16.4]").
std::vector<std::string> narrow_signal_errors(const std::vector<MessageSpec>& sensors,
                                              const std::vector<ActuatorReach>& reach,
                                              const std::vector<NamedSensorReach>& named = {});

// Empty when each command signal of `commands` fits its valve's type (kappa_k for the benchmark's
// valve, u_k for a closed-centre one) and every valve has one; else one line naming the signal or
// the valve.
std::string command_signal_error(const std::vector<MessageSpec>& commands,
                                 const std::vector<ActuatorReach>& reach);

}  // namespace hilsim::hil
