// Reading a whole candump log (candump -l files, candump -L output) for the commands that take one:
// `hilsim decode` and `hilsim replay --candump`. Not real-time code.
#pragma once

#include <string>
#include <vector>

#include "hil/candump_log.h"

namespace hilsim::tools {

// Every line of the file as a record, blank lines skipped. Throws io::InputError naming the file,
// the line number and what is wrong with it (hil/candump_log.h), or a file that cannot be read or
// holds no frame.
std::vector<hil::CandumpRecord> read_candump_file(const std::string& path);

}  // namespace hilsim::tools
