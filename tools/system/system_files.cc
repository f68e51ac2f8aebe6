#include "tools/system/system_files.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "rt/system_info.h"

namespace hilsim::tools {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxFileBytes = 1 << 20;

}  // namespace

fs::path SystemFiles::at(const std::string& path) const { return root_ / fs::path(path).relative_path(); }

std::optional<std::string> SystemFiles::read(const std::string& path) const {
  // procfs and sysfs files report size 0: read until the end, not by size.
  std::ifstream in(at(path), std::ios::binary);
  if (!in) return std::nullopt;
  std::string text;
  char buffer[4096];
  while (text.size() < kMaxFileBytes && in.read(buffer, sizeof buffer).gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) return std::nullopt;  // e.g. EIO from a sysfs attribute the driver cannot report
  return text;
}

std::optional<std::string> SystemFiles::first_line(const std::string& path) const {
  std::optional<std::string> line = rt::read_first_line(at(path).string());
  // /proc/cmdline ends in a blank before its newline.
  while (line && !line->empty() && (line->back() == ' ' || line->back() == '\t')) line->pop_back();
  return line;
}

std::vector<std::string> SystemFiles::list(const std::string& dir) const {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(at(dir), ec), end; !ec && it != end; it.increment(ec)) {
    names.push_back(it->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::optional<std::string> SystemFiles::resolve(const std::string& path) const {
  std::error_code ec;
  const fs::path real = fs::canonical(at(path), ec);
  if (ec) return std::nullopt;
  const fs::path root = fs::canonical(root_, ec);
  if (ec) return std::nullopt;
  const fs::path inside = real.lexically_relative(root);
  if (inside.empty() || *inside.begin() == "..") return std::nullopt;  // a link out of the fixture
  return "/" + inside.generic_string();
}

bool SystemFiles::writable(const std::string& path) const { return access(at(path).c_str(), W_OK) == 0; }

}  // namespace hilsim::tools
