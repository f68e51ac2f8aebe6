// One finding of `hilsim doctor`: a fact about this machine, how much it matters for real-time
// runs, and what to change.
#pragma once

#include <string>
#include <utility>

namespace hilsim::tools {

struct Finding {
  enum class Level { kOk, kWarn, kFail };

  Finding() = default;
  Finding(Level l, std::string w, std::string a = "", std::string f = "")
      : level(l), what(std::move(w)), advice(std::move(a)), fix(std::move(f)) {}

  Level level = Level::kOk;
  std::string what;    // the fact
  std::string advice;  // why it matters and what to change; empty when nothing
  std::string fix;     // the shell command that would fix it; empty when none applies
};

}  // namespace hilsim::tools
