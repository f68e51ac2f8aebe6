// What a contact co-simulation step costs (sim/contact/): hilsim-bench-cosim's contact part, and the
// measurement behind `hilsim report`'s figure of the model generation's cost against the number of
// active constraints (Peiret et al. (contact tasks), Fig. 9).
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "sim/contact/contact_coupling.h"

namespace hilsim::bench {

// Prints, for the servoed-arm machine (sim/contact/servoed_arm_machine.h) and both contact tasks
// (sim/contact/contact_tasks.h), for each coupling timed, the reduced-model generation and the rest of a
// 1 ms step (both sides' contact solves, the exchange) [ns] and their sum as a fraction of the step;
// medians of `repeat` runs. Then the tool side's model generation on the insertion by its number of
// active constraints.
void print_contact_costs(int repeat);

// One generation of the tool side's reduced model (eqs. (19)–(21)) after a macro step.
struct ModelBuildCost {
  int active_rows = 0;   // the size of S in eq. (20)
  int rows = 0;          // every row of the side at that state
  double seconds = 0.0;  // CPU time of the build [s]
};

// Runs `machine` ("servoed-arm" or a contact task's name) with `coupling` at K_i = stiffness [N/m]
// (D_i/K_i = 1e-4 s), H = h = 1 ms, to its end or until it stops being healthy, and after every macro
// step builds the tool side's model once more, timed: one entry per macro step. (The build is pure:
// the run is the same with or without it.) Empty when the tool side sends no model.
std::vector<ModelBuildCost> tool_model_build_costs(std::string_view machine,
                                                   sim::contact::ContactCoupling coupling, double stiffness);

// Writes tool_model_build_costs("insertion", model-model, 1e8 N/m) as CSV (active_rows,rows,ns) to
// `out` (an io::AtomicOutputFile's stream, opened before the benchmark so that a bad path is said at
// once): `hilsim report` plots it (Peiret et al. (contact tasks), Fig. 9).
void write_model_build_costs_csv(std::ostream& out);

}  // namespace hilsim::bench
