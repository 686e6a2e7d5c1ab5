// C = A * B in single precision (row-major, A is m x k, B is k x n), told as a story in four steps:
//   sgemm_ijk      the textbook loop order: the inner loop walks down a column of B, one cache line per element;
//   sgemm_ikj      the same arithmetic reordered so the inner loop streams rows of B and C (and vectorises);
//   sgemm_tiled    ikj inside BM x BN x BK tiles, so the slices of A, B and C in use stay in cache;
//   sgemm_blocked  the structure of an optimised BLAS: slices of B and blocks of A packed into contiguous
//                  panels (PACK), and an MR x (NV * VW) block of C held in vector registers by a
//                  micro-kernel whose k loop is unrolled UNROLL times and reads B PREFETCH rows ahead
//                  (0: leaves it to the hardware prefetcher).
// The loop order is the alias line in sgemm(); the other choices are marked declarations.
#include <stdlib.h>
#include <string.h>

static const int BM = 128;    // tunable
static const int BN = 128;    // tunable
static const int BK = 128;    // tunable
static const int MR = 6;      // tunable
static const int NV = 4;      // tunable
static const int VW = 16;     // tunable
static const int PACK = 1;    // tunable
static const int UNROLL = 4;  // tunable
static const int PREFETCH = 0; // tunable

static int min_int(int a, int b) { return a < b ? a : b; }

static void sgemm_ijk(int m, int n, int k, const float *a, const float *b, float *c) {
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            float sum = 0.0f;
            for (int p = 0; p < k; p++) sum += a[(size_t)i * k + p] * b[(size_t)p * n + j];
            c[(size_t)i * n + j] = sum;
        }
}

static void sgemm_ikj(int m, int n, int k, const float *a, const float *b, float *c) {
    memset(c, 0, sizeof(float) * (size_t)m * n);
    for (int i = 0; i < m; i++)
        for (int p = 0; p < k; p++) {
            const float aip = a[(size_t)i * k + p];
            const float *restrict brow = b + (size_t)p * n;
            float *restrict crow = c + (size_t)i * n;
            for (int j = 0; j < n; j++) crow[j] += aip * brow[j];
        }
}

static void sgemm_tiled(int m, int n, int k, const float *a, const float *b, float *c) {
    memset(c, 0, sizeof(float) * (size_t)m * n);
    for (int i0 = 0; i0 < m; i0 += BM)
        for (int p0 = 0; p0 < k; p0 += BK)
            for (int j0 = 0; j0 < n; j0 += BN) {
                const int i1 = min_int(m, i0 + BM), p1 = min_int(k, p0 + BK), j1 = min_int(n, j0 + BN);
                for (int i = i0; i < i1; i++)
                    for (int p = p0; p < p1; p++) {
                        const float aip = a[(size_t)i * k + p];
                        const float *restrict brow = b + (size_t)p * n;
                        float *restrict crow = c + (size_t)i * n;
                        for (int j = j0; j < j1; j++) crow[j] += aip * brow[j];
                    }
            }
}

/*
 * Micro-kernels: C[MR_ x NR] (+)= A[MR_ x kc] * B[kc x NR] with NR = NV_ * VW_, the C block held in
 * NV_ * MR_ vector registers. A element (i, p) is a[i * a_rs + p * a_cs]; B row p starts at b + p * b_rs.
 * Packed panels give a_rs = 1, a_cs = MR, b_rs = NR; the unpacked matrices give their row strides.
 * The block of C, whose rows lie far apart in memory, is fetched into the cache while the k loop runs
 * and added to the sums at the end: loaded at the start, the first multiply-adds would wait for it.
 */
