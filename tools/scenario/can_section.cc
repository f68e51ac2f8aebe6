#include "tools/scenario/can_section.h"

#include <cstdint>
#include <optional>

#include "tools/scenario/table_reader.h"

namespace hilsim::scenario {

namespace {

std::optional<std::int64_t> widened(const auto& optional) {
  return optional ? std::optional<std::int64_t>(*optional) : std::nullopt;
}

// A key given as an integer, checked against [lo, hi] here because the setting's type is narrower.
std::int64_t in_range(const std::string& path, const std::string& key, std::int64_t v, std::int64_t lo,
                      std::int64_t hi, const std::string& unit) {
  if (v < lo || v > hi) {
    throw InputError(path + ": key '" + key + "' = " + std::to_string(v) + unit +
                     " is outside the accepted range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                     "]");
  }
  return v;
}

hil::JoystickAxis parse_axis(const std::string& path, const std::string& key, const std::string& axis) {
  if (axis == "x") return hil::JoystickAxis::kX;
  if (axis == "y") return hil::JoystickAxis::kY;
  throw InputError(path + ": key '" + key + "' = '" + axis + "' is not one of: x, y");
}

}  // namespace

void load_can_section(const std::string& path, const toml::table& root, hil::CanSettings& can) {
  TableReader c(path, root, "can");
  std::optional<std::int64_t> bitrate = widened(can.bitrate), restart_ms = widened(can.restart_ms);
  std::optional<std::int64_t> source_address = widened(can.joystick_source_address);
  std::string joystick = hil::to_string(can.joystick), axis = hil::to_string(can.joystick_axis);
  std::optional<std::string> axis_2;
  std::string e2e = hil::to_string(can.e2e), on_link_loss = hil::to_string(can.on_link_loss);
  std::int64_t recover_frames = can.e2e_recover_frames;
  if (can.joystick_axis_2) axis_2 = hil::to_string(*can.joystick_axis_2);
  c.string("interface", can.interface);
  c.integer("bitrate", bitrate);
  c.integer("restart_ms", restart_ms);
  c.boolean("bring_up", can.bring_up);
  c.string("joystick", joystick);
  c.string("joystick_axis", axis);
  c.string("joystick_axis_2", axis_2);
  c.number("joystick_span", can.joystick_span);
  c.integer("joystick_source_address", source_address);
  c.string("e2e", e2e);
  c.integer("e2e_recover_frames", recover_frames);
  c.string("on_link_loss", on_link_loss);
  c.reject_unknown();
  if (e2e == "counter-crc8") {
    can.e2e = hil::E2EMode::kCounterCrc8;
  } else if (e2e == "none") {
    can.e2e = hil::E2EMode::kNone;
  } else {
    throw InputError(path + ": key 'can.e2e' = '" + e2e + "' is not one of: counter-crc8, none");
  }
  can.e2e_recover_frames =
      static_cast<int>(in_range(path, "can.e2e_recover_frames", recover_frames, 1, 1000, ""));
  if (on_link_loss == "wait") {
    can.on_link_loss = hil::OnLinkLoss::kWait;
  } else if (on_link_loss == "stop") {
    can.on_link_loss = hil::OnLinkLoss::kStop;
  } else {
    throw InputError(path + ": key 'can.on_link_loss' = '" + on_link_loss + "' is not one of: wait, stop");
  }
  // Classical CAN runs at up to 1 Mbit/s; restart_ms is a u32 in the kernel, an hour is plenty.
  if (bitrate)
    can.bitrate = static_cast<std::uint32_t>(in_range(path, "can.bitrate", *bitrate, 1, 1'000'000, " bit/s"));
  if (restart_ms) {
    can.restart_ms =
        static_cast<std::uint32_t>(in_range(path, "can.restart_ms", *restart_ms, 0, 3'600'000, " ms"));
  }
  // J1939 source addresses 254 (null) and 255 (global) never send.
  if (source_address) {
    can.joystick_source_address =
        static_cast<std::uint8_t>(in_range(path, "can.joystick_source_address", *source_address, 0, 253, ""));
  }
  if (joystick == "none") {
    can.joystick = hil::Joystick::kNone;
  } else if (joystick == "bjm1") {
    can.joystick = hil::Joystick::kBjm1;
  } else {
    throw InputError(path + ": key 'can.joystick' = '" + joystick + "' is not one of: none, bjm1");
  }
  can.joystick_axis = parse_axis(path, "can.joystick_axis", axis);
  if (axis_2) can.joystick_axis_2 = parse_axis(path, "can.joystick_axis_2", *axis_2);
}

void validate_can(const std::string& source, const hil::CanSettings& can) {
  // IFNAMSIZ is 16 with the terminating zero; a name with '/' or a space is no interface name.
  if (can.interface.empty() || can.interface.size() > 15 ||
      can.interface.find_first_of("/ \t:") != std::string::npos) {
    throw InputError(source + ": key 'can.interface' = '" + can.interface +
                     "' is not an interface name (1 to 15 characters, no '/', ':' or spaces)");
  }
  const RangeCheck check{source};
  check("can.joystick_span", can.joystick_span, -1.0, 1.0, false, false, "");
}

}  // namespace hilsim::scenario
