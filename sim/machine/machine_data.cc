#include "sim/machine/machine_data.h"

namespace hilsim::sim::machine {

MachineData::MachineData(const MachineModel& model) {
  const int n = model.coordinates();
  for (BodyKinematics& b : bodies) {
    b.J_origin.setZero(2, n);
    b.J_angle.setZero(n);
    b.centre_of_mass.J.setZero(2, n);
  }
  ground.J_origin.setZero(2, n);
  ground.J_angle.setZero(n);
  ground.centre_of_mass.J.setZero(2, n);
  q.setZero(n);
  q_dot.setZero(n);
}

}  // namespace hilsim::sim::machine
