#include "sim/contact/monolithic_subsystem.h"

#include "sim/contact/contact_probes.h"

namespace hilsim::sim::contact {

MonolithicSubsystem::MonolithicSubsystem(const CoupledSystems& systems, const RowCompliance& linear,
                                         const RowCompliance& angular, double h, std::int64_t micro_steps,
                                         ArmDriver& driver)
    : system_(join(systems, linear, angular)),
      tool_body_(joined_tool_body(systems, systems.tool_body)),
      arm_body_(systems.arm_body),
      h_(h),
      micro_steps_(micro_steps),
      driver_(driver),
      stepper_(system_, h),
      solver_(system_.max_rows()) {
  probe_names_ = tool_probe_names();
  probe_names_.insert(probe_names_.end(), arm_probe_names().begin(), arm_probe_names().end());
  probe_names_.insert(probe_names_.end(), driver.probe_names().begin(), driver.probe_names().end());
}

void MonolithicSubsystem::micro_step(std::int64_t n, std::int64_t j) {
  driver_.update(static_cast<double>(n * micro_steps_ + j) * h_, system_);
  if (stepper_.step(system_, solver_).lcp.status != LcpStatus::kSolved) ++unsolved_steps_;
}

bool MonolithicSubsystem::healthy() const { return finite_state(system_); }

void MonolithicSubsystem::probe(std::int64_t /*n*/, std::span<double> out) const {
  probe_tool(system_.bodies[tool_body_], stepper_, out);
  const auto tool = static_cast<std::size_t>(ToolProbe::kCount);
  probe_arm(system_.bodies[arm_body_], out.subspan(tool));
  driver_.probe(system_, out.subspan(tool + arm_probe_names().size()));
}

}  // namespace hilsim::sim::contact
