#include "tools/run/replay.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "hil/build_identity.h"
#include "hil/machine_signals.h"
#include "hil/recording.h"
#include "hil/sha256.h"
#include "sim/cosim/cosimulation.h"
#include "sim/manoeuvre/recorded_valve_command.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"
#include "tools/run/contact_run.h"
#include "tools/run/replay_verification.h"
#include "tools/run/run_inputs.h"
#include "tools/run/run_outputs.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

namespace {

// Actuator k's (0-based) recorded inputs of one reader as a valve command; every actuator of the
// recorded crane had a valve that recorded at least its first value, so none is an incomplete
// recording.
sim::RecordedValveCommand recorded_valve(const hil::Recording& rec, int k, const std::string& path,
                                         hil::InputReader reader = hil::InputReader::kHydraulics) {
  std::vector<sim::RecordedValveCommand::Entry> entries;
  for (const hil::InputEvent& e : rec.inputs) {
    if (e.actuator == k && e.reader == reader) entries.push_back({e.micro_step, e.kappa});
  }
  if (entries.empty()) {
    throw io::InputError(
        path + ": the recording holds no input of actuator " + std::to_string(k + 1) +
        (reader == hil::InputReader::kMechanics ? " read by the mechanics (two-way coupling)" : "") +
        " of its machine (" + std::to_string(k + 1) + " or more actuators)");
  }
  return sim::RecordedValveCommand(std::move(entries));
}

// The recorded valves of every actuator and, with the two-way coupling, of the mechanics' readers.
struct RecordedValves {
  std::optional<sim::RecordedValveCommand> hydraulics[hil::kMaxActuators];
  std::optional<sim::RecordedValveCommand> mechanics[hil::kMaxActuators];
  sim::MachineValves machine() const {
    sim::MachineValves v;
    for (int k = 0; k < hil::kMaxActuators && hydraulics[k]; ++k) {
      v.cylinder.push_back(&*hydraulics[k]);
      v.mechanics.push_back(mechanics[k] ? &*mechanics[k] : nullptr);
    }
    return v;
  }
};

RecordedValves recorded_valves(const hil::Recording& rec, const scenario::Scenario& s,
                               const std::string& path) {
  RecordedValves v;
  const int actuators = scenario::commanded_actuators(s);
  for (int k = 0; k < actuators; ++k) {
    v.hydraulics[k].emplace(recorded_valve(rec, k, path));
    if (s.cosim.coupling == sim::Coupling::kTwoWay) {
      v.mechanics[k].emplace(recorded_valve(rec, k, path, hil::InputReader::kMechanics));
    }
  }
  return v;
}

// The rows a live run with [rt] telemetry_decimation = d wrote: every d-th communication point and
// the last one (rt/subsystem_task.h).
void keep_recorded_rows(std::vector<sim::Sample>& samples, std::int64_t d) {
  if (d <= 1 || samples.empty()) return;
  std::vector<sim::Sample> kept;
  for (std::size_t n = 0; n < samples.size(); ++n) {
    if (n % static_cast<std::size_t>(d) == 0 || n + 1 == samples.size()) kept.push_back(samples[n]);
  }
  samples = std::move(kept);
}

// Refuses what cannot be replayed as a whole: a damaged recording, one without its end line (unless
// --partial), one whose live run lost inputs.
void check_replayable(const hil::Recording& rec, const std::string& recording, bool partial) {
  if (rec.cut_line > 0 && !partial) {
    throw io::InputError(
        recording + ":" + std::to_string(rec.cut_line) +
        ": the recording is damaged: this line is cut short (it has no line end: the file was "
        "truncated); hilsim replay --partial replays it up to its last complete input");
  }
  if (!rec.complete && !partial) {
    throw io::InputError(recording +
                         ": the recording has no end line: the live run did not finish writing it; "
                         "hilsim replay --partial replays it up to its last complete input");
  }
  if (rec.dropped > 0) {
    throw io::InputError(recording + ": the live run lost " + std::to_string(rec.dropped) +
                         " input(s) (its event ring overflowed): it cannot be replayed exactly");
  }
  if (rec.inputs.empty()) throw io::InputError(recording + ": the recording holds no input");
}

// The communication points a recording without its end line can be replayed to: κ of an actuator
// is known up to its last input's micro step S (what came after it is lost), so the points up to
// floor(S / (H / h_H)) of the actuator (and, two-way, reader) known for least long, whose rows the
// live run wrote alike.
std::int64_t partial_points(const hil::Recording& rec, const scenario::Scenario& s,
                            const std::string& recording) {
  std::int64_t known = -1;
  std::array<std::array<std::int64_t, hil::kMaxActuators>, hil::kInputReaders>
      last{};  // per reader, actuator
  for (auto& reader : last) reader.fill(-1);
  for (const hil::InputEvent& e : rec.inputs)
    last[static_cast<std::size_t>(e.reader)][e.actuator] = e.micro_step;
  const int readers = s.cosim.coupling == sim::Coupling::kTwoWay ? 2 : 1;
  for (int r = 0; r < readers; ++r) {
    for (int k = 0; k < scenario::commanded_actuators(s); ++k) {
      const std::int64_t at = last[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)];
      if (known < 0 || at < known) known = at;
    }
  }
  const auto per_point = static_cast<std::int64_t>(std::llround(s.cosim.H / s.cosim.h_hyd));
  const std::int64_t points = known / per_point;
  if (points < 1) {
    throw io::InputError(recording + ": the recording's inputs end before t = H: nothing to replay");
  }
  std::printf(
      "partial: %s has no end line (the live run did not finish it); replaying it up to its last complete "
      "input (line %d, micro step %lld): %lld communication points\n",
      recording.c_str(), rec.last_input_line, static_cast<long long>(known), static_cast<long long>(points));
  return points;
}

