/*
 * Tuning Workbench measurement harness.
 *
 * Included once by every generated launcher. It owns what must happen natively: filling input
 * buffers identically for every configuration, timing the kernel with the monotonic clock, and
 * writing outputs and timings to files the engine reads back. Nothing here is kernel specific.
 */
#ifndef TW_HARNESS_H
#define TW_HARNESS_H

/* tw:prelude: the system headers and the bf16 type, included before the kernel whichever way it is built (a variant's
   library reads only these); _GNU_SOURCE for sched_setaffinity, the harness being included before anything else. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* A bf16 buffer's type, and how a buffer reaches a kernel that declares it as another pointer type (a bf16 one as
 * __bf16 *, uint16_t * or a type of its own; a float one as a vector type's pointer). */
#if defined(__BFLT16_MANT_DIG__)
typedef __bf16 tw_bf16;
#else
typedef uint16_t tw_bf16;
#endif

#ifdef __cplusplus
struct tw_any_pointer {
    void *p;
    template <typename T> operator T *() const { return static_cast<T *>(p); }
};
#define TW_ANY_POINTER(p) (tw_any_pointer{(void *)(p)})
/* How the launcher calls the entry: with its arguments as they are when the entry takes them (a template deduces
 * its types from them), otherwise with each buffer as any pointer type, as Kernel Tuner passes arrays through
 * ctypes (a float buffer to a vector type's pointer). The second call, unconstrained, says why the entry refuses
 * them. */
template <typename T> static inline T tw_loose(T value) { return value; }
template <typename T> static inline tw_any_pointer tw_loose(T *pointer) { return TW_ANY_POINTER(pointer); }
template <typename Exact, typename Loose, typename... A>
static inline auto tw_call_entry(int, Exact exact, Loose, A... a) -> decltype(exact(a...)) { return exact(a...); }
template <typename Exact, typename Loose, typename... A>
static inline auto tw_call_entry(long, Exact, Loose loose, A... a) { return loose(tw_loose(a)...); }
#else
#define TW_ANY_POINTER(p) ((void *)(p))
#endif
/* tw:end-prelude */

/* The harness: every function static, in the launcher's translation unit. */
#define TW_API static

enum { TW_F16, TW_BF16, TW_F32, TW_F64, TW_I32, TW_I64, TW_I8, TW_U8 };

/* What the launcher was asked to do, from its command line. */
typedef struct {
    const char *out_dir;
    double warmup_ns;
    int repeat;
    double min_sample_ns;
} tw_options;

typedef void (*tw_call_fn)(void);

#ifdef __cplusplus
extern "C" {
#endif
TW_API void *tw_alloc_buffer(size_t bytes, const char *name);
TW_API void *tw_shared_input(size_t bytes, const char *name, const char *key);
TW_API void tw_share_input(const void *data, size_t bytes, const char *key);
TW_API void tw_check_guards(void);
TW_API void tw_fill_constant(void *buf, int kind, size_t n, double v);
TW_API void tw_fill_range(void *buf, int kind, size_t n, double start, double step);
TW_API void tw_fill_random(void *buf, int kind, size_t n, uint64_t seed, double lo, double hi, int integers);
TW_API void tw_fill_normal(void *buf, int kind, size_t n, uint64_t seed, double mean, double std);
TW_API void tw_fill_npy(void *buf, size_t bytes, const char *path);
TW_API void tw_write_npy(const char *dir, const char *name, const void *buf, size_t bytes, const char *descr, const size_t *shape, int rank);
TW_API tw_options tw_parse_options(int argc, char **argv);
TW_API double tw_first_call_ns(tw_call_fn call);
TW_API void tw_measure_after(tw_call_fn call, const tw_options *o, double first_call_ns);
TW_API void tw_measure(tw_call_fn call, const tw_options *o);
#ifdef __cplusplus
}
#endif

static double tw_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* CPU time of the calling thread: short of the wall time when the core was shared meanwhile. */
static double tw_thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void tw_fail(const char *what, const char *detail) {
    fprintf(stderr, "tw-launcher: %s: %s\n", what, detail);
    exit(70);
}

/*
 * Memory for the kernel's buffers, not yet touched. 64-byte alignment suits every vector width up to
 * AVX-512. A block of 2 MiB or more is aligned to 2 MiB and offered the system's huge pages, as
 * numpy offers them for its large arrays: the first touch of each 4 KiB page costs a page fault,
 * which on a virtual machine takes long enough that filling an 8 MiB output took longer than the
 * kernel computing it.
 */
#define TW_HUGE_PAGE (2u << 20)
static unsigned char *tw_memory(size_t bytes, const char *name) {
    void *p = NULL;
    if (bytes >= TW_HUGE_PAGE) {
        if (posix_memalign(&p, TW_HUGE_PAGE, bytes) != 0) tw_fail("out of memory", name);
#ifdef MADV_HUGEPAGE
        madvise(p, bytes, MADV_HUGEPAGE); /* advice only: without huge pages the memory is as good */
#endif
    } else if (posix_memalign(&p, 64, bytes) != 0) {
        tw_fail("out of memory", name);
    }
    return (unsigned char *)p;
}

static void *tw_alloc(size_t bytes) {
    size_t rounded = (bytes + 63) / 64 * 64;
    if (rounded == 0) rounded = 64;
    unsigned char *p = tw_memory(rounded, "posix_memalign");
    memset(p, 0, rounded);
    return p;
}

