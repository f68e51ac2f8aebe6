// Counts every operator new of the running thread, for the tests that prove a real-time or I/O
// path allocates nothing. It replaces the global operator new and delete: include it in exactly one
// source file of a test executable (the others read the counts through allocation_counts.h). (The
// ThreadSanitizer build supplies its own operator new; there HILSIM_COUNT_ALLOCATIONS is 0 and the
// tests skip.) In a program compiled with HILSIM_COUNT_MALLOC it replaces malloc, calloc, realloc,
// memalign, aligned_alloc, posix_memalign and free as well, handing every call to glibc's own
// allocator (__libc_malloc and friends: the interposition the glibc manual describes under
// "Replacing malloc") and counting it in t_mallocs.
#pragma once

#include <cerrno>
#include <cstdlib>
#include <new>

#include "tests/allocation_counts.h"

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

#if HILSIM_COUNT_MALLOCS
// NOLINTBEGIN: the C allocator's own names and signatures.
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
void __libc_free(void* p);

void* malloc(std::size_t size) noexcept {
  ++t_mallocs;
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) noexcept {
  ++t_mallocs;
  return __libc_calloc(count, size);
}
void* realloc(void* p, std::size_t size) noexcept {
  ++t_mallocs;
  return __libc_realloc(p, size);
}
void* memalign(std::size_t alignment, std::size_t size) noexcept {
  ++t_mallocs;
  return __libc_memalign(alignment, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) noexcept { return memalign(alignment, size); }
int posix_memalign(void** out, std::size_t alignment, std::size_t size) noexcept {
  void* p = memalign(alignment, size);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
void free(void* p) noexcept { __libc_free(p); }
}
// NOLINTEND
#endif
