// SHA-256 of files and strings (OpenSSL's libcrypto), printed as 64 lowercase hex digits: the same
// text `sha256sum` prints, so users can compare a run's output with any other tool.
#pragma once

#include <string>

namespace hilsim::hil {

std::string sha256_hex(const std::string& data);
// Throws std::runtime_error naming the file when it cannot be read.
std::string sha256_file_hex(const std::string& path);

}  // namespace hilsim::hil
