#include "tools/study/sweep_parts.h"

#include <charconv>
#include <fstream>
#include <map>
#include <string_view>

#include "hil/build_identity.h"
#include "hil/sha256.h"
#include "tools/io/bounded_read.h"
#include "tools/io/csv_row.h"
#include "tools/io/input_error.h"
#include "tools/scenario/scenario_writer.h"
#include "tools/study/sweep_csv.h"

namespace hilsim::tools {

namespace {

constexpr int kMaxParts = 100000;
constexpr std::string_view kPartLine = "# hilsim sweep part ";
constexpr std::string_view kKeyLine = "# sweep ";
constexpr std::string_view kRunsLine = "# runs ";

// A whole decimal number filling `text`, or false.
template <typename Int>
bool parse_whole(std::string_view text, Int& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

bool parse_k_of_n(std::string_view text, SweepShard& shard) {
  const std::size_t slash = text.find('/');
  return slash != std::string_view::npos && parse_whole(text.substr(0, slash), shard.k) &&
         parse_whole(text.substr(slash + 1), shard.n) && shard.k >= 1 && shard.k <= shard.n &&
         shard.n <= kMaxParts;
}

std::string k_of_n(SweepShard s) { return std::to_string(s.k) + "/" + std::to_string(s.n); }

std::string content_sha256(const std::string& path) {
  try {
    return hil::sha256_file_hex(path);
  } catch (const std::runtime_error& e) {
    throw io::InputError(e.what());
  }
}

struct Part {
  std::string path;
  SweepShard shard;
  std::string key;
  std::size_t runs = 0;
  std::vector<std::string> rows;
};

Part read_part(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw io::InputError(path + ": cannot open file for reading");
  io::BoundedLineReader lines(in, path);
  Part part{path, {}, {}, 0, {}};
  std::string line;
  if (!lines.next(line) || line.rfind(kPartLine, 0) != 0 ||
      !parse_k_of_n(line.substr(kPartLine.size()), part.shard)) {
    throw io::InputError(
        path +
        ": not a part of a sweep (its first line is not '# hilsim sweep part K/N'; parts are "
        "written by hilsim sweep --shard K/N --out FILE)");
  }
  const auto malformed = [&](const std::string& what) {
    return io::InputError(path + ":" + std::to_string(lines.line_number()) + ": " + what +
                          " (a part written by hilsim sweep --shard holds it; was the file edited?)");
  };
  if (!lines.next(line) || line.rfind(kKeyLine, 0) != 0 || line.size() != kKeyLine.size() + 64) {
    throw malformed("expected '# sweep' and the sweep's 64-digit key");
  }
  part.key = line.substr(kKeyLine.size());
  if (!lines.next(line) || line.rfind(kRunsLine, 0) != 0 ||
      !parse_whole(std::string_view(line).substr(kRunsLine.size()), part.runs)) {
    throw malformed("expected '# runs' and the number of H in the whole sweep");
  }
  if (!lines.next(line) || line != kSweepCsvHeader) throw malformed("expected the sweep table's header line");
  while (lines.next(line)) {
    if (!line.empty()) part.rows.push_back(line);
  }
  return part;
}

// Refuses `p` unless it belongs with `first` (same split, same sweep) and its K is new.
void check_fits(const Part& p, const Part& first, const std::map<int, std::string>& seen) {
  if (p.shard.n != first.shard.n) {
    throw io::InputError(p.path + " is part " + k_of_n(p.shard) + ", but " + first.path + " is part " +
                         k_of_n(first.shard) + ": parts of different splits (every part needs the same N)");
  }
  if (p.key != first.key || p.runs != first.runs) {
    throw io::InputError(
        p.path + ": part of another sweep than " + first.path +
        " (the scenario, its kappa table or reference, the H list or the hilsim build differ)");
  }
  if (const auto it = seen.find(p.shard.k); it != seen.end()) {
    throw io::InputError(it->second + " and " + p.path + " are both part " + k_of_n(p.shard));
  }
  const std::size_t expected = shard_positions(p.runs, p.shard).size();
  if (p.rows.size() != expected) {
    throw io::InputError(p.path + ": part " + k_of_n(p.shard) + " of a sweep of " + std::to_string(p.runs) +
                         " runs holds " + std::to_string(p.rows.size()) + " rows, not " +
                         std::to_string(expected) + " (cut short or edited?)");
  }
}

}  // namespace

SweepShard parse_shard(const std::string& text) {
  SweepShard shard;
  if (!parse_k_of_n(text, shard)) {
    throw io::InputError("--shard " + text + ": expected K/N with 1 <= K <= N <= " +
                         std::to_string(kMaxParts) + " (part K of N, e.g. --shard 2/8)");
  }
  return shard;
}

std::vector<std::size_t> shard_positions(std::size_t runs, SweepShard shard) {
  std::vector<std::size_t> positions;
  for (std::size_t i = static_cast<std::size_t>(shard.k - 1); i < runs;
       i += static_cast<std::size_t>(shard.n)) {
    positions.push_back(i);
  }
  return positions;
}

std::string sweep_key(const scenario::Scenario& scenario, const std::vector<double>& sorted_H) {
  scenario::Scenario s = scenario;
  std::string text = std::string("hilsim sweep\nbuild ") + hil::build_identity() + "\n";
  // Contents, not paths: the same files under other names or in other directories are the same sweep.
  if (s.manoeuvre.kind == scenario::ManoeuvreKind::kTable) {
    text += "kappa table sha256 " + content_sha256(s.manoeuvre.table_path) + "\n";
    s.manoeuvre.table_path = "/kappa-table";
  }
  if (s.reference) {
    text += "reference sha256 " + content_sha256(*s.reference) + "\n";
    s.reference = "/reference";
  }
  s.out.reset();
  text += scenario::to_toml(s);
  text += "H\n";
  for (double H : sorted_H) {
    io::CsvRow row;
    row.add(H);
    text += row.text();
  }
  return hil::sha256_hex(text);
}

std::string sweep_part_preamble(SweepShard shard, const std::string& key, std::size_t runs) {
  return std::string(kPartLine) + k_of_n(shard) + "\n" + std::string(kKeyLine) + key + "\n" +
         std::string(kRunsLine) + std::to_string(runs) + "\n";
}

MergedSweep merge_sweep_parts(const std::vector<std::string>& paths) {
  std::vector<Part> parts;
  std::map<int, std::string> seen;  // K → the part's path
  for (const std::string& path : paths) {
    parts.push_back(read_part(path));
    check_fits(parts.back(), parts.front(), seen);
    seen.emplace(parts.back().shard.k, path);
  }
  const int n = parts.front().shard.n;
  std::vector<const Part*> by_k(static_cast<std::size_t>(n) + 1, nullptr);
  for (const Part& p : parts) by_k[static_cast<std::size_t>(p.shard.k)] = &p;
  for (int k = 1; k <= n; ++k) {
    if (!by_k[static_cast<std::size_t>(k)]) {
      std::string given;
      for (const auto& [kk, path] : seen) given += (given.empty() ? "" : ", ") + k_of_n({kk, n});
      throw io::InputError("part " + k_of_n({k, n}) + " is missing (given: " + given + ")");
    }
  }
  MergedSweep merged;
  merged.parts = n;
  merged.runs = parts.front().runs;
  merged.csv = std::string(kSweepCsvHeader) + "\n";
  for (std::size_t i = 0; i < merged.runs; ++i) {
    const Part& p = *by_k[i % static_cast<std::size_t>(n) + 1];
    merged.csv += p.rows[i / static_cast<std::size_t>(n)] + "\n";
  }
  return merged;
}

}  // namespace hilsim::tools