#define UNROLLED _Pragma("GCC unroll 16")
#define DEFINE_MICRO(MR_, NV_, VW_)                                                                         \
    static __attribute__((noinline)) void micro_##MR_##x##NV_##x##VW_(                                      \
        int kc, const float *restrict a, long a_rs, long a_cs, const float *restrict b, long b_rs,         \
        float *restrict c, long ldc, int accumulate) {                                                    \
        typedef float vec __attribute__((vector_size(VW_ * 4)));                                          \
        typedef float uvec __attribute__((vector_size(VW_ * 4), aligned(4)));                             \
        vec acc[MR_][NV_];                                                                                \
        UNROLLED for (int i = 0; i < MR_; i++) UNROLLED for (int j = 0; j < NV_; j++)                    \
            acc[i][j] = (vec){0};                                                                         \
        UNROLLED for (int i = 0; i < MR_; i++) UNROLLED for (int j = 0; j < NV_ * VW_; j += 16)          \
            __builtin_prefetch(c + i * ldc + j, 1, 3);                                                    \
        int p = 0;                                                                                        \
        for (; p + UNROLL <= kc; p += UNROLL) {                                                           \
            _Pragma("GCC unroll 8") for (int u = 0; u < UNROLL; u++) {                                    \
                if (PREFETCH > 0) __builtin_prefetch(b + (p + u + PREFETCH) * b_rs, 0, 3);                \
                vec bv[NV_];                                                                              \
                UNROLLED for (int j = 0; j < NV_; j++) bv[j] = *(const uvec *)(b + (p + u) * b_rs + j * VW_); \
                UNROLLED for (int i = 0; i < MR_; i++) {                                                  \
                    const float ai = a[i * a_rs + (p + u) * a_cs];                               \
                    UNROLLED for (int j = 0; j < NV_; j++) acc[i][j] += ai * bv[j];                       \
                }                                                                                         \
            }                                                                                             \
        }                                                                                                 \
        for (; p < kc; p++) {                                                                             \
            vec bv[NV_];                                                                                  \
            UNROLLED for (int j = 0; j < NV_; j++) bv[j] = *(const uvec *)(b + p * b_rs + j * VW_);       \
            UNROLLED for (int i = 0; i < MR_; i++) {                                                      \
                const float ai = a[i * a_rs + p * a_cs];                                         \
                UNROLLED for (int j = 0; j < NV_; j++) acc[i][j] += ai * bv[j];                           \
            }                                                                                             \
        }                                                                                                 \
        UNROLLED for (int i = 0; i < MR_; i++) UNROLLED for (int j = 0; j < NV_; j++)                    \
            *(uvec *)(c + i * ldc + j * VW_) = accumulate ? *(const uvec *)(c + i * ldc + j * VW_) + acc[i][j] \
                                                        : acc[i][j];                                      \
    }

/* The register blocks on offer, every MR x NV block whose accumulators, B vectors and broadcast A
 * value fit the registers (MR * NV + NV + 1 <= 2 * VW, the project's constraint): 8-float vectors for
 * AVX2's 16 registers, 16-float ones for AVX-512's 32 (on an AVX2 machine each takes two registers). */
#define MICRO_KERNELS(X) \
    X(4, 1, 8) X(6, 1, 8) X(8, 1, 8) X(12, 1, 8) X(14, 1, 8) X(4, 2, 8) X(6, 2, 8) X(4, 3, 8) \
    X(4, 1, 16) X(6, 1, 16) X(8, 1, 16) X(12, 1, 16) X(14, 1, 16) \
    X(4, 2, 16) X(6, 2, 16) X(8, 2, 16) X(12, 2, 16) X(14, 2, 16) \
    X(4, 3, 16) X(6, 3, 16) X(8, 3, 16) X(4, 4, 16) X(6, 4, 16)
MICRO_KERNELS(DEFINE_MICRO)

/* Any other MR x NR: plain loops, correct but slow. */
static void micro_any(int kc, const float *restrict a, long a_rs, long a_cs, const float *restrict b, long b_rs,
                      float *restrict c, long ldc, int accumulate) {
    const int nr = NV * VW;
    for (int i = 0; i < MR; i++)
        for (int j = 0; j < nr; j++) {
            float sum = accumulate ? c[i * ldc + j] : 0.0f;
            for (int p = 0; p < kc; p++) sum += a[i * a_rs + p * a_cs] * b[p * b_rs + j];
            c[i * ldc + j] = sum;
        }
}

typedef void micro_fn(int, const float *restrict, long, long, const float *restrict, long, float *restrict, long, int);

/* MR, NV and VW are constants, so this folds to one direct call. The micro-kernel is not inlined:
 * compiled once (specialised for the packed strides) it builds three times faster, and runs as fast. */
static micro_fn *micro_kernel(void) {
#define PICK(MR_, NV_, VW_) if (MR == MR_ && NV == NV_ && VW == VW_) return micro_##MR_##x##NV_##x##VW_;
    MICRO_KERNELS(PICK)
#undef PICK
    return micro_any;
}

/*
 * A buffer kept from call to call (a packed block, the edge tile), grown when needed, as a BLAS
 * library keeps its own. Allocated and freed in every call, the blocks came from fresh pages in
 * each of a process's first five calls (the C library hands aligned blocks out from new memory
 * until its free lists fit them): 250 page faults a call, 19% slower, on a host whose page
 * faults are dear.
 */
static float *scratch(float **buffer, size_t *capacity, size_t floats) {
    if (floats > *capacity) {
        free(*buffer);
        *buffer = NULL;
        if (posix_memalign((void **)buffer, 64, sizeof(float) * floats) != 0) abort();
        *capacity = floats;
    }
    return *buffer;
}

