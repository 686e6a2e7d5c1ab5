// The ML-compilation primer's workload: D = exp(A * B), then F = D * E, in single precision
// (row-major; A is m x k, B is k x n, E is n x p), told as the primer tells it: from textbook loops
// to a schedule, one transformation at a time.
//   mlc_naive    the textbook loop order (i, j, k) for both matmuls, exp as a pass of its own;
//   mlc_loops    the loops reordered (i, k, j) so the inner loop streams rows of B and E and vectorises;
//   mlc_blocked  tiling: each matmul in BM-row blocks and BK-deep slices, B and E packed into panels and
//                an MR x (2 * VW) block of the result held in vector registers; exp over the whole of D
//                between the matmuls, or fused into the first matmul's epilogue (FUSE_EXP);
//   mlc_fused    the two matmuls' row loops fused: each BM-row block of D is computed (exp'd in the
//                epilogue or right after) and at once multiplied by E while it is still in cache.
// Fusion stops there, where it stops being legal: a row of F sums over every column of D, and each
// element of D needs the whole k-reduction of A * B (then exp) first, so only the row loop is shared.
// The schedule is the alias line in mlc_primer(); the other choices are marked declarations.
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const int BM = 64;        // tunable
static const int BK = 256;       // tunable
static const int MR = 6;         // tunable
static const int VW = 8;         // tunable
static const int FUSE_EXP = 1;   // tunable

/* Two vectors of VW floats make a register block's width: NR = 2 * VW columns. */
enum { NV = 2 };

static int min_int(int a, int b) { return a < b ? a : b; }

static void exp_all(size_t count, float *x) {
    for (size_t i = 0; i < count; i++) x[i] = expf(x[i]);
}

/* --- 1. textbook loops ----------------------------------------------------------------------- */

static void matmul_ijk(int m, int n, int k, const float *a, const float *b, float *c) {
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            float sum = 0.0f;
            for (int q = 0; q < k; q++) sum += a[(size_t)i * k + q] * b[(size_t)q * n + j];
            c[(size_t)i * n + j] = sum;
        }
}

static void mlc_naive(int m, int k, int n, int p, const float *a, const float *b, const float *e, float *d, float *f) {
    matmul_ijk(m, n, k, a, b, d);
    exp_all((size_t)m * n, d);
    matmul_ijk(m, p, n, d, e, f);
}

/* --- 2. reordered loops ---------------------------------------------------------------------- */

static void matmul_ikj(int m, int n, int k, const float *a, const float *b, float *c) {
    memset(c, 0, sizeof(float) * (size_t)m * n);
    for (int i = 0; i < m; i++)
        for (int q = 0; q < k; q++) {
            const float aiq = a[(size_t)i * k + q];
            const float *restrict brow = b + (size_t)q * n;
            float *restrict crow = c + (size_t)i * n;
            for (int j = 0; j < n; j++) crow[j] += aiq * brow[j];
        }
}

static void mlc_loops(int m, int k, int n, int p, const float *a, const float *b, const float *e, float *d, float *f) {
    matmul_ikj(m, n, k, a, b, d);
    exp_all((size_t)m * n, d);
    matmul_ikj(m, p, n, d, e, f);
}

/* --- 3. tiles, packed panels and register blocks --------------------------------------------- */

/*
 * Micro-kernels: C[MR_ x NR] (+)= A[MR_ x kc] * B[kc x NR], NR = 2 * VW_, the block of C held in
 * 2 * MR_ vector registers; A and B come packed (A's panel column by column, B's row by row). With
 * exp_epilogue, the finished block goes through exp as it leaves the registers, while it is in L1:
 * the first matmul's epilogue, so D is never read back from memory for a pass of its own.
 */
