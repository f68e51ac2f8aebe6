// SHA-256 of files and strings (Nettle, the low-level cryptographic library of GnuTLS), printed as
// 64 lowercase hex digits: the same text `sha256sum` prints, so users can compare a run's output
// with any other tool. Nettle rather than OpenSSL's libcrypto: loading libcrypto and initialising
// its EVP digests cost every hilsim process about 1.6 ms and a run writing a CSV 2 ms more, longer
// than the whole start-up without them.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

struct sha256_ctx;  // Nettle's (nettle/sha2.h), kept out of this header: Nettle is a private dependency

namespace hilsim::hil {

// A digest fed piece by piece, for bytes hashed as they are written (no second reading of a file).
class Sha256 final {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  Sha256(Sha256&&) noexcept;
  Sha256& operator=(Sha256&&) noexcept;
  void update(const void* data, std::size_t size);
  // The digest of everything given so far; the object then starts over.
  std::string hex();

 private:
  std::unique_ptr<sha256_ctx> ctx_;
};

std::string sha256_hex(const std::string& data);
// Throws std::runtime_error naming the file when it cannot be read.
std::string sha256_file_hex(const std::string& path);

}  // namespace hilsim::hil
