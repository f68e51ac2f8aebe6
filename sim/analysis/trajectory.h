// A simulated trajectory of the crane at communication points, and its comparison with a reference.
#pragma once

#include <string>
#include <vector>

namespace hilsim::sim {

// The state of the crane at one communication point, in SI units.
struct CraneSample {
  double t = 0.0;       // [s]
  double kappa = 0.0;   // valve spool position applied from t [-]
  double s1 = 0.0;      // actuator length [m]
  double s1_dot = 0.0;  // actuator rate [m/s]
  double p1 = 0.0;      // chamber 1 pressure [Pa]
  double p2 = 0.0;      // chamber 2 pressure [Pa]
  double f_h = 0.0;     // actuator force (p2 − p1) a_p − c ṡ1 at this state [N]
  double theta1 = 0.0;  // [rad]
  double theta2 = 0.0;  // [rad]
  // Actuator 2 of the double-actuated crane (zero with one actuator).
  double kappa_2 = 0.0, s2 = 0.0, s2_dot = 0.0, p1_2 = 0.0, p2_2 = 0.0, f_h_2 = 0.0;
  // Cumulative coupling-error energy δE [J] (Rahikainen et al. 2020, eqs. 19–24), summed over the actuators.
  double dE = 0.0;
  // System energy balance [J]: kinetic + potential energy gained since t_0 minus the work the
  // actuators did on the crane; zero for an exact solution, O(h) with the semi-implicit Euler steps.
  double E_balance = 0.0;
  // The tool of a contact task (sim/contact/; zero without one): its pose [m, m, rad] and velocity
  // [m/s, m/s, rad/s], its contacts with a normal force and the sum of those forces [N].
  double tool_x = 0.0, tool_y = 0.0, tool_theta = 0.0;
  double tool_xdot = 0.0, tool_ydot = 0.0, tool_thetadot = 0.0;
  int contacts = 0;
  double normal_force = 0.0;
};

// A reference curve: time [s] with s1 [m], p1 [Pa] and f_h [N] (the columns every comparison uses),
// and p2 [Pa] when the reference has it (else empty).
struct ReferenceCurve {
  std::vector<double> t;
  std::vector<double> s1;
  std::vector<double> p1;
  std::vector<double> f_h;
  std::vector<double> p2;
};

// Largest absolute deviation of one quantity and where it occurs.
struct MaxDeviation {
  double value = 0.0;
  double t = 0.0;  // [s]
};

struct TrajectoryDeviation {
  MaxDeviation s1;   // [m]
  MaxDeviation p1;   // [Pa]
  MaxDeviation f_h;  // [N]
  MaxDeviation p2;   // [Pa]; stays 0 when the reference has no p2
  std::size_t points_compared = 0;
  // False when a compared value is not finite (the run diverged); the deviations are then +inf.
  bool finite = true;
};

// Compares `samples` with the reference at every reference time inside the simulated span: the
// simulation is interpolated linearly between communication points (exactly where the times
// coincide, to 1e-9 s). Samples must be ordered in time.
TrajectoryDeviation compare_with_reference(const std::vector<CraneSample>& samples,
                                           const ReferenceCurve& reference);

// Compares `samples` with the reference at the samples' own times (the communication points),
// the reference interpolated linearly between its times (exactly where they coincide, to 1e-9 s):
// the error of the co-simulation where it has values, without the error of interpolating a coarse
// run between them (which at H = 100 ms reaches ~1 mm on M2's 2 Hz swing). Samples outside the
// reference's span are skipped. Samples and reference must be ordered in time.
TrajectoryDeviation compare_at_communication_points(const std::vector<CraneSample>& samples,
                                                    const ReferenceCurve& reference);

// A reference curve made of simulated samples (e.g. a fine-step run).
ReferenceCurve reference_from_samples(const std::vector<CraneSample>& samples);

}  // namespace hilsim::sim
