// sim_tests' one definition of the counting operator new and malloc (tests/allocation_counter.h);
// its tests read the counts through tests/allocation_counts.h.
#include "tests/allocation_counter.h"