/* Copies rows [0, mc) x columns [0, kc) of A into panels of MR rows, column by column, zero-padded. */
static void pack_a(int mc, int kc, const float *a, int lda, float *restrict ap) {
    for (int ir = 0; ir < mc; ir += MR, ap += (size_t)MR * kc)
        for (int i = 0; i < MR; i++) {
            const float *row = a + (size_t)(ir + i) * lda;
            if (ir + i < mc) {
                for (int p = 0; p < kc; p++) ap[p * MR + i] = row[p];
            } else {
                for (int p = 0; p < kc; p++) ap[p * MR + i] = 0.0f;
            }
        }
}

/* Copies rows [0, kc) x columns [0, n) of B into panels of NR columns, row by row, zero-padded. */
static void pack_b(int kc, int n, const float *b, int ldb, float *restrict bp) {
    const int nr = NV * VW;
    for (int jr = 0; jr < n; jr += nr)
        for (int p = 0; p < kc; p++) {
            const float *row = b + (size_t)p * ldb + jr;
            if (jr + nr <= n) {
                memcpy(bp, row, sizeof(float) * nr);
            } else {
                for (int j = 0; j < nr; j++) bp[j] = jr + j < n ? row[j] : 0.0f;
            }
            bp += nr;
        }
}

/*
 * A BK-deep slice of B is packed once (all n columns); for each BM-high block of A, packed once, the
 * micro-kernel sweeps C in strips of BN columns. Both blocks are rounded up to whole register blocks,
 * so only the last rows and columns of C need a partial one.
 */
static void sgemm_blocked(int m, int n, int k, const float *a, const float *b, float *c) {
    micro_fn *micro = micro_kernel();
    const int nr = NV * VW;
    const int bm = (BM + MR - 1) / MR * MR, np = (n + nr - 1) / nr * nr, bn = (BN + nr - 1) / nr * nr;
    static float *ap_buffer, *bp_buffer, *edge_buffer;
    static size_t ap_capacity, bp_capacity, edge_capacity;
    float *ap = scratch(&ap_buffer, &ap_capacity, (size_t)bm * BK);
    float *bp = scratch(&bp_buffer, &bp_capacity, (size_t)np * BK);
    float *edge = scratch(&edge_buffer, &edge_capacity, (size_t)MR * nr);
    for (int pc = 0; pc < k; pc += BK) {
        const int kc = min_int(BK, k - pc);
        if (PACK) pack_b(kc, n, b + (size_t)pc * n, n, bp);
        for (int ic = 0; ic < m; ic += bm) {
            const int mc = min_int(bm, m - ic);
            if (PACK) pack_a(mc, kc, a + (size_t)ic * k + pc, k, ap);
            for (int jc = 0; jc < n; jc += bn) {
                for (int jr = jc; jr < min_int(n, jc + bn); jr += nr) {
                    const int nrr = min_int(nr, n - jr);
                    for (int ir = 0; ir < mc; ir += MR) {
                        const int mr = min_int(MR, mc - ir);
                        float *cij = c + (size_t)(ic + ir) * n + jr;
                        const int full = mr == MR && nrr == nr;
                        if (PACK) {
                            const float *apanel = ap + (size_t)ir * kc, *bpanel = bp + (size_t)jr * kc;
                            if (full) {
                                micro(kc, apanel, 1, MR, bpanel, nr, cij, n, pc > 0);
                            } else {
                                micro(kc, apanel, 1, MR, bpanel, nr, edge, nr, 0);
                                for (int i = 0; i < mr; i++)
                                    for (int j = 0; j < nrr; j++)
                                        cij[(size_t)i * n + j] = (pc > 0 ? cij[(size_t)i * n + j] : 0.0f) + edge[i * nr + j];
                            }
                        } else if (full) {
                            micro(kc, a + (size_t)(ic + ir) * k + pc, k, 1, b + (size_t)pc * n + jr, n, cij, n, pc > 0);
                        } else {
                            for (int i = 0; i < mr; i++)
                                for (int j = 0; j < nrr; j++) {
                                    float sum = pc > 0 ? cij[(size_t)i * n + j] : 0.0f;
                                    for (int p = 0; p < kc; p++)
                                        sum += a[(size_t)(ic + ir + i) * k + pc + p] * b[(size_t)(pc + p) * n + jr + j];
                                    cij[(size_t)i * n + j] = sum;
                                }
                        }
                    }
                }
            }
        }
    }
}

void sgemm(int m, int n, int k, const float *a, const float *b, float *c) {
    sgemm_blocked(m, n, k, a, b, c); // tunable: LoopOrder
}
