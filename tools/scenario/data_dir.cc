#include "tools/scenario/data_dir.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#ifndef HILSIM_DEFAULT_DATA_DIR
#error "HILSIM_DEFAULT_DATA_DIR must name the config/ directory"
#endif
#ifndef HILSIM_INSTALLED_DATA_DIR
#error "HILSIM_INSTALLED_DATA_DIR must name share/hilsim relative to the installed bin/"
#endif

namespace hilsim::scenario {

namespace fs = std::filesystem;

namespace {

// share/hilsim of the prefix the running program is installed in, or "" when it is not installed
// (a build tree has no share/hilsim with scenarios beside it). /proc/self/exe is the executable
// with every symbolic link resolved (proc(5)), so a link to it elsewhere still finds its prefix.
std::string installed_data_dir() {
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (error) return "";
  const fs::path dir = (executable.parent_path() / HILSIM_INSTALLED_DATA_DIR).lexically_normal();
  return fs::is_directory(dir / "scenarios", error) ? dir.string() : "";
}

// What set_data_dir() chose ("" until it is called).
std::string& chosen_data_dir() {
  static std::string chosen;
  return chosen;
}

}  // namespace

void set_data_dir(const std::string& dir) { chosen_data_dir() = dir; }

std::string data_dir() {
  if (const char* env = std::getenv("HILSIM_DATA_DIR"); env && *env) return env;
  if (!chosen_data_dir().empty()) return chosen_data_dir();
  static const std::string installed = installed_data_dir();  // where the program is does not change
  if (!installed.empty()) return installed;
  return HILSIM_DEFAULT_DATA_DIR;
}

std::string lim_m1_reference_path() {
  return (fs::path(data_dir()) / "reference" / "lim" / "hydraulicManipulator_ref.csv").string();
}

namespace {

// A script of tools/<part>/: installed in share/hilsim/<part>/, else in the source tree.
std::string script(const std::string& part, const std::string& name) {
  const fs::path data = data_dir();
  const fs::path installed = data / part / name;
  std::error_code error;
  if (fs::exists(installed, error)) return installed.string();
  return (data.parent_path() / "tools" / part / name).string();
}

}  // namespace

std::string plot_report_script() { return script("report", "plot_report.py"); }

std::string plot_run_script() { return script("plot", "plot_run.py"); }

}  // namespace hilsim::scenario
