#include "tools/run/run_outputs.h"

#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/cosim/cosimulation.h"
#include "tools/io/atomic_file.h"
#include "tools/scenario/plausibility.h"
#include "tools/scenario/telemetry_target.h"

namespace hilsim::tools {

void print_deviation(const scenario::Scenario& s, const sim::ReferenceCurve& reference,
                     const std::vector<sim::Sample>& samples) {
  const sim::TrajectoryDeviation d = sim::compare_with_reference(samples, reference);
  std::printf("against %s (%zu points):\n", s.reference->c_str(), d.points_compared);
  std::printf("  max |ds1|  = %.6e m  at t = %.6g s\n", d.s1.value, d.s1.t);
  std::printf("  max |dp1|  = %.6e Pa at t = %.6g s\n", d.p1.value, d.p1.t);
  if (!reference.p2.empty()) std::printf("  max |dp2|  = %.6e Pa at t = %.6g s\n", d.p2.value, d.p2.t);
  std::printf("  max |dfh|  = %.6e N  at t = %.6g s\n", d.f_h.value, d.f_h.t);
}

std::unique_ptr<io::TelemetryStream> open_telemetry(const scenario::Scenario& s,
                                                    const io::TrajectoryColumns& columns) {
  if (s.telemetry.target.empty()) return nullptr;
  const sockaddr_in target =
      scenario::parse_telemetry_target(s.telemetry.target, s.source + ": key 'telemetry.target'");
  auto stream =
      std::make_unique<io::TelemetryStream>(target, s.telemetry.target, s.telemetry.rate_hz, columns);
  std::printf(
      "telemetry: streaming to %s at %g Hz of simulated time (JSON, one object per datagram, time in field "
      "\"timestamp\")\n",
      s.telemetry.target.c_str(), s.telemetry.rate_hz);
  return stream;
}

void print_implausible_as_cause(const scenario::Scenario& s) {
  for (const std::string& line : scenario::implausible_values(s)) {
    std::fprintf(stderr, "hilsim run: a likelier cause than the step, to check first: %s\n", line.c_str());
  }
}

void print_output_sha256(const std::string& sha, const std::string& where) {
  std::printf("output sha256: %s  %s\n", sha.c_str(), where.c_str());
}

void report_trajectory_csv(const io::TrajectoryCsvWriter::Written& written, const std::string& path) {
  std::printf("trajectory: %lld rows written to %s\n", static_cast<long long>(written.rows), path.c_str());
  if (written.sha256.empty()) {
    std::printf("output sha256: none (%s is not a regular file of its own)\n", path.c_str());
  } else {
    print_output_sha256(written.sha256, path);
  }
}

std::string write_trajectory_csv(const std::string& path, const std::vector<sim::Sample>& samples,
                                 const io::TrajectoryColumns& columns) {
  io::TrajectoryCsvWriter csv(path, columns);
  for (const sim::Sample& sample : samples) csv.add(sample);
  const io::TrajectoryCsvWriter::Written written = csv.finish();
  report_trajectory_csv(written, path);
  return written.sha256;
}

void refuse_outputs_over_inputs(const scenario::Scenario& s, const std::string& scenario_path,
                                const std::vector<std::pair<std::string, std::string>>& outputs) {
  std::vector<std::pair<std::string, std::string>> inputs;
  if (!scenario_path.empty()) inputs.emplace_back(scenario_path, "the scenario");
  if (s.machine) inputs.emplace_back(*s.machine, "the machine file");
  if (s.manoeuvre.kind == scenario::ManoeuvreKind::kTable)
    inputs.emplace_back(s.manoeuvre.table_path, "the kappa table");
  if (s.reference) inputs.emplace_back(*s.reference, "the reference");
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (const auto& [path, what] : inputs)
      io::refuse_same_file(outputs[i].first, outputs[i].second, path, what);
    for (std::size_t j = i + 1; j < outputs.size(); ++j) {
      io::refuse_same_file(outputs[i].first, outputs[i].second, outputs[j].first, outputs[j].second);
    }
  }
}

void print_equilibrium(const scenario::Scenario& s, const sim::machine::MachineModel& model,
                       const sim::machine::MachineEquilibrium& eq) {
  const int cylinders = static_cast<int>(eq.cylinders.size());
  if (s.machine) {
    std::printf("machine %s (%s): %d bodies, %d cylinders, %zu supplies\n", model.name.c_str(),
                s.machine->c_str(), model.coordinates(), cylinders, model.supplies.size());
  }
  for (int k = 0; k < cylinders; ++k) {
    const sim::machine::CylinderEquilibrium& a = eq.cylinders[static_cast<std::size_t>(k)];
    if (s.machine) {  // by name, with its valve's command (κ or u)
      const sim::machine::Cylinder& c = model.cylinders[static_cast<std::size_t>(k)];
      const bool u = c.valve.type == sim::machine::ValveDescription::Type::kProportional;
      std::printf("equilibrium, %s: f_h = %.4f N, s%d = %.7f m, p1 = %.7f MPa, p2 = %.7f MPa, %s0 = %.8f\n",
                  c.name.c_str(), a.force, k + 1, a.s, a.p[0] / 1e6, a.p[1] / 1e6, u ? "u" : "kappa",
                  a.command);
      continue;
    }
    const std::string which = k == 0 ? "" : ", actuator " + std::to_string(k + 1);
    std::printf("equilibrium%s: f_h = %.4f N, s%d = %.7f m, p1 = %.7f MPa, p2 = %.7f MPa, kappa0 = %.8f\n",
                which.c_str(), a.force, k + 1, a.s, a.p[0] / 1e6, a.p[1] / 1e6, a.command);
  }
}

void print_run_header(const scenario::Scenario& s, const sim::machine::MachineModel& model,
                      const sim::machine::MachineEquilibrium& eq) {
  const double h_mech = sim::mechanics_step(s.cosim);
  const int cylinders = static_cast<int>(eq.cylinders.size());
  std::printf("scenario %s: %s, %d actuator(s), %s, H = %g s, h_M = %g s (%s), h_H = %g s (%s), %g s%s\n",
              s.name.c_str(), scenario::describe_input(s).c_str(), cylinders,
              scenario::describe(s.cosim).c_str(), s.cosim.H, h_mech,
              std::string(sim::to_string(s.cosim.mechanics)).c_str(), s.cosim.h_hyd,
              std::string(sim::to_string(s.cosim.hydraulics_integrator)).c_str(), s.cosim.duration,
              s.cosim.limits.enabled ? ", machine limits on" : "");
  print_equilibrium(s, model, eq);
  // A chamber stiffens as it shortens: an explicit hydraulic step stable at mid-stroke may not be
  // near the end stops the limits let a controller reach (docs/validation.md, "Machine limits").
  if (s.cosim.limits.enabled && s.cosim.hydraulics_integrator != sim::HydraulicIntegrator::kTrapezoidal) {
    std::printf(
        "note: the chambers are integrated with an explicit method (%s), which may be unstable near the "
        "end stops; hydraulics_integrator = \"trapezoidal\" holds to them%s\n",
        s.cosim.coupling == sim::Coupling::kReducedInterface
            ? "the RIM's forward Euler"
            : std::string(sim::to_string(s.cosim.hydraulics_integrator)).c_str(),
        s.cosim.coupling == sim::Coupling::kReducedInterface ? " (not with coupling rim)" : "");
  }
}

}  // namespace hilsim::tools
