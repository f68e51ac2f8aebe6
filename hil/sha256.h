// SHA-256 of files and strings (Nettle, the low-level cryptographic library of GnuTLS), printed as
// 64 lowercase hex digits: the same text `sha256sum` prints, so users can compare a run's output
// with any other tool. Nettle rather than OpenSSL's libcrypto: loading libcrypto and initialising
// its EVP digests cost every hilsim process about 1.6 ms and a run writing a CSV 2 ms more, longer
// than the whole start-up without them.
#pragma once

#include <string>

namespace hilsim::hil {

std::string sha256_hex(const std::string& data);
// Throws std::runtime_error naming the file when it cannot be read.
std::string sha256_file_hex(const std::string& path);

}  // namespace hilsim::hil
