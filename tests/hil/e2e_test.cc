// End-to-end protection of command frames (hil/e2e.h): the CRC against published check values and
// an independent bitwise computation, the layout from a message's signals, and the receiver's
// verdicts on one sender, a lost frame, a restart, a stuck sender and two senders.
#include "hil/e2e.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <stdexcept>
#include <vector>

#include "hil/default_messages.h"

namespace hilsim::hil {
namespace {

// CRC-8 SAE J1850 bit by bit, straight from its definition (MSB first, polynomial x^8 + x^4 + x^3 +
// x^2 + 1), as an independent computation.
std::uint8_t bitwise_crc8(const std::vector<std::uint8_t>& bytes) {
  std::uint8_t crc = 0xFF;
  for (std::uint8_t b : bytes) {
    crc ^= b;
    for (int i = 0; i < 8; ++i) crc = static_cast<std::uint8_t>((crc & 0x80) ? (crc << 1) ^ 0x1D : crc << 1);
  }
  return static_cast<std::uint8_t>(crc ^ 0xFF);
}

std::uint8_t crc(const std::vector<std::uint8_t>& bytes) { return crc8_sae_j1850(bytes); }

TEST(E2ECrc, MatchesTheCheckValueOfSaeJ1850) {
  // The catalogue check value of CRC-8/SAE-J1850 over the ASCII digits "123456789".
  EXPECT_EQ(crc({'1', '2', '3', '4', '5', '6', '7', '8', '9'}), 0x4B);
}

TEST(E2ECrc, MatchesTheAutosarCrcLibraryTestVectors) {
  // AUTOSAR SWS CRC Library, "8-bit SAE J1850 CRC Calculation", its table of check values.
  EXPECT_EQ(crc({0x00, 0x00, 0x00, 0x00}), 0x59);
  EXPECT_EQ(crc({0xF2, 0x01, 0x83}), 0x37);
  EXPECT_EQ(crc({0x0F, 0xAA, 0x00, 0x55}), 0x79);
  EXPECT_EQ(crc({0x00, 0xFF, 0x55, 0x11}), 0xB8);
  EXPECT_EQ(crc({0x33, 0x22, 0x55, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF}), 0xCB);
  EXPECT_EQ(crc({0x92, 0x6B, 0x55}), 0x8C);
  EXPECT_EQ(crc({0xFF, 0xFF, 0xFF, 0xFF}), 0x74);
}

TEST(E2ECrc, EqualsTheBitwiseDefinitionOnRandomBytes) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 1000; ++trial) {
    std::vector<std::uint8_t> bytes(rng() % 11);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
    ASSERT_EQ(crc(bytes), bitwise_crc8(bytes)) << "trial " << trial;
  }
}

E2ELayout default_layout() {
  const std::optional<E2ELayout> l = e2e_layout(default_messages(2)[0]);
  EXPECT_TRUE(l.has_value());
  return l.value_or(E2ELayout{});
}

Frame e2e_command(std::uint8_t counter, std::uint8_t payload = 0x11) {
  Frame f;
  f.id = kCommandId;
  f.length = 8;
  f.data = {0, 0, payload, 0x22, 0x33, 0x44, 0x55, 0x66};
  e2e_protect(default_layout(), f, counter);
  return f;
}

TEST(E2ELayoutTest, TheDefaultCommandMessageHasProfile11sOffsets) {
  const E2ELayout l = default_layout();
  EXPECT_EQ(l.id, kCommandId);
  EXPECT_EQ(l.crc_byte, 0);
  EXPECT_EQ(l.counter_byte, 1);
  EXPECT_EQ(l.counter_shift, 0);
}

