// A sweep split into parts for several processes or machines (`hilsim sweep --shard K/N`), and the
// parts merged back (`hilsim sweep --merge`) into exactly the bytes of the unsharded `sweep --out`.
// Part K of N holds the runs at positions K−1, K−1+N, K−1+2N, … of the sorted H list, so every part
// gets small and large H alike. A part file is the sweep's CSV (sweep_csv.h) of those rows after
// three comment lines:
//   # hilsim sweep part K/N
//   # sweep KEY        (64 hex digits: SHA-256 of what decides the results, sweep_key())
//   # runs M           (the number of H in the whole sweep)
// The merge takes only parts of one sweep (the same KEY, N and M), each K once, every K present, and
// each with the rows its K must hold; anything else is refused in one line naming the file.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tools/scenario/scenario.h"

namespace hilsim::tools {

struct SweepShard {
  int k = 1;  // 1 … n
  int n = 1;
};

// Reads "K/N" (1 <= K <= N <= 100000); throws io::InputError naming --shard and the accepted form.
SweepShard parse_shard(const std::string& text);

// The positions of the sorted H list that part `shard` runs, in increasing order.
std::vector<std::size_t> shard_positions(std::size_t runs, SweepShard shard);

// SHA-256 (hex) of what decides a sweep's rows: this build's identity, the scenario as resolved
// (with the contents of its κ table and reference file instead of their paths, so that the parts
// may run in different directories or machines) and the sorted H list.
std::string sweep_key(const scenario::Scenario& scenario, const std::vector<double>& sorted_H);

// The three comment lines that open part `shard` of a sweep of `runs` H with key `key`.
std::string sweep_part_preamble(SweepShard shard, const std::string& key, std::size_t runs);

// The unsharded CSV of the sweep `parts` (paths, in any order) split. Throws io::InputError for a
// file that is not a part, parts of different sweeps or splits, a part given twice or missing, or a
// part without the rows its K must hold.
struct MergedSweep {
  std::string csv;
  int parts = 0;
  std::size_t runs = 0;
};
MergedSweep merge_sweep_parts(const std::vector<std::string>& parts);

}  // namespace hilsim::tools
