// A controller emulator, so the hardware-in-the-loop loop can be tried without hardware. It sends
// command datagrams (hil/DATAGRAM.md, in the version the scenario's [udp] e2e asks for, as the sensor
// datagrams it accepts; the scenario's signal mapping) at a fixed rate from the valve commands of a
// scripted run (M1, M2 or a κ(t) CSV, e.g. a joystick script; a machine file's command table for
// every valve), and reads the sensor datagrams the run sends back. By default its time follows the
// simulated time those datagrams carry (sim_time), so κ(t) is sent for the simulation's t whenever
// the two were started.
#pragma once

#include <optional>
#include <string>

#include "tools/scenario/scenario.h"

namespace hilsim::tools {

struct ControllerEmulator {
  std::optional<std::string> to;  // the run's [udp] listen (default: the scenario's, 0.0.0.0 as 127.0.0.1)
  std::optional<std::string> listen;  // the run's [udp] send_to (default: the scenario's)
  double rate = 1000.0;               // command datagrams per second [Hz]
  std::optional<double> stop_after;   // stop sending after this manoeuvre time [s] (watchdog demo)
  bool no_sync = false;               // use the emulator's own clock from its start, not sim_time
  double lead = 0.0;                  // send κ(t + lead) to make up for the transport delay [s]
  double wait = 10.0;                 // with sync: give up when no sensor datagram comes for this long [s]
  std::optional<std::string> log;     // CSV of every sensor datagram received
  // Every sensor signal of every sensor datagram accepted, as `hilsim decode --csv` writes them
  // (written when the emulator ends).
  std::optional<std::string> sensors;

  // Drives the valves of `scenario`'s machine (its manoeuvre, its duration, its signal mapping) until
  // the run's end. Exit status: 0 done, 2 no sensor datagram within `wait` (with sync), 4 the sensors
  // stopped well before the run's end. Throws io::InputError for a bad address, an unwritable log or a
  // field outside its range (rate [1, 1e5] Hz, lead [0, 1] s, wait > 0, stop_after ≥ 0).
  int run(const scenario::Scenario& scenario) const;
  // Throws io::InputError for a field outside its range (run() calls it first).
  void check() const;

 private:
  // The emulator's first lines: what it sends where, how actuator 2 moves (κ0 of its equilibrium),
  // the frames it drives and the datagrams' end-to-end protection.
  void print_plan(const scenario::Scenario& s, const std::string& to_text, const std::string& listen_text,
                  double kappa0_2, const std::string& frames) const;
};

}  // namespace hilsim::tools
