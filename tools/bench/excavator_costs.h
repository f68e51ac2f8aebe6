// The excavator's costs for hilsim-bench-cosim (config/machines/excavator.toml on its dig cycle): per
// coupling, the cost per hydraulic micro step and per macro step besides, and the time of its 10 s
// p-s run at H = 1 ms, h_H = 0.1 ms with a sample at every communication point (as `hilsim run`),
// with its real-time factor.
#pragma once

namespace hilsim::bench {

void print_excavator_costs(int repeat);

}  // namespace hilsim::bench
