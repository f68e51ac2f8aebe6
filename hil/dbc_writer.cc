// The DBC writer: the fixed header (the NS_ list is the one CANdb++ writes), then nodes, messages
// and signals in the order given.
#include "hil/dbc_writer.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <set>
#include <stdexcept>

#include "hil/e2e.h"

namespace hilsim::hil {

namespace {

constexpr const char* kNoNode = "Vector__XXX";
constexpr std::uint32_t kDbcExtendedFlag = 0x80000000u;

constexpr const char* kHeader =
    "VERSION \"\"\n"
    "\n"
    "\n"
    "NS_ :\n"
    "\tNS_DESC_\n\tCM_\n\tBA_DEF_\n\tBA_\n\tVAL_\n\tCAT_DEF_\n\tCAT_\n\tFILTER\n\tBA_DEF_DEF_\n"
    "\tEV_DATA_\n\tENVVAR_DATA_\n\tSGTYPE_\n\tSGTYPE_VAL_\n\tBA_DEF_SGTYPE_\n\tBA_SGTYPE_\n"
    "\tSIG_TYPE_REF_\n\tVAL_TABLE_\n\tSIG_GROUP_\n\tSIG_VALTYPE_\n\tSIGTYPE_VALTYPE_\n\tBO_TX_BU_\n"
    "\tBA_DEF_REL_\n\tBA_REL_\n\tBA_DEF_DEF_REL_\n\tBU_SG_REL_\n\tBU_EV_REL_\n\tBU_BO_REL_\n"
    "\tSG_MUL_VAL_\n"
    "\n"
    "BS_:\n"
    "\n";

// The shortest decimal form that parses back to the same double (std::to_chars' guarantee), in fixed
// notation, which every DBC reader accepts, unless that takes more than 24 characters (|v| ≥ 1e24
// or tiny), then with an exponent.
std::string number(double v) {
  char buf[400];  // fixed notation of any double fits
  auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  if (r.ec != std::errc() || r.ptr - buf > 24) r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ec == std::errc() ? r.ptr : buf);
}

void check_nodes(const std::vector<MessageSpec>& messages, const std::vector<std::string>& nodes) {
  std::set<std::string> seen;
  for (const std::string& n : nodes) {
    if (!is_dbc_identifier(n)) throw std::invalid_argument("DBC node '" + n + "' must be a C identifier");
    if (!seen.insert(n).second) throw std::invalid_argument("DBC node '" + n + "' appears twice");
  }
  for (const MessageSpec& m : messages) {
    if (!m.sender.empty() && !seen.count(m.sender)) {
      throw std::invalid_argument("message '" + m.name + "': sender '" + m.sender +
                                  "' is not one of the DBC nodes");
    }
  }
}

std::string receivers(const MessageSpec& m, const std::vector<std::string>& nodes) {
  std::string list;
  for (const std::string& n : nodes) {
    if (n == m.sender) continue;
    if (!list.empty()) list += ',';
    list += n;
  }
  return list.empty() ? kNoNode : list;
}

// CM_ comments on the end-to-end signals (hil/e2e.h), so a foreign client's author reads how to
// fill them in the DBC file itself.
void write_e2e_comments(std::ostream& out, const std::vector<MessageSpec>& messages) {
  for (const MessageSpec& m : messages) {
    const std::optional<E2ELayout> l = e2e_layout(m);
    if (!l) continue;
    const std::uint32_t id = m.extended ? (m.id | kDbcExtendedFlag) : m.id;
    char data_id[48];
    std::snprintf(data_id, sizeof data_id, "0x%04X (bytes 0x%02X, 0x%02X)",
                  static_cast<unsigned>(m.id & 0xFFFF), static_cast<unsigned>(m.id & 0xFF),
                  static_cast<unsigned>((m.id >> 8) & 0xFF));
    out << "CM_ SG_ " << id
        << " e2e_crc \"CRC-8 SAE J1850 (polynomial 0x1D, initial 0xFF, final XOR 0xFF) over the "
        << "Data ID " << data_id
        << ", low byte first, then every other data byte in order (AUTOSAR E2E profile 11, "
        << "Data ID mode both). On CAN ([can] e2e = counter-crc8, the default) hilsim refuses a frame whose "
        << "CRC does not match. Over UDP these bytes are not checked: the datagram's CRC-32 and sequence "
        << "number protect the frame instead (hil/DATAGRAM.md); they may be left 0.\";\n";
    out << "CM_ SG_ " << id
        << " e2e_counter \"Alive counter 0..14, +1 per frame, 14 followed by 0 (15 is never "
        << "sent); written before the CRC is computed. On CAN hilsim refuses a repeated or skipped counter, "
        << "and two interleaved counter sequences as two senders; over UDP the datagram's sequence "
        << "number does this instead.\";\n";
  }
}

}  // namespace

void write_dbc(std::ostream& out, const std::vector<MessageSpec>& messages,
               const std::vector<std::string>& nodes) {
  if (std::string e = validate_messages(messages); !e.empty()) throw std::invalid_argument(e);
  check_nodes(messages, nodes);

  out << kHeader << "BU_:";
  for (const std::string& n : nodes) out << ' ' << n;
  out << "\n\n";
  for (const MessageSpec& m : messages) {
    const std::uint32_t id = m.extended ? (m.id | kDbcExtendedFlag) : m.id;
    out << "\nBO_ " << id << ' ' << m.name << ": " << static_cast<int>(m.length) << ' '
        << (m.sender.empty() ? kNoNode : m.sender) << '\n';
    const std::string to = receivers(m, nodes);
    for (const SignalSpec& s : m.signals) {
      out << " SG_ " << s.name << " : " << s.start_bit << '|' << s.length << '@'
          << (s.byte_order == ByteOrder::kLittleEndian ? '1' : '0') << (s.is_signed ? '-' : '+') << " ("
          << number(s.scale) << ',' << number(s.offset) << ") [" << number(s.min) << '|' << number(s.max)
          << "] \"" << s.unit << "\" " << to << '\n';
    }
  }
  out << '\n';
  write_e2e_comments(out, messages);
}

}  // namespace hilsim::hil
