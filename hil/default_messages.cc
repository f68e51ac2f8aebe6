#include "hil/default_messages.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace hilsim::hil {

// Rounding the product of raw count and scale to 12 significant digits stays inside the raw range
// by far.
double tidy(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.12g", v);
  return std::strtod(buf, nullptr);
}

void set_full_range(SignalSpec& s) {
  if (s.is_signed) {
    const double half = static_cast<double>(std::uint64_t{1} << (s.length - 1));
    s.min = tidy(-half * s.scale);
    s.max = tidy((half - 1.0) * s.scale);
  } else {
    s.min = 0.0;
    s.max = tidy(s.scale * static_cast<double>((std::uint64_t{1} << s.length) - 1));
  }
}

namespace {

SignalSpec unsigned_signal(const std::string& name, int start, int length, double scale,
                           const std::string& unit) {
  SignalSpec s;
  s.name = name;
  s.start_bit = start;
  s.length = length;
  s.scale = scale;
  s.unit = unit;
  set_full_range(s);
  return s;
}

SignalSpec signed_signal(const std::string& name, int start, int length, double scale,
                         const std::string& unit) {
  SignalSpec s = unsigned_signal(name, start, length, scale, unit);
  s.is_signed = true;
  set_full_range(s);
  return s;
}

// 24 bits at 1e-7 per bit: the quantisation (5e-8) is far below what moves the crane (a 16-bit κ
// at 2e-5 per bit would already misplace κ0 by 6e-6, enough for the held load to creep 0.06 mm in
// 4 s; 5e-8 makes that 0.5 µm), and it leaves bytes 0 and 1 of the command frame to its end-to-end
// protection (hil/e2e.h).
SignalSpec kappa_signal(const std::string& name, int start) {
  SignalSpec s = unsigned_signal(name, start, 24, 1e-7, "");
  s.max = 1.0;  // κ is a spool position in [0, 1]; raw values above 1e7 are out of range
  return s;
}

// The applied κ in a sensor frame: 32 bits at 1e-9 (no protection bytes to make room for).
SignalSpec applied_kappa_signal(const std::string& name, int start) {
  SignalSpec s = unsigned_signal(name, start, 32, 1e-9, "");
  s.max = 1.0;
  return s;
}

}  // namespace

std::vector<MessageSpec> default_messages(int actuators, bool contact_force) {
  std::vector<MessageSpec> m;
  // Byte 0 the CRC, byte 1's low nibble the alive counter (AUTOSAR E2E profile 11's offsets,
  // hil/e2e.h), then κ1 and κ2.
  m.push_back({"HilsimCommand",
               kCommandId,
               false,
               8,
               "Controller",
               {unsigned_signal("e2e_crc", 0, 8, 1.0, ""), unsigned_signal("e2e_counter", 8, 4, 1.0, ""),
                kappa_signal("kappa_1", 16), kappa_signal("kappa_2", 40)}});
  for (int k = 1; k <= actuators; ++k) {
    const std::string n = std::to_string(k);
    const std::uint32_t base = 0x200 + 0x10 * static_cast<std::uint32_t>(k - 1);
    m.push_back({"HilsimActuator" + n,
                 base,
                 false,
                 8,
                 "Hilsim",
                 {unsigned_signal("s_" + n, 0, 16, 2e-5, "m"),      // 0 .. 1.31 m by 20 µm
                  signed_signal("sdot_" + n, 16, 16, 1e-4, "m/s"),  // ±3.27 m/s by 0.1 mm/s
                  unsigned_signal("p1_" + n, 32, 16, 500.0, "Pa"),  // 0 .. 32.8 MPa by 500 Pa
                  unsigned_signal("p2_" + n, 48, 16, 500.0, "Pa")}});
    m.push_back({"HilsimForce" + n,
                 base + 1,
                 false,
                 8,
                 "Hilsim",
                 {signed_signal("fh_" + n, 0, 32, 0.01, "N"),  // ±21 MN by 0.01 N
                  applied_kappa_signal("kappa_applied_" + n, 32)}});
  }
  if (contact_force) {
    // A normal force: 0 .. 42.9 MN by 0.01 N, as fine as the cylinders' force.
    m.push_back({"HilsimContact",
                 kContactId,
                 false,
                 4,
                 "Hilsim",
                 {unsigned_signal("contact_force", 0, 32, 0.01, "N")}});
  }
  m.push_back(
      {"HilsimStatus",
       kStatusId,
       false,
       8,
       "Hilsim",
       {unsigned_signal("watchdog_active", 0, 1, 1.0, ""), unsigned_signal("numerical_fault", 1, 1, 1.0, ""),
        unsigned_signal("bus_off", 2, 1, 1.0, ""), unsigned_signal("bus_error", 3, 1, 1.0, ""),
        unsigned_signal("overruns", 8, 15, 1.0, ""), unsigned_signal("sim_time", 24, 32, 1e-4, "s"),
        unsigned_signal("sequence_echo", 56, 8, 1.0, ""),
        // Byte 0's free bits, added after the signals above so that their order stays.
        unsigned_signal("end_stop", 4, 1, 1.0, ""), unsigned_signal("cavitation", 5, 1, 1.0, ""),
        unsigned_signal("relief", 6, 1, 1.0, ""),
        // The CAN link's faults (issue of the link's loss and of two senders): byte 0's last
        // bit, and bit 23, which overruns gave up (it saturates at 32767 since).
        unsigned_signal("link_lost", 7, 1, 1.0, ""), unsigned_signal("two_senders", 23, 1, 1.0, "")}});
  return m;
}

std::vector<MessageSpec> command_messages(const std::vector<MessageSpec>& all) {
  std::vector<MessageSpec> out;
  for (const MessageSpec& m : all) {
    if (m.sender != "Hilsim") out.push_back(m);
  }
  return out;
}

std::vector<MessageSpec> sensor_messages(const std::vector<MessageSpec>& all) {
  std::vector<MessageSpec> out;
  for (const MessageSpec& m : all) {
    if (m.sender == "Hilsim") out.push_back(m);
  }
  return out;
}

}  // namespace hilsim::hil
