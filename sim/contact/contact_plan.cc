#include "sim/contact/contact_plan.h"

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/contact/contact_samples.h"
#include "sim/contact/coupled_subsystems.h"
#include "sim/contact/monolithic_subsystem.h"
#include "sim/cosim/cosim_settings.h"
#include "sim/cosim/machine_plan.h"

namespace hilsim::sim::contact {
namespace {

// Every port of `to`'s input from the output of the same name of `from`.
void connect(const std::string& from, const std::string& to, InterfaceData data,
             std::vector<Connection>& out) {
  for (const std::string& port : interface_port_names(data)) out.push_back({from, port, to, port});
}

// The cylinders of `h`, coupled f-s to the subsystem called `arm`.
void add_hydraulics(const ContactHydraulics& h, double H, const std::string& arm,
                    std::vector<std::unique_ptr<Subsystem>>& subsystems,
                    std::vector<Connection>& connections) {
  if (!h.valves[0] || !h.valves[1])
    throw std::invalid_argument("contact hydraulics: a cylinder has no valve command");
  CosimSettings cosim;
  cosim.coupling = Coupling::kForceDisplacement;
  cosim.H = H;
  cosim.h_hyd = h.h_hyd;
  cosim.hydraulics_integrator = h.integrator;
  steps_per_macro_step(H, h.h_hyd, "hydraulic step h_hyd");
  MachineHydraulics cylinders =
      make_direct_hydraulics(*h.model, h.equilibrium, cosim, {h.valves[0], h.valves[1]}, arm);
  for (auto& c : cylinders.subsystems) subsystems.push_back(std::move(c));
  connections.insert(connections.end(), cylinders.connections.begin(), cylinders.connections.end());
}

}  // namespace

InterfaceCompliance interface_compliance(const ContactCouplingSettings& s) {
  return interface_compliance(s.interface_stiffness, s.interface_damping, s.angular_stiffness,
                              s.angular_damping);
}

Plan build_contact_plan(const CoupledSystems& systems, const ContactCouplingSettings& settings,
                        ArmDriver& driver, const ContactHydraulics* hydraulics) {
  const InterfaceCompliance compliance = interface_compliance(settings);
  const std::int64_t K = steps_per_macro_step(settings.H, settings.h, "contact step h");
  if (!(std::isfinite(settings.duration) && settings.duration >= 0.0)) {
    throw std::invalid_argument("contact co-simulation: duration must be a non-negative number of seconds");
  }
  const auto N = static_cast<std::int64_t>(std::floor(settings.duration / settings.H + 1e-9));
  std::vector<std::unique_ptr<Subsystem>> subsystems;
  std::vector<Connection> connections;
  if (settings.coupling == ContactCoupling::kMonolithic) {
    const InterfaceCompliance weld = settings.rigid_reference ? InterfaceCompliance{} : compliance;
    subsystems.push_back(
        std::make_unique<MonolithicSubsystem>(systems, weld.linear, weld.angular, settings.h, K, driver));
  } else {
    const InterfaceData tool_in = tool_takes(settings.coupling);
    const InterfaceData arm_in = arm_takes(settings.coupling);
    subsystems.push_back(std::make_unique<CoupledSubsystem>(
        systems, CoupledSubsystemSetup{Side::kTool, tool_in, arm_in, compliance, settings.h, K, nullptr}));
    subsystems.push_back(std::make_unique<CoupledSubsystem>(
        systems, CoupledSubsystemSetup{Side::kArm, arm_in, tool_in, compliance, settings.h, K, &driver}));
    connect("arm", "tool", tool_in, connections);
    connect("tool", "arm", arm_in, connections);
  }
  if (hydraulics) {
    const bool monolithic = settings.coupling == ContactCoupling::kMonolithic;
    add_hydraulics(*hydraulics, settings.H, monolithic ? "monolithic" : "arm", subsystems, connections);
  }
  Plan plan(std::move(subsystems), connections, Scheme::kJacobi, settings.H, N);
  plan.set_assembly(std::make_unique<ContactSampleAssembly>(settings.H, plan.subsystems(),
                                                            hydraulics ? hydraulics->model.get() : nullptr));
  return plan;
}

}  // namespace hilsim::sim::contact
