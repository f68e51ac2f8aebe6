// Writes messages and their signals as a DBC file, so that the CAN tools users already have
// (CANdb++, cantools, SavvyCAN, Wireshark) decode hilsim's frames the way hilsim does: the file in
// config/ is generated from the same MessageSpecs the simulator uses. Configuration-time code.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "hil/message.h"

namespace hilsim::hil {

// Writes VERSION, NS_, BS_, BU_ (the nodes), then per message
//   BO_ <id> <name>: <length> <sender>
//    SG_ <name> : <start>|<length>@<1 little-endian, 0 big-endian><+ unsigned, - signed>
//        (<scale>,<offset>) [<min>|<max>] "<unit>" <receivers>
// Extended identifiers are written with bit 31 set, as DBC does. A message without a sender is
// sent by Vector__XXX (DBC's "no node"); a signal's receivers are every node but the sender
// (Vector__XXX when there is none). Numbers are written in the shortest form that reads back as
// the same double, without an exponent unless it would take more than 24 characters.
// Throws std::invalid_argument, naming the message, signal or node, when validate_messages()
// refuses the messages, a node name is not a C identifier or appears twice, or a sender is not one
// of the nodes.
void write_dbc(std::ostream& out, const std::vector<MessageSpec>& messages,
               const std::vector<std::string>& nodes);

}  // namespace hilsim::hil