/*
 * Guard zones. Every buffer of the kernel's arguments sits between two zones filled with a known,
 * position-dependent pattern (no two neighbouring bytes alike, so no store of a plain value can
 * leave it intact). After the verified call the zones are checked: a kernel that wrote before or
 * past one of its buffers is reported, naming the buffer and the offsets, and the program exits
 * with TW_EXIT_OUT_OF_BOUNDS; the engine records it as out of bounds rather than trusting its
 * outputs or its timing. The back zone starts right at the buffer's last byte and runs to a page's
 * end, so a write into the alignment padding counts too.
 *
 * Beyond each zone lies a fence: pages mapped with no access, as large as the buffer (whole pages,
 * at least TW_FENCE_MIN_BYTES, at most TW_FENCE_MAX_BYTES). A read or write that jumps past the
 * zone into it faults at once; the fault is reported as the zones' damage is, with the offset
 * reached, and the program exits with TW_EXIT_OUT_OF_BOUNDS. What neither sees is an access further
 * still: more than the zone and the fence away, in other memory.
 */
#define TW_GUARD_BYTES 16384
#define TW_FENCE_MIN_BYTES (64u * 1024u)
#define TW_FENCE_MAX_BYTES (1u << 20)
#define TW_EXIT_OUT_OF_BOUNDS 73
#define TW_MAX_BUFFERS 256

typedef struct {
    const char *name;
    unsigned char *data;
    size_t bytes;
    size_t back;
} tw_guarded;

static tw_guarded tw_buffers[TW_MAX_BUFFERS];
static int tw_buffer_count;

/* The fences before and after each buffer: [front, front + fence) and [back, back + fence). */
typedef struct {
    const char *name;
    unsigned char *data;
    size_t bytes;
    unsigned char *front;
    unsigned char *back;
    size_t fence;
} tw_fenced_buffer;

static tw_fenced_buffer tw_fences[TW_MAX_BUFFERS];
static volatile int tw_fence_count;

static unsigned char tw_guard_byte(size_t i) {
    return (unsigned char)(0x5A ^ (i * 131u) ^ (i >> 8));
}

/* Fills the zones around a buffer and registers it for the check after the verified call. */
static void tw_guard(const char *name, unsigned char *data, size_t bytes, size_t back) {
    for (size_t i = 0; i < TW_GUARD_BYTES; i++) data[-(long long)TW_GUARD_BYTES + (long long)i] = tw_guard_byte(i);
    for (size_t i = 0; i < back; i++) data[bytes + i] = tw_guard_byte(TW_GUARD_BYTES + i);
    if (tw_buffer_count < TW_MAX_BUFFERS) {
        tw_guarded g = {name, data, bytes, back};
        tw_buffers[tw_buffer_count++] = g;
    }
}

/* Writes text to stderr from a signal handler (write(2) only). */
static void tw_say(const char *text) {
    size_t n = strlen(text);
    while (n > 0) {
        ssize_t w = write(2, text, n);
        if (w <= 0) return;
        text += w;
        n -= (size_t)w;
    }
}

