// The least a trajectory CSV can cost on this machine, for hilsim-bench-process to set beside what
// `hilsim run --out` costs: a plain loop over the values of a real output that formats them with
// std::to_chars (shortest round-trip, separators and newlines as in the CSV), hashes the bytes
// (hil::Sha256, as the run must to print its output hash), writes them with one write(2) to a
// temporary file and renames it over the target. Nothing else: no samples, no rows, no thread.
#pragma once

#include <cstddef>
#include <string>

namespace hilsim::bench {

struct CsvFloor {
  std::size_t values = 0;  // doubles formatted
  std::size_t bytes = 0;   // of the CSV's rows
  // Medians [s].
  double format = 0.0;      // std::to_chars of every value into one buffer
  double hash = 0.0;        // SHA-256 of the buffer
  double write = 0.0;       // open, write(2), close of the temporary file
  double replace = 0.0;     // rename(2) over the file the previous repeat wrote
  double rename_new = 0.0;  // rename(2) to a name no file has
};

// Reads the numbers of the CSV at `csv` (after its header line; every field a number) and times the
// steps above `repeat` times on them, writing `scratch` (removed at the end). Exits the program
// with a message when `csv` cannot be read.
CsvFloor measure_csv_floor(const std::string& csv, const std::string& scratch, int repeat);

}  // namespace hilsim::bench
