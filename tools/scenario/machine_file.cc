#include "tools/scenario/machine_file.h"

#include <filesystem>
#include <sstream>

#include "tools/io/bounded_read.h"
#include "tools/scenario/key_table.h"
#include "tools/scenario/machine_keys.h"

namespace hilsim::scenario {

namespace {

namespace m = sim::machine;

// The sections of the machine key table, the top level ("") first.
std::vector<std::string> machine_sections() {
  std::vector<std::string> sections;
  for (const KeyRow<m::MachineDescription>& row : machine_keys()) {
    if (std::find(sections.begin(), sections.end(), row.section) == sections.end())
      sections.emplace_back(row.section);
  }
  return sections;
}

toml::table parse_toml(const std::string& text, const std::string& source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << source << ":" << e.source().begin.line << ":" << e.source().begin.column
        << ": malformed TOML: " << e.description();
    throw InputError(msg.str());
  }
}

// "cylinders[1]" → {"cylinders", 1}; "stroke" → {"stroke", -1}.
std::pair<std::string, long> split_index(const std::string& segment) {
  const std::size_t open_at = segment.find('[');
  if (open_at == std::string::npos || segment.back() != ']') return {segment, -1};
  return {segment.substr(0, open_at), std::stol(segment.substr(open_at + 1, segment.size() - open_at - 2))};
}

// The line of the node `key` names ("cylinders[1].stroke", "ground.points[0].at") in `root`, or of
// the deepest node on its way that the file has (a key left at its default: its entry's line).
long line_of(const toml::table& root, const std::string& key) {
  const toml::node* node = &root;
  long line = 0;
  std::istringstream path(key);
  std::string segment;
  while (std::getline(path, segment, '.') && node) {
    const auto [name, index] = split_index(segment);
    const toml::table* table = node->as_table();
    const toml::node* next = table ? table->get(name) : nullptr;
    if (next && index >= 0) {
      if (const toml::array* array = next->as_array()) {
        next = array->get(static_cast<std::size_t>(index));
      } else if (const toml::table* t = next->as_table()) {  // a table of points, in its order
        auto it = t->begin();
        for (long i = 0; i < index && it != t->end(); ++i) ++it;
        next = it == t->end() ? nullptr : &it->second;
      }
    }
    node = next;
    if (node) line = static_cast<long>(node->source().begin.line);
  }
  return line;
}

}  // namespace

MachineFile MachineFile::parse(const std::string& text, const std::string& source) {
  MachineFile f;
  f.source_ = source;
  f.text_ = text;
  auto root = std::make_shared<toml::table>(parse_toml(text, source));
  const KeyContext at{.file = source, .where = source};
  const std::vector<std::string> sections = machine_sections();
  for (const std::string& section : sections) {
    TableReader table(source, *root, section);
    read_section(table, machine_keys(), section, f.description_, at);
    table.reject_unknown(section.empty() ? sections : std::vector<std::string>{});
  }
  const toml::table& tree = *root;
  check_rows(machine_keys(), f.description_, source, "",
             [&tree](const std::string& key) { return line_of(tree, key); });
  f.root_ = std::move(root);
  return f;
}

MachineFile MachineFile::load(const std::string& path) {
  if (!std::filesystem::exists(path)) throw InputError(path + ": machine file not found");
  if (!std::filesystem::is_regular_file(path)) throw InputError(path + ": the machine file is not a file");
  return parse(io::read_bounded_file(path, io::kMaxScenarioBytes), path);
}

std::shared_ptr<const m::MachineModel> MachineFile::build() const {
  try {
    return std::make_shared<const m::MachineModel>(m::build_machine_model(description_));
  } catch (const m::MachineError& e) {
    throw error(e);
  }
}

io::InputError MachineFile::error(const m::MachineError& e) const {
  const long line = root_ ? line_of(*root_, e.key()) : 0;
  return io::InputError(source_ + (line > 0 ? ":" + std::to_string(line) : "") + ": key '" + e.key() +
                        "': " + e.what());
}

std::string to_machine_toml(const m::MachineDescription& d) {
  std::ostringstream o;
  std::string section;  // the top level's keys first, then the sections, then the arrays of tables
  for (const bool tables : {false, true}) {
    for (const KeyRow<m::MachineDescription>& row : machine_keys()) {
      const bool is_tables = row.access.type == KeyType::kTables;
      if (is_tables != tables) continue;
      if (!is_tables && row.section != section) {
        section = row.section;
        o << "\n[" << section << "]\n";
      }
      write_row(o, row, d);
    }
  }
  return o.str();
}

}  // namespace hilsim::scenario
