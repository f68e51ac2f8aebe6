// Validation of DBC messages: identifier range, length, signals fitting and not overlapping.
#include "hil/message.h"

#include <bit>
#include <cstdio>
#include <set>
#include <sstream>
#include <utility>

#include "hil/frame.h"

namespace hilsim::hil {

namespace {

std::string prefix(const MessageSpec& m) {
  char id[16];
  std::snprintf(id, sizeof id, m.extended ? "0x%08X" : "0x%03X", m.id);
  return "message '" + m.name + "' (id " + id + "): ";
}

}  // namespace

std::string validate_message(const MessageSpec& m) {
  const std::string where = prefix(m);
  if (!is_dbc_identifier(m.name)) return where + "name must be a C identifier ([A-Za-z_][A-Za-z0-9_]*)";
  const std::uint32_t max_id = m.extended ? kMaxExtendedId : kMaxStandardId;
  if (m.id > max_id) {
    std::ostringstream e;
    e << where << "id outside 0.." << (m.extended ? "0x1FFFFFFF (29-bit)" : "0x7FF (11-bit)");
    return e.str();
  }
  if (m.length > kMaxFrameLength) {
    return where + "length " + std::to_string(m.length) + " bytes outside 0..8";
  }
  if (!m.sender.empty() && !is_dbc_identifier(m.sender)) {
    return where + "sender '" + m.sender + "' must be empty or a C identifier";
  }
  std::set<std::string> names;
  for (const SignalSpec& s : m.signals) {
    if (std::string e = validate_signal(s, m.length); !e.empty()) return where + e;
    if (!names.insert(s.name).second) return where + "signal '" + s.name + "' appears twice";
  }
  for (std::size_t a = 0; a < m.signals.size(); ++a) {
    for (std::size_t b = a + 1; b < m.signals.size(); ++b) {
      const std::uint64_t shared = occupied_bits(m.signals[a]) & occupied_bits(m.signals[b]);
      if (shared == 0) continue;
      const int bit = std::countr_zero(shared);
      std::ostringstream e;
      e << where << "signals '" << m.signals[a].name << "' and '" << m.signals[b].name
        << "' overlap: both use frame bit " << bit << " (byte " << bit / 8 << " bit " << bit % 8 << ")";
      return e.str();
    }
  }
  return "";
}

std::string validate_messages(const std::vector<MessageSpec>& messages) {
  std::set<std::string> names;
  std::set<std::pair<bool, std::uint32_t>> ids;
  for (const MessageSpec& m : messages) {
    if (std::string e = validate_message(m); !e.empty()) return e;
    if (!names.insert(m.name).second) return prefix(m) + "another message has the same name";
    if (!ids.insert({m.extended, m.id}).second) return prefix(m) + "another message has the same id";
  }
  return "";
}

}  // namespace hilsim::hil
