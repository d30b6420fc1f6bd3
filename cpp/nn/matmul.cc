#include "nn/matmul.h"

#include <algorithm>
#include <vector>

namespace ts::nn {

namespace {

// GCC and Clang's portable vector extension: no intrinsics. The generic build uses four-float
// vectors (SSE2, which every x86-64 has; NEON on ARM); on CPUs with AVX2 and FMA, matmul() runs a
// copy of the same code compiled for them with eight-float vectors, picked once at run time (as
// BLAS libraries do), so wheels need no -march flag.
typedef float Vec4 __attribute__((vector_size(16)));
typedef float Vec8 __attribute__((vector_size(32)));

// Every helper is always inlined: a 32-byte vector passed to a function compiled without AVX would
// cross an ABI boundary. Loads and stores go through memcpy: rows need not be aligned.
template <class Vec>
inline __attribute__((always_inline)) Vec load(const float* p) {
  Vec v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}

template <class Vec>
inline __attribute__((always_inline)) void store(float* p, Vec v) {
  __builtin_memcpy(p, &v, sizeof v);
}

// Rows [row, row + R) by two vectors of columns from `col`: the sums stay in registers while the
// inner dimension is walked, so each weight is loaded once per R rows.
template <class Vec, int R>
inline __attribute__((always_inline)) void block(const float* x, int in, const float* w, int out,
                                                 const float* bias, float* y, int row, int col, bool relu) {
  constexpr int lanes = sizeof(Vec) / sizeof(float);
  Vec acc[R][2];
  const Vec b0 = load<Vec>(bias + col), b1 = load<Vec>(bias + col + lanes);
  for (int r = 0; r < R; ++r) acc[r][0] = b0, acc[r][1] = b1;
  const float* xr = x + static_cast<size_t>(row) * in;
  for (int i = 0; i < in; ++i) {
    const float* wi = w + static_cast<size_t>(i) * out + col;
    const Vec w0 = load<Vec>(wi), w1 = load<Vec>(wi + lanes);
    for (int r = 0; r < R; ++r) {
      const float xi = xr[static_cast<size_t>(r) * in + i];
      acc[r][0] += xi * w0;
      acc[r][1] += xi * w1;
    }
  }
  const Vec zero = {};
  for (int r = 0; r < R; ++r) {
    float* yr = y + static_cast<size_t>(row + r) * out + col;
    for (int v = 0; v < 2; ++v)
      store(yr + v * lanes, relu ? (acc[r][v] > zero ? acc[r][v] : zero) : acc[r][v]);
  }
}

// One row alone (a search's single leaf) is bound by loading weights: only the rows of weights
// that its nonzero inputs need are read (observations are mostly zeros, ReLU outputs often),
// listed once without branches (which zeros they are is unpredictable).
template <class Vec>
inline __attribute__((always_inline)) void single_row(const float* x, int in, const float* w, int out,
                                                      const float* bias, float* y, bool relu) {
  constexpr int lanes = sizeof(Vec) / sizeof(float);
  thread_local std::vector<int> nonzero;
  nonzero.resize(in);
  int count = 0;
  for (int i = 0; i < in; ++i) {
    nonzero[count] = i;
    count += x[i] != 0.0f;
  }
  const Vec zero = {};
  int col = 0;
  for (; col + 2 * lanes <= out; col += 2 * lanes) {
    Vec acc0 = load<Vec>(bias + col), acc1 = load<Vec>(bias + col + lanes);
    for (int k = 0; k < count; ++k) {
      const int i = nonzero[k];
      const float* wi = w + static_cast<size_t>(i) * out + col;
      acc0 += x[i] * load<Vec>(wi);
      acc1 += x[i] * load<Vec>(wi + lanes);
    }
    store(y + col, relu ? (acc0 > zero ? acc0 : zero) : acc0);
    store(y + col + lanes, relu ? (acc1 > zero ? acc1 : zero) : acc1);
  }
  for (; col < out; ++col) {
    float sum = bias[col];
    for (int k = 0; k < count; ++k) sum += x[nonzero[k]] * w[static_cast<size_t>(nonzero[k]) * out + col];
    y[col] = relu ? std::max(sum, 0.0f) : sum;
  }
}

template <class Vec>
inline __attribute__((always_inline)) void matmul_with(const float* x, int rows, int in, const float* w,
                                                       int out, const float* bias, float* y, bool relu) {
  constexpr int width = 2 * sizeof(Vec) / sizeof(float);
  const int blocked_rows = rows - rows % 4;
  for (int row = blocked_rows; row < rows; ++row) {
    single_row<Vec>(x + static_cast<size_t>(row) * in, in, w, out, bias, y + static_cast<size_t>(row) * out,
                    relu);
  }
  int col = 0;
  for (; col + width <= out; col += width) {
    for (int row = 0; row < blocked_rows; row += 4) block<Vec, 4>(x, in, w, out, bias, y, row, col, relu);
  }
  if (col == out) return;
  // The last columns of the blocked rows, one at a time.
  for (int r = 0; r < blocked_rows; ++r) {
    const float* xr = x + static_cast<size_t>(r) * in;
    float* yr = y + static_cast<size_t>(r) * out;
    std::copy(bias + col, bias + out, yr + col);
    for (int i = 0; i < in; ++i) {
      if (xr[i] == 0.0f) continue;
      for (int j = col; j < out; ++j) yr[j] += xr[i] * w[static_cast<size_t>(i) * out + j];
    }
    if (relu) {
      for (int j = col; j < out; ++j) yr[j] = std::max(yr[j], 0.0f);
    }
  }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TS_AVX2_MATMUL 1
__attribute__((target("avx2,fma"))) void matmul_avx2(const float* x, int rows, int in, const float* w,
                                                     int out, const float* bias, float* y, bool relu) {
  matmul_with<Vec8>(x, rows, in, w, out, bias, y, relu);
}
#endif

}  // namespace

void matmul(const float* x, int rows, int in, const float* w, int out, const float* bias, float* y,
            bool relu) {
#ifdef TS_AVX2_MATMUL
  static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  if (avx2) return matmul_avx2(x, rows, in, w, out, bias, y, relu);
#endif
  matmul_with<Vec4>(x, rows, in, w, out, bias, y, relu);
}

}  // namespace ts::nn
