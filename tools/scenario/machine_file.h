// A machine file (config/machines/*.toml, docs/machine.md): read through the machine key table
// (machine_keys.h) into a sim::machine::MachineDescription, and built into the model every run
// works from. Every mistake is one io::InputError naming the file, the line, the key and what is
// wrong or accepted, before anything runs: a key of the wrong type or out of its range as it is read;
// an unknown body or point, a loop that cannot close, a stroke that cannot reach its points, as
// the model is built (sim::machine::MachineError, whose key is traced back to its line here).
#pragma once

#include <toml++/toml.h>

#include <memory>
#include <string>

#include "sim/machine/machine_model.h"
#include "tools/io/input_error.h"

namespace hilsim::scenario {

class MachineFile {
 public:
  // Reads `path`; throws io::InputError for a file that is missing, not TOML, or has a key of the
  // wrong type or range. `source`: how messages name it (the path by default).
  static MachineFile load(const std::string& path);
  // The same from TOML text (tests, a recording); `source` names it in messages.
  static MachineFile parse(const std::string& text, const std::string& source);

  const sim::machine::MachineDescription& description() const { return description_; }
  const std::string& source() const { return source_; }
  const std::string& text() const { return text_; }  // the file as read (a recording keeps it)

  // The immutable model; a description the model refuses throws io::InputError (error()).
  std::shared_ptr<const sim::machine::MachineModel> build() const;
  // "FILE:LINE: key 'cylinders[1].stroke': WHAT" for the model's (or its equilibrium's) error: the
  // line of the key, or of the nearest entry that holds it.
  io::InputError error(const sim::machine::MachineError& e) const;

 private:
  std::string source_;
  std::string text_;
  std::shared_ptr<const toml::table> root_;
  sim::machine::MachineDescription description_;
};

struct Scenario;
// The machine file of a scenario with one (Scenario::machine): its text as a recording holds it
// (Scenario::machine_text, named "FILE (as recorded)" in messages), else the file read now.
MachineFile scenario_machine_file(const Scenario& scenario);

// The description as a machine file: every key of every entry, numbers that read back exactly.
std::string to_machine_toml(const sim::machine::MachineDescription& description);

}  // namespace hilsim::scenario
