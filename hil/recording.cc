#include "hil/recording.h"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "hil/sha256.h"

namespace hilsim::hil {

namespace {

std::string kappa_text(double kappa) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", kappa);
  return buf;
}

int count_lines(const std::string& text) {
  int n = 0;
  for (const char c : text) n += c == '\n';
  return n;
}

// "<name>-sha256 <hex>\n<name>-lines <n>\n<text>": what read_block() reads; "-" for no text.
std::string block(const std::string& name, std::string text) {
  if (!text.empty() && text.back() != '\n') text += '\n';
  return name + "-sha256 " + (text.empty() ? std::string("-") : sha256_hex(text)) + "\n" + name + "-lines " +
         std::to_string(count_lines(text)) + "\n" + text;
}

}  // namespace

RecordingWriter::RecordingWriter(const std::string& path, const std::string& build,
                                 const std::string& config_text, const std::string& machine_text)
    : path_(path), fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) {
  if (fd_ < 0)
    throw RecordingError(path + ": cannot open the recording for writing (" + std::strerror(errno) + ")");
  std::string config = config_text;
  if (!config.empty() && config.back() != '\n') config += '\n';
  // The config block keeps its hash even when empty (versions 1 to 4 wrote it so).
  pending_ = "hilsim-recording " + std::to_string(kRecordingVersion) + "\nbuild " + build +
             "\nconfig-sha256 " + sha256_hex(config) + "\nconfig-lines " +
             std::to_string(count_lines(config)) + "\n" + config + block("machine", machine_text);
  flush();
  if (error_) throw RecordingError(path + ": writing the recording failed (" + std::strerror(error_) + ")");
}

RecordingWriter::~RecordingWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void RecordingWriter::write(const InputEvent& e) {
  pending_ += "input " + std::to_string(e.micro_step) + " " + kappa_text(e.kappa) + " " + to_string(e.cause) +
              " " + std::to_string(e.sequence) + " " + std::to_string(e.actuator + 1) +
              (e.reader == InputReader::kMechanics ? " mechanics\n" : "\n");
  ++events_;
}

