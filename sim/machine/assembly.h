// The machine's pose at the start (build_machine_model, machine_model.h): the tree joints' initial
// coordinates, and, where joints close loops, the coordinates the constraints solve for. Those are
// chosen among the joints marked `guess` (whose initial values only start the search) by the
// pivots of Φ_q there, Gaussian elimination with complete pivoting picking the best-conditioned ones;
// the same choice is the model's partition into dependent and independent coordinates
// (loop_closure.h). Without loops every coordinate is independent and the pose is as given.
#pragma once

#include <vector>

#include "sim/machine/machine_model.h"

namespace hilsim::sim::machine::internal {

// Sets model.initial_q, model.independent and model.dependent. `described[b]`: tree joint b's place
// in d.joints (for `initial` and `guess`). Throws MachineError naming the joints when the loops
// cannot close, or the guesses cannot close them.
void assemble(MachineModel& model, const MachineDescription& d, const std::vector<std::size_t>& described);

}  // namespace hilsim::sim::machine::internal
