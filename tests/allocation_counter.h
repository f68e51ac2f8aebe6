// Counts every operator new of the running thread, for the tests that prove a real-time or I/O
// path allocates nothing. It replaces the global operator new and delete: include it in exactly one
// source file of a test executable. (The ThreadSanitizer build supplies its own operator new; there
// HILSIM_COUNT_ALLOCATIONS is 0 and the tests skip.)
#pragma once

#include <cstdlib>
#include <new>

#if defined(__SANITIZE_THREAD__)
#define HILSIM_COUNT_ALLOCATIONS 0
#else
#define HILSIM_COUNT_ALLOCATIONS 1
#endif

inline thread_local long t_allocations = 0;

#if HILSIM_COUNT_ALLOCATIONS
// Neither operator is inlined: GCC 12 (-O1, -O3) would otherwise see free() applied to what
// operator new returned, or operator delete to what malloc returned, and report a mismatched
// deallocation (-Wmismatched-new-delete), not knowing that they are malloc and free.
[[gnu::noinline]] void* operator new(std::size_t size) {
  ++t_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void* operator new[](std::size_t size) { return operator new(size); }
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#endif