static void tw_say_number(long long v) {
    char digits[32];
    int i = (int)sizeof digits - 1;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    digits[i] = '\0';
    do {
        digits[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u > 0);
    if (v < 0) digits[--i] = '-';
    tw_say(digits + i);
}

/*
 * A fault in a fence is the kernel reaching outside its buffer: said as the zones' damage is, and the program ends.
 * WRITE is 1 for a write, 0 for a read, -1 where the system does not say which.
 */
static void tw_check_fence_fault(const unsigned char *at, int write) {
    for (int b = 0; b < tw_fence_count; b++) {
        const tw_fenced_buffer *f = &tw_fences[b];
        int before = at >= f->front && at < f->front + f->fence;
        int past = at >= f->back && at < f->back + f->fence;
        if (!before && !past) continue;
        tw_say(write == 1 ? "tw-launcher: out of bounds: the kernel wrote outside buffer `"
               : write == 0 ? "tw-launcher: out of bounds: the kernel read outside buffer `"
               : "tw-launcher: out of bounds: the kernel read or wrote outside buffer `");
        tw_say(f->name);
        tw_say("` (");
        tw_say_number((long long)f->bytes);
        tw_say(" bytes): reached byte offset ");
        tw_say_number((long long)(at - f->data));
        tw_say(before ? ", before its start" : ", past its end");
        tw_say(" (beyond its guard zone, where any read or write faults)\n");
        _exit(TW_EXIT_OUT_OF_BOUNDS);
    }
}

/*
 * Room for a buffer of BYTES between its guard zones and fences: the fences mapped with no access,
 * zones and buffer readable and writable, zero, untouched yet. A buffer of 2 MiB or more is offered
 * the system's huge pages, as numpy offers them for its large arrays: the first touch of each 4 KiB
 * page costs a page fault, which on a virtual machine takes long enough that filling an 8 MiB
 * output took longer than the kernel computing it. The buffer starts on a page (64-byte aligned
 * and more, for every vector width up to AVX-512); *back is the length of its back zone. NULL when
 * the system gives no such room.
 */
static unsigned char *tw_fenced(size_t bytes, const char *name, size_t *back) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (bytes > (size_t)-1 / 4) return NULL;
    size_t span = ((bytes == 0 ? 1 : bytes) + page - 1) / page * page;
    size_t zone = (TW_GUARD_BYTES + page - 1) / page * page;
    size_t fence = span < TW_FENCE_MIN_BYTES ? TW_FENCE_MIN_BYTES : span > TW_FENCE_MAX_BYTES ? TW_FENCE_MAX_BYTES : span;
    fence = (fence + page - 1) / page * page;
    size_t open = zone + span + zone;
    unsigned char *base = (unsigned char *)mmap(NULL, fence + open + fence, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) return NULL;
    if (mprotect(base + fence, open, PROT_READ | PROT_WRITE) != 0) {
        munmap(base, fence + open + fence);
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    if (span >= TW_HUGE_PAGE) madvise(base + fence, open, MADV_HUGEPAGE); /* advice only: without huge pages the memory is as good */
#endif
    unsigned char *data = base + fence + zone;
    *back = span + zone - bytes;
    int b = tw_fence_count;
    if (b < TW_MAX_BUFFERS) {
        tw_fenced_buffer f = {name, data, bytes, base, base + fence + open, fence};
        tw_fences[b] = f;
        tw_fence_count = b + 1;
    }
    return data;
}

TW_API void *tw_alloc_buffer(size_t bytes, const char *name) {
    size_t back;
    unsigned char *data = tw_fenced(bytes, name, &back);
    if (data == NULL) tw_fail("out of memory", name);
    memset(data, 0, bytes);
    tw_guard(name, data, bytes, back);
    return data;
}

/*
 * Inputs made once per run. Filling a large input (random numbers, a range, a .npy file) costs a
 * fresh page of memory for every 4 KiB and the time to compute it, in every program of a run. With
 * TW_INPUT_DIR in its environment, the first program of the run to fill an input keeps a copy in
 * TW_INPUT_DIR/KEY.bin, and the others map that file, copy on write: they read pages the system
 * already holds, and a kernel that writes to its input changes only its own copy. The engine names
 * each input by a digest of how it is filled (KEY), so two programs share a file only when they
 * would have filled the same bytes.
 */
#define TW_SHARED_INPUT_MIN_BYTES (256u * 1024u)

static int tw_input_path(char *path, size_t size, const char *key, size_t bytes) {
    const char *dir = getenv("TW_INPUT_DIR");
    if (dir == NULL || *dir == '\0' || bytes < TW_SHARED_INPUT_MIN_BYTES) return 0;
    return snprintf(path, size, "%s/%s.bin", dir, key) < (int)size;
}

/* The input KEY, mapped between guard zones from the run's copy; NULL when there is none yet (or no folder for them). */
TW_API void *tw_shared_input(size_t bytes, const char *name, const char *key) {
    char path[4096];
    if (!tw_input_path(path, sizeof path, key, bytes)) return NULL;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || (size_t)st.st_size != bytes) {
        close(fd);
        return NULL;
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t data_bytes = (bytes + page - 1) / page * page;
    size_t back;
    unsigned char *data = tw_fenced(bytes, name, &back);
    if (data == NULL) {
        close(fd);
        return NULL;
    }
    void *mapped = mmap(data, data_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd, 0);
    close(fd);
    if (mapped == MAP_FAILED) return NULL;
#ifdef __linux__
    /* Maps every page the system holds now, in one call (Linux 5.14; advice only before): the verified call would
     * otherwise take a page fault for every 64 KiB it reads, a cold start the samples after it never pay. A page
     * the kernel writes is still copied, then, for this program alone. */
    madvise(data, data_bytes, 22 /* MADV_POPULATE_READ */);
#endif
    /* Past the file's last byte, its last page reads as zeros and takes writes: the back zone starts there. */
    tw_guard(name, data, bytes, back);
    return data;
}

/* Keeps the filled input KEY for the run's other programs: written aside, then renamed, so no program maps half a file. */
TW_API void tw_share_input(const void *data, size_t bytes, const char *key) {
    char path[4096], partial[4200];
    if (!tw_input_path(path, sizeof path, key, bytes)) return;
    snprintf(partial, sizeof partial, "%s.%ld.partial", path, (long)getpid());
    int fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) return;
    const unsigned char *p = (const unsigned char *)data;
    size_t left = bytes;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n <= 0) break;
        p += n;
        left -= (size_t)n;
    }
    if (close(fd) != 0 || left != 0 || rename(partial, path) != 0) unlink(partial);
}

/* Reports every buffer whose guard zones were written, with the first and last offset written (from the buffer's start). */
TW_API void tw_check_guards(void) {
    int damaged = 0;
    for (int b = 0; b < tw_buffer_count; b++) {
        const tw_guarded *g = &tw_buffers[b];
        long long first = 0, last = 0;
        int hit = 0;
        for (size_t i = 0; i < TW_GUARD_BYTES; i++) {
            if (g->data[-(long long)TW_GUARD_BYTES + (long long)i] != tw_guard_byte(i)) {
                long long at = (long long)i - TW_GUARD_BYTES;
                if (!hit) first = at;
                last = at;
                hit = 1;
            }
        }
        for (size_t i = 0; i < g->back; i++) {
            if (g->data[g->bytes + i] != tw_guard_byte(TW_GUARD_BYTES + i)) {
                long long at = (long long)(g->bytes + i);
                if (!hit) first = at;
                last = at;
                hit = 1;
            }
        }
        if (hit) {
            fprintf(stderr, "tw-launcher: out of bounds: the kernel wrote outside buffer `%s` (%zu bytes): at byte offsets %lld to %lld%s\n",
                    g->name, g->bytes, first, last, first < 0 ? (last >= (long long)g->bytes ? ", before its start and past its end" : ", before its start")
                    : ", past its end");
            damaged = 1;
        }
    }
    if (damaged) {
        fflush(stderr);
        exit(TW_EXIT_OUT_OF_BOUNDS);
    }
}

/*
 * A tuner killed with SIGKILL cannot end the program it measures: the system does, as the
 * program asks to be sent SIGKILL when its parent dies. When the parent died before that request,
 * the owner the engine named in TW_OWNER is gone already: then the program ends now.
 */
