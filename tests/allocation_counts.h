// The per-thread allocation counts that tests/allocation_counter.h keeps. A test program defines the
// counting replacements in exactly one source file (by including allocation_counter.h); its other
// files include this header to read the counts.
//
// t_allocations counts operator new. t_mallocs counts C's malloc family as well (operator new takes
// its memory from malloc too), in programs compiled with HILSIM_COUNT_MALLOC: Eigen's dynamic
// matrices and C libraries (Siconos Numerics) allocate through malloc, never through operator new.
// The ThreadSanitizer build supplies its own operator new and AddressSanitizer its own malloc, which
// must stay in place: there HILSIM_COUNT_ALLOCATIONS or HILSIM_COUNT_MALLOCS is 0 and the tests skip.
#pragma once

// Which sanitizer instruments the program: GCC names it with __SANITIZE_THREAD__ and
// __SANITIZE_ADDRESS__, clang (up to version 14) with __has_feature only.
#if defined(__SANITIZE_THREAD__)
#define HILSIM_THREAD_SANITIZER 1
#endif
#if defined(__SANITIZE_ADDRESS__)
#define HILSIM_ADDRESS_SANITIZER 1
#endif
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define HILSIM_THREAD_SANITIZER 1
#endif
#if __has_feature(address_sanitizer)
#define HILSIM_ADDRESS_SANITIZER 1
#endif
#endif

#if defined(HILSIM_THREAD_SANITIZER)
#define HILSIM_COUNT_ALLOCATIONS 0
#else
#define HILSIM_COUNT_ALLOCATIONS 1
#endif

#if HILSIM_COUNT_ALLOCATIONS && defined(HILSIM_COUNT_MALLOC) && !defined(HILSIM_ADDRESS_SANITIZER)
#define HILSIM_COUNT_MALLOCS 1
#else
#define HILSIM_COUNT_MALLOCS 0
#endif

inline thread_local long t_allocations = 0;
inline thread_local long t_mallocs = 0;
