// A hardware-in-the-loop run started from a program of one's own, through the installed hilsim
// library (hilsim::run): the excavator of the shipped machine file in the loop over UDP, paced at
// wall-clock time, its valves driven for a few seconds by the controller emulator in a thread of
// this program (a real controller would be another process or another machine); every applied
// command is recorded, and the recording is then replayed offline and compared with the live run's
// CSV byte for byte.
// Usage: embed_hil DATA_DIR WORK_DIR [PORT]
//   DATA_DIR  the installed share/hilsim (scenarios/, machines/, manoeuvres/)
//   WORK_DIR  where live.csv, live.rec and replay.csv are written
//   PORT      the run's command port; its sensors go to PORT + 1 (default 47800)
// Exit status: 0 the replay reproduced the live run bit for bit; else the first failing step's.
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <thread>

#include "tools/io/input_error.h"
#include "tools/run/run.h"
#include "tools/scenario/data_dir.h"
#include "tools/scenario/scenario.h"

namespace {

// The controller emulator in a thread of its own: its exit status, or what it threw, once joined.
class ControllerThread {
 public:
  ControllerThread(const hilsim::tools::ControllerEmulator& controller, const hilsim::scenario::Scenario& s)
      : thread_([this, &controller, &s] {
          try {
            status_ = controller.run(s);
          } catch (...) {
            error_ = std::current_exception();
          }
        }) {}
  ~ControllerThread() {
    if (thread_.joinable()) thread_.join();  // the run failed: the emulator gives up after its wait
  }
  ControllerThread(const ControllerThread&) = delete;
  ControllerThread& operator=(const ControllerThread&) = delete;
  int join() {
    thread_.join();
    if (error_) std::rethrow_exception(error_);
    return status_;
  }

 private:
  int status_ = -1;
  std::exception_ptr error_;
  std::thread thread_;  // last: started once the members it writes exist
};

int run_and_replay(const std::string& data, const std::string& work, int port) {
  using namespace hilsim;
  // The shipped data: this program is not installed beside share/hilsim.
  scenario::set_data_dir(data);
  // The shipped scenario (its machine file and dig cycle by relative paths), shortened, on this
  // program's ports and outputs.
  scenario::Scenario s = scenario::load_scenario(data + "/scenarios/hil_excavator_udp.toml");
  s.cosim.duration = 3.0;  // [s]
  s.udp.listen = "127.0.0.1:" + std::to_string(port);
  s.udp.send_to = "127.0.0.1:" + std::to_string(port + 1);
  s.out = work + "/live.csv";
  scenario::validate(s);

  // The controller: the emulator plays the scenario's dig cycle, following the run's sim_time.
  tools::ControllerEmulator controller;
  controller.to = s.udp.listen;
  controller.listen = s.udp.send_to;
  ControllerThread controller_thread(controller, s);

  // The run: the machine and its equilibrium, then the real-time threads paced at wall-clock time.
  const tools::RunInputs inputs = tools::prepare_run(s);
  tools::print_run_header(s, *inputs.model, inputs.equilibrium);
  tools::RealtimeOptions options;
  options.paced = true;
  options.record = work + "/live.rec";
  options.quiet = true;
  const int run_status = tools::run_in_threads(s, inputs, std::nullopt, options);
  const int controller_status = controller_thread.join();
  if (run_status != 0 || controller_status != 0) {
    std::fprintf(stderr, "embed_hil: the run ended with %d, the controller with %d\n", run_status,
                 controller_status);
    return run_status != 0 ? run_status : controller_status;
  }

  // The replay: the recording alone rebuilds the run; its CSV must equal the live one.
  tools::ReplayRequest replay;
  replay.recording = *options.record;
  replay.out = work + "/replay.csv";
  replay.live = s.out;
  return tools::replay_recording(replay);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: embed_hil DATA_DIR WORK_DIR [PORT]\n");
    return 2;
  }
  try {
    const int port = argc > 3 ? std::stoi(argv[3]) : 47800;
    return run_and_replay(argv[1], argv[2], port);
  } catch (const hilsim::io::InputError& e) {
    std::fprintf(stderr, "embed_hil: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "embed_hil: %s\n", e.what());
    return 1;
  }
}
