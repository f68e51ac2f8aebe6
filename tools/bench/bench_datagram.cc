// hilsim-bench-datagram: what version 2's CRC-32 costs the UDP I/O thread. Times the encoding and
// the decoding of a command datagram (one frame of 8 data bytes, what a controller sends) and of
// the largest datagram (16 such frames) in version 1 and version 2 (hil/DATAGRAM.md), in the same
// run, and prints nanoseconds per datagram and the ratio of the two versions. Each case runs
// --repeat times over --count datagrams; the median is reported.
#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "hil/datagram.h"
#include "tools/bench/bench_flags.h"
#include "tools/bench/wall_times.h"

namespace {

using hilsim::hil::DatagramE2e;

// [ns] per datagram: encoding, then decoding as a receiver with the same setting.
struct Costs {
  double encode = 0.0, decode = 0.0;
};

Costs time_version(DatagramE2e e2e, const std::vector<hilsim::hil::Frame>& frames, int count, int repeat) {
  using namespace hilsim::hil;
  std::array<std::uint8_t, kMaxDatagramSize> bytes{};
  std::size_t size = 0;
  // The codec is compiled apart (no LTO), so each call is made; the sink keeps its results used.
  volatile std::uint64_t sink = 0;
  const hilsim::bench::WallTimes encode = hilsim::bench::time_runs(repeat, [&] {
    for (int i = 0; i < count; ++i) size = encode_datagram(e2e, static_cast<std::uint32_t>(i), frames, bytes);
    sink = sink + size;
  });
  DecodedDatagram d;
  const hilsim::bench::WallTimes decode = hilsim::bench::time_runs(repeat, [&] {
    for (int i = 0; i < count; ++i) {
      sink =
          sink + static_cast<std::uint64_t>(decode_datagram(std::span(bytes).first(size), e2e, d)) + d.count;
    }
  });
  return {encode.median / count * 1e9, decode.median / count * 1e9};
}

}  // namespace

int main(int argc, char** argv) {
  using namespace hilsim::hil;
  int repeat = 5, count = 1'000'000;
  if (const auto done = hilsim::tools::parse_bench_flags(
          argc, argv, "Cost of the UDP datagram's CRC-32: encoding and decoding, version 1 against version 2",
          {{"--repeat", &repeat, 1, 1000, "Runs per case; the median is reported (default 5)"},
           {"--count", &count, 1000, 100'000'000, "Datagrams per run (default 1000000)"}}))
    return *done;

  Frame command;
  command.id = 0x100;
  command.length = 8;
  command.data = {0xC4, 0x09, 0x78, 0xEC, 1, 2, 3, 4};
  std::printf("%-24s %7s %14s %14s %14s %14s %9s %9s\n", "datagram", "bytes", "v1 encode [ns]",
              "v2 encode [ns]", "v1 decode [ns]", "v2 decode [ns]", "enc v2/v1", "dec v2/v1");
  for (const std::size_t frames : {std::size_t{1}, kMaxFramesPerDatagram}) {
    const std::vector<Frame> set(frames, command);
    const Costs v1 = time_version(DatagramE2e::kNone, set, count, repeat);
    const Costs v2 = time_version(DatagramE2e::kCrc32, set, count, repeat);
    const std::size_t v2_bytes =
        kDatagramHeaderSize + frames * (kDatagramFrameOverhead + 8) + kDatagramCrcSize;
    std::printf("%-24s %7zu %14.1f %14.1f %14.1f %14.1f %9.2f %9.2f\n",
                frames == 1 ? "command (1 frame)" : "largest (16 frames)", v2_bytes, v1.encode, v2.encode,
                v1.decode, v2.decode, v2.encode / v1.encode, v2.decode / v1.decode);
  }
  return 0;
}
