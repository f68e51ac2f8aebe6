// The error every configuration and input-file check throws: a one-line message that names the
// file, key, line or frame at fault and the accepted range. Tools print it and exit with status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace hilsim::io {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace hilsim::io
