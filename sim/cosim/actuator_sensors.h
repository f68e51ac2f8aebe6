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
  double s = 0.0;       // actuator length the micro step used [m]
  double s_dot = 0.0;   // actuator rate the micro step used [m/s]
  double p1 = 0.0;      // piston-side pressure at its end [Pa]
  double p2 = 0.0;      // rod-side pressure at its end [Pa]
  double f_h = 0.0;     // actuator force (p2 − p1) a_p − c ṡ at its end [N] (LIM benchmark 2021, eq. 8)
  double kappa = 0.0;   // valve position applied in it [-]
  unsigned limits = 0;  // the LimitFlag bits that hold it after the step
};

class ActuatorSensors {
 public:
  virtual ~ActuatorSensors() = default;
  // The crane's actuators this subsystem integrates: indices first_actuator() ..
  // first_actuator() + sensed_actuators() − 1 (0-based).
  virtual int first_actuator() const = 0;
  virtual int sensed_actuators() const = 0;
  // The reading of actuator `k` (crane index) after the newest micro step. Allocates nothing.
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
