#include "tools/system/realtime_verdict.h"

namespace hilsim::tools {

namespace {

// "788 overruns (in 316 episodes), 44 exchange waits": the deadlines the run missed, or "".
std::string missed_deadlines(const RealtimeFigures& f) {
  std::string text;
  const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
  if (f.overruns > 0) {
    add(std::to_string(f.overruns) + " overrun" + (f.overruns == 1 ? "" : "s") + " (in " +
        std::to_string(f.overrun_episodes) + " episode" + (f.overrun_episodes == 1 ? "" : "s") + ")");
  }
  if (f.exchange_waits > 0)
    add(std::to_string(f.exchange_waits) + " late exchange(s) (a thread waited for its input)");
  if (f.late_commands > 0) {
    add(std::to_string(f.late_commands) +
        " command(s) applied later than the first micro step after their arrival");
  }
  return text;
}

}  // namespace

std::vector<std::string> realtime_verdict(const RealtimeFigures& f) {
  std::vector<std::string> lines;
  const std::string missed = missed_deadlines(f);
  if (!f.paced && !f.not_granted.empty()) {
    // No deadline was kept: waits for an input are no missed deadline, only what was refused counts.
    lines.push_back("real time: not tested (an unpaced run; and these settings were not granted:)");
    for (const std::string& reason : f.not_granted) lines.push_back("  - " + reason);
  } else if (!f.not_granted.empty()) {
    lines.push_back("real time: NO (not granted" +
                    (missed.empty() ? std::string(")") : "; and " + missed + ")"));
    for (const std::string& reason : f.not_granted) lines.push_back("  - " + reason);
  } else if (!f.paced) {
    lines.push_back(
        "real time: not tested (an unpaced run: the real-time settings were granted, no deadline kept)");
  } else if (!missed.empty()) {
    lines.push_back("real time: no, " + missed + " (the settings were granted)");
  } else {
    lines.push_back(
        "real time: yes (memory locked; every thread SCHED_FIFO and pinned as configured; no overrun, "
        "no late exchange, every command applied by the next micro step)");
  }
  return lines;
}

}  // namespace hilsim::tools
