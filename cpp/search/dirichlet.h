// Dirichlet noise for root priors (as in AlphaZero), drawn from the search's own Rng.
#pragma once
#include <cmath>
#include <vector>

#include "core/rng.h"

namespace ts {

inline double standard_normal(Rng& rng) {
  double u = rng.uniform();
  while (u <= 0) u = rng.uniform();
  return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * rng.uniform());
}

// Gamma(shape, 1) by Marsaglia and Tsang; shapes below 1 via the boost Gamma(shape+1) * U^(1/shape).
inline double gamma_sample(Rng& rng, double shape) {
  if (shape < 1.0) {
    double u = rng.uniform();
    while (u <= 0) u = rng.uniform();
    return gamma_sample(rng, shape + 1.0) * std::pow(u, 1.0 / shape);
  }
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  while (true) {
    double x, v;
    do {
      x = standard_normal(rng);
      v = 1.0 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = rng.uniform();
    if (u < 1.0 - 0.0331 * x * x * x * x || std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v)))
      return d * v;
  }
}

// Mixes Dirichlet(alpha) noise into `n` priors: p <- (1 - epsilon) p + epsilon noise.
inline void add_dirichlet_noise(Rng& rng, float* priors, int n, double alpha, double epsilon) {
  std::vector<double> noise(n);
  double total = 0;
  for (int i = 0; i < n; ++i) total += noise[i] = gamma_sample(rng, alpha);
  if (total <= 0) return;
  for (int i = 0; i < n; ++i) {
    priors[i] = static_cast<float>((1.0 - epsilon) * priors[i] + epsilon * noise[i] / total);
  }
}

}  // namespace ts
