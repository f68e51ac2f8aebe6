// A co-simulation subsystem, shaped like an FMI 2.0 co-simulation slave: at communication point n
// (time t_n = n H) the manager sets its inputs u(t_n), asks it to advance by the macro step H with
// its own internal step h (H is a whole multiple of h), and reads its outputs y(t_{n+1}).
//
// Time is kept as integer step counts: a subsystem's micro step j of macro step n has the global
// index n (H/h) + j and starts at t = index · h, so no time is accumulated in floating point.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace hilsim::sim {

class Subsystem {
 public:
  virtual ~Subsystem() = default;
  virtual const std::string& name() const = 0;
  virtual const std::vector<std::string>& input_names() const = 0;
  virtual const std::vector<std::string>& output_names() const = 0;
  // Sets the inputs held (or extrapolated) over macro step n; size = input_names().size().
  virtual void set_inputs(std::int64_t n, std::span<const double> u) = 0;
  // Advances from t_n to t_{n+1}; allocates nothing.
  virtual void do_step(std::int64_t n) = 0;
  // Outputs at the current communication point; size = output_names().size().
  virtual void get_outputs(std::span<double> y) const = 0;
  // True while every state is a finite number.
  virtual bool healthy() const = 0;
};

// Number of internal steps h [s] in a macro step H [s]. Throws std::invalid_argument unless both
// are positive and H is a whole multiple of h (to a relative 1e-9), naming `what` in the message.
std::int64_t steps_per_macro_step(double H, double h, const std::string& what);

}  // namespace hilsim::sim
