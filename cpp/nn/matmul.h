// The one computational kernel of the networks: y = x W + b (optionally ReLU), for `rows` inputs
// at once, in registers blocked 4 rows by 16 columns (portable vector code, no -march needed;
// an AVX2 version is chosen at run time where the CPU has it).
#pragma once

namespace ts::nn {

// x: [rows][in], w: [in][out], bias: [out], y: [rows][out] (not overlapping x).
void matmul(const float* x, int rows, int in, const float* w, int out, const float* bias, float* y,
            bool relu);

}  // namespace ts::nn
