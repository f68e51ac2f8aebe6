// A data frame with the given id and bytes, for the codec tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>

#include "hil/frame.h"

namespace hilsim::hil {

inline Frame data_frame(std::uint32_t id, bool extended, std::initializer_list<std::uint8_t> data) {
  Frame f;
  f.id = id;
  f.extended = extended;
  f.length = static_cast<std::uint8_t>(data.size());
  std::copy(data.begin(), data.end(), f.data.begin());
  return f;
}

}  // namespace hilsim::hil
