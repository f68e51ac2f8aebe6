// hilsim-bench-cosim's contact part: what a contact co-simulation step costs (sim/contact/).
#pragma once

namespace hilsim::bench {

// Prints, for the servoed-arm machine (sim/contact/servoed_arm_machine.h) and each contact coupling,
// the reduced-model generation and the rest of a 1 ms step (both sides' contact solves, the
// exchange) [ns] and their sum as a fraction of the step; medians of `repeat` runs.
void print_contact_costs(int repeat);

}  // namespace hilsim::bench
