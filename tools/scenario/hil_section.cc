#include "tools/scenario/hil_section.h"

#include <optional>

#include "hil/datagram.h"
#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "hil/signal_map.h"
#include "hil/socket_address.h"
#include "tools/scenario/table_reader.h"

namespace hilsim::scenario {

void load_hil_sections(const std::string& path, const toml::table& root, hil::HilSettings& hil,
                       hil::UdpSettings& udp) {
  TableReader h(path, root, "hil");
  std::string input = hil::to_string(hil.input), out_of_range = hil::to_string(hil.out_of_range);
  double safe = hil.safe_kappa.value_or(-1.0);
  h.string("input", input);
  h.number("watchdog_timeout", hil.watchdog_timeout);
  h.number("safe_kappa", safe);
  h.string("out_of_range", out_of_range);
  h.number("output_rate", hil.output_rate);
  h.reject_unknown();
  if (input == "script") {
    hil.input = hil::InputSource::kScript;
  } else if (input == "udp") {
    hil.input = hil::InputSource::kUdp;
  } else if (input == "can") {
    hil.input = hil::InputSource::kCan;
  } else {
    throw InputError(path + ": key 'hil.input' = '" + input + "' is not one of: script, udp, can");
  }
  if (out_of_range == "clamp") {
    hil.out_of_range = hil::OutOfRange::kClamp;
  } else if (out_of_range == "reject") {
    hil.out_of_range = hil::OutOfRange::kReject;
  } else {
    throw InputError(path + ": key 'hil.out_of_range' = '" + out_of_range + "' is not one of: clamp, reject");
  }
  if (safe != -1.0) hil.safe_kappa = safe;

  TableReader u(path, root, "udp");
  std::string e2e = hil::to_string(udp.e2e);
  u.string("listen", udp.listen);
  u.string("peer", udp.peer);
  u.string("send_to", udp.send_to);
  u.string("e2e", e2e);
  u.reject_unknown();
  const std::optional<hil::DatagramE2e> parsed = hil::datagram_e2e_from_string(e2e);
  if (!parsed) throw InputError(path + ": key 'udp.e2e' = '" + e2e + "' is not one of: crc32, none");
  udp.e2e = *parsed;
}

void validate_hil(const std::string& source, const hil::HilSettings& hil, const hil::UdpSettings& udp,
                  int actuators) {
  const RangeCheck check{source};
  check("hil.watchdog_timeout", hil.watchdog_timeout, 0.0, 60.0, true, false, "s");
  if (hil.safe_kappa) check("hil.safe_kappa", *hil.safe_kappa, 0.0, 1.0, false, false, "");
  check("hil.output_rate", hil.output_rate, 1.0, 100000.0, false, false, "Hz");
  const auto address = [&](const std::string& key, const std::string& text, bool port_required,
                           bool allow_zero = false) {
    const std::string error = hil::parse_socket_address(text, port_required, allow_zero).error;
    if (!error.empty()) throw InputError(source + ": key '" + key + "' = '" + text + "': " + error);
  };
  address("udp.listen", udp.listen, true, true);  // port 0: the kernel chooses one (printed at start)
  address("udp.peer", udp.peer, false);
  address("udp.send_to", udp.send_to, true);
  if (!hil.messages.empty()) {
    const std::string error = hil::validate_messages(hil.messages);
    if (!error.empty()) throw InputError(source + ": [[messages]]: " + error);
    try {
      const hil::CommandDecoder commands(hil::command_messages(hil.messages), actuators, hil.out_of_range);
      const hil::SensorEncoder sensors(hil::sensor_messages(hil.messages));
      for (const hil::MessageSpec& m : hil::command_messages(hil.messages)) hil::e2e_layout(m);
    } catch (const std::invalid_argument& e) {
      throw InputError(source + ": [[messages]]: " + e.what());
    }
  }
}

}  // namespace hilsim::scenario
