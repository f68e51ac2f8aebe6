#include "tools/hilsim/draw_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>

#include "sim/machine/lim_crane.h"
#include "tools/draw/machine_svg.h"
#include "tools/draw/run_poses.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/io/atomic_file.h"
#include "tools/io/csv_table.h"
#include "tools/io/input_error.h"
#include "tools/scenario/machine_file.h"

namespace hilsim::tools {

void DrawCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand("draw", "Draw a machine as SVG: its initial pose, and a run's poses");
  cmd->add_option("--machine", machine,
                  "Machine file (TOML, docs/machine.md) [default: the built-in LIM crane]")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  cmd->add_option("--out", out, "The SVG file to write")->required()->check(non_empty_path());
  cmd->add_option("--run", run, "A trajectory CSV of a run of this machine: its poses are drawn beneath")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  add_number_list(*cmd, "--times", times,
                  "Comma-separated times [s] of the run's poses (default: five across it)", NumberRange{})
      ->needs("--run");
}

int DrawCommand::execute() const {
  const std::shared_ptr<const sim::machine::MachineModel> model =
      machine ? scenario::MachineFile::load(*machine).build()
              : std::make_shared<const sim::machine::MachineModel>(sim::machine::build_machine_model(
                    sim::machine::lim_crane_description(sim::CraneParameters{}, sim::HydraulicParameters{})));
  if (machine) io::refuse_same_file(out, "--out", *machine, "the machine file");
  std::vector<draw::DrawnPose> poses;
  if (run) {
    io::refuse_same_file(out, "--out", *run, "the run");
    poses = draw::run_poses(*model, io::read_numeric_csv(*run), times);
  }
  io::AtomicOutputFile file(out);
  file.stream() << draw::machine_svg(*model, poses);
  file.commit();
  const std::string overlaid = poses.empty() ? "" : ", " + std::to_string(poses.size()) + " poses of the run";
  std::printf("draw: %s, %d bodies, %d cylinders%s: %s\n", model->name.c_str(), model->coordinates(),
              model->cylinder_count(), overlaid.c_str(), out.c_str());
  return 0;
}

}  // namespace hilsim::tools
