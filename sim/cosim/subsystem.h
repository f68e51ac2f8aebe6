// A co-simulation subsystem, shaped like an FMI 2.0 co-simulation slave: at communication point n
// (time t_n = n H) the manager sets its inputs u(t_n), asks it to advance by the macro step H with
// its own internal step h (H is a whole multiple of h), and reads its outputs y(t_{n+1}).
//
// The macro step is exposed as its micro steps, so that a real-time thread at period h steps the
// very object the offline manager steps (rt/plan_executor.h):
//   begin_macro_step(n), micro_step(n, 0) … micro_step(n, K − 1), end_macro_step(n)
// and do_step(n) is exactly that composition. Whatever a subsystem keeps per macro step (the RIM's
// step-averaged force, the extrapolation history, its side of the coupling monitor) lives in these
// calls, so both executions do the same arithmetic in the same order.
//
// Time is kept as integer step counts: micro step j of macro step n has the global index
// n K + j and starts at t = (n K + j) h, so no time is accumulated in floating point.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace hilsim::sim {

// The most ports (inputs or outputs) and probe values of one subsystem; fixed so that frames and
// telemetry records are plain, fixed-size data. 128 ports: the two-way coupling sends a reduced
// hydraulic model of 50 values per actuator (coupling.h), the other couplings use at most 12. 51
// probes: a machine's mechanics at its largest sizes, every coordinate and its rate, every cylinder's
// length and rate, and three energies, 2·16 + 2·8 + 3 = 51 (sim/cosim/mechanics_probes.h); a contact
// task's monolithic system in hydraulic mode has 17 (sim/contact/contact_probes.h, hydraulic_driver.h).
inline constexpr std::size_t kMaxPorts = 128;
inline constexpr std::size_t kMaxProbes = 51;
using ProbeValues = std::array<double, kMaxProbes>;

class Subsystem {
 public:
  virtual ~Subsystem() = default;
  virtual const std::string& name() const = 0;
  virtual const std::vector<std::string>& input_names() const = 0;
  virtual const std::vector<std::string>& output_names() const = 0;
  // The internal step h [s] and K = H/h, the micro steps in one macro step.
  virtual double micro_step_size() const = 0;
  virtual std::int64_t micro_steps() const = 0;

  // Sets the inputs sampled at communication point n (n or n + 1, see coupling_graph.h), held or
  // extrapolated over the macro step; size = input_names().size().
  virtual void set_inputs(std::int64_t n, std::span<const double> u) = 0;
  // The macro step from t_n to t_{n+1}, in parts; none of them allocates.
  virtual void begin_macro_step(std::int64_t /*n*/) {}
  virtual void micro_step(std::int64_t n, std::int64_t j) = 0;
  virtual void end_macro_step(std::int64_t /*n*/) {}
  // All of it: begin, K micro steps, end (compose_macro_step). A final subsystem overrides it with
  // the same composition on its own type, which lets the compiler inline its micro steps offline.
  virtual void do_step(std::int64_t n);

  // Outputs at the current communication point; size = output_names().size().
  virtual void get_outputs(std::span<double> y) const = 0;
  // True while every state is a finite number and, for a hydraulic subsystem, its pressures are
  // physical (pressures_physical, sim/hydraulics/cylinder.h): false stops the run as diverged.
  virtual bool healthy() const = 0;

  // What the sample of a communication point takes from this subsystem (its state, its side of the
  // coupling monitor), by name; at most kMaxProbes values.
  virtual const std::vector<std::string>& probe_names() const = 0;
  // The probe values at communication point n: before the first macro step (n = 0) or right after
  // end_macro_step(n − 1), in the thread that steps the subsystem (a hydraulic probe samples the
  // valve for micro step n K, which fixes the κ that step applies).
  virtual void probe(std::int64_t n, std::span<double> out) const = 0;
};

// The macro step n of `s` as its parts; Self is the subsystem's own (final) type.
template <typename Self>
void compose_macro_step(Self& s, std::int64_t n) {
  s.begin_macro_step(n);
  const std::int64_t K = s.micro_steps();
  for (std::int64_t j = 0; j < K; ++j) s.micro_step(n, j);
  s.end_macro_step(n);
}

// Number of internal steps h [s] in a macro step H [s]. Throws std::invalid_argument unless both
// are positive and H is a whole multiple of h (to a relative 1e-9), naming `what` in the message.
std::int64_t steps_per_macro_step(double H, double h, const std::string& what);

}  // namespace hilsim::sim
