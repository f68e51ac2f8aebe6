#include "tools/scenario/messages_section.h"

#include <cstdio>
#include <sstream>

#include "tools/scenario/table_reader.h"
#include "tools/scenario/toml_text.h"

namespace hilsim::scenario {

namespace {

constexpr const char* kHilsimNode = "Hilsim";  // sender of sensor messages
constexpr const char* kControllerNode = "Controller";

[[noreturn]] void fail(const std::string& path, const toml::node& node, const std::string& what) {
  std::ostringstream msg;
  msg << path << ":" << node.source().begin.line << ": " << what;
  throw InputError(msg.str());
}

hil::SignalSpec load_signal(const std::string& path, const toml::table& t, const std::string& where) {
  TableReader r(path, t, "");
  hil::SignalSpec s;
  std::int64_t start = -1, length = 0;
  std::string order = "little_endian";
  r.string("name", s.name);
  r.integer("start_bit", start);
  r.integer("length", length);
  r.string("byte_order", order);
  bool is_signed = false;
  if (const toml::node* n = t.get("signed")) {
    if (!n->is_boolean()) fail(path, *n, "key '" + where + ".signed' must be true or false");
    is_signed = n->as_boolean()->get();
  }
  r.number("scale", s.scale);
  r.number("offset", s.offset);
  r.number("min", s.min);
  r.number("max", s.max);
  r.string("unit", s.unit);
  r.reject_unknown({"signed"});
  if (order == "little_endian") {
    s.byte_order = hil::ByteOrder::kLittleEndian;
  } else if (order == "big_endian") {
    s.byte_order = hil::ByteOrder::kBigEndian;
  } else {
    fail(path, t,
         "key '" + where + ".byte_order' = '" + order + "' is not one of: little_endian, big_endian");
  }
  s.is_signed = is_signed;
  s.start_bit = static_cast<int>(std::clamp<std::int64_t>(start, -1, 1 << 20));
  s.length = static_cast<int>(std::clamp<std::int64_t>(length, 0, 1 << 20));
  return s;
}

}  // namespace

std::vector<hil::MessageSpec> load_messages(const std::string& path, const toml::table& root) {
  std::vector<hil::MessageSpec> out;
  const toml::node* node = root.get("messages");
  if (!node) return out;
  const toml::array* array = node->as_array();
  if (!array || !array->is_array_of_tables())
    fail(path, *node, "'messages' must be an array of tables [[messages]]");
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::table& t = *array->get(i)->as_table();
    const std::string where = "messages[" + std::to_string(i) + "]";
    TableReader r(path, t, "");
    hil::MessageSpec m;
    std::int64_t id = -1, length = 8;
    std::string direction;
    r.string("name", m.name);
    r.integer("id", id);
    r.integer("length", length);
    r.string("direction", direction);
    if (const toml::node* n = t.get("extended")) {
      if (!n->is_boolean()) fail(path, *n, "key '" + where + ".extended' must be true or false");
      m.extended = n->as_boolean()->get();
    }
    r.reject_unknown({"extended", "signals"});
    if (id < 0 || id > 0x1FFFFFFF) fail(path, t, "key '" + where + ".id' is required, in [0, 0x1FFFFFFF]");
    if (length < 0 || length > 8)
      fail(path, t, "key '" + where + ".length' = " + std::to_string(length) + " is outside [0, 8]");
    if (direction == "command") {
      m.sender = kControllerNode;
    } else if (direction == "sensor") {
      m.sender = kHilsimNode;
    } else {
      fail(path, t, "key '" + where + ".direction' = '" + direction + "' is not one of: command, sensor");
    }
    m.id = static_cast<std::uint32_t>(id);
    m.length = static_cast<std::uint8_t>(length);
    if (const toml::node* signals = t.get("signals")) {
      const toml::array* sa = signals->as_array();
      if (!sa || !sa->is_array_of_tables())
        fail(path, *signals, "'" + where + ".signals' must be [[messages.signals]]");
      for (std::size_t k = 0; k < sa->size(); ++k) {
        m.signals.push_back(
            load_signal(path, *sa->get(k)->as_table(), where + ".signals[" + std::to_string(k) + "]"));
      }
    }
    out.push_back(std::move(m));
  }
  return out;
}

std::string messages_to_toml(const std::vector<hil::MessageSpec>& messages) {
  std::ostringstream o;
  const auto num = [](double v) { return toml_number(v); };
  for (const hil::MessageSpec& m : messages) {
    o << "\n[[messages]]\nname = " << toml_string(m.name) << "\nid = " << m.id
      << "\nextended = " << (m.extended ? "true" : "false") << "\nlength = " << static_cast<int>(m.length)
      << "\ndirection = \"" << (m.sender == kHilsimNode ? "sensor" : "command") << "\"\n";
    for (const hil::SignalSpec& s : m.signals) {
      o << "[[messages.signals]]\nname = " << toml_string(s.name) << "\nstart_bit = " << s.start_bit
        << "\nlength = " << s.length << "\nbyte_order = \""
        << (s.byte_order == hil::ByteOrder::kLittleEndian ? "little_endian" : "big_endian")
        << "\"\nsigned = " << (s.is_signed ? "true" : "false") << "\nscale = " << num(s.scale)
        << "\noffset = " << num(s.offset) << "\nmin = " << num(s.min) << "\nmax = " << num(s.max)
        << "\nunit = " << toml_string(s.unit) << "\n";
    }
  }
  return o.str();
}

}  // namespace hilsim::scenario
