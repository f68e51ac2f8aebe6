// The poses of a run, from its trajectory CSV, for `hilsim draw --run`: each body's angle theta1..thetaB
// gives a revolute joint's coordinate as q_b = θ_b − θ_parent (sim/cosim/machine_samples.cc writes
// θ_b = θ_parent + q_b); a prismatic joint's slide is not in the CSV, so such a machine's runs are
// refused. Every pose is checked against the run's own cylinder lengths, so that a run of another
// machine is named as such and not drawn.
#pragma once

#include <vector>

#include "sim/machine/machine_model.h"
#include "tools/draw/machine_svg.h"
#include "tools/io/csv_table.h"

namespace hilsim::draw {

// The run's rows nearest each of `times` [s] (each within the run's span), as poses labelled
// "t = T s" with the row's own time. Without times: five, from the first row to the last.
// Throws io::InputError naming the file for a missing column, a time outside the run, a prismatic
// joint, or lengths that are not this machine's (more than 0.1 mm from the CSV's s1, s2, ...).
std::vector<DrawnPose> run_poses(const sim::machine::MachineModel& model, const io::CsvTable& run,
                                 const std::vector<double>& times);

}  // namespace hilsim::draw
