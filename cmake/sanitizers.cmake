# Sanitizer builds, each made by a preset (CMakePresets.json) and run by a script:
#   HILSIM_TSAN        ThreadSanitizer: the rt tests (preset tsan, scripts/tsan.sh)
#   HILSIM_ASAN_UBSAN  AddressSanitizer and UndefinedBehaviorSanitizer: the unit tests
#                      (preset asan-ubsan, scripts/asan.sh)
#   HILSIM_FUZZ        the libFuzzer targets of tests/fuzz/ (preset fuzz, clang++, scripts/fuzz.sh);
#                      they carry their own sanitizer flags (tests/fuzz/CMakeLists.txt)
# The whole build is instrumented (libraries too), so that a report names the project's line.
option(HILSIM_TSAN "Build with ThreadSanitizer" OFF)
option(HILSIM_ASAN_UBSAN "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(HILSIM_FUZZ "Add the libFuzzer targets (clang++ only)" OFF)

if(HILSIM_TSAN AND HILSIM_ASAN_UBSAN)
  message(FATAL_ERROR "HILSIM_TSAN and HILSIM_ASAN_UBSAN exclude each other: ThreadSanitizer cannot run beside AddressSanitizer")
endif()
if(HILSIM_FUZZ AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "HILSIM_FUZZ needs clang++ (libFuzzer): configure with the fuzz preset")
endif()

if(HILSIM_TSAN)
  add_compile_options(-fsanitize=thread)
  add_link_options(-fsanitize=thread)
endif()
if(HILSIM_ASAN_UBSAN)
  # Every report ends the program (no recovery), so that a test cannot pass beside one.
  set(hilsim_asan_ubsan_flags -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  # clang++ (the preset's compiler: it compiles this build in about 65 % of g++'s time) reads the
  # known bugs of libraries to leave out from the ignore list.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    list(APPEND hilsim_asan_ubsan_flags -fsanitize-ignorelist=${CMAKE_CURRENT_LIST_DIR}/../tests/ubsan_ignorelist.txt)
  endif()
  add_compile_options(${hilsim_asan_ubsan_flags})
  add_link_options(${hilsim_asan_ubsan_flags})
endif()