TEST(E2ELayoutTest, TheCrcCoversTheDataIdLowByteFirstAndEveryOtherByte) {
  const Frame f = e2e_command(5);
  EXPECT_EQ(f.data[1] & 0x0F, 5);
  // 0x100: Data ID bytes 0x00, 0x01; then bytes 1..7.
  EXPECT_EQ(f.data[0], bitwise_crc8({0x00, 0x01, f.data[1], 0x11, 0x22, 0x33, 0x44, 0x55, 0x66}));
  Frame moved = f;
  moved.id = 0x101;  // the same bytes on another identifier: another Data ID
  E2ELayout l = default_layout();
  l.id = 0x101;
  EXPECT_NE(e2e_crc(l, moved), f.data[0]);
}

TEST(E2ELayoutTest, AMessageWithOneOfTheTwoSignalsOrAMisplacedOneIsRefused) {
  MessageSpec m = default_messages(1)[0];
  EXPECT_TRUE(e2e_layout(m).has_value());
  MessageSpec no_counter = m;
  std::erase_if(no_counter.signals, [](const SignalSpec& s) { return s.name == "e2e_counter"; });
  EXPECT_THROW(e2e_layout(no_counter), std::invalid_argument);
  MessageSpec shifted = m;
  for (SignalSpec& s : shifted.signals) {
    if (s.name == "e2e_crc") s.start_bit = 4;
  }
  EXPECT_THROW(e2e_layout(shifted), std::invalid_argument);
  MessageSpec none = m;
  std::erase_if(none.signals, [](const SignalSpec& s) { return s.name.rfind("e2e_", 0) == 0; });
  EXPECT_FALSE(e2e_layout(none).has_value());
}

class E2EReceiverTest : public ::testing::Test {
 protected:
  E2EReceiver rx{{default_layout()}, 3};
  E2EVerdict see(std::uint8_t counter, std::uint8_t payload = 0x11) {
    return rx.check(e2e_command(counter, payload));
  }
};

TEST_F(E2EReceiverTest, OneSenderCountingThroughTheWrapIsAccepted) {
  for (int i = 0; i < 40; ++i) ASSERT_EQ(see(static_cast<std::uint8_t>(i % 15)), E2EVerdict::kAccepted) << i;
  EXPECT_FALSE(rx.two_senders());
}

TEST_F(E2EReceiverTest, AWrongCrcOrCounter15IsRefused) {
  ASSERT_EQ(see(0), E2EVerdict::kAccepted);
  Frame f = e2e_command(1);
  f.data[4] ^= 0x01;  // one bit flipped on the way
  EXPECT_EQ(rx.check(f), E2EVerdict::kBadCrc);
  Frame unprotected = e2e_command(1);
  unprotected.data[0] = 0;
  EXPECT_EQ(rx.check(unprotected), E2EVerdict::kBadCrc);
  Frame fifteen = e2e_command(0);
  fifteen.data[1] = static_cast<std::uint8_t>((fifteen.data[1] & 0xF0) | 15);  // e2e_protect never writes 15
  fifteen.data[0] = e2e_crc(default_layout(), fifteen);
  EXPECT_EQ(rx.check(fifteen), E2EVerdict::kBadCounter);
  EXPECT_EQ(see(1), E2EVerdict::kAccepted);  // the refused frames did not move the sequence
}

TEST_F(E2EReceiverTest, ARepeatedFrameIsRefusedAndAStuckSenderStaysRefused) {
  ASSERT_EQ(see(3), E2EVerdict::kAccepted);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(see(3), E2EVerdict::kRepeated);
  EXPECT_FALSE(rx.two_senders());
}

TEST_F(E2EReceiverTest, ALostFrameOrARestartCostsOneRefusedFrame) {
  ASSERT_EQ(see(0), E2EVerdict::kAccepted);
  ASSERT_EQ(see(1), E2EVerdict::kAccepted);
  EXPECT_EQ(see(3), E2EVerdict::kJumped);  // 2 was lost
  EXPECT_EQ(see(4), E2EVerdict::kAccepted);
  EXPECT_EQ(see(0), E2EVerdict::kJumped);  // the controller restarted
  EXPECT_EQ(see(1), E2EVerdict::kAccepted);
  EXPECT_EQ(see(2), E2EVerdict::kAccepted);
  EXPECT_FALSE(rx.two_senders());
}

