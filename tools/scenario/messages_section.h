// The signal mapping of a scenario: [[messages]] with their [[messages.signals]], as a DBC file
// describes frames. When present they replace the default mapping (hil/default_messages.h).
//
//   [[messages]]
//   name = "HilsimCommand"        # a C identifier
//   id = 0x100                    # 11-bit, or 29-bit with extended = true
//   extended = false
//   length = 8                    # [bytes] 0..8
//   direction = "command"         # command (received) | sensor (sent by hilsim)
//   [[messages.signals]]
//   name = "kappa_1"              # what it carries (docs/hil.md lists the names)
//   start_bit = 0                 # DBC numbering
//   length = 32                   # [bits] 1..64
//   byte_order = "little_endian"  # little_endian (Intel, @1) | big_endian (Motorola, @0)
//   signed = false
//   scale = 1e-9
//   offset = 0.0
//   min = 0.0
//   max = 1.0
//   unit = ""
#pragma once

#include <toml++/toml.h>

#include <string>
#include <vector>

#include "hil/message.h"

namespace hilsim::scenario {

// Reads [[messages]] (none: an empty vector). Throws io::InputError naming the file, line and key.
std::vector<hil::MessageSpec> load_messages(const std::string& path, const toml::table& root);

// The same messages as TOML text (for the effective config of a recording).
std::string messages_to_toml(const std::vector<hil::MessageSpec>& messages);

}  // namespace hilsim::scenario