// The live run's length: the communication points it reached, exactly (or, partial, as far as
// known). A live run ends at its configured duration at the latest: an end line claiming more is
// damaged (and would ask for a run that never finishes).
std::int64_t replay_length(const hil::Recording& rec, const scenario::Scenario& s,
                           const std::string& recording, bool whole) {
  const std::int64_t points = whole ? rec.communication_points : partial_points(rec, s, recording);
  const auto configured = static_cast<std::int64_t>(std::floor(s.cosim.duration / s.cosim.H + 1e-9));
  if (points < 0 || points > configured) {
    throw io::InputError(recording + ": the end line claims " + std::to_string(points) +
                         " communication points; the recorded run.duration allows at most " +
                         std::to_string(configured) + " (a damaged recording)");
  }
  return points;
}

// Every input names an actuator the recorded machine has, with a command its valve accepts: κ in
// [0, 1] for the benchmark's valve (a closed-centre valve's u may be negative).
void check_input_actuators(const hil::Recording& rec, const scenario::Scenario& s,
                           const std::string& recording) {
  const int actuators = scenario::commanded_actuators(s);
  const std::vector<hil::ActuatorReach> reach = scenario::machine_file_reach(s);
  for (std::size_t i = 0; i < rec.inputs.size(); ++i) {
    const hil::InputEvent& e = rec.inputs[i];
    if (e.actuator >= actuators) {
      throw io::InputError(recording + ": the recording holds an input of actuator " +
                           std::to_string(e.actuator + 1) + ", its machine has " + std::to_string(actuators));
    }
    const bool closed_centre = e.actuator < reach.size() && reach[e.actuator].closed_centre;
    if (!closed_centre && e.kappa < 0.0) {
      char value[32];
      std::snprintf(value, sizeof value, "%.17g", e.kappa);
      throw io::InputError(recording + ":" + std::to_string(rec.input_lines[i]) + ": kappa '" + value +
                           "' of actuator " + std::to_string(e.actuator + 1) +
                           " is outside [0, 1], the range of its valve (the benchmark's)");
    }
  }
}