TEST_F(E2EReceiverTest, TwoInterleavedSequencesAreTwoSendersWithinFiveFrames) {
  // A counts 0, 1, 2, ... and B 7, 8, 9, ...: A0 B7 A1 B8 ...
  int detected_at = 0;
  for (int i = 0; i < 10; ++i) {
    const E2EVerdict a = see(static_cast<std::uint8_t>(i % 15), 0x10);
    const E2EVerdict b = see(static_cast<std::uint8_t>((7 + i) % 15), 0x20);
    if (detected_at) {  // from the frame after the detection on, nothing of either is accepted
      EXPECT_EQ(a, E2EVerdict::kTwoSenders) << i;
      EXPECT_EQ(b, E2EVerdict::kTwoSenders) << i;
    }
    if (!detected_at && a == E2EVerdict::kTwoSenders) detected_at = 2 * i + 1;
    if (!detected_at && b == E2EVerdict::kTwoSenders) detected_at = 2 * i + 2;
  }
  EXPECT_GT(detected_at, 0);
  EXPECT_LE(detected_at, 5);
  EXPECT_TRUE(rx.two_senders());
  EXPECT_EQ(rx.two_sender_onsets(), 1u);
  // B stops: A alone for recover_frames (3) frames ends it.
  EXPECT_EQ(see(10, 0x10), E2EVerdict::kTwoSenders);
  EXPECT_EQ(see(11, 0x10), E2EVerdict::kTwoSenders);
  EXPECT_EQ(see(12, 0x10), E2EVerdict::kAccepted);
  EXPECT_FALSE(rx.two_senders());
  EXPECT_EQ(rx.two_sender_ends(), 1u);
  EXPECT_EQ(see(13, 0x10), E2EVerdict::kAccepted);
}

TEST_F(E2EReceiverTest, OneSenderLosingFramesTwiceIsNeverTwoSenders) {
  // 0..3, 5..14, 0..2, then 4: the second jump's counter continues the sequence the first jump left.
  std::vector<int> counters = {0, 1, 2, 3};
  for (int c = 5; c <= 14; ++c) counters.push_back(c);
  for (int c : {0, 1, 2, 4, 5, 6, 7}) counters.push_back(c);
  int jumps = 0;
  for (int c : counters) {
    const E2EVerdict v = see(static_cast<std::uint8_t>(c));
    EXPECT_NE(v, E2EVerdict::kTwoSenders) << "counter " << c;
    jumps += v == E2EVerdict::kJumped;
  }
  EXPECT_EQ(jumps, 2);
  EXPECT_FALSE(rx.two_senders());
}

TEST_F(E2EReceiverTest, TwoSendersInStepAreTwoSendersToo) {
  ASSERT_EQ(see(0, 0x10), E2EVerdict::kAccepted);
  EXPECT_EQ(see(0, 0x20), E2EVerdict::kTwoSenders);  // the same counter, other data
  EXPECT_TRUE(rx.two_senders());
}

TEST_F(E2EReceiverTest, WhenTheFirstSenderGoesQuietTheOtherSequenceRecovers) {
  for (int i = 0; i < 4; ++i) {
    see(static_cast<std::uint8_t>(i), 0x10);
    see(static_cast<std::uint8_t>(7 + i), 0x20);
  }
  ASSERT_TRUE(rx.two_senders());
  // A stops; B goes on: 11, 12, 13 end the state.
  EXPECT_EQ(see(11, 0x20), E2EVerdict::kTwoSenders);
  EXPECT_EQ(see(12, 0x20), E2EVerdict::kTwoSenders);
  EXPECT_EQ(see(13, 0x20), E2EVerdict::kAccepted);
  EXPECT_FALSE(rx.two_senders());
}

}  // namespace
}  // namespace hilsim::hil