static void tw_die_with_parent(void) {
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    const char *owner = getenv("TW_OWNER");
    long pid = owner != NULL ? atol(owner) : 0;
    if (pid > 0 && getppid() != (pid_t)pid && kill((pid_t)pid, 0) != 0 && errno == ESRCH) _exit(75);
#endif
}

/* splitmix64: a tiny, well-mixed generator whose stream depends only on the seed. */
static uint64_t tw_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double tw_uniform(uint64_t *state) {
    return (double)(tw_next(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* Element kinds, matching ElementType on the Java side. */

/*
 * bfloat16: the compiler's __bf16 where it has one (gcc 13 and later on x86), otherwise its raw
 * bits. A bf16 buffer is passed through TW_ANY_POINTER, so the kernel may take __bf16 *,
 * uint16_t * or a type of its own.
 */

/* The bits of float f as IEEE binary16 (_Float16), rounded to nearest even; done by hand so the harness needs no compiler support. */
static uint16_t tw_f16_bits(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u;
    uint32_t exp = (x >> 23) & 0xffu;
    uint32_t mant = x & 0x7fffffu;
    if (exp == 0xffu) return (uint16_t)(sign | 0x7c00u | (mant ? 0x200u : 0));   /* inf, nan */
    int e = (int)exp - 127 + 15;
    if (e >= 31) return (uint16_t)(sign | 0x7c00u);                                /* overflow: inf */
    if (e <= 0) {                                                                   /* subnormal or zero */
        if (e < -10) return (uint16_t)sign;
        mant |= 0x800000u;
        int shift = 14 - e;
        uint32_t half = mant >> shift;
        uint32_t rest = mant & ((1u << shift) - 1);
        uint32_t midway = 1u << (shift - 1);
        if (rest > midway || (rest == midway && (half & 1u))) half++;
        return (uint16_t)(sign | half);
    }
    uint32_t half = sign | ((uint32_t)e << 10) | (mant >> 13);
    uint32_t rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) half++;                 /* may carry into the exponent: right */
    return (uint16_t)half;
}

/* The bits of float f as bfloat16: its top half, rounded to nearest even. */
static uint16_t tw_bf16_bits(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u);      /* nan stays nan */
    x += 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)(x >> 16);
}

static void tw_store(void *buf, int kind, size_t i, double v) {
    switch (kind) {
        case TW_F16: ((uint16_t *)buf)[i] = tw_f16_bits((float)v); break;
        case TW_BF16: ((uint16_t *)buf)[i] = tw_bf16_bits((float)v); break;
        case TW_F32: ((float *)buf)[i] = (float)v; break;
        case TW_F64: ((double *)buf)[i] = v; break;
        case TW_I32: ((int32_t *)buf)[i] = (int32_t)v; break;
        case TW_I64: ((int64_t *)buf)[i] = (int64_t)v; break;
        case TW_I8: ((int8_t *)buf)[i] = (int8_t)v; break;
        case TW_U8: ((uint8_t *)buf)[i] = (uint8_t)v; break;
    }
}

TW_API void tw_fill_constant(void *buf, int kind, size_t n, double v) {
    for (size_t i = 0; i < n; i++) tw_store(buf, kind, i, v);
}

TW_API void tw_fill_range(void *buf, int kind, size_t n, double start, double step) {
    for (size_t i = 0; i < n; i++) tw_store(buf, kind, i, start + step * (double)i);
}

/* Uniform in [lo, hi); with integers != 0, whole numbers in [lo, hi), hi exclusive as in numpy's randint. */
TW_API void tw_fill_random(void *buf, int kind, size_t n, uint64_t seed, double lo, double hi, int integers) {
    uint64_t state = seed;
    for (size_t i = 0; i < n; i++) {
        double u = tw_uniform(&state);
        double v = integers ? lo + (double)(int64_t)(u * (hi - lo)) : lo + u * (hi - lo);
        tw_store(buf, kind, i, v);
    }
}

/* Normally distributed with the given mean and standard deviation (Box-Muller over the seeded uniform stream). */
TW_API void tw_fill_normal(void *buf, int kind, size_t n, uint64_t seed, double mean, double std) {
    uint64_t state = seed;
    for (size_t i = 0; i < n; i += 2) {
        double u1 = 1.0 - tw_uniform(&state), u2 = tw_uniform(&state);
        double r = sqrt(-2.0 * log(u1)), a = 6.283185307179586 * u2;
        tw_store(buf, kind, i, mean + std * r * cos(a));
        if (i + 1 < n) tw_store(buf, kind, i + 1, mean + std * r * sin(a));
    }
}

/* Reads the raw data of a little-endian, C-ordered .npy file whose byte size the engine checked. */
TW_API void tw_fill_npy(void *buf, size_t bytes, const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) tw_fail("cannot open input", path);
    unsigned char head[10];
    if (fread(head, 1, 10, f) != 10 || memcmp(head, "\x93NUMPY", 6) != 0) tw_fail("not a .npy file", path);
    size_t header_len = head[6] == 1 ? (size_t)(head[8] | head[9] << 8) : 0;
    if (head[6] != 1) {
        unsigned char more[2];
        if (fread(more, 1, 2, f) != 2) tw_fail("truncated .npy header", path);
        header_len = (size_t)head[8] | (size_t)head[9] << 8 | (size_t)more[0] << 16 | (size_t)more[1] << 24;
    }
    if (fseek(f, (long)header_len, SEEK_CUR) != 0) tw_fail("truncated .npy header", path);
    if (fread(buf, 1, bytes, f) != bytes) tw_fail("truncated .npy data", path);
    fclose(f);
}

