#include "tools/scenario/messages_section.h"

#include <stdexcept>

#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "hil/signal_map.h"
#include "tools/scenario/key_table.h"
#include "tools/scenario/scenario_keys.h"
#include "tools/scenario/table_entries.h"

namespace hilsim::scenario {

void read_messages(Scenario& s, const toml::node& node, const KeyContext& at) {
  const toml::array& array =
      array_of_tables(node, at, "an array of tables [[" + std::string(message_keys().front().section) + "]]");
  for (std::size_t i = 0; i < array.size(); ++i)
    s.hil.messages.push_back(read_entry(array, i, message_keys(), at));
}

void read_signals(hil::MessageSpec& m, const toml::node& node, const KeyContext& at) {
  const toml::array& array =
      array_of_tables(node, at, "[[" + std::string(signal_keys().front().section) + "]]");
  for (std::size_t i = 0; i < array.size(); ++i) m.signals.push_back(read_entry(array, i, signal_keys(), at));
}

void write_messages(std::ostream& o, const Scenario& s) {
  for (const hil::MessageSpec& m : s.hil.messages) {
    o << "\n[[" << message_keys().front().section << "]]\n";
    for (const KeyRow<hil::MessageSpec>& row : message_keys()) write_row(o, row, m);
  }
}

void write_signals(std::ostream& o, const hil::MessageSpec& m) {
  for (const hil::SignalSpec& signal : m.signals) {
    o << "[[" << signal_keys().front().section << "]]\n";
    for (const KeyRow<hil::SignalSpec>& row : signal_keys()) write_row(o, row, signal);
  }
}

void validate_signal_mapping(const std::string& source, const hil::HilSettings& hil, int actuators,
                             const std::vector<std::string>& named_sensors) {
  if (hil.messages.empty()) return;
  const std::string error = hil::validate_messages(hil.messages);
  if (!error.empty()) throw InputError(source + ": [[messages]]: " + error);
  try {
    const hil::CommandDecoder commands(hil::command_messages(hil.messages), actuators, hil.out_of_range);
    const hil::SensorEncoder sensors(hil::sensor_messages(hil.messages), named_sensors);
    for (const hil::MessageSpec& m : hil::command_messages(hil.messages)) hil::e2e_layout(m);
  } catch (const std::invalid_argument& e) {
    throw InputError(source + ": [[messages]]: " + e.what());
  }
}

}  // namespace hilsim::scenario
