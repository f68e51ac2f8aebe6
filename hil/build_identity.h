// The identity of this build: version, commit (with a hash of uncommitted changes), compiler, build
// type and flags. A recording stores it, and `hilsim replay` compares it: bit-for-bit replay is a
// promise about the same binary, since another compiler or flags may round differently.
#pragma once

namespace hilsim::hil {

const char* build_identity();

}  // namespace hilsim::hil