TW_API void tw_write_npy(const char *dir, const char *name, const void *buf, size_t bytes,
                         const char *descr, const size_t *shape, int rank) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.npy", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) tw_fail("cannot write output", path);
    char dict[512];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
    for (int d = 0; d < rank; d++) len += snprintf(dict + len, sizeof dict - len, "%zu,", shape[d]);
    len += snprintf(dict + len, sizeof dict - len, "), }");
    int total = 10 + len + 1;
    int pad = (64 - total % 64) % 64;
    unsigned short header_len = (unsigned short)(len + pad + 1);
    fwrite("\x93NUMPY\x01\x00", 1, 8, f);
    fputc(header_len & 0xff, f);
    fputc(header_len >> 8, f);
    fwrite(dict, 1, (size_t)len, f);
    for (int i = 0; i < pad; i++) fputc(' ', f);
    fputc('\n', f);
    if (fwrite(buf, 1, bytes, f) != bytes) tw_fail("cannot write output", path);
    fclose(f);
}

/*
 * Under the engine's memory limit (RLIMIT_AS), malloc returns NULL once the address space is used
 * up, and code that does not check then writes through NULL: a plain SIGSEGV. A fault while the
 * address space is nearly full is said on stderr, so the engine records the config as out of
 * memory rather than crashed. A fault in a buffer's fence is the kernel reaching outside it
 * (tw_check_fence_fault). Only async-signal-safe calls here; the signal then kills as usual.
 */
static long tw_page_size;

/* Whether the access that faulted was a write: the page fault's error code, on x86-64 Linux; -1 elsewhere. */
static int tw_fault_was_write(void *context) {
#if defined(__linux__) && defined(__x86_64__) && defined(REG_ERR)
    return (((ucontext_t *)context)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
    (void)context;
    return -1;
#endif
}

static void tw_on_fault(int sig, siginfo_t *info, void *context) {
    tw_check_fence_fault((const unsigned char *)info->si_addr, tw_fault_was_write(context));
    struct rlimit limit;
    int fd = open("/proc/self/statm", O_RDONLY);
    if (fd >= 0 && getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        char text[32];
        ssize_t n = read(fd, text, sizeof text);
        unsigned long long pages = 0;
        for (ssize_t i = 0; i < n && text[i] >= '0' && text[i] <= '9'; i++) pages = pages * 10 + (unsigned long long)(text[i] - '0');
        unsigned long long used = pages * (unsigned long long)tw_page_size;
        if (used >= limit.rlim_cur - limit.rlim_cur / 8) {
            static const char message[] = "tw-launcher: out of memory: a fault with the address space limit used up\n";
            ssize_t written = write(2, message, sizeof message - 1);
            (void)written;
        }
    }
    if (fd >= 0) close(fd);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void tw_watch_faults(void) {
    /* Its own stack: a fault from a stack overflow has none left to run the handler on. */
    static char stack[65536];
    stack_t alt;
    memset(&alt, 0, sizeof alt);
    alt.ss_sp = stack;
    alt.ss_size = sizeof stack;
    sigaltstack(&alt, NULL);
    tw_page_size = sysconf(_SC_PAGESIZE);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = tw_on_fault;
    action.sa_flags = SA_ONSTACK | SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, NULL);
    sigaction(SIGBUS, &action, NULL);
}


/*
 * The library the program is linked with, when it is OpenBLAS: the core whose kernels it chose, and
 * its own description. OpenBLAS picks the core when it loads, from the CPU or OPENBLAS_CORETYPE,
 * and silently takes another when the one asked for cannot run here, so only it can say which ran.
 * Weak references: a program without OpenBLAS has neither function, and reports nothing.
 */
#ifdef __ELF__
#ifdef __cplusplus
extern "C" {
#endif
char *openblas_get_corename(void) __attribute__((weak));
char *openblas_get_config(void) __attribute__((weak));
#ifdef __cplusplus
}
#endif
#endif

static void tw_write_library(FILE *f) {
#ifdef __ELF__
    if (openblas_get_corename) fprintf(f, "openblas_core %s\n", openblas_get_corename());
    if (openblas_get_config) fprintf(f, "openblas_config %s\n", openblas_get_config());
#else
    (void)f;
#endif
}

/*
 * With TW_DESCRIBE_LIBRARY set, the program only says which library kernels it would run (in
 * OUT_DIR/timing.txt) and ends before touching a buffer: the engine asks this once for each of a
 * baseline's environments, so environments that resolve to the same kernels are measured once.
 */
static void tw_describe_library_only(const char *out_dir) {
    const char *asked = getenv("TW_DESCRIBE_LIBRARY");
    if (asked == NULL || *asked == '\0') return;
    char path[4096];
    snprintf(path, sizeof path, "%s/timing.txt", out_dir);
    FILE *f = fopen(path, "w");
    if (!f) tw_fail("cannot write timings", path);
    tw_write_library(f);
    fclose(f);
    exit(0);
}

/*
 * The engine's memory limit (TW_MEMORY_LIMIT_KB) on the address space, set first thing: past it the
 * program's allocations fail, instead of the machine running out and the system's OOM killer
 * picking a victim, perhaps the tuner or the window. A lower limit already in force stays.
 */
static void tw_limit_memory_to(const char *kib) {
    if (kib == NULL || *kib == '\0') return;
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0) return;
    rlim_t want = (rlim_t)strtoull(kib, NULL, 10) * 1024;
    if (want == 0 || (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur <= want)) return;
    limit.rlim_cur = want;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < want) limit.rlim_cur = limit.rlim_max;
    limit.rlim_max = limit.rlim_cur;
    setrlimit(RLIMIT_AS, &limit);
}

