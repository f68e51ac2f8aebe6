#include "rt/rt_settings.h"

namespace hilsim::rt {

ThreadConfig thread_for(const RtSettings& settings, const std::string& name, bool fastest) {
  ThreadConfig t = fastest ? settings.fastest : settings.others;
  t.name = ("hs-" + name).substr(0, kMaxThreadNameLength);
  const auto it = settings.threads.find(name);
  if (it != settings.threads.end()) {
    if (it->second.cpu >= 0) t.cpu = it->second.cpu;
    if (it->second.priority >= 0) t.priority = it->second.priority;
  }
  return t;
}

std::vector<int> real_time_cpus(const RtSettings& settings) {
  std::vector<int> cpus = {settings.fastest.cpu, settings.others.cpu};
  for (const auto& [name, thread] : settings.threads) {
    if (thread.cpu >= 0) cpus.push_back(thread.cpu);
  }
  return cpus;
}

}  // namespace hilsim::rt
