// Non-iterative co-simulation manager: explicit Jacobi or Gauss-Seidel over any number of
// subsystems, wired by name (output of one subsystem → input of another).
//
// Jacobi, macro step n:        every subsystem gets u(t_n) from the others' y(t_n), then all advance.
// Gauss-Seidel (order a, b):   a gets y_b(t_n) and advances; b gets y_a(t_{n+1}) and advances.
// A subsystem's inputs are tagged with the communication point they were sampled at (n, or n + 1
// when their source has already advanced), so its input model interpolates where it can.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/cosim/subsystem.h"

namespace hilsim::sim {

struct Connection {
  std::string from_subsystem;
  std::string output;
  std::string to_subsystem;
  std::string input;
};

enum class Scheme {
  kJacobi,
  kGaussSeidel,  // in the order the subsystems are given
};

class CosimManager final {
 public:
  // The subsystems must outlive the manager. Throws std::invalid_argument when a connection names
  // an unknown subsystem or port, or an input is left unconnected or connected twice.
  CosimManager(std::vector<Subsystem*> subsystems, const std::vector<Connection>& connections,
               Scheme scheme);
  CosimManager(const CosimManager&) = delete;
  CosimManager& operator=(const CosimManager&) = delete;

  // Advances every subsystem from t_n to t_{n+1}; allocates nothing.
  void step();
  // Index n of the current communication point.
  std::int64_t macro_step() const { return n_; }
  // True while every subsystem's state is finite.
  bool healthy() const;
  // The current output values of subsystem i, in the order of its output_names().
  const std::vector<double>& outputs(std::size_t i) const { return outputs_[i]; }

 private:
  struct Source {
    std::size_t subsystem;
    std::size_t output;
  };
  void gather_inputs(std::size_t i, const std::vector<bool>& advanced);
  void refresh_outputs(std::size_t i);

  std::vector<Subsystem*> subsystems_;
  Scheme scheme_;
  std::vector<std::vector<Source>> sources_;  // per subsystem, per input
  std::vector<std::vector<double>> outputs_;  // per subsystem, per output
  std::vector<std::vector<double>> inputs_;   // per subsystem, per input
  std::vector<bool> advanced_;                // per subsystem: stepped in the current macro step
  std::int64_t n_ = 0;
};

}  // namespace hilsim::sim