#define UNROLLED _Pragma("GCC unroll 16")
#define DEFINE_MICRO(MR_, VW_)                                                                              \
    static __attribute__((noinline)) void micro_##MR_##x##VW_(int kc, const float *restrict ap,            \
            const float *restrict bp, float *restrict c, long ldc, int accumulate, int exp_epilogue) {      \
        typedef float vec __attribute__((vector_size(VW_ * 4)));                                           \
        typedef float uvec __attribute__((vector_size(VW_ * 4), aligned(4)));                              \
        vec acc[MR_][NV];                                                                                  \
        UNROLLED for (int i = 0; i < MR_; i++) UNROLLED for (int j = 0; j < NV; j++)                      \
            acc[i][j] = accumulate ? *(const uvec *)(c + i * ldc + j * VW_) : (vec){0};                    \
        _Pragma("GCC unroll 4") for (int q = 0; q < kc; q++) {                                             \
            vec bv[NV];                                                                                    \
            UNROLLED for (int j = 0; j < NV; j++) bv[j] = *(const vec *)(bp + (size_t)q * NV * VW_ + j * VW_); \
            UNROLLED for (int i = 0; i < MR_; i++) {                                                       \
                const float ai = ap[(size_t)q * MR_ + i];                                                  \
                UNROLLED for (int j = 0; j < NV; j++) acc[i][j] += ai * bv[j];                             \
            }                                                                                              \
        }                                                                                                  \
        UNROLLED for (int i = 0; i < MR_; i++) UNROLLED for (int j = 0; j < NV; j++)                      \
            *(uvec *)(c + i * ldc + j * VW_) = acc[i][j];                                                  \
        /* exp on the block just stored, still in L1 (indexing lanes of acc would keep it off registers). */ \
        if (exp_epilogue)                                                                                  \
            for (int i = 0; i < MR_; i++)                                                                  \
                for (int j = 0; j < NV * VW_; j++) c[i * ldc + j] = expf(c[i * ldc + j]);                  \
    }

/* The register blocks on offer: those whose accumulators, B vectors and broadcast A value fit the
 * vector registers (MR * 2 + 3 <= 2 * VW: AVX2's 16 registers of 8 floats, AVX-512's 32 of 16). */
#define MICRO_KERNELS(X) X(4, 8) X(6, 8) X(4, 16) X(6, 16) X(8, 16) X(12, 16)
MICRO_KERNELS(DEFINE_MICRO)

/* Any other MR x VW: plain loops, correct but slow. */
static void micro_any(int kc, const float *restrict ap, const float *restrict bp, float *restrict c, long ldc, int accumulate,
                      int exp_epilogue) {
    const int nr = NV * VW;
    for (int i = 0; i < MR; i++)
        for (int j = 0; j < nr; j++) {
            float sum = accumulate ? c[i * ldc + j] : 0.0f;
            for (int q = 0; q < kc; q++) sum += ap[(size_t)q * MR + i] * bp[(size_t)q * nr + j];
            c[i * ldc + j] = exp_epilogue ? expf(sum) : sum;
        }
}

typedef void micro_fn(int, const float *restrict, const float *restrict, float *restrict, long, int, int);

/* MR and VW are constants: this folds to one direct call. */
static micro_fn *micro_kernel(void) {
#define PICK(MR_, VW_) if (MR == MR_ && VW == VW_) return micro_##MR_##x##VW_;
    MICRO_KERNELS(PICK)
#undef PICK
    return micro_any;
}

/* A buffer kept from call to call (the packed operands), grown when needed. */
static float *scratch(float **buffer, size_t *capacity, size_t floats) {
    if (floats > *capacity) {
        free(*buffer);
        *buffer = NULL;
        if (posix_memalign((void **)buffer, 64, sizeof(float) * floats) != 0) abort();
        *capacity = floats;
    }
    return *buffer;
}

/*
 * All of B (k x n) in panels: for each BK-deep slice, its columns in panels of NR, each panel kc rows
 * of NR floats, zero-padded on the right. Slice pc starts at pc * np, its panel at column jr at jr * kc.
 */
static void pack_b(int k, int n, const float *b, float *restrict bp) {
    const int nr = NV * VW, np = (n + nr - 1) / nr * nr;
    for (int pc = 0; pc < k; pc += BK) {
        const int kc = min_int(BK, k - pc);
        float *slice = bp + (size_t)pc * np;
        for (int jr = 0; jr < n; jr += nr) {
            float *panel = slice + (size_t)jr * kc;
            for (int q = 0; q < kc; q++) {
                const float *row = b + (size_t)(pc + q) * n + jr;
                if (jr + nr <= n) memcpy(panel + (size_t)q * nr, row, sizeof(float) * nr);
                else for (int j = 0; j < nr; j++) panel[(size_t)q * nr + j] = jr + j < n ? row[j] : 0.0f;
            }
        }
    }
}

/* Rows [0, mc) x columns [0, kc) of A in panels of MR rows, column by column, zero-padded below. */
static void pack_a(int mc, int kc, const float *a, int lda, float *restrict ap) {
    for (int ir = 0; ir < mc; ir += MR, ap += (size_t)MR * kc)
        for (int i = 0; i < MR; i++) {
            const float *row = a + (size_t)(ir + i) * lda;
            for (int q = 0; q < kc; q++) ap[(size_t)q * MR + i] = ir + i < mc ? row[q] : 0.0f;
        }
}

