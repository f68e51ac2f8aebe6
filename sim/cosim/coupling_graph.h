// Who feeds whom in a co-simulation, and at which communication point: the graph both executions
// of a plan walk (the offline CosimManager and the real-time executor, rt/plan_executor.h).
//
// Jacobi, macro step n:        every subsystem takes the others' y(t_n), then all advance.
// Gauss-Seidel (the order the subsystems are given): a subsystem takes y(t_{n+1}) from those
// before it in the order (they have already advanced) and y(t_n) from those after it.
// An edge carries that as its lag: the consumer's macro step n reads the producer's y(t_{n+lag}).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
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

// Every port one subsystem takes from another.
struct Edge {
  std::size_t from = 0;
  std::size_t to = 0;
  int lag = 0;  // 0 or 1: the consumer's macro step n reads the producer's y(t_{n+lag})
  std::vector<std::pair<std::size_t, std::size_t>> ports;  // (producer output, consumer input)
};

class CouplingGraph final {
 public:
  struct Source {
    std::size_t subsystem = 0;
    std::size_t output = 0;
  };

  // `subsystems` in stepping order; they must outlive the graph. Throws std::invalid_argument when
  // a connection names an unknown subsystem or port, an input is left unconnected or connected
  // twice, a subsystem has more than kMaxPorts ports or kMaxProbes probes, or its inputs come from
  // producers of different lags (its input model takes one sampling point per macro step).
  CouplingGraph(const std::vector<Subsystem*>& subsystems, const std::vector<Connection>& connections,
                Scheme scheme);

  std::size_t size() const { return sources_.size(); }
  Scheme scheme() const { return scheme_; }
  const std::vector<Edge>& edges() const { return edges_; }
  // Where each input of subsystem i comes from, in the order of its input_names().
  const std::vector<Source>& sources(std::size_t i) const { return sources_[i]; }
  // The lag of every input of subsystem i (0 for a subsystem without inputs): its macro step n sets
  // inputs sampled at communication point n + input_lag(i).
  int input_lag(std::size_t i) const { return input_lag_[i]; }
  // Real time: how far [s] subsystem i's schedule runs behind t = n H so that what it waits for is
  // there when it starts. A lag-1 input from j is produced in j's last micro step of macro step n,
  // which starts offset(j) + H − h_j after t_n; i starts half the shorter of the two micro steps
  // later, so that j's step (a few µs) is done even when both share a CPU and i has the higher
  // priority, while j's next step, which takes i's outputs of t_{n+1} with lag 0, still finds them:
  //   offset(i) = max over such j of offset(j) + H − h_j + min(h_i, h_j) / 2, else 0.
  // Jacobi: 0 for every subsystem.
  double schedule_offset(std::size_t i, double H) const;

 private:
  Scheme scheme_;
  std::vector<double> h_;                     // each subsystem's micro step [s]
  std::vector<std::vector<Source>> sources_;  // per subsystem, per input
  std::vector<int> input_lag_;
  std::vector<Edge> edges_;
};

}  // namespace hilsim::sim
