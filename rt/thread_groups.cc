#include "rt/thread_groups.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace hilsim::rt {

namespace {

double shortest_step(const sim::Plan& plan) {
  double shortest = plan.subsystem(0).micro_step_size();
  for (std::size_t i = 0; i < plan.size(); ++i)
    shortest = std::min(shortest, plan.subsystem(i).micro_step_size());
  return shortest;
}

bool is_fastest(const sim::Plan& plan, std::size_t i, double shortest) {
  return plan.subsystem(i).micro_step_size() <= shortest * (1.0 + 1e-9);
}

bool same_time(double a, double b) {
  return std::abs(a - b) <= 1e-12 + 1e-9 * std::max(std::abs(a), std::abs(b));
}

bool exchange(const sim::Plan& plan, std::size_t a, std::size_t b) {
  return std::any_of(plan.graph().edges().begin(), plan.graph().edges().end(), [&](const sim::Edge& e) {
    return (e.from == a && e.to == b) || (e.from == b && e.to == a);
  });
}

// Why `member` cannot join the thread of `first`: "" when it can.
std::string why_apart(const sim::Plan& plan, std::size_t first, std::size_t member) {
  const sim::Subsystem& a = plan.subsystem(first);
  const sim::Subsystem& b = plan.subsystem(member);
  if (!same_time(a.micro_step_size(), b.micro_step_size())) {
    return "'" + a.name() + "' steps every " + std::to_string(a.micro_step_size()) + " s and '" + b.name() +
           "' every " + std::to_string(b.micro_step_size()) + " s: one thread keeps one period";
  }
  if (!same_time(plan.graph().schedule_offset(first, plan.H()),
                 plan.graph().schedule_offset(member, plan.H()))) {
    return "'" + a.name() + "' and '" + b.name() +
           "' start at different offsets (a Gauss-Seidel order): one thread keeps one schedule";
  }
  return "";
}

std::string in_two_threads(const std::string& member) {
  return "'" + member + "' is in another thread's list too";
}

std::string exchanging(const sim::Plan& plan, std::size_t a, std::size_t b) {
  return "'" + plan.subsystem(a).name() + "' and '" + plan.subsystem(b).name() +
         "' exchange outputs: in one thread one would wait for the other";
}

std::size_t index_of(const sim::Plan& plan, const std::string& name) {
  for (std::size_t i = 0; i < plan.size(); ++i) {
    if (plan.subsystem(i).name() == name) return i;
  }
  return plan.size();
}

// [rt.thread.NAME] subsystems = [...]: the members this plan has, checked (a name the plan lacks is
// skipped: the command says so, as for a [rt.thread.NAME] of a subsystem it lacks).
ThreadGroup configured_group(const sim::Plan& plan, const RtSettings& settings, const std::string& name,
                             const ThreadOverride& t, std::vector<int>& group_of, int group) {
  const std::string where = "[rt.thread." + name + "] subsystems: ";
  if (index_of(plan, name) != plan.size()) {
    throw std::invalid_argument(
        where + "'" + name +
        "' is a subsystem's name: a thread of several subsystems needs a name of its own");
  }
  ThreadGroup g;
  for (const std::string& member : t.subsystems) {
    const std::size_t i = index_of(plan, member);
    if (i == plan.size()) continue;
    if (group_of[i] >= 0) throw std::invalid_argument(where + in_two_threads(member));
    group_of[i] = group;
    g.members.push_back(i);
  }
  std::sort(g.members.begin(), g.members.end());
  for (std::size_t k = 1; k < g.members.size(); ++k) {
    const std::size_t a = g.members.front(), b = g.members[k];
    if (const std::string why = why_apart(plan, a, b); !why.empty()) throw std::invalid_argument(where + why);
    for (std::size_t j = 0; j < k; ++j) {
      if (exchange(plan, g.members[j], b))
        throw std::invalid_argument(where + exchanging(plan, g.members[j], b));
    }
  }
  if (!g.members.empty())
    g.thread = thread_for(settings, name, is_fastest(plan, g.members.front(), shortest_step(plan)));
  return g;
}

// The default for a plan of more than kDefaultThreads subsystems: its fastest subsystems without a
// [rt.thread.NAME] of their own, by schedule offset, each joining the first thread it may.
std::vector<ThreadGroup> default_groups(const sim::Plan& plan, const RtSettings& settings,
                                        std::vector<int>& group_of, int first_group) {
  std::vector<ThreadGroup> groups;
  const double shortest = shortest_step(plan);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    if (group_of[i] >= 0 || !is_fastest(plan, i, shortest) ||
        settings.threads.count(plan.subsystem(i).name()))
      continue;
    bool joined = false;
    for (ThreadGroup& g : groups) {
      const bool apart = !why_apart(plan, g.members.front(), i).empty() ||
                         std::any_of(g.members.begin(), g.members.end(),
                                     [&](std::size_t m) { return exchange(plan, m, i); });
      if (apart) continue;
      g.members.push_back(i);
      joined = true;
      break;
    }
    if (!joined) groups.push_back({settings.fastest, {i}});
  }
  std::vector<ThreadGroup> kept;
  for (ThreadGroup& g : groups) {
    if (g.members.size() < 2) continue;
    g.thread.name = std::string("hs-grouped-") + std::to_string(kept.size() + 1);
    for (const std::size_t m : g.members) group_of[m] = first_group + static_cast<int>(kept.size());
    kept.push_back(std::move(g));
  }
  return kept;
}

}  // namespace

std::string ThreadGroup::label(const sim::Plan& plan) const {
  std::string text;
  for (const std::size_t m : members) text += (text.empty() ? "" : ", ") + plan.subsystem(m).name();
  return text;
}

std::vector<ThreadGroup> plan_thread_groups(const sim::Plan& plan, const RtSettings& settings) {
  std::vector<int> group_of(plan.size(), -1);
  std::vector<ThreadGroup> groups;
  bool configured = false;
  for (const auto& [name, t] : settings.threads) {
    if (t.subsystems.empty()) continue;
    configured = true;
    ThreadGroup g = configured_group(plan, settings, name, t, group_of, static_cast<int>(groups.size()));
    if (!g.members.empty()) groups.push_back(std::move(g));
  }
  if (!configured && plan.size() > kDefaultThreads) {
    for (ThreadGroup& g : default_groups(plan, settings, group_of, static_cast<int>(groups.size())))
      groups.push_back(std::move(g));
  }
  const double shortest = shortest_step(plan);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    if (group_of[i] >= 0) continue;
    groups.push_back({thread_for(settings, plan.subsystem(i).name(), is_fastest(plan, i, shortest)), {i}});
  }
  std::sort(groups.begin(), groups.end(),
            [](const ThreadGroup& a, const ThreadGroup& b) { return a.members.front() < b.members.front(); });
  return groups;
}

}  // namespace hilsim::rt