static void tw_limit_memory(void) {
    tw_limit_memory_to(getenv("TW_MEMORY_LIMIT_KB"));
}

/*
 * The limit is set again before any constructor of the kernel's own runs: from the program's preinit array on ELF
 * systems, which runs before every initializer, the shared libraries' included (a variant built as a library has
 * its constructors run before the program's); elsewhere from a constructor of priority 101, which comes before the
 * default one in this program and the kernel it includes. An allocation in a global constructor falls under it too.
 */
#if defined(__ELF__)
/* Before the C library's own initializer: its getenv cannot be trusted yet, the environment is read from envp. */
static void tw_limit_memory_first(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    static const char name[] = "TW_MEMORY_LIMIT_KB=";
    for (char **e = envp; e != NULL && *e != NULL; e++) {
        if (strncmp(*e, name, sizeof name - 1) == 0) tw_limit_memory_to(*e + sizeof name - 1);
    }
}
__attribute__((section(".preinit_array"), used)) static void (*tw_limit_memory_preinit)(int, char **, char **) = tw_limit_memory_first;
#elif defined(__GNUC__) || defined(__clang__)
__attribute__((constructor(101))) static void tw_limit_memory_first(void) {
    tw_limit_memory();
}
#endif

/*
 * Asked to (TW_OWN_SESSION=1), the program makes itself the leader of a new session and process
 * group before anything else, so that everything it forks can be ended with it; the engine then
 * needs no setsid program in between, one exec less a config. Already a group leader (started
 * through setsid, or by a shell), it stays as it is.
 */
static void tw_own_session(void) {
    const char *own = getenv("TW_OWN_SESSION");
    if (own != NULL && strcmp(own, "1") == 0) setsid();
}

TW_API tw_options tw_parse_options(int argc, char **argv) {
    tw_own_session();
    if (argc != 5) {
        fprintf(stderr, "usage: %s OUT_DIR WARMUP_MS REPEAT MIN_SAMPLE_MS\n", argv[0]);
        exit(64);
    }
    tw_limit_memory();
    tw_die_with_parent();
    tw_watch_faults();
    tw_options o;
    o.out_dir = argv[1];
    o.warmup_ns = atof(argv[2]) * 1e6;
    o.repeat = atoi(argv[3]);
    o.min_sample_ns = atof(argv[4]) * 1e6;
    tw_describe_library_only(o.out_dir);
    /* The engine pins the measuring process to one core when asked (tune --pin). */
    const char *cpu = getenv("TW_CPU");
    if (cpu != NULL && *cpu != '\0') {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(atoi(cpu), &set);
        if (sched_setaffinity(0, sizeof set, &set) != 0) fprintf(stderr, "tw-launcher: cannot pin to CPU %s\n", cpu);
    }
    return o;
}

/*
 * The steadiness probe: a fixed amount of independent FMA work, timed in the measuring process
 * right before and after the samples. Its GFLOP/s is only compared with itself: when it falls far
 * below its usual figure, the core was slowed or shared while the kernel was measured. The best of
 * three short rounds is kept, so one interrupt does not count as an unsteady machine.
 */
typedef float tw_probe_vec __attribute__((vector_size(32)));
#define TW_PROBE_ITERATIONS 40000
#define TW_PROBE_FLOPS (2.0 * 8 * 8 * TW_PROBE_ITERATIONS)

static volatile float tw_probe_sink;

static double tw_probe_gflops(void) {
    double best_ns = 0;
    for (int round = 0; round < 3; round++) {
        volatile float seed = 1.0f;
        tw_probe_vec x = (tw_probe_vec){0} + seed * 0.999999f, y = (tw_probe_vec){0} + seed * 1e-6f;
        tw_probe_vec a0 = y, a1 = y + 1, a2 = y + 2, a3 = y + 3, a4 = y + 4, a5 = y + 5, a6 = y + 6, a7 = y + 7;
        double t0 = tw_now_ns();
        for (int i = 0; i < TW_PROBE_ITERATIONS; i++) {
            a0 = a0 * x + y; a1 = a1 * x + y; a2 = a2 * x + y; a3 = a3 * x + y;
            a4 = a4 * x + y; a5 = a5 * x + y; a6 = a6 * x + y; a7 = a7 * x + y;
        }
        double ns = tw_now_ns() - t0;
        tw_probe_vec sum = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
        tw_probe_sink = sum[0] + sum[7];
        if (round == 0 || ns < best_ns) best_ns = ns;
    }
    return best_ns > 0 ? TW_PROBE_FLOPS / best_ns : 0;
}

/*
 * The timing protocol. The kernel is called through a function so the compiler cannot merge or
 * drop calls. The first call (the one whose outputs are kept) is timed; after a warm-up of the given
 * time, the number of calls per sample is calibrated once so a sample lasts at least min_sample_ns:
 * a first call already twice that long settles it without another round. Then each of `repeat`
 * samples times that many calls back to back and records the mean time per call, in wall time and
 * in the thread's CPU time (short of the wall time when the core was shared); a sample in which the
 * kernel took page faults is taken again (TW_FAULTED_RETAKES). The steadiness probe runs right
 * before and right after the samples.
 */

/*
 * Kernel time, for launchers whose device can tell it apart from the call's wall time (OpenCL
 * profiling events): each call adds its kernels' execution time to tw_kernel_ns and sets
 * tw_kernel_timed; each sample then records its share per call beside the wall time. What the wall
 * time holds beyond it is launch overhead: enqueueing, scheduling, waiting for completion.
 */
