#include "sim/cosim/subsystem.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace hilsim::sim {

void Subsystem::do_step(std::int64_t n) { compose_macro_step(*this, n); }

std::int64_t steps_per_macro_step(double H, double h, const std::string& what) {
  std::ostringstream msg;
  if (!(std::isfinite(H) && H > 0.0)) {
    msg << "macro step H = " << H << " s must be a positive number of seconds";
    throw std::invalid_argument(msg.str());
  }
  if (!(std::isfinite(h) && h > 0.0)) {
    msg << what << " = " << h << " s must be a positive number of seconds";
    throw std::invalid_argument(msg.str());
  }
  const double ratio = H / h;
  const double k = std::round(ratio);
  if (k < 1.0 || std::abs(ratio - k) > 1e-9 * ratio) {
    msg << "macro step H = " << H << " s is not a whole multiple of " << what << " = " << h
        << " s (H/h = " << ratio << "); choose H = k·h with k = 1, 2, 3, ...";
    throw std::invalid_argument(msg.str());
  }
  return static_cast<std::int64_t>(k);
}

}  // namespace hilsim::sim
