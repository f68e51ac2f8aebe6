// What `hilsim doctor` can tell of a CAN run's link before the run: the [can] interface exists, is a
// CAN interface and is up, or, with [can] bring_up = true, that this process may bring it up. A run
// on a missing or down link is refused at its start (exit 2), which the doctor's verdict should
// not hide ("real-time runs work").
#pragma once

#include <vector>

#include "hil/hil_settings.h"
#include "tools/system/finding.h"
#include "tools/system/system_files.h"

namespace hilsim::tools {

// The findings for `can` read from sysfs (/sys/class/net/NAME/{type,flags}) and this process's
// effective capabilities (/proc/self/status, CapEff) through `files`.
std::vector<Finding> can_input_findings(const hil::CanSettings& can, const SystemFiles& files);

}  // namespace hilsim::tools