static double tw_kernel_ns;
static int tw_kernel_timed;
/* Kernel launches each call makes, when the launcher knows (0: not said). */
static long tw_launches_per_call;

/* The thread's CPU time in the first call: short of its wall time when the core was shared meanwhile. */
static double tw_first_call_cpu_ns;

/* Times the first call of a run, whose outputs are the ones verified. */
TW_API double tw_first_call_ns(tw_call_fn call) {
    double c0 = tw_thread_cpu_ns();
    double t0 = tw_now_ns();
    call();
    double wall = tw_now_ns() - t0;
    tw_first_call_cpu_ns = tw_thread_cpu_ns() - c0;
    return wall;
}

/* Calls per sample: the smallest count whose time reaches min_sample_ns, aiming 20% past it. */
static long tw_calls_per_sample(tw_call_fn call, double min_sample_ns, double first_call_ns) {
    if (min_sample_ns <= 0 || first_call_ns >= 2 * min_sample_ns) return 1;
    long calls = 1;
    for (;;) {
        double t0 = tw_now_ns();
        for (long i = 0; i < calls; i++) call();
        double elapsed = tw_now_ns() - t0;
        if (elapsed >= min_sample_ns || calls >= (1L << 30)) return calls;
        double per_call = elapsed > 0 ? elapsed / (double)calls : 1.0;
        long next = (long)(min_sample_ns * 1.2 / per_call) + 1;
        calls = next > calls * 100 ? calls * 100 : (next > calls ? next : calls * 2);
    }
}

