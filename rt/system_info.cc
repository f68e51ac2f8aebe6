#include "rt/system_info.h"

#include <linux/capability.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <stdexcept>

namespace hilsim::rt {

bool has_capability(int capability) {
  // capget(2) with version 3: two 32-bit words per set. glibc has no wrapper (libcap does).
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2] = {};
  if (syscall(SYS_capget, &header, data) != 0) return false;
  const int word = capability / 32;
  const unsigned bit = 1u << (capability % 32);
  return word < 2 && (data[word].effective & bit) != 0;
}

ResourceLimit resource_limit(int resource) {
  rlimit r{};
  getrlimit(resource, &r);
  return {r.rlim_cur, r.rlim_max};
}

std::string describe_limit(rlim_t value) {
  return value == RLIM_INFINITY ? "unlimited" : std::to_string(value);
}

std::optional<std::size_t> mapped_bytes() {
  std::ifstream in("/proc/self/statm");
  std::size_t pages = 0;
  if (!(in >> pages)) return std::nullopt;
  return pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

std::size_t default_thread_stack_bytes() {
  pthread_attr_t attr;
  std::size_t bytes = std::size_t{8} * 1024 * 1024;  // glibc's own default, should the query fail
  if (pthread_getattr_default_np(&attr) == 0) {
    pthread_attr_getstacksize(&attr, &bytes);
    pthread_attr_destroy(&attr);
  }
  return bytes;
}

std::vector<int> parse_cpu_list(std::string_view text) {
  std::vector<int> cpus;
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  const auto number = [&](std::string_view s) {
    int v = -1;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || v < 0) {
      throw std::invalid_argument("malformed CPU list '" + std::string(text) + "'");
    }
    return v;
  };
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string_view item = text.substr(pos, comma - pos);
    const std::size_t dash = item.find('-');
    const int lo = number(item.substr(0, dash));
    const int hi = dash == std::string_view::npos ? lo : number(item.substr(dash + 1));
    if (hi < lo) throw std::invalid_argument("malformed CPU list '" + std::string(text) + "'");
    for (int c = lo; c <= hi; ++c) cpus.push_back(c);
    pos = comma + 1;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::string format_cpu_list(const std::vector<int>& cpus) {
  if (cpus.empty()) return "none";
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += "-" + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

std::optional<std::string> read_first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  return line;
}

std::vector<int> online_cpus() {
  if (const auto line = read_first_line("/sys/devices/system/cpu/online")) {
    try {
      return parse_cpu_list(*line);
    } catch (const std::invalid_argument&) {
    }
  }
  std::vector<int> cpus;
  for (long c = 0; c < sysconf(_SC_NPROCESSORS_ONLN); ++c) cpus.push_back(static_cast<int>(c));
  return cpus;
}

std::vector<int> allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c) {
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  }
  return cpus;
}

std::vector<int> isolated_cpus() {
  const auto line = read_first_line("/sys/devices/system/cpu/isolated");
  if (!line || line->empty()) return {};
  try {
    return parse_cpu_list(*line);
  } catch (const std::invalid_argument&) {
    return {};
  }
}

KernelInfo kernel_info() {
  KernelInfo k;
  utsname u{};
  if (uname(&u) == 0) {
    k.release = u.release;
    k.version = u.version;
  }
  // /sys/kernel/realtime exists (and reads 1) only on PREEMPT_RT kernels; uname -v names the
  // preemption model ("PREEMPT_RT", "PREEMPT_DYNAMIC", "PREEMPT").
  if (const auto rt = read_first_line("/sys/kernel/realtime")) {
    k.preempt_rt = *rt == "1";
    k.preempt_rt_evidence = "/sys/kernel/realtime = " + *rt;
  } else if (k.version.find("PREEMPT_RT") != std::string::npos) {
    k.preempt_rt = true;
    k.preempt_rt_evidence = "uname -v names PREEMPT_RT";
  } else {
    k.preempt_rt_evidence = "no /sys/kernel/realtime and uname -v does not name PREEMPT_RT";
  }
  return k;
}

}  // namespace hilsim::rt
