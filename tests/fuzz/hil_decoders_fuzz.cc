// libFuzzer target for the hil decoders that read untrusted input: UDP datagrams (and the sequence
// tracker), DBC signals, J1939 BJM1 frames, candump lines and the CAN bridge's frames. Built and run
// by scripts/fuzz.sh with clang++ -fsanitize=fuzzer,address,undefined; a crash, a sanitizer report
// or a broken invariant (trap) fails the run. The first input byte chooses the decoder (its value
// mod 6), the rest is its input:
//   0  datagram bytes, decoded as [udp] e2e = "none" and "crc32" accept them; a version 2 datagram
//      (byte 1 = 2) also with its last four bytes replaced by its CRC-32, so that its frames are
//      reached however seldom a fuzzed CRC matches; then every aligned uint32 of them is fed to a
//      SequenceTracker
//   1  a signal spec and frame (layout in fuzz_signal), then a physical value to encode
//   2  a frame: id (4 bytes LE; bit 31 extended, bit 30 RTR), length byte, 8 data bytes
//   3  one candump line
//   4  datagram bytes through the bridges' command path: every frame of a valid datagram (version 1,
//      or version 2 with its CRC made right as in 0) to the CommandDecoder of the default mapping,
//      clamping and rejecting
//   5  a struct can_frame as a raw socket may deliver it: can_id (4 bytes LE, flags included), len
//      (any byte), 8 data bytes; classified as the CAN bridge does (hil/can_frames.h), with and
//      without a joystick, clamping and rejecting
// Seeds are in tests/fuzz/corpus/.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string_view>

#include "hil/can_frames.h"
#include "hil/candump_log.h"
#include "hil/datagram.h"
#include "hil/default_messages.h"
#include "hil/j1939_joystick.h"
#include "hil/sequence_tracker.h"
#include "hil/signal.h"
#include "hil/signal_map.h"