void RecordingWriter::flush() {
  std::size_t done = 0;
  while (done < pending_.size() && error_ == 0) {
    const ssize_t n = ::write(fd_, pending_.data() + done, pending_.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = n < 0 ? errno : EIO;
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  bytes_ += static_cast<std::int64_t>(done);
  pending_.clear();
}

void RecordingWriter::finish(std::int64_t communication_points, std::uint64_t dropped,
                             const std::string& output_sha256) {
  flush();
  pending_ = "end " + std::to_string(communication_points) + " events " + std::to_string(events_) +
             " dropped " + std::to_string(dropped) + " output-sha256 " +
             (output_sha256.empty() ? "-" : output_sha256) + " bytes " + std::to_string(bytes_) + "\n";
  flush();
  if (error_ == 0 && ::fsync(fd_) != 0) error_ = errno;
  if (::close(fd_) != 0 && error_ == 0) error_ = errno;
  fd_ = -1;
  if (error_) throw RecordingError(path_ + ": writing the recording failed (" + std::strerror(error_) + ")");
}

namespace {

class LineReader {
 public:
  LineReader(std::istream& in, const std::string& path) : path_(path), in_(in) {}
  // Lines of at most kMaxLine bytes and files of at most kMaxFile: a recording is text of a few
  // megabytes; /dev/zero or a binary file named by mistake is refused, not read into memory.
  static constexpr std::size_t kMaxLine = std::size_t{1} << 16;
  static constexpr std::int64_t kMaxFile = std::int64_t{1} << 30;
  bool next(std::string& line) {
    before_ = bytes_;
    line.clear();
    std::streambuf* buf = in_.rdbuf();
    int c = buf ? buf->sbumpc() : std::char_traits<char>::eof();
    if (c == std::char_traits<char>::eof()) return false;
    ++number_;
    for (; c != std::char_traits<char>::eof() && c != '\n'; c = buf->sbumpc()) {
      if (line.size() == kMaxLine)
        fail("a line longer than " + std::to_string(kMaxLine) + " bytes; not a recording");
      line.push_back(static_cast<char>(c));
    }
    // A line without its line feed at the end of the file was cut short.
    cut_ = c != '\n';
    bytes_ += static_cast<std::int64_t>(line.size()) + (cut_ ? 0 : 1);
    if (bytes_ > kMaxFile) fail("the file is larger than 1 GiB; not a recording");
    return true;
  }
  // The last line read had no line end: the file was cut short there.
  bool cut() const { return cut_; }
  int number() const { return number_; }
  // The bytes of the file before the last line read.
  std::int64_t bytes_before() const { return before_; }
  [[noreturn]] void fail_cut() const {
    fail("the recording is damaged: this line is cut short (it has no line end; the file was truncated)");
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw RecordingError(path_ + ":" + std::to_string(number_) + ": " + what);
  }
  // The value after "<key> " on the next line.
  std::string expect(const std::string& key) {
    std::string line;
    if (!next(line)) fail("the recording ends before its '" + key + "' line");
    if (cut_) fail_cut();
    if (line.rfind(key + " ", 0) != 0)
      fail("expected a '" + key + "' line, found '" + line.substr(0, 40) + "'");
    return line.substr(key.size() + 1);
  }

 private:
  std::string path_;
  std::istream& in_;
  int number_ = 0;
  bool cut_ = false;
  std::int64_t bytes_ = 0;
  std::int64_t before_ = 0;
};

InputCause parse_cause(const std::string& text, const LineReader& r) {
  for (const InputCause c : {InputCause::kCommand, InputCause::kWatchdog, InputCause::kScript}) {
    if (text == to_string(c)) return c;
  }
  r.fail("input cause '" + text + "' is not one of: command, watchdog, script");
}

// The first line's version: 1 (one actuator, no actuator field) or 2.
int parse_version(const std::string& line, const LineReader& r) {
  for (int v = 1; v <= kRecordingVersion; ++v) {
    if (line == "hilsim-recording " + std::to_string(v)) return v;
  }
  r.fail("recording format '" + line.substr(17) + "' is not supported (this build reads versions 1 to " +
         std::to_string(kRecordingVersion) + ")");
}

// One input line after its "input" word. `last[reader][k]`: that reader's previous micro step of
// actuator k (-1: none).
InputEvent parse_input(std::istringstream& in, int version,
                       std::array<std::array<std::int64_t, kMaxActuators>, kInputReaders>& last,
                       const LineReader& r) {
  InputEvent e;
  std::string kappa, cause;
  int actuator = 1;
  const bool ok = version == 1
                      ? static_cast<bool>(in >> e.micro_step >> kappa >> cause >> e.sequence)
                      : static_cast<bool>(in >> e.micro_step >> kappa >> cause >> e.sequence >> actuator);
  std::string extra;
  if (ok && version >= 4 && (in >> extra)) {
    if (extra != "mechanics") r.fail("an input's last word is 'mechanics' or nothing, not '" + extra + "'");
    e.reader = InputReader::kMechanics;
    extra.clear();
  }
  if (!ok || (in >> extra)) {
    r.fail(version == 1 ? "an input line is 'input <micro step> <kappa> <cause> <sequence>'"
           : version < 4
               ? "an input line is 'input <micro step> <kappa> <cause> <sequence> <actuator>'"
               : "an input line is 'input <micro step> <kappa> <cause> <sequence> <actuator> [mechanics]'");
  }
  char* end = nullptr;
  e.kappa = std::strtod(kappa.c_str(), &end);
  if (*end != '\0' || !std::isfinite(e.kappa)) r.fail("kappa '" + kappa + "' is not a finite number");
  // Every command a live run applies is a valve's, κ in [0, 1] or (version 5) a closed-centre
  // valve's u in [−1, 1]: anything else was edited in, and would replay as a run no valve could make.
  // Which valve type each actuator has is the replay's to check, against the machine.
  const double lowest = version >= 5 ? -1.0 : 0.0;
  if (e.kappa < lowest || e.kappa > 1.0) {
    r.fail("kappa '" + kappa + "' is outside " + (version >= 5 ? "[-1, 1]" : "[0, 1]"));
  }
  e.cause = parse_cause(cause, r);
  const int most = version >= 5 ? kMaxActuators : 2;
  if (actuator < 1 || actuator > most) {
    r.fail("actuator " + std::to_string(actuator) +
           (version >= 5 ? " is not 1 to " + std::to_string(most) : std::string(" is not 1 or 2")));
  }
  e.actuator = static_cast<std::uint8_t>(actuator - 1);
  std::int64_t& previous = last[static_cast<std::size_t>(e.reader)][e.actuator];
  if (e.micro_step < 0 || e.micro_step <= previous) {
    r.fail("micro step " + std::to_string(e.micro_step) + " of actuator " + std::to_string(actuator) +
           (e.reader == InputReader::kMechanics ? " (mechanics)" : "") +
           " is negative or not after that actuator's previous input's");
  }
  previous = e.micro_step;
  return e;
}

// A text block: "<name>-sha256 <hex>", "<name>-lines <n>", then its n lines, checked against the
// hash. With `may_be_none` an empty block (no machine file) has the hash "-" and 0 lines.
std::string read_block(LineReader& r, const std::string& name, bool may_be_none) {
  const std::string hash = r.expect(name + "-sha256");
  const std::string lines_text = r.expect(name + "-lines");
  int lines = -1;
  try {
    lines = std::stoi(lines_text);
  } catch (const std::exception&) {
  }
  if (lines < 0) r.fail(name + "-lines '" + lines_text + "' is not a count");
  std::string text;
  std::string line;
  for (int i = 0; i < lines; ++i) {
    if (!r.next(line)) r.fail("the recording ends inside its " + name + " block");
    if (r.cut()) r.fail_cut();
    text += line + "\n";
  }
  if (hash != sha256_hex(text) && !(may_be_none && text.empty() && hash == "-")) {
    r.fail("the " + name + " block does not match its " + name + "-sha256: the recording was modified");
  }
  return text;
}

bool is_sha256_hex(const std::string& text) {
  return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// The end line after its "end" word. Its counts are checked against what the file holds, so that a
// damaged file is called damaged, not taken for a run with another output.
void parse_end(std::istringstream& in, int version, Recording& rec, const LineReader& r) {
  std::string events_word, dropped_word, sha_word, bytes_word;
  std::int64_t events = 0, bytes = 0;
  const bool ok = static_cast<bool>(in >> rec.communication_points >> events_word >> events >> dropped_word >>
                                    rec.dropped >> sha_word >> rec.output_sha256) &&
                  events_word == "events" && dropped_word == "dropped" && sha_word == "output-sha256" &&
                  (version < 3 || (in >> bytes_word >> bytes && bytes_word == "bytes"));
  std::string extra;
  if (!ok || (in >> extra)) {
    r.fail(std::string("the end line is 'end <points> events <n> dropped <n> output-sha256 <hex>") +
           (version < 3 ? "'" : " bytes <n>'"));
  }
  if (rec.output_sha256 != "-" && !is_sha256_hex(rec.output_sha256)) {
    r.fail("the recording is damaged: output-sha256 '" + rec.output_sha256 + "' is not 64 hex digits");
  }
  if (version >= 3 && bytes != r.bytes_before()) {
    r.fail("the recording is damaged: the end line counts " + std::to_string(bytes) +
           " bytes before it, the file holds " + std::to_string(r.bytes_before()));
  }
  if (events != static_cast<std::int64_t>(rec.inputs.size())) {
    r.fail("the end line counts " + std::to_string(events) + " inputs, the recording holds " +
           std::to_string(rec.inputs.size()));
  }
  rec.complete = true;
}

}  // namespace

Recording read_recording(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw RecordingError(path + ": recording not found or not readable");
  return read_recording(in, path);
}

Recording read_recording(std::istream& in, const std::string& path) {
  LineReader r(in, path);
  std::string line;
  if (!r.next(line) || line.rfind("hilsim-recording ", 0) != 0) r.fail("not a hilsim recording (first line)");
  const int version = parse_version(line, r);
  Recording rec;
  rec.build = r.expect("build");
  rec.config_text = read_block(r, "config", false);
  if (version >= 5) rec.machine_text = read_block(r, "machine", true);
  std::array<std::array<std::int64_t, kMaxActuators>, kInputReaders>
      last{};  // each reader's and actuator's previous input's micro step
  for (auto& reader : last) reader.fill(-1);
  while (r.next(line)) {
    if (r.cut()) {
      if (rec.complete) r.fail_cut();  // after the end line nothing may follow, whole or not
      rec.cut_line = r.number();       // the caller refuses it, or replays up to the input before
      break;
    }
    std::istringstream fields(line);
    std::string word;
    fields >> word;
    if (word == "input") {
      if (rec.complete) r.fail("an input after the end line");
      rec.inputs.push_back(parse_input(fields, version, last, r));
      rec.last_input_line = r.number();
      rec.input_lines.push_back(r.number());
    } else if (word == "end") {
      if (rec.complete) r.fail("a second end line");
      parse_end(fields, version, rec, r);
    } else {
      r.fail("unknown line '" + line.substr(0, 40) + "'");
    }
  }
  return rec;
}

}  // namespace hilsim::hil
