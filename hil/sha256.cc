#include "hil/sha256.h"

#include <nettle/sha2.h>

#include <cstdint>
#include <fstream>
#include <stdexcept>

namespace hilsim::hil {

Sha256::Sha256() : ctx_(std::make_unique<sha256_ctx>()) { sha256_init(ctx_.get()); }
Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::update(const void* data, std::size_t size) {
  sha256_update(ctx_.get(), size, static_cast<const std::uint8_t*>(data));
}

std::string Sha256::hex() {
  std::uint8_t md[SHA256_DIGEST_SIZE];
  sha256_digest(ctx_.get(), sizeof md, md);
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (std::uint8_t byte : md) {
    out += digits[byte >> 4];
    out += digits[byte & 0xF];
  }
  return out;
}

std::string sha256_hex(const std::string& data) {
  Sha256 d;
  d.update(data.data(), data.size());
  return d.hex();
}

std::string sha256_file_hex(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open the file to hash it");
  Sha256 d;
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    d.update(buf, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) throw std::runtime_error(path + ": reading the file to hash it failed");
  return d.hex();
}

}  // namespace hilsim::hil
