// A valve command fed at run time (by a controller, through the hil layer): the hydraulics thread
// applies the newest κ published on a latest-value channel, and the scripted fallback until the
// first one arrives.
#pragma once

#include "rt/latest_value.h"
#include "sim/manoeuvre/valve_command.h"

namespace hilsim::rt {

class LiveValveCommand final : public sim::ValveCommand {
 public:
  // Both must outlive this. Only one thread may call kappa(): the channel's single consumer.
  LiveValveCommand(const sim::ValveCommand& fallback, LatestValue<double>& channel)
      : fallback_(fallback), channel_(channel) {}

  double kappa(std::int64_t micro_step, double t) const override {
    double kappa = 0.0;
    return channel_.read(kappa) ? kappa : fallback_.kappa(micro_step, t);
  }

 private:
  const sim::ValveCommand& fallback_;
  LatestValue<double>& channel_;
};

}  // namespace hilsim::rt
