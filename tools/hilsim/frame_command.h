// `hilsim frame`: prints command frames as cansend(1) writes them ("100#0A1B..."), with κ in the
// signal mapping's kappa_k (a closed-centre valve's u in u_k; --valve K=VALUE sets valve K's) and, in a
// protected message (hil/e2e.h), the alive counter and the CRC filled in, so that an operator can drive a run
// by hand with can-utils, or check a controller's frames byte for byte.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "hil/commanded_valve.h"
#include "hil/message.h"
#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct FrameCommand {
  std::string scenario;  // its [[messages]] and [crane] actuators; empty: the default mapping, one actuator
  double kappa = 0.5;    // [-] actuator 1's
  std::optional<double> kappa_2;    // [-] actuator 2's (a two-actuator mapping)
  std::vector<std::string> valves;  // --valve K=VALUE: valve K's command (κ or u), K = 1..8
  int counter = 0;                  // the first frame's alive counter, 0..14
  int count = 1;                    // frames, each with the next counter

  void add_to(CLI::App& parent);
  int execute() const;

 private:
  std::array<double, hil::kMaxActuators> valve_commands(const std::vector<hil::MessageSpec>& messages,
                                                        int actuators) const;
};

}  // namespace hilsim::tools
