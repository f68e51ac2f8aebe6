#include "tools/system/cyclictest.h"

#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace hilsim::tools {

std::uint64_t CyclictestResult::count() const {
  std::uint64_t n = overflows;
  for (std::uint64_t c : histogram) n += c;
  return n;
}

std::optional<double> CyclictestResult::percentile(double p) const {
  const std::uint64_t total = count();
  if (total == 0) return 0.0;
  const auto rank =
      std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(p * static_cast<double>(total))));
  std::uint64_t seen = 0;
  for (std::size_t k = 0; k < histogram.size(); ++k) {
    seen += histogram[k];
    if (seen >= rank) return static_cast<double>(k);
  }
  return std::nullopt;
}

CyclictestResult parse_cyclictest(std::istream& output) {
  CyclictestResult r;
  bool have_min = false, have_max = false;
  std::string line;
  while (std::getline(output, line)) {
    unsigned long long bucket = 0, count = 0;
    double value = 0;
    if (std::sscanf(line.c_str(), "%llu %llu", &bucket, &count) == 2 && !line.empty() && line[0] != '#') {
      if (bucket >= r.histogram.size()) r.histogram.resize(bucket + 1, 0);
      r.histogram[bucket] = count;
    } else if (std::sscanf(line.c_str(), "# Min Latencies: %lf", &value) == 1) {
      r.min_us = value;
      have_min = true;
    } else if (std::sscanf(line.c_str(), "# Avg Latencies: %lf", &value) == 1) {
      r.avg_us = value;
    } else if (std::sscanf(line.c_str(), "# Max Latencies: %lf", &value) == 1) {
      r.max_us = value;
      have_max = true;
    } else if (std::sscanf(line.c_str(), "# Histogram Overflows: %llu", &count) == 1) {
      r.overflows = count;
    }
  }
  if (r.histogram.empty() || !have_min || !have_max) {
    throw std::runtime_error("cyclictest printed no histogram and summary");
  }
  return r;
}

std::optional<std::string> find_cyclictest() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::filesystem::path candidate = std::filesystem::path(dir.empty() ? "." : dir) / "cyclictest";
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate.string();
  }
  return std::nullopt;
}

CyclictestResult run_cyclictest(const std::string& executable, int period_us, int priority, int cpu,
                                std::int64_t loops, int histogram_us) {
  std::ostringstream cmd;
  cmd << "'" << executable << "' --mlockall --quiet --threads=1 --policy=fifo --priority=" << priority
      << " --interval=" << period_us << " --loops=" << loops << " --histogram=" << histogram_us;
  if (cpu >= 0) cmd << " --affinity=" << cpu;
  cmd << " 2>&1";
  FILE* pipe = popen(cmd.str().c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot start cyclictest");
  std::string text;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) text.append(buf, n);
  const int status = pclose(pipe);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::size_t end = text.find('\n');
    throw std::runtime_error("cyclictest failed: " + text.substr(0, end == std::string::npos ? 200 : end));
  }
  std::istringstream in(text);
  return parse_cyclictest(in);
}

}  // namespace hilsim::tools
