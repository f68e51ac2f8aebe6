// The UDP bridge on real sockets (loopback): valid commands reach the channel; every kind of bad
// datagram is counted by its reason and never changes κ, a corrupted one (CRC-32) and an unprotected
// one (version 1 with [udp] e2e = "crc32") among them; lost and reordered sequence numbers are
// counted; the sensor snapshot goes out as datagrams the controller side decodes, in the version
// [udp] e2e asks for.
#include "hil/udp_bridge.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <sstream>
#include <string>
#include <thread>

#include "hil/dbc_writer.h"
#include "hil/default_messages.h"
#include "hil/socket_address.h"

namespace hilsim::hil {
namespace {

// A controller's socket bound to <ip>:<port> (port 0: any free one).
class Socket {
 public:
  explicit Socket(const char* ip = "127.0.0.1", std::uint16_t port = 0) {
    fd_ = socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a = parse_socket_address(std::string(ip) + ":0", true, true).address;
    a.sin_port = htons(port);
    EXPECT_EQ(bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a), 0) << ip << ":" << port;
    timeval tv{0, 200'000};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  }
  ~Socket() { close(fd_); }
  std::uint16_t port() const {
    sockaddr_in a{};
    socklen_t len = sizeof a;
    getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
    return ntohs(a.sin_port);
  }
  void send(const std::vector<std::uint8_t>& bytes, const sockaddr_in& to) const {
    ASSERT_EQ(sendto(fd_, bytes.data(), bytes.size(), 0, reinterpret_cast<const sockaddr*>(&to), sizeof to),
              static_cast<ssize_t>(bytes.size()));
  }
  // The next datagram, or empty after the timeout.
  std::vector<std::uint8_t> receive() const {
    std::vector<std::uint8_t> buf(512);
    const ssize_t n = recv(fd_, buf.data(), buf.size(), 0);
    buf.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    return buf;
  }

 private:
  int fd_ = -1;
};

// A one-actuator command datagram: version 2 (CRC-32) unless `e2e` says none (version 1).
std::vector<std::uint8_t> command_datagram(std::uint32_t seq, double kappa,
                                           DatagramE2e e2e = DatagramE2e::kCrc32) {
  Frame f;
  f.id = kCommandId;
  f.length = 8;
  const std::vector<MessageSpec> messages = default_messages(1);
  encode(messages[0].signals[2], kappa, std::span<std::uint8_t>(f.data.data(), 8));  // kappa_1
  std::vector<std::uint8_t> out(kMaxDatagramSize);
  out.resize(encode_datagram(e2e, seq, std::span<const Frame>(&f, 1), out));
  return out;
}

// A command whose κ field holds a raw value (for out-of-range values the encoder would clamp).
std::vector<std::uint8_t> raw_command_datagram(std::uint32_t seq, std::uint32_t raw) {
  Frame f;
  f.id = kCommandId;
  f.length = 8;
  // kappa_1: 24 bits from data byte 2 (hil/default_messages.h).
  for (int i = 0; i < 3; ++i)
    f.data[static_cast<std::size_t>(2 + i)] = static_cast<std::uint8_t>(raw >> (8 * i));
  std::vector<std::uint8_t> out(kMaxDatagramSize);
  out.resize(encode_datagram(DatagramE2e::kCrc32, seq, std::span<const Frame>(&f, 1), out));
  return out;
}

// A version 2 datagram changed on purpose, with its CRC-32 made right again: what a sender that
// protects a malformed datagram sends.
std::vector<std::uint8_t> sealed_datagram(std::vector<std::uint8_t> d) {
  const std::uint32_t crc = datagram_crc32(std::span(d).first(d.size() - kDatagramCrcSize));
  for (std::size_t i = 0; i < 4; ++i) d[d.size() - 4 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
  return d;
}

struct UdpBench {
  Socket controller;
  Socket sensors_in;
  rt::LatestValue<ValveCommandSample> commands;
  rt::LatestValue<SensorSnapshot> sensors;
  std::unique_ptr<UdpBridge> bridge;
  sockaddr_in to{};

  explicit UdpBench(OutOfRange policy = OutOfRange::kClamp, const std::string& peer = "127.0.0.1",
                    double output_rate_hz = 1000.0, DatagramE2e e2e = DatagramE2e::kCrc32) {
    UdpSettings udp;
    udp.listen = "127.0.0.1:0";
    udp.peer = peer;
    udp.e2e = e2e;
    udp.send_to = "127.0.0.1:" + std::to_string(sensors_in.port());
    HilSettings hil;
    hil.out_of_range = policy;
    hil.output_rate = output_rate_hz;
    bridge =
        std::make_unique<UdpBridge>(udp, hil, default_messages(1), 1, CommandChannels{{&commands, nullptr}},
                                    SensorChannels{&sensors, nullptr}, rt::IoThreadPlacement{});
    to = bridge->local_address();
    bridge->start();
  }
  // Sends, then waits until the bridge has seen `total` datagrams.
  void send(const std::vector<std::uint8_t>& d) { controller.send(d, to); }
  double kappa() {
    ValveCommandSample s;
    return commands.read(s) ? s.kappa : -1.0;
  }
  const UdpBridgeCounters& finish() {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    bridge->stop();
    return bridge->counters();
  }
};

// Polls the command channel for up to 1 s until it shows `kappa`.
bool kappa_becomes(UdpBench& b, double kappa) {
  for (int i = 0; i < 1000; ++i) {
    if (std::fabs(b.kappa() - kappa) < 1e-9) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

TEST(UdpBridge, AValidCommandReachesTheChannel) {
  UdpBench b;
  b.send(command_datagram(1, 0.5));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_NEAR(b.kappa(), 0.5, 1e-9);  // 1e-9 per bit
  const UdpBridgeCounters& c = b.finish();
  EXPECT_EQ(c.datagrams, 1u);
  EXPECT_EQ(c.commands, 1u);
}

// What the DBC says of the command frame's end-to-end bytes is what the UDP bridge does: over UDP
// the datagram's CRC-32 and sequence protect the frame, and a frame whose e2e_crc and e2e_counter
// are left 0 (wrong for CRC-8 over its bytes) is applied; on CAN they are checked (CanFrames tests).
TEST(UdpBridge, TheCommandFramesE2eBytesAreNotCheckedAsTheDbcSays) {
  std::ostringstream dbc;
  write_dbc(dbc, default_messages(1), {"Controller", "Hilsim"});
  EXPECT_NE(dbc.str().find("Over UDP these bytes are not checked"), std::string::npos) << dbc.str();
  EXPECT_EQ(dbc.str().find("mode both). hilsim refuses a frame"), std::string::npos);  // not without "On CAN"
  UdpBench b;
  for (std::uint32_t seq = 1; seq <= 3; ++seq)
    b.send(raw_command_datagram(seq, 3000000 + seq));  // bytes 0, 1: 0
  EXPECT_TRUE(kappa_becomes(b, 0.3000003));
  const UdpBridgeCounters& c = b.finish();
  EXPECT_EQ(c.commands, 3u);
}

// The early hint of a run that takes no command names what arrived and why it was not taken.
TEST(UdpBridge, TheNoCommandHintSaysWhatArrivedAndWhy) {
  UdpBridgeCounters c;
  EXPECT_EQ(
      no_command_hint(c, 1.0, "127.0.0.1:47800", "10.0.0.2:47801"),
      "udp: no command accepted in the first 1 s: nothing arrived on 127.0.0.1:47800 (is the controller "
      "sending to this address and port? [udp] listen)");
  c.datagrams = 12;
  c.wrong_peer = 5;
  c.refused[static_cast<std::size_t>(DatagramError::kBadChecksum)] = 4;
  c.unknown_frames = 3;
  const std::string hint = no_command_hint(c, 1.0, "127.0.0.1:47800", "10.0.0.2:47801");
  EXPECT_NE(hint.find("12 datagram(s) arrived on 127.0.0.1:47800: 5 from another address than [udp] peer "
                      "10.0.0.2:47801; 4 refused: "),
            std::string::npos)
      << hint;
  EXPECT_NE(hint.find("3 frames with ids that are no command's"), std::string::npos) << hint;
}

TEST(UdpBridge, BadDatagramsAreCountedAndNeverChangeKappa) {
  UdpBench b(OutOfRange::kReject);
  b.send(command_datagram(10, 0.4));
  const std::vector<std::uint8_t> good = command_datagram(11, 0.9);
  std::vector<std::uint8_t> bad;
  bad = {0x48, 0x02};  // short
  b.send(bad);
  bad = good;
  bad[1] = 3;  // version
  b.send(bad);
  bad = good;
  bad[0] = 0x00;  // magic
  b.send(bad);
  bad = good;
  bad.push_back(0);  // trailing byte, under a correct CRC
  b.send(sealed_datagram(bad));
  bad = good;
  bad.erase(bad.end() - 5);  // truncated: the last data byte gone, under a correct CRC
  b.send(sealed_datagram(bad));
  bad = good;
  bad[14] ^= 0x10;  // a data bit flipped in transit: the CRC no longer matches
  b.send(bad);
  b.send(command_datagram(11, 0.9, DatagramE2e::kNone));  // version 1: no checksum, refused by e2e = "crc32"
  b.send(command_datagram(10, 0.9));                      // duplicate sequence number
  b.send(command_datagram(9, 0.9));                       // older: reordered
  b.send(raw_command_datagram(12, 12000000u));            // κ = 1.2: out of range, rejected
  Socket stranger("127.0.0.2");
  stranger.send(command_datagram(13, 0.9), b.to);  // another address
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_NEAR(b.kappa(), 0.4, 1e-9);
  const UdpBridgeCounters& c = b.finish();
  EXPECT_EQ(c.datagrams, 12u);
  EXPECT_EQ(c.commands, 1u);
  EXPECT_EQ(c.refused[static_cast<int>(DatagramError::kTooShort)], 1u);
  EXPECT_EQ(c.refused[static_cast<int>(DatagramError::kBadVersion)], 1u);
  EXPECT_EQ(c.refused[static_cast<int>(DatagramError::kBadMagic)], 1u);
  EXPECT_EQ(c.refused[static_cast<int>(DatagramError::kTrailingBytes)], 1u);
  EXPECT_EQ(c.refused[static_cast<int>(DatagramError::kTruncated)], 1u);
  EXPECT_EQ(c.refused[static_cast<int>(DatagramError::kBadChecksum)], 1u);
  EXPECT_EQ(c.refused[static_cast<int>(DatagramError::kNoChecksum)], 1u);
  EXPECT_EQ(c.refused_total(), 7u);
  EXPECT_EQ(c.sequence.duplicates, 1u);
  EXPECT_EQ(c.sequence.reordered, 1u);
  EXPECT_EQ(c.rejected_range, 1u);
  EXPECT_EQ(c.wrong_peer, 1u);
  EXPECT_EQ(c.unprotected, 0u);
}

// The report names every refused datagram's reason with its count.
TEST(UdpBridge, TheReportNamesTheRefusedDatagramsByReason) {
  UdpBench b;
  std::vector<std::uint8_t> corrupted = command_datagram(2, 0.9);
  corrupted[13] ^= 0x01;
  b.send(corrupted);
  b.send(corrupted);
  b.send(command_datagram(3, 0.9, DatagramE2e::kNone));
  b.finish();
  testing::internal::CaptureStdout();
  b.bridge->print_report();
  const std::string report = testing::internal::GetCapturedStdout();
  EXPECT_NE(report.find("3 datagrams received: 0 from another address, 3 refused, "), std::string::npos)
      << report;
  EXPECT_NE(report.find("udp:   refused, CRC-32 does not match (corrupted): 2\n"), std::string::npos)
      << report;
  EXPECT_NE(
      report.find("udp:   refused, version 1, no checksum (e2e = \"crc32\" accepts version 2 only): 1\n"),
      std::string::npos)
      << report;
}

// [udp] e2e = "none": a controller that cannot compute the CRC sends version 1, which is accepted
// (and counted as unprotected); version 2 is accepted too, its CRC still checked; the sensors go
// out as version 1.
TEST(UdpBridge, WithE2eNoneBothVersionsAreAcceptedAndTheSensorsGoOutAsVersion1) {
  UdpBench b(OutOfRange::kClamp, "127.0.0.1", 1000.0, DatagramE2e::kNone);
  b.send(command_datagram(1, 0.5, DatagramE2e::kNone));
  EXPECT_TRUE(kappa_becomes(b, 0.5));
  b.send(command_datagram(2, 0.6, DatagramE2e::kCrc32));
  EXPECT_TRUE(kappa_becomes(b, 0.6));
  std::vector<std::uint8_t> corrupted = command_datagram(3, 0.7, DatagramE2e::kCrc32);
  corrupted[13] ^= 0x01;
  b.send(corrupted);
  b.sensors.publish(SensorSnapshot{});
  const std::vector<std::uint8_t> sensors = b.sensors_in.receive();
  const UdpBridgeCounters& c = b.finish();
  EXPECT_NEAR(b.kappa(), 0.6, 1e-9);
  EXPECT_EQ(c.commands, 2u);
  EXPECT_EQ(c.unprotected, 1u);
  EXPECT_EQ(c.refused[static_cast<int>(DatagramError::kBadChecksum)], 1u);
  ASSERT_GE(sensors.size(), 8u);
  EXPECT_EQ(sensors[1], 1) << "version 1";
  DecodedDatagram d;
  EXPECT_EQ(decode_datagram(sensors, DatagramE2e::kNone, d), DatagramError::kOk);
  EXPECT_EQ(decode_datagram(sensors, DatagramE2e::kCrc32, d), DatagramError::kNoChecksum);
}

// The start of a run says which versions the bridge sends and accepts.
TEST(UdpBridge, TheE2eDescriptionSaysWhatIsSentAndAccepted) {
  EXPECT_EQ(UdpBench().bridge->e2e_description(),
            "udp: e2e = \"crc32\": sending datagram version 2 (CRC-32), accepting version 2 only (version 1, "
            "without a checksum, is refused)");
  EXPECT_EQ(
      UdpBench(OutOfRange::kClamp, "127.0.0.1", 1000.0, DatagramE2e::kNone).bridge->e2e_description(),
      "udp: e2e = \"none\": sending datagram version 1 (no checksum), accepting versions 1 and 2 (a version "
      "2 datagram's CRC-32 is checked)");
}

TEST(UdpBridge, OutOfRangeIsClampedWhenConfigured) {
  UdpBench b(OutOfRange::kClamp);
  b.send(raw_command_datagram(1, 0xFFFFFFu));  // κ = 1.68
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(b.kappa(), 1.0);
  const UdpBridgeCounters& c = b.finish();
  EXPECT_EQ(c.clamped, 1u);
}

TEST(UdpBridge, GapsAreCountedAsLostAndTheNewerCommandApplies) {
  UdpBench b;
  b.send(command_datagram(100, 0.3));
  b.send(command_datagram(104, 0.6));  // 101..103 lost
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_NEAR(b.kappa(), 0.6, 1e-9);
  EXPECT_EQ(b.finish().sequence.lost, 3u);
}

// A controller that restarts binds the same port again and numbers its datagrams from 1 (as
// `hilsim controller` does): its new commands must be applied before the watchdog would trip.
TEST(UdpBridge, ARestartedSenderIsAcceptedAgainWithinTheWatchdogTimeout) {
  UdpBench b;
  std::uint16_t port = 0;
  {
    Socket first_life;
    port = first_life.port();
    for (std::uint32_t seq = 1; seq <= 3000; ++seq) first_life.send(command_datagram(seq, 0.3), b.to);
    ASSERT_TRUE(kappa_becomes(b, 0.3));
  }
  Socket second_life("127.0.0.1", port);
  const double timeout_s = HilSettings{}.watchdog_timeout;
  const int within = static_cast<int>(timeout_s / 1e-3);  // datagrams at 1 kHz before the watchdog trips
  int sent = 0;
  bool applied = false;
  while (!applied && sent < 3 * within) {
    second_life.send(command_datagram(static_cast<std::uint32_t>(++sent), 0.6), b.to);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    applied = std::fabs(b.kappa() - 0.6) < 1e-9;
  }
  EXPECT_TRUE(applied) << "the restarted sender's " << sent << " datagrams were all dropped";
  EXPECT_LE(sent, within) << "accepted only after " << sent << " datagrams at 1 kHz";
  const UdpBridgeCounters& c = b.finish();
  EXPECT_EQ(c.sequence.restarts, 1u);
  EXPECT_EQ(c.senders, 1u);  // the same address and port: one sender, restarted
}

// With the peer given as an address only, every port of it is a sender of its own: a datagram
// with a huge sequence number from another port does not make the controller's "old".
TEST(UdpBridge, AnotherPortsHugeSequenceDoesNotLockTheControllerOut) {
  UdpBench b;  // peer = "127.0.0.1": any port
  b.send(command_datagram(1, 0.3));
  ASSERT_TRUE(kappa_becomes(b, 0.3));
  Socket other_process;
  other_process.send(command_datagram(5'000'001, 0.9), b.to);
  ASSERT_TRUE(kappa_becomes(b, 0.9));  // accepted: the configuration trusts every port of the address
  b.send(command_datagram(2, 0.5));
  EXPECT_TRUE(kappa_becomes(b, 0.5)) << "the controller was locked out";
  const UdpBridgeCounters& c = b.finish();
  EXPECT_EQ(c.sequence.reordered, 0u);
  EXPECT_EQ(c.commands, 3u);
  EXPECT_EQ(c.senders, 2u);
}

TEST(UdpBridge, ThePeerDescriptionSaysWhetherAnyPortIsAccepted) {
  EXPECT_EQ(UdpBench(OutOfRange::kClamp, "127.0.0.1")
                .bridge->peer_description()
                .rfind("udp: accepting commands from 127.0.0.1, any port (", 0),
            0u);
  EXPECT_EQ(UdpBench(OutOfRange::kClamp, "127.0.0.1:5000").bridge->peer_description(),
            "udp: accepting commands from 127.0.0.1:5000 only");
}

TEST(UdpBridge, SensorsAreSentAtTheConfiguredRateAndDecodeToTheSnapshot) {
  UdpBench b;
  SensorSnapshot s;
  s.micro_step = 999;
  s.t = 0.1;
  s.s = 0.5;
  s.s_dot = -0.0123;
  s.p1 = 3.1708462e6;
  s.p2 = 4.5291538e6;
  s.f_h = 8829.0;
  s.kappa = 0.45434559;
  s.watchdog_active = true;
  s.overruns = 3;
  s.last_sequence = 0x1234;
  b.sensors.publish(s);
  const auto t0 = std::chrono::steady_clock::now();
  int received = 0;
  DecodedDatagram d;
  while (received < 50) {
    const std::vector<std::uint8_t> bytes = b.sensors_in.receive();
    if (bytes.empty()) break;
    ASSERT_EQ(bytes[1], 2) << "version 2: [udp] e2e = \"crc32\" by default";
    ASSERT_EQ(decode_datagram(bytes, DatagramE2e::kCrc32, d), DatagramError::kOk);
    ++received;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  b.finish();
  ASSERT_EQ(received, 50);
  EXPECT_LT(seconds, 0.2) << "1 kHz: 50 datagrams in about 50 ms";
  const std::vector<MessageSpec> m = sensor_messages(default_messages(1));
  ASSERT_EQ(d.count, m.size());
  const auto value = [&](std::size_t frame, std::size_t signal) {
    return decode(m[frame].signals[signal], std::span<const std::uint8_t>(d.frames[frame].data.data(), 8));
  };
  EXPECT_NEAR(value(0, 0), s.s, 1e-5);
  EXPECT_NEAR(value(0, 1), s.s_dot, 0.5e-4);
  EXPECT_NEAR(value(0, 2), s.p1, 250.0);
  EXPECT_NEAR(value(0, 3), s.p2, 250.0);
  EXPECT_NEAR(value(1, 0), s.f_h, 0.005);
  EXPECT_NEAR(value(1, 1), s.kappa, 1e-9);
  EXPECT_EQ(value(2, 0), 1.0);  // watchdog active
  EXPECT_EQ(value(2, 1), 0.0);  // no fault
  EXPECT_EQ(value(2, 2), 0.0);  // bus_off: UDP has no bus
  EXPECT_EQ(value(2, 3), 0.0);  // bus_error
  EXPECT_EQ(value(2, 4), 3.0);  // overruns
  EXPECT_NEAR(value(2, 5), 0.1, 0.5e-4);
  EXPECT_EQ(value(2, 6), 0x34);  // low byte of the sequence
}

// Output periods the I/O thread missed are reported with the datagrams sent: none in a short run at
// 100 Hz (a 10 ms period, which even a loaded machine's SCHED_OTHER wake-ups keep).
TEST(UdpBridge, TheReportCountsMissedOutputPeriodsNoneInANormalRun) {
  UdpBench b(OutOfRange::kClamp, "127.0.0.1", 100.0);
  b.sensors.publish(SensorSnapshot{});
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const UdpBridgeCounters& c = b.finish();
  EXPECT_GE(c.sent, 20u);
  EXPECT_EQ(c.missed_periods, 0u);
  testing::internal::CaptureStdout();
  b.bridge->print_report();
  const std::string report = testing::internal::GetCapturedStdout();
  const std::string sent =
      std::to_string(c.sent) + " sensor datagrams sent (0 send errors, 0 output periods missed";
  EXPECT_NE(report.find(sent), std::string::npos) << report;
}

// A two-actuator crane: one bridge, a command and a sensor channel per actuator.
struct TwoActuatorBench {
  Socket controller;
  Socket sensors_in;
  std::array<rt::LatestValue<ValveCommandSample>, 2> commands;
  std::array<rt::LatestValue<SensorSnapshot>, 2> sensors;
  std::unique_ptr<UdpBridge> bridge;
  sockaddr_in to{};

  TwoActuatorBench() {
    UdpSettings udp;
    udp.listen = "127.0.0.1:0";
    udp.send_to = "127.0.0.1:" + std::to_string(sensors_in.port());
    bridge = std::make_unique<UdpBridge>(udp, HilSettings{}, default_messages(2), 2,
                                         CommandChannels{{&commands[0], &commands[1]}},
                                         SensorChannels{&sensors[0], &sensors[1]}, rt::IoThreadPlacement{});
    to = bridge->local_address();
    bridge->start();
  }
  double kappa(int k) {
    ValveCommandSample s;
    return commands[static_cast<std::size_t>(k)].read(s) ? s.kappa : -1.0;
  }
};

TEST(UdpBridge, ATwoActuatorCommandPublishesEachKappaOnItsActuatorsChannel) {
  TwoActuatorBench b;
  Frame f;
  f.id = kCommandId;
  f.length = 8;
  const MessageSpec m = default_messages(2)[0];
  encode(m.signals[2], 0.3, std::span<std::uint8_t>(f.data.data(), 8));  // kappa_1
  encode(m.signals[3], 0.8, std::span<std::uint8_t>(f.data.data(), 8));  // kappa_2
  std::vector<std::uint8_t> d(kMaxDatagramSize);
  d.resize(encode_datagram(DatagramE2e::kCrc32, 1, std::span<const Frame>(&f, 1), d));
  b.controller.send(d, b.to);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_NEAR(b.kappa(0), 0.3, 1e-9);
  EXPECT_NEAR(b.kappa(1), 0.8, 1e-9);
  b.bridge->stop();
  EXPECT_EQ(b.bridge->counters().commands, 1u);
}

// Signal `signal` of sensor frame `frame` of a datagram of the default two-actuator mapping.
double two_actuator_sensor(const DecodedDatagram& d, std::size_t frame, std::size_t signal) {
  static const std::vector<MessageSpec> m = sensor_messages(default_messages(2));
  return decode(m[frame].signals[signal], std::span<const std::uint8_t>(d.frames[frame].data.data(), 8));
}

TEST(UdpBridge, TwoActuatorSensorsGoOutOnlyOnceBothHaveASnapshot) {
  TwoActuatorBench b;
  SensorSnapshot s1;
  s1.s = 0.5;
  s1.t = 0.2;
  b.sensors[0].publish(s1);
  EXPECT_TRUE(b.sensors_in.receive().empty()) << "actuator 2 has no snapshot yet: nothing is sent";
  SensorSnapshot s2;
  s2.actuator = 1;
  s2.s = 0.75;
  s2.p1 = 5.0e6;
  s2.kappa = 0.62;
  b.sensors[1].publish(s2);
  const std::vector<std::uint8_t> bytes = b.sensors_in.receive();
  b.bridge->stop();
  DecodedDatagram d;
  ASSERT_EQ(decode_datagram(bytes, DatagramE2e::kCrc32, d), DatagramError::kOk);
  ASSERT_EQ(d.count, sensor_messages(default_messages(2)).size());
  EXPECT_NEAR(two_actuator_sensor(d, 0, 0), 0.5, 2e-5);   // s_1
  EXPECT_NEAR(two_actuator_sensor(d, 2, 0), 0.75, 2e-5);  // s_2
  EXPECT_NEAR(two_actuator_sensor(d, 2, 2), 5.0e6, 500.0);
  EXPECT_NEAR(two_actuator_sensor(d, 3, 1), 0.62, 1e-9);  // kappa_applied_2
}

// The status frame's sim_time stands for every sensor of the datagram: the two actuators' snapshots
// (published by two threads with direct couplings) go out together only when they are of the same
// micro step.
TEST(UdpBridge, TwoActuatorSensorsGoOutOnlyFromTheSameMicroStep) {
  TwoActuatorBench b;
  SensorSnapshot s1;
  s1.micro_step = 41;
  s1.t = 4.2e-3;
  s1.s = 0.5;
  SensorSnapshot s2;
  s2.actuator = 1;
  s2.micro_step = 40;  // its thread is a step behind
  s2.s = 0.75;
  b.sensors[0].publish(s1);
  b.sensors[1].publish(s2);
  EXPECT_TRUE(b.sensors_in.receive().empty()) << "snapshots of micro steps 41 and 40 were sent as one";
  s2.micro_step = 41;
  s2.s = 0.76;
  b.sensors[1].publish(s2);
  const std::vector<std::uint8_t> bytes = b.sensors_in.receive();
  b.bridge->stop();
  DecodedDatagram d;
  ASSERT_EQ(decode_datagram(bytes, DatagramE2e::kCrc32, d), DatagramError::kOk);
  EXPECT_NEAR(two_actuator_sensor(d, 2, 0), 0.76, 2e-5);  // s_2 of micro step 41
}

TEST(UdpBridge, AnActuatorWithoutChannelsIsRefused) {
  rt::LatestValue<ValveCommandSample> commands;
  rt::LatestValue<SensorSnapshot> sensors;
  UdpSettings udp;
  udp.listen = "127.0.0.1:0";
  EXPECT_THROW(UdpBridge(udp, HilSettings{}, default_messages(2), 2, CommandChannels{{&commands, nullptr}},
                         SensorChannels{&sensors, nullptr}, {}),
               std::invalid_argument);
}

TEST(UdpBridge, AnAddressInUseIsAClearError) {
  Socket taken;
  UdpSettings udp;
  udp.listen = "127.0.0.1:" + std::to_string(taken.port());
  rt::LatestValue<ValveCommandSample> commands;
  rt::LatestValue<SensorSnapshot> sensors;
  try {
    UdpBridge bridge(udp, HilSettings{}, default_messages(1), 1, CommandChannels{{&commands, nullptr}},
                     SensorChannels{&sensors, nullptr}, {});
    FAIL();
  } catch (const BridgeError& e) {
    EXPECT_NE(
        std::string(e.what()).find("cannot bind udp.listen = " + udp.listen + ": Address already in use"),
        std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace hilsim::hil
