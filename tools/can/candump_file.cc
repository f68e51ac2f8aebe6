#include "tools/can/candump_file.h"

#include <fstream>

#include "tools/io/bounded_read.h"
#include "tools/io/input_error.h"

namespace hilsim::tools {

std::vector<hil::CandumpRecord> read_candump_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw io::InputError(path + ": cannot open the candump log");
  std::vector<hil::CandumpRecord> records;
  std::string line;
  int number = 0;
  io::BoundedLineReader lines(in, path);
  while (lines.next(line)) {
    number = lines.line_number();
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    hil::CandumpRecord r;
    const std::string error = hil::parse_candump_line(line, r);
    if (!error.empty()) throw io::InputError(path + ":" + std::to_string(number) + ": " + error);
    records.push_back(std::move(r));
  }
  if (in.bad()) throw io::InputError(path + ": reading the candump log failed");
  if (records.empty()) throw io::InputError(path + ": no frame in the candump log");
  return records;
}

}  // namespace hilsim::tools
