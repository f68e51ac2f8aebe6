// A simulated trajectory of a machine at communication points, and its comparison with a reference.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace hilsim::sim {

// The most cylinders, bodies and sensors a sample holds (the machine model's largest sizes,
// sim/machine/machine_model.h, and a machine file's sensors).
inline constexpr int kMaxSampleCylinders = 8;
inline constexpr int kMaxSampleBodies = 16;
inline constexpr int kMaxSensors = 16;

// One cylinder at a communication point.
struct CylinderSample {
  double kappa = 0.0;  // its valve's command applied from t: κ, or a proportional valve's u [-]
  double s = 0.0;      // length [m]
  double s_dot = 0.0;  // rate [m/s]
  double p1 = 0.0;     // chamber 1 pressure [Pa]
  double p2 = 0.0;     // chamber 2 pressure [Pa]
  double f_h = 0.0;    // force p2 A2 − p1 A1 − c ṡ at this state [N] (LIM benchmark 2021, eq. 8)
};

// The state of a machine at one communication point, in SI units. How many of its cylinders,
// bodies and sensors are meaningful the run's SampleLayout says (io::trajectory_files.h).
struct Sample {
  double t = 0.0;  // [s]
  std::array<CylinderSample, kMaxSampleCylinders> cyl{};
  std::array<double, kMaxSampleBodies> theta{};  // each body's angle from the x axis [rad]
  std::array<double, kMaxSampleBodies> q{};  // the tree coordinates (sim/machine/machine_model.h) [rad, m]
  // Cumulative coupling-error energy δE [J] (Rahikainen et al. 2020, eqs. 19–24), summed over the cylinders.
  double dE = 0.0;
  // System energy balance [J]: kinetic + potential energy gained since t_0 minus the work the
  // cylinders did on the machine; zero for an exact solution, O(h) with the semi-implicit Euler steps.
  double E_balance = 0.0;
  // The tool of a contact task (sim/contact/; zero without one): its pose [m, m, rad] and velocity
  // [m/s, m/s, rad/s], its contacts with a normal force and the sum of those forces [N].
  double tool_x = 0.0, tool_y = 0.0, tool_theta = 0.0;
  double tool_xdot = 0.0, tool_ydot = 0.0, tool_thetadot = 0.0;
  int contacts = 0;
  double normal_force = 0.0;
  std::array<double, kMaxSensors> sensor{};  // the machine's named sensors, in its order
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
TrajectoryDeviation compare_with_reference(const std::vector<Sample>& samples,
                                           const ReferenceCurve& reference);

// Compares `samples` with the reference at the samples' own times (the communication points),
// the reference interpolated linearly between its times (exactly where they coincide, to 1e-9 s):
// the error of the co-simulation where it has values, without the error of interpolating a coarse
// run between them (which at H = 100 ms reaches ~1 mm on M2's 2 Hz swing). Samples outside the
// reference's span are skipped. Samples and reference must be ordered in time.
TrajectoryDeviation compare_at_communication_points(const std::vector<Sample>& samples,
                                                    const ReferenceCurve& reference);

// A reference curve made of simulated samples (e.g. a fine-step run).
ReferenceCurve reference_from_samples(const std::vector<Sample>& samples);

}  // namespace hilsim::sim
