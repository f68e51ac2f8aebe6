#include "tools/run/run_inputs.h"

#include <memory>
#include <optional>
#include <string>

#include "sim/cosim/machine_plan.h"
#include "sim/machine/lim_crane.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"
#include "tools/scenario/machine_file.h"

namespace hilsim::tools {

sim::MachineValves RunInputs::scripted() const {
  sim::MachineValves v;
  for (const auto& valve : valves) v.cylinder.push_back(valve.get());
  return v;
}

std::shared_ptr<const sim::machine::MachineModel> scenario_machine(const scenario::Scenario& s) {
  if (s.machine) return scenario::scenario_machine_file(s).build();
  try {
    return std::make_shared<const sim::machine::MachineModel>(sim::machine::build_machine_model(
        sim::machine::lim_crane_description(s.crane, s.hydraulics, s.cosim.limits)));
  } catch (const sim::machine::MachineError& e) {
    throw io::InputError(s.source + ": the crane of [crane] and [hydraulics]: " + e.what());
  }
}

namespace {

// The machine and its equilibrium; an error names the machine file's line and key, or the scenario.
void machine_and_equilibrium(const scenario::Scenario& s, RunInputs& in) {
  std::optional<scenario::MachineFile> file;
  if (s.machine) file = scenario::scenario_machine_file(s);
  in.model = file ? file->build() : scenario_machine(s);
  if (file) in.machine_text = file->text();
  try {
    in.equilibrium = sim::machine::solve_machine_equilibrium(*in.model, s.cosim.limits.enabled);
  } catch (const sim::machine::MachineError& e) {
    if (file) throw file->error(e);
    throw io::InputError(s.source + ": no static equilibrium for these parameters: " + e.what());
  }
  if (s.cosim.coupling == sim::Coupling::kTwoWay) {
    if (const std::optional<std::string> why = sim::twoway_unsupported(*in.model))
      throw io::InputError((s.machine ? *s.machine : s.source) + ": coupling = \"twoway\": " + *why);
  }
}

}  // namespace

RunInputs prepare_run(const scenario::Scenario& s) {
  RunInputs in;
  machine_and_equilibrium(s, in);
  const int K = in.model->cylinder_count();
  in.valves.resize(static_cast<std::size_t>(K));
  if (s.machine && s.manoeuvre.kind == scenario::ManoeuvreKind::kTable) {
    in.valves = io::machine_table_commands(*in.model, s.manoeuvre.table_path);
  } else {
    in.valves[0] = make_valve_command(s, in.command0(0));
  }
  for (int k = 0; k < K; ++k) {
    auto& valve = in.valves[static_cast<std::size_t>(k)];
    if (valve) continue;
    if (k == 1 && !s.machine) {
      valve = std::make_unique<sim::SecondActuatorManoeuvre>(in.command0(1));  // Peiret et al. 2018, eq. (35)
    } else {
      valve = std::make_unique<sim::ConstantValveCommand>(in.command0(k));
    }
  }
  return in;
}

std::unique_ptr<sim::ValveCommand> make_valve_command(const scenario::Scenario& s, double kappa0) {
  switch (s.manoeuvre.kind) {
    case scenario::ManoeuvreKind::kM1:
      return std::make_unique<sim::StepManoeuvreM1>(kappa0, s.manoeuvre.m1);
    case scenario::ManoeuvreKind::kM2:
      return std::make_unique<sim::SinusoidalManoeuvreM2>(kappa0, s.manoeuvre.m2);
    case scenario::ManoeuvreKind::kTable:
      break;
  }
  return std::make_unique<sim::TableManoeuvre>(io::read_kappa_table(s.manoeuvre.table_path));
}

std::optional<sim::ReferenceCurve> load_reference(const scenario::Scenario& s) {
  if (!s.reference) return std::nullopt;
  try {
    return io::read_reference(*s.reference);
  } catch (const io::InputError& e) {
    // Name where the path came from: a scenario's relative path is taken from the scenario's folder.
    throw io::InputError(s.source +
                         ": reference (key 'run.reference' or --reference; a relative path is taken "
                         "from the scenario file's folder): " +
                         e.what());
  }
}

}  // namespace hilsim::tools
