// What a hydraulic subsystem's transducers would read after its newest micro step, per actuator:
// the quantities a hardware-in-the-loop controller receives as sensor signals. A subsystem that
// integrates cylinders implements this beside sim::Subsystem; the hil layer finds it there (once,
// at set-up) and publishes the readings after every micro step.
#pragma once

namespace hilsim::sim {

// Which machine limits (sim/model/machine_limits.h) hold a cylinder now: ActuatorReading::limits,
// the bits the status frame carries to the controller.
enum LimitFlag : unsigned {
  kLimitEndStop = 1u << 0,     // the piston is at or beyond an end of its stroke
  kLimitCavitation = 1u << 1,  // a chamber holds a cavity (its pressure is the vapour pressure)
  kLimitRelief = 1u << 2,      // a chamber's relief valve is open
};

struct ActuatorReading {
  double s = 0.0;       // cylinder length the micro step used [m]
  double s_dot = 0.0;   // cylinder rate the micro step used [m/s]
  double p1 = 0.0;      // chamber 1 pressure at its end [Pa]
  double p2 = 0.0;      // chamber 2 pressure at its end [Pa]
  double f_h = 0.0;     // force p2 A2 − p1 A1 − c ṡ at its end [N] (LIM benchmark 2021, eq. 8)
  double kappa = 0.0;   // valve command applied in it [-]
  unsigned limits = 0;  // the LimitFlag bits that hold it after the step
};

class ActuatorSensors {
 public:
  virtual ~ActuatorSensors() = default;
  // The machine's cylinders this subsystem integrates: sensed_actuators() of them, the i-th being
  // cylinder sensed_actuator(i) (0-based machine index).
  virtual int sensed_actuators() const = 0;
  virtual int sensed_actuator(int i) const = 0;
  // The reading of cylinder `k` (machine index) after the newest micro step. Allocates nothing.
  virtual ActuatorReading reading(int k) const = 0;
};

// What a contact task's force transducers would read (sim/contact/): the subsystem that holds the
// tool and its contacts (the tool side of a contact co-simulation, or its monolithic system) gives
// the total normal force of its closed contacts after its newest micro step; the hil layer sends it
// as the sensor signal contact_force.
class ContactSensors {
 public:
  virtual ~ContactSensors() = default;
  // Whether this subsystem holds the tool's contacts (the arm side of a co-simulation does not).
  virtual bool senses_contacts() const = 0;
  // The total normal force of its closed contacts in the newest micro step [N]. Allocates nothing.
  virtual double contact_normal_force() const = 0;
};

}  // namespace hilsim::sim
