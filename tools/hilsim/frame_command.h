// `hilsim frame`: prints command frames as cansend(1) writes them ("100#0A1B..."), with κ in the
// signal mapping's kappa_k and, in a protected message (hil/e2e.h), the alive counter and the CRC
// filled in, so that an operator can drive a run by hand with can-utils, or check a controller's
// frames byte for byte.
#pragma once

#include <optional>
#include <string>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct FrameCommand {
  std::string scenario;  // its [[messages]] and [crane] actuators; empty: the default mapping, one actuator
  double kappa = 0.5;    // [-] actuator 1's
  std::optional<double> kappa_2;  // [-] actuator 2's (a two-actuator mapping)
  int counter = 0;                // the first frame's alive counter, 0..14
  int count = 1;                  // frames, each with the next counter

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
