#include "hil/sha256.h"

#include <nettle/sha2.h>

#include <cstdint>
#include <fstream>
#include <stdexcept>

namespace hilsim::hil {

namespace {

class Digest final {
 public:
  Digest() { sha256_init(&ctx_); }
  void update(const void* data, std::size_t size) {
    sha256_update(&ctx_, size, static_cast<const std::uint8_t*>(data));
  }
  std::string hex() {
    std::uint8_t md[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx_, sizeof md, md);
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (std::uint8_t byte : md) {
      out += digits[byte >> 4];
      out += digits[byte & 0xF];
    }
    return out;
  }

 private:
  sha256_ctx ctx_;
};

}  // namespace

std::string sha256_hex(const std::string& data) {
  Digest d;
  d.update(data.data(), data.size());
  return d.hex();
}

std::string sha256_file_hex(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open the file to hash it");
  Digest d;
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    d.update(buf, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) throw std::runtime_error(path + ": reading the file to hash it failed");
  return d.hex();
}

}  // namespace hilsim::hil
