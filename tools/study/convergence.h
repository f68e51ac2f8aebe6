// The convergence study of the monolithic solver: runs it for a list of steps h and reports, per h,
// how far it lands from the reference file and from a fine run of the same method at h_ref, with the
// observed order of convergence between consecutive h: the largest |Δs1| over the run and, for M1,
// the largest |Δp1| over the pressure spike at t_b — LIM benchmark 2021, Fig. 9.
#pragma once

#include <vector>

#include "tools/scenario/scenario.h"

namespace hilsim::tools {

// Prints the table of the scenario's monolithic runs at every h of `steps` (ascending, each a whole
// multiple of h_ref [s]) on `workers` threads, row by row in order. Returns 0; throws io::InputError
// for a step the solver refuses or not a multiple of h_ref, and when the fine run diverges.
int run_convergence_study(const scenario::Scenario& s, const std::vector<double>& steps, double h_ref,
                          int workers);

}  // namespace hilsim::tools