namespace hilsim::hil {
namespace {

void check(bool invariant) {
  if (!invariant) __builtin_trap();
}

// Reads from the input, returning zeros once it is exhausted.
struct Reader {
  std::span<const std::uint8_t> in;
  std::uint8_t byte() {
    if (in.empty()) return 0;
    const std::uint8_t b = in.front();
    in = in.subspan(1);
    return b;
  }
  double real() {
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits |= static_cast<std::uint64_t>(byte()) << (8 * i);
    double v = 0.0;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
};

// Decodes `in` under both settings: they agree except where "crc32" refuses version 1, and a valid
// datagram has one encoding: re-encoding it in its version gives back the same bytes.
void check_datagram(std::span<const std::uint8_t> in) {
  DecodedDatagram d;
  DecodedDatagram strict;
  const DatagramError any = decode_datagram(in, DatagramE2e::kNone, d);
  const DatagramError crc32 = decode_datagram(in, DatagramE2e::kCrc32, strict);
  const bool version_1 =
      in.size() >= kDatagramHeaderSize && in[0] == kDatagramMagic && in[1] == kDatagramVersionPlain;
  check(version_1 ? crc32 == DatagramError::kNoChecksum : crc32 == any);
  if (any != DatagramError::kOk) return;
  check(d.version == kDatagramVersionPlain || d.version == kDatagramVersionCrc32);
  check(d.count >= 1 && d.count <= kMaxFramesPerDatagram);
  for (std::size_t k = 0; k < d.count; ++k) check(is_well_formed(d.frames[k]) && !d.frames[k].rtr);
  std::uint8_t out[kMaxDatagramSize];
  const DatagramE2e e2e = d.version == kDatagramVersionCrc32 ? DatagramE2e::kCrc32 : DatagramE2e::kNone;
  const std::size_t n = encode_datagram(e2e, d.sequence, std::span(d.frames).first(d.count), out);
  check(n == in.size() && std::memcmp(out, in.data(), n) == 0);
  if (e2e == DatagramE2e::kCrc32) {
    check(datagram_crc32(in.first(n - kDatagramCrcSize)) ==
          (static_cast<std::uint32_t>(in[n - 4]) | static_cast<std::uint32_t>(in[n - 3]) << 8 |
           static_cast<std::uint32_t>(in[n - 2]) << 16 | static_cast<std::uint32_t>(in[n - 1]) << 24));
  }
}

// `in` with its last four bytes replaced by the CRC-32 of the others (in `buffer`) when it looks
// like a version 2 datagram of a size a receiver reads; else empty. A fuzzed CRC seldom matches:
// this is how the frames of version 2 datagrams are reached.
using DatagramBuffer = std::array<std::uint8_t, kMaxDatagramSize + 1>;
std::span<const std::uint8_t> sealed_version_2(std::span<const std::uint8_t> in, DatagramBuffer& buffer) {
  if (in.size() < kDatagramHeaderSize + kDatagramCrcSize || in.size() > buffer.size() ||
      in[0] != kDatagramMagic || in[1] != kDatagramVersionCrc32) {
    return {};
  }
  std::memcpy(buffer.data(), in.data(), in.size());
  const std::size_t body = in.size() - kDatagramCrcSize;
  const std::uint32_t crc = datagram_crc32(in.first(body));
  for (std::size_t i = 0; i < 4; ++i) buffer[body + i] = static_cast<std::uint8_t>(crc >> (8 * i));
  return std::span<const std::uint8_t>(buffer.data(), in.size());
}

void fuzz_datagram(std::span<const std::uint8_t> in) {
  check_datagram(in);
  DatagramBuffer buffer;
  if (const std::span<const std::uint8_t> sealed = sealed_version_2(in, buffer); !sealed.empty()) {
    DecodedDatagram d;
    check(decode_datagram(sealed, DatagramE2e::kCrc32, d) != DatagramError::kBadChecksum);
    check_datagram(sealed);
  }
  SequenceTracker t;
  std::uint64_t accepted = 0;
  for (std::size_t i = 0; i + 4 <= in.size(); i += 4) {
    const std::uint32_t s = static_cast<std::uint32_t>(in[i]) | static_cast<std::uint32_t>(in[i + 1]) << 8 |
                            static_cast<std::uint32_t>(in[i + 2]) << 16 |
                            static_cast<std::uint32_t>(in[i + 3]) << 24;
    const std::uint32_t before = t.last();
    const SequenceVerdict v = t.observe(s);
    if (is_accepted(v)) {
      ++accepted;
      check(t.last() == s);
    } else {
      check(t.last() == before);
    }
  }
  const SequenceCounters& c = t.counters();
  check(c.received == accepted + c.duplicates + c.reordered);
}

// Spec bytes: start, length, flags (bit 0 big-endian, bit 1 signed, bit 2 raw scale, bit 3 raw
// offset/min/max), frame length, scale index, offset byte, min and max fractions; raw doubles
// follow when the flags ask for them; then the frame's bytes and a physical value.
void fuzz_signal(Reader r) {
  static constexpr double kScales[] = {1.0, 0.1, 0.01, -0.5, 0.125, 1e-4, 3.0, -1e3};
  SignalSpec s;
  s.name = "s";
  s.start_bit = r.byte() % 72;
  s.length = r.byte() % 66;
  const std::uint8_t flags = r.byte();
  s.byte_order = flags & 1 ? ByteOrder::kBigEndian : ByteOrder::kLittleEndian;
  s.is_signed = flags & 2;
  const int frame_length = r.byte() % 9;  // classical CAN: occupied_bits() covers 8 bytes
  s.scale = kScales[r.byte() % 8];
  s.offset = static_cast<std::int8_t>(r.byte()) * 10.0;
  const double min_fraction = r.byte() / 255.0;
  const double max_fraction = r.byte() / 255.0;
  if (flags & 4) s.scale = r.real();
  if (flags & 8) s.offset = r.real();
  if (s.length >= 1 && s.length <= 64 && std::isfinite(s.scale) && s.scale != 0.0 &&
      std::isfinite(s.offset)) {
    const PhysicalRange range = representable_range(s);
    s.min = range.lo + (range.hi - range.lo) * min_fraction;
    s.max = s.min + (range.hi - s.min) * max_fraction;
  }
  if (flags & 8) {
    s.min = r.real();
    s.max = r.real();
  }
  if (!validate_signal(s, frame_length).empty()) return;

  std::uint8_t data[9] = {};
  for (int i = 0; i < frame_length; ++i) data[i] = r.byte();
  const std::span<std::uint8_t> frame(data, static_cast<std::size_t>(frame_length));

  // Decoding: raw bits fit the length; the value is finite and representable.
  const std::uint64_t bits = decode_raw(s, frame);
  check(s.length == 64 || bits >> s.length == 0);
  const double y = decode(s, frame);
  const PhysicalRange range = representable_range(s);
  check(std::isfinite(y) && y >= range.lo && y <= range.hi);

  // Raw round trip is exact.
  std::uint8_t copy[9];
  std::memcpy(copy, data, sizeof data);
  encode_raw(s, bits, std::span(copy, frame.size()));
  check(std::memcmp(copy, data, sizeof data) == 0);

  // Encoding: NaN refused with the data untouched; otherwise the decoded value is representable,
  // and within scale/2 (and rounding of doubles) of the clamped value when that is representable.
  const double x = r.real();
  const EncodeStatus status = encode(s, x, frame);
  if (std::isnan(x)) {
    check(status == EncodeStatus::kNotANumber && std::memcmp(copy, data, sizeof data) == 0);
    return;
  }
  check(status != EncodeStatus::kNotANumber);
  const double z = decode(s, frame);
  check(std::isfinite(z) && z >= range.lo && z <= range.hi);
  const double c = std::fmin(std::fmax(x, s.min), s.max);
  if (status == EncodeStatus::kOk) check(c == x);
  if (c >= range.lo && c <= range.hi) {
    const double eps = std::numeric_limits<double>::epsilon();
    const double tolerance = 0.5 * std::abs(s.scale) * (1.0 + 1e-12) +
                             16.0 * eps * (std::abs(c) + std::abs(s.offset) + std::abs(z));
    check(std::abs(z - c) <= tolerance);
  }
  // Bits outside the signal are untouched.
  const std::uint64_t occupied = occupied_bits(s);
  for (int b = 0; b < 8 * frame_length; ++b) {
    if (!((occupied >> b) & 1u)) check(((data[b / 8] ^ copy[b / 8]) >> (b % 8) & 1) == 0);
  }
}

void fuzz_bjm1(Reader r) {
  Frame f;
  std::uint32_t id = 0;
  for (int i = 0; i < 4; ++i) id |= static_cast<std::uint32_t>(r.byte()) << (8 * i);
  f.extended = id & 0x80000000u;
  f.rtr = id & 0x40000000u;
  f.id = id & (f.extended ? kMaxExtendedId : kMaxStandardId);
  f.length = r.byte() % 9;
  for (auto& b : f.data) b = r.byte();

  const Bjm1Decode d = decode_bjm1(f);
  check(d.ok() == (is_bjm1(f) && f.length == 8));
  if (!d.ok()) return;
  const AxisToKappa map{0.5, 0.5, 0.0, 1.0, false};
  for (const AxisState* a : {&d.x, &d.y}) {
    check(a->valid == (a->error == AxisError::kOk));
    if (a->valid) {
      check(int{a->neutral} + int{a->negative} + int{a->positive} == 1);
      check(a->position_percent >= 0.0 && a->position_percent <= 100.0);
    } else {
      check(a->position_percent == 0.0);
    }
    const double kappa = kappa_from_axis(*a, map);
    check(kappa >= 0.0 && kappa <= 1.0);
  }
  // The raw fields re-encode to the same id and first four bytes.
  const Frame back = encode_bjm1(d.source_address, d.x.raw, d.y.raw, d.priority);
  check(back.id == f.id && std::memcmp(back.data.data(), f.data.data(), 4) == 0);
}

void fuzz_candump(std::span<const std::uint8_t> in) {
  const std::string_view line(reinterpret_cast<const char*>(in.data()), in.size());
  CandumpRecord r;
  if (!parse_candump_line(line, r).empty()) return;
  // What parses formats without an exception and parses back to the same record.
  const std::string text = format_candump_line(r);
  CandumpRecord back;
  check(parse_candump_line(text, back).empty());
  check(back.timestamp_us == r.timestamp_us && back.interface == r.interface && back.frame == r.frame &&
        back.error_frame == r.error_frame);
  check(format_candump_line(back) == text);
}

// What reaches the valve: only finite κ inside [0, 1], whatever the frame.
void fuzz_command(std::span<const std::uint8_t> in) {
  static const CommandDecoder clamp(default_messages(2), 2, OutOfRange::kClamp);
  static const CommandDecoder reject(default_messages(2), 2, OutOfRange::kReject);
  DatagramBuffer buffer;
  const std::span<const std::uint8_t> sealed = sealed_version_2(in, buffer);
  DecodedDatagram d;
  if (decode_datagram(sealed.empty() ? in : sealed, DatagramE2e::kNone, d) != DatagramError::kOk) return;
  for (std::size_t k = 0; k < d.count; ++k) {
    for (const CommandDecoder* decoder : {&clamp, &reject}) {
      DecodedCommand c;
      if (decoder->decode(d.frames[k], c) != CommandVerdict::kApplied) continue;
      for (std::size_t a = 0; a < c.kappa.size(); ++a) {
        if (c.present[a]) check(std::isfinite(c.kappa[a]) && c.kappa[a] >= 0.0 && c.kappa[a] <= 1.0);
      }
      check(decoder == &clamp || !c.clamped);
    }
  }
}

// The CAN bridge's classification: whatever the kernel (or a fuzzer) hands it, only finite κ in
// [0, 1] comes out, and only from a command or a valid joystick frame; error frames, remote frames
// and DLCs above 8 are recognised before anything is decoded; the Frame conversion is well formed
// and stable.
void fuzz_can_frame(Reader r) {
  static const CommandDecoder clamp(command_messages(default_messages(2)), 2, OutOfRange::kClamp);
  static const CommandDecoder reject(command_messages(default_messages(2)), 2, OutOfRange::kReject);
  static const JoystickInput any = single_joystick(JoystickAxis::kX, AxisToKappa{0.45, 0.1, 0.0, 1.0, false});
  static const JoystickInput only =
      single_joystick(JoystickAxis::kY, AxisToKappa{0.45, -1.0, 0.0, 1.0, false}, std::uint8_t{0x80});
  can_frame raw{};
  for (int i = 0; i < 4; ++i) raw.can_id |= static_cast<canid_t>(r.byte()) << (8 * i);
  raw.len = r.byte();
  for (std::uint8_t& b : raw.data) b = r.byte();

  const Frame f = to_frame(raw);
  check(is_well_formed(f) || (raw.can_id & CAN_ERR_FLAG));
  if (!(raw.can_id & CAN_ERR_FLAG)) check(to_frame(to_can_frame(f)) == f);
  for (const CommandDecoder* decoder : {&clamp, &reject}) {
    for (const JoystickInput* joystick : {static_cast<const JoystickInput*>(nullptr), &any, &only}) {
      const CanFrameVerdict v = classify_can_frame(raw, *decoder, joystick);
      check(static_cast<std::size_t>(v.kind) < kCanFrameKinds);
      if (raw.can_id & CAN_ERR_FLAG) {
        check(v.kind == CanFrameKind::kErrorFrame && v.error.classes == (raw.can_id & CAN_ERR_MASK));
      } else if (raw.can_id & CAN_RTR_FLAG) {
        check(v.kind == CanFrameKind::kRemote);
      } else if (raw.len > CAN_MAX_DLEN) {
        check(v.kind == CanFrameKind::kBadLength);
      }
      check(joystick != nullptr || v.kind != CanFrameKind::kJoystick);
      check(decoder == &clamp || !v.command.clamped);
      bool any_kappa = false;
      for (std::size_t a = 0; a < v.command.kappa.size(); ++a) {
        if (!v.command.present[a]) continue;
        any_kappa = true;
        check(std::isfinite(v.command.kappa[a]) && v.command.kappa[a] >= 0.0 && v.command.kappa[a] <= 1.0);
      }
      check(any_kappa == applies(v.kind));
    }
  }
}

}  // namespace
}  // namespace hilsim::hil

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hilsim::hil;
  if (size == 0) return 0;
  const std::span<const std::uint8_t> rest(data + 1, size - 1);
  switch (data[0] % 6) {
    case 0:
      fuzz_datagram(rest);
      break;
    case 1:
      fuzz_signal(Reader{rest});
      break;
    case 2:
      fuzz_bjm1(Reader{rest});
      break;
    case 3:
      fuzz_candump(rest);
      break;
    case 4:
      fuzz_command(rest);
      break;
    default:
      fuzz_can_frame(Reader{rest});
      break;
  }
  return 0;
}