// Refuses a recording made by another build, unless allowed (then a warning).
void check_build(const hil::Recording& rec, const std::string& recording, bool allow_build_mismatch) {
  const std::string this_build = hil::build_identity();
  if (rec.build == this_build) return;
  const std::string msg =
      recording + ": recorded by build '" + rec.build + "', this is build '" + this_build + "'";
  if (!allow_build_mismatch)
    throw io::InputError(msg + "; replay it with that build, or pass --allow-build-mismatch");
  std::fprintf(stderr, "hilsim replay: warning: %s\n", msg.c_str());
}

}  // namespace

hil::Recording read_recording_file(const std::string& path) {
  try {
    return hil::read_recording(path);
  } catch (const hil::RecordingError& e) {
    throw io::InputError(e.what());
  }
}

int replay_recording(const ReplayRequest& request) {
  const std::string& recording = request.recording;
  const std::optional<std::string>& out = request.out;
  const std::optional<std::string>& live = request.live;
  const bool partial = request.partial;
  hil::Recording rec = read_recording_file(recording);
  if (out) io::refuse_same_file(*out, "--out", recording, "the recording");
  if (out && live) io::refuse_same_file(*out, "--out", *live, "the live run's CSV (--live)");
  check_replayable(rec, recording, partial);
  const bool whole = rec.complete && rec.cut_line == 0;
  check_build(rec, recording, request.allow_build_mismatch);
  scenario::Scenario s = scenario::load_scenario_text(rec.config_text, recording + " (recorded config)");
  if (!rec.machine_text.empty()) s.machine_text = rec.machine_text;  // the machine that ran, as it was
  scenario::validate(s);
  const std::int64_t points = replay_length(rec, s, recording, whole);
  s.cosim.duration = static_cast<double>(points) * s.cosim.H;
  const std::optional<std::string> recorded_out = s.out;  // the CSV the live run was to write
  s.out = out;
  check_input_actuators(rec, s, recording);
  const RecordedValves valves = recorded_valves(rec, s, recording);
  // A contact task in hydraulic mode (contact_run.h): its cylinders take the recorded κ; its CSV has
  // the tool's columns.
  const bool contact = s.contact.task.has_value();
  if (contact && !valves.hydraulics[1])
    throw io::InputError(recording + ": a contact task's recording holds the inputs of both cylinders");
  std::printf("replaying %s: %zu input(s), %lld communication points (%g s), %s\n", recording.c_str(),
              rec.inputs.size(), static_cast<long long>(points), s.cosim.duration,
              contact ? "the contact task in hydraulic mode" : scenario::describe(s.cosim).c_str());
  // The recorded run's co-simulation with its recorded valves: the scenario's machine, its equilibrium.
  std::optional<RunInputs> in;
  if (!contact) in.emplace(prepare_run(s));
  sim::RunResult result = contact
                              ? replay_contact_run(s, *valves.hydraulics[0], *valves.hydraulics[1])
                              : sim::run_cosimulation(in->model, in->equilibrium, valves.machine(), s.cosim);
  keep_recorded_rows(result.samples, s.rt.telemetry_decimation);
  const io::TrajectoryColumns columns =
      in && s.machine ? io::TrajectoryColumns::of(*in->model) : io::TrajectoryColumns(s.crane.actuators);
  const std::string csv = io::trajectory_csv(result.samples, columns, contact);
  if (out) {
    io::write_file_atomically(*out, csv);
    std::printf("trajectory: %zu rows written to %s\n", result.samples.size(), out->c_str());
  }
  const std::string sha = hil::sha256_hex(csv);
  print_output_sha256(sha, out ? *out : "(not written)");
  if (result.diverged) {
    std::fprintf(stderr, "hilsim replay: the replay diverged after t = %.6g s\n", result.samples.back().t);
    return 3;
  }
  if (!whole) {
    std::printf("not verified: a partial recording holds no output hash of the live run to compare with\n");
    return 0;
  }
  return verify_replay({recording, rec.output_sha256, sha, csv, live, request.no_verify, recorded_out, out});
}

}  // namespace hilsim::tools