/* The median of the first n values (n small: the samples taken so far). */
static double tw_median(const double *values, int n) {
    double sorted[64];
    if (n > 64) n = 64;
    for (int i = 0; i < n; i++) {
        double v = values[i];
        int j = i;
        for (; j > 0 && sorted[j - 1] > v; j--) sorted[j] = sorted[j - 1];
        sorted[j] = v;
    }
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/*
 * Racing: given the best config so far, its median (TW_RACE_BEST_NS) and its slowest sample, an
 * outlier aside (TW_RACE_BEST_SLOWEST_NS), sampling stops once TW_RACE_MIN_SAMPLES samples were taken and either
 * even the fastest of them is slower than every sample of the best (the two intervals do not
 * overlap), or their median is past TW_RACE_MARGIN times the best's. Such a config cannot be the
 * best; more samples would only spend time where they cannot change the answer.
 *
 * With the best's verified call (TW_RACE_BEST_FIRST_NS, given when that cold call took about as
 * long as its samples), a config whose own verified call, on a core it had to itself, is past the
 * margin times the best's takes no samples at all: both calls paid the same cold start, which only
 * brings their ratio closer to 1, so the config's warm calls are past the margin too.
 *
 * After TW_RACE_SETTLED_SAMPLES samples a config's median speaks for it too: past the best's slowest
 * sample, most of its samples are slower than any of the best's, and it stops ("median"). The other
 * way round, a config whose settled samples are all faster than the best's fastest sample
 * (TW_RACE_BEST_FASTEST_NS) is ahead: it is the new best, and more samples would only refine by how
 * much ("ahead").
 */
typedef struct {
    double best_ns;
    double best_slowest_ns;
    double best_first_ns;
    double best_fastest_ns;
    double margin;
    int min_samples;
    int settled_samples;
} tw_race;

static tw_race tw_race_from_environment(void) {
    tw_race r = {0, 0, 0, 0, 0, 0, 0};
    const char *best = getenv("TW_RACE_BEST_NS");
    const char *slowest = getenv("TW_RACE_BEST_SLOWEST_NS");
    const char *first = getenv("TW_RACE_BEST_FIRST_NS");
    const char *margin = getenv("TW_RACE_MARGIN");
    const char *min = getenv("TW_RACE_MIN_SAMPLES");
    const char *fastest = getenv("TW_RACE_BEST_FASTEST_NS");
    const char *settled = getenv("TW_RACE_SETTLED_SAMPLES");
    if (best && margin && min) {
        r.best_ns = atof(best);
        r.best_slowest_ns = slowest ? atof(slowest) : 0;
        r.best_first_ns = first ? atof(first) : 0;
        r.margin = atof(margin);
        r.min_samples = atoi(min);
        r.best_fastest_ns = fastest ? atof(fastest) : 0;
        r.settled_samples = settled ? atoi(settled) : 0;
    }
    return r;
}

/* The share of the verified call's wall time its thread was on a CPU, below which the call says nothing to race on. */
#define TW_RACE_FIRST_CALL_CPU_SHARE 0.9

/* Whether the verified call, taking first_call_ns, already puts the config past the margin. */
static int tw_race_stop_on_first_call(const tw_race *r, double first_call_ns) {
    return r->best_first_ns > 0 && first_call_ns > r->margin * r->best_first_ns
            && tw_first_call_cpu_ns >= TW_RACE_FIRST_CALL_CPU_SHARE * first_call_ns;
}

/* Which rule stops sampling after the first n samples: "interval", "margin", "median", "ahead", or NULL to go on. */
static const char *tw_race_stop(const tw_race *r, const double *samples, int n) {
    if (r->best_ns <= 0) return NULL;
    double fastest = samples[0];
    double slowest = samples[0];
    for (int i = 1; i < n; i++) {
        if (samples[i] < fastest) fastest = samples[i];
        if (samples[i] > slowest) slowest = samples[i];
    }
    int settled = r->settled_samples > 0 && n >= r->settled_samples;
    if (settled && slowest < r->best_fastest_ns) return "ahead";
    if (n < r->min_samples) return NULL;
    if (r->best_slowest_ns > 0 && fastest > r->best_slowest_ns) return "interval";
    double median = tw_median(samples, n);
    if (median > r->margin * r->best_ns) return "margin";
    if (settled && r->best_slowest_ns > 0 && median > r->best_slowest_ns) return "median";
    return NULL;
}

/* The page faults this process has taken so far, minor and major: every first touch of a page. */
static long tw_page_faults(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return usage.ru_minflt + usage.ru_majflt;
}

/*
 * At most this many samples are retaken (and never more than the samples asked for) because the
 * kernel took page faults while they ran. A kernel that allocates memory in every call touches
 * fresh pages in its first calls, until the C library has memory at hand to serve it (glibc: the
 * second call of a block of 128 KiB or more; an aligned block, up to the fifth), as an
 * application calling it again and again never would; a sample then timed how dear this host's
 * page faults are, not the kernel, and a config raced out on it. A kernel that takes faults in
 * every call keeps them once the retakes are spent: that is its steady state. A device kernel's
 * host thread faults in its driver, not in the kernel, and retakes nothing.
 */
#define TW_FAULTED_RETAKES 8

TW_API void tw_measure_after(tw_call_fn call, const tw_options *o, double first_call_ns) {
    char path[4096];
    snprintf(path, sizeof path, "%s/timing.txt", o->out_dir);
    tw_race race = tw_race_from_environment();
    /* A config raced out on its verified call takes no warm-up, no samples and no probe. */
    const char *stop = o->repeat > 0 && tw_race_stop_on_first_call(&race, first_call_ns) ? "verified_call" : NULL;
    int repeat = stop ? 0 : o->repeat;
    double warm_start = tw_now_ns();
    long warm_calls = 0;
    /* A warm-up given as a number of calls (measure.warmup) rather than a time. */
    const char *warm_count = getenv("TW_WARMUP_CALLS");
    if (!stop) {
        if (warm_count != NULL && *warm_count != '\0') {
            for (long target = atol(warm_count); warm_calls < target; warm_calls++) call();
        } else {
            while (tw_now_ns() - warm_start < o->warmup_ns) { call(); warm_calls++; }
        }
    }
    long calls = repeat > 0 ? tw_calls_per_sample(call, o->min_sample_ns, first_call_ns) : 0;
    double *samples = (double *)tw_alloc(sizeof(double) * (size_t)(repeat > 0 ? repeat : 1));
    double *cpu = (double *)tw_alloc(sizeof(double) * (size_t)(repeat > 0 ? repeat : 1));
    double *kernel = (double *)tw_alloc(sizeof(double) * (size_t)(repeat > 0 ? repeat : 1));
    int taken = 0;
    int retaken = 0;
    int retakes = repeat < TW_FAULTED_RETAKES ? repeat : TW_FAULTED_RETAKES;
    double probe_before = repeat > 0 ? tw_probe_gflops() : 0;
    for (int s = 0; s < repeat; s++) {
        long f0 = tw_page_faults();
        double k0 = tw_kernel_ns;
        double c0 = tw_thread_cpu_ns();
        double t0 = tw_now_ns();
        for (long i = 0; i < calls; i++) call();
        double t1 = tw_now_ns();
        double c1 = tw_thread_cpu_ns();
        if (!tw_kernel_timed && retaken < retakes && tw_page_faults() > f0) {
            retaken++;
            s--;
            continue;
        }
        samples[s] = (t1 - t0) / (double)calls;
        cpu[s] = (c1 - c0) / (double)calls;
        kernel[s] = (tw_kernel_ns - k0) / (double)calls;
        taken = s + 1;
        if (taken < repeat && (stop = tw_race_stop(&race, samples, taken)) != NULL) break;
    }
    double probe_after = repeat > 0 ? tw_probe_gflops() : 0;
    FILE *f = fopen(path, "w");
    if (!f) tw_fail("cannot write timings", path);
    fprintf(f, "first_call_ns %.3f\nwarmup_calls %ld\ncalls_per_sample %ld\n", first_call_ns, warm_calls, calls);
    if (repeat > 0) fprintf(f, "probe_before_gflops %.3f\nprobe_after_gflops %.3f\n", probe_before, probe_after);
    if (stop) {
        fprintf(f, "race_stop %s\nrace_best_ns %.3f\nrace_best_slowest_ns %.3f\nrace_best_fastest_ns %.3f\nrace_best_first_ns %.3f\n", stop,
                race.best_ns, race.best_slowest_ns, race.best_fastest_ns, race.best_first_ns);
    }
    for (int s = 0; s < taken; s++) fprintf(f, "sample_ns %.3f\n", samples[s]);
    for (int s = 0; s < taken; s++) fprintf(f, "sample_cpu_ns %.3f\n", cpu[s]);
    if (tw_kernel_timed) for (int s = 0; s < taken; s++) fprintf(f, "sample_kernel_ns %.3f\n", kernel[s]);
    if (retaken > 0) fprintf(f, "faulted_samples_retaken %d\n", retaken);
    if (tw_launches_per_call > 0) fprintf(f, "launches_per_call %ld\n", tw_launches_per_call);
    tw_write_library(f);
    fclose(f);
    free(kernel);
    free(cpu);
    free(samples);
}

/* The protocol for a launcher that did not time its first call. */
TW_API void tw_measure(tw_call_fn call, const tw_options *o) {
    tw_measure_after(call, o, 0);
}


#endif