/*
 * C[mc x n] = A[mc x k] * B with B packed by pack_b; exp applied in the epilogue when asked. For each
 * BK-deep slice the block of A is packed once; each panel of B (kc x NR, in L1) then meets every MR-row
 * panel of A (mc x kc, in L2).
 */
static void gemm_rows(int mc, int n, int k, const float *a, int lda, const float *bp, float *c, int ldc, int exp_epilogue) {
    static float *ap, *edge;
    static size_t ap_capacity, edge_capacity;
    micro_fn *micro = micro_kernel();
    const int nr = NV * VW, np = (n + nr - 1) / nr * nr;
    float *apack = scratch(&ap, &ap_capacity, (size_t)((mc + MR - 1) / MR * MR) * BK);
    float *tile = scratch(&edge, &edge_capacity, (size_t)MR * nr);
    for (int pc = 0; pc < k; pc += BK) {
        const int kc = min_int(BK, k - pc);
        const int last = pc + kc >= k;
        pack_a(mc, kc, a + pc, lda, apack);
        const float *slice = bp + (size_t)pc * np;
        for (int jr = 0; jr < n; jr += nr) {
            const int ncols = min_int(nr, n - jr);
            const float *bpanel = slice + (size_t)jr * kc;
            for (int ir = 0; ir < mc; ir += MR) {
                const int nrows = min_int(MR, mc - ir);
                float *cij = c + (size_t)ir * ldc + jr;
                const float *apanel = apack + (size_t)ir * kc;
                if (nrows == MR && ncols == nr) {
                    micro(kc, apanel, bpanel, cij, ldc, pc > 0, last && exp_epilogue);
                } else {
                    micro(kc, apanel, bpanel, tile, nr, 0, 0);
                    for (int i = 0; i < nrows; i++)
                        for (int j = 0; j < ncols; j++) {
                            float v = (pc > 0 ? cij[(size_t)i * ldc + j] : 0.0f) + tile[i * nr + j];
                            cij[(size_t)i * ldc + j] = last && exp_epilogue ? expf(v) : v;
                        }
                }
            }
        }
    }
}

/* B and E packed once a call, into buffers kept between calls. */
static void pack_operands(int k, int n, int p, const float *b, const float *e, const float **bp, const float **ep) {
    static float *bbuf, *ebuf;
    static size_t bcap, ecap;
    const int nr = NV * VW;
    float *bq = scratch(&bbuf, &bcap, (size_t)k * ((n + nr - 1) / nr * nr));
    float *eq = scratch(&ebuf, &ecap, (size_t)n * ((p + nr - 1) / nr * nr));
    pack_b(k, n, b, bq);
    pack_b(n, p, e, eq);
    *bp = bq;
    *ep = eq;
}

/* The matmuls one after the other, each over all its rows in BM-row blocks. */
static void mlc_blocked(int m, int k, int n, int p, const float *a, const float *b, const float *e, float *d, float *f) {
    const float *bp, *ep;
    pack_operands(k, n, p, b, e, &bp, &ep);
    for (int ic = 0; ic < m; ic += BM)
        gemm_rows(min_int(BM, m - ic), n, k, a + (size_t)ic * k, k, bp, d + (size_t)ic * n, n, FUSE_EXP);
    if (!FUSE_EXP) exp_all((size_t)m * n, d);
    for (int ic = 0; ic < m; ic += BM)
        gemm_rows(min_int(BM, m - ic), p, n, d + (size_t)ic * n, n, ep, f + (size_t)ic * p, p, 0);
}

/* --- 4. the two matmuls' row loops fused ------------------------------------------------------ */

static void mlc_fused(int m, int k, int n, int p, const float *a, const float *b, const float *e, float *d, float *f) {
    const float *bp, *ep;
    pack_operands(k, n, p, b, e, &bp, &ep);
    for (int ic = 0; ic < m; ic += BM) {
        const int mc = min_int(BM, m - ic);
        float *dblock = d + (size_t)ic * n;
        gemm_rows(mc, n, k, a + (size_t)ic * k, k, bp, dblock, n, FUSE_EXP);
        if (!FUSE_EXP) exp_all((size_t)mc * n, dblock);
        gemm_rows(mc, p, n, dblock, n, ep, f + (size_t)ic * p, p, 0);
    }
}

/* d = exp(a * b) (kept: it is verified too), f = d * e. */
void mlc_primer(int m, int k, int n, int p, const float *a, const float *b, const float *e, float *d, float *f) {
    mlc_fused(m, k, n, p, a, b, e, d, f); // tunable: Schedule
}
