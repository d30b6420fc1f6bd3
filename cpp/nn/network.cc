#include "nn/network.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/types.h"
#include "nn/matmul.h"

namespace ts::nn {

namespace {

// Bounds on every size, so that no product of two of them can overflow 64 bits and no model can
// ask for more than 4 GB of weights.
constexpr int64_t kMaxDimension = 1 << 24;
constexpr int64_t kMaxParameters = int64_t{1} << 30;
constexpr int kMaxLayers = 64;

void check_range(const char* what, int64_t value, int64_t low, int64_t high) {
  if (value < low || value > high) {
    fail(std::string("model ") + what + " must be in " + std::to_string(low) + ".." + std::to_string(high) +
         ", got " + std::to_string(value));
  }
}

int64_t product(const std::vector<int>& shape) {
  int64_t n = 1;
  for (int d : shape) {
    check_range("observation_shape entries", d, 1, kMaxDimension);
    n *= d;
    check_range("observation size (the product of observation_shape)", n, 1, kMaxDimension);
  }
  return n;
}

// Board height, width and planes of a resnet's observation shape.
struct Board {
  int planes, height, width;
};

Board board_of(const NetworkSpec& spec) {
  const auto& s = spec.observation_shape;
  if (s.size() == 3) return {s[0], s[1], s[2]};
  if (s.size() == 2) return {1, s[0], s[1]};
  fail("a resnet model needs an observation_shape of [planes, height, width] or [height, width], got " +
       std::to_string(s.size()) + " dimensions");
}

void add_dense(std::vector<TensorLayout>& out, const std::string& name, int64_t in, int64_t width) {
  out.push_back({name + ".weight", {in, width}});
  out.push_back({name + ".bias", {width}});
}

void add_conv(std::vector<TensorLayout>& out, const std::string& name, int64_t in, int64_t width, int k) {
  out.push_back({name + ".weight", {width, in, k, k}});
  out.push_back({name + ".bias", {width}});
}

}  // namespace

int64_t observation_size(const NetworkSpec& spec) { return product(spec.observation_shape); }

std::vector<TensorLayout> tensor_layout(const NetworkSpec& spec) {
  const int64_t size = observation_size(spec);
  check_range("num_players", spec.num_players, 1, kMaxPlayers);
  check_range("num_actions", spec.num_actions, 1, kMaxDimension);
  if (!(std::isfinite(spec.min_utility) && std::isfinite(spec.max_utility) &&
        spec.max_utility > spec.min_utility)) {
    fail("model utility range must be finite with max > min, got [" + std::to_string(spec.min_utility) +
         ", " + std::to_string(spec.max_utility) + "]");
  }
  std::vector<TensorLayout> out;
  if (spec.architecture == Architecture::kMlp) {
    check_range("hidden layers", static_cast<int64_t>(spec.hidden.size()), 0, kMaxLayers);
    int64_t in = size + spec.num_players;
    for (size_t i = 0; i < spec.hidden.size(); ++i) {
      check_range("hidden layer width", spec.hidden[i], 1, 1 << 16);
      add_dense(out, "hidden." + std::to_string(i), in, spec.hidden[i]);
      in = spec.hidden[i];
    }
    add_dense(out, "policy", in, spec.num_actions);
    add_dense(out, "value", in, spec.num_players);
  } else {
    const Board board = board_of(spec);
    check_range("channels", spec.channels, 1, 1024);
    check_range("blocks", spec.blocks, 0, kMaxLayers);
    check_range("value_hidden", spec.value_hidden, 1, 1 << 16);
    const int64_t cells = int64_t{board.height} * board.width;
    add_conv(out, "stem", board.planes + spec.num_players, spec.channels, 3);
    for (int i = 0; i < spec.blocks; ++i) {
      add_conv(out, "block." + std::to_string(i) + ".conv1", spec.channels, spec.channels, 3);
      add_conv(out, "block." + std::to_string(i) + ".conv2", spec.channels, spec.channels, 3);
    }
    add_conv(out, "policy_conv", spec.channels, 2, 1);
    add_dense(out, "policy", 2 * cells, spec.num_actions);
    add_conv(out, "value_conv", spec.channels, 1, 1);
    add_dense(out, "value_hidden", cells, spec.value_hidden);
    add_dense(out, "value", spec.value_hidden, spec.num_players);
  }
  int64_t total = 0;
  for (const auto& t : out) {
    int64_t n = 1;
    for (int64_t d : t.shape) {
      check_range("tensor dimension", d, 1, kMaxDimension);
      n *= d;
      check_range("tensor size", n, 1, kMaxParameters);
    }
    total += n;
    check_range("parameter count", total, 1, kMaxParameters);
  }
  return out;
}

void Network::Dense::apply(const float* x, int rows, float* y, bool relu) const {
  matmul(x, rows, in, weight.data(), out, bias.data(), y, relu);
}

// All positions' k x k patches as rows of one matrix, then one matmul (im2col).
void Network::Conv::apply(const float* boards, int count, int height, int width, float* y, bool relu,
                          std::vector<float>& patches) const {
  const int pad = (k - 1) / 2;
  const size_t patch = static_cast<size_t>(k) * k * in;
  const size_t board = static_cast<size_t>(height) * width * in;
  patches.resize(patch * height * width * count);
  float* to = patches.data();
  for (int b = 0; b < count; ++b) {
    const float* x = boards + b * board;
    for (int row = 0; row < height; ++row) {
      for (int col = 0; col < width; ++col) {
        for (int ky = 0; ky < k; ++ky) {
          for (int kx = 0; kx < k; ++kx, to += in) {
            const int r = row + ky - pad, c = col + kx - pad;
            if (r < 0 || r >= height || c < 0 || c >= width) {
              std::fill(to, to + in, 0.0f);
            } else {
              std::memcpy(to, x + (static_cast<size_t>(r) * width + c) * in, sizeof(float) * in);
            }
          }
        }
      }
    }
  }
  matmul(patches.data(), count * height * width, as_dense.in, as_dense.weight.data(), out,
         as_dense.bias.data(), y, relu);
}

namespace {

// A dense layer from the file's [in, out] weight and [out] bias; `row_of` maps the layer's input
// index as computed here to the file's row (identity, or [y, x, channel] -> [channel, y, x]).
template <class RowOf>
void fill_dense(auto& layer, const std::vector<float>& weight, const std::vector<float>& bias, int in,
                int out, RowOf row_of) {
  layer.in = in;
  layer.out = out;
  layer.bias = bias;
  layer.weight.resize(static_cast<size_t>(in) * out);
  for (int i = 0; i < in; ++i) {
    const size_t from = static_cast<size_t>(row_of(i)) * out;
    std::copy(weight.begin() + from, weight.begin() + from + out,
              layer.weight.begin() + static_cast<size_t>(i) * out);
  }
}

}  // namespace

Network::Network(NetworkSpec spec, const std::vector<std::vector<float>>& tensors, std::string name)
    : spec_(std::move(spec)), name_(std::move(name)) {
  const std::vector<TensorLayout> layout = tensor_layout(spec_);
  if (tensors.size() != layout.size()) {
    fail("a " + std::string(spec_.architecture == Architecture::kMlp ? "mlp" : "resnet") +
         " model of this size has " + std::to_string(layout.size()) + " tensors, got " +
         std::to_string(tensors.size()));
  }
  for (size_t t = 0; t < layout.size(); ++t) {
    int64_t n = 1;
    for (int64_t d : layout[t].shape) n *= d;
    if (static_cast<int64_t>(tensors[t].size()) != n) {
      fail("model tensor " + layout[t].name + " must hold " + std::to_string(n) + " values, got " +
           std::to_string(tensors[t].size()));
    }
    for (float v : tensors[t]) {
      if (!std::isfinite(v)) fail("model tensor " + layout[t].name + " holds a value that is not finite");
    }
    parameters_ += n;
  }
  auto identity = [](int i) { return i; };
  size_t t = 0;
  auto dense = [&](Dense& layer, auto row_of) {
    const auto& shape = layout[t].shape;
    fill_dense(layer, tensors[t], tensors[t + 1], static_cast<int>(shape[0]), static_cast<int>(shape[1]),
               row_of);
    t += 2;
  };
  auto conv = [&](Conv& layer) {
    const auto& shape = layout[t].shape;  // [out, in, k, k]
    layer.out = static_cast<int>(shape[0]);
    layer.in = static_cast<int>(shape[1]);
    layer.k = static_cast<int>(shape[2]);
    const int k = layer.k, in = layer.in;
    Dense& d = layer.as_dense;
    d.in = k * k * in;
    d.out = layer.out;
    d.bias = tensors[t + 1];
    d.weight.resize(static_cast<size_t>(d.in) * d.out);
    // Patch row (ky * k + kx) * in + c reads the file's [o][c][ky][kx].
    for (int o = 0; o < layer.out; ++o) {
      for (int c = 0; c < in; ++c) {
        for (int ky = 0; ky < k; ++ky) {
          for (int kx = 0; kx < k; ++kx) {
            d.weight[static_cast<size_t>((ky * k + kx) * in + c) * d.out + o] =
                tensors[t][((static_cast<size_t>(o) * in + c) * k + ky) * k + kx];
          }
        }
      }
    }
    t += 2;
  };

  if (spec_.architecture == Architecture::kMlp) {
    hidden_.resize(spec_.hidden.size());
    for (Dense& layer : hidden_) dense(layer, identity);
    dense(policy_, identity);
    dense(value_, identity);
    return;
  }
  const Board board = board_of(spec_);
  planes_ = board.planes;
  height_ = board.height;
  width_ = board.width;
  const int cells = height_ * width_;
  conv(stem_);
  block_convs_.resize(2 * static_cast<size_t>(spec_.blocks));
  for (Conv& layer : block_convs_) conv(layer);
  conv(policy_conv_);
  // Computed as [cell][plane]; the file flattens [plane][cell].
  dense(policy_, [cells](int i) { return (i % 2) * cells + i / 2; });
  conv(value_conv_);
  dense(value_hidden_, identity);  // one plane: the two orders agree
  dense(value_, identity);
}

void Network::forward(const float* observation, int mover, Scratch& scratch, float* logits,
                      double* values) const {
  forward_batch(observation, &mover, 1, scratch, logits, values);
}

void Network::forward_batch(const float* observations, const int* movers, int count, Scratch& scratch,
                            float* logits, double* values) const {
  for (int i = 0; i < count; ++i) {
    if (movers[i] < 0 || movers[i] >= spec_.num_players) {
      fail("a network evaluates a player's view; player " + std::to_string(movers[i]) + " is not one of " +
           std::to_string(spec_.num_players));
    }
  }
  scratch.raw.resize(static_cast<size_t>(count) * spec_.num_players);
  if (spec_.architecture == Architecture::kMlp) {
    forward_mlp(observations, movers, count, scratch, logits);
  } else {
    forward_resnet(observations, movers, count, scratch, logits);
  }
  check_finite(logits, static_cast<size_t>(count) * spec_.num_actions, "policy logit");
  check_finite(scratch.raw.data(), scratch.raw.size(), "value");
  const double half_range = (spec_.max_utility - spec_.min_utility) / 2;
  for (size_t i = 0; i < scratch.raw.size(); ++i) {
    values[i] = spec_.min_utility + (std::tanh(static_cast<double>(scratch.raw[i])) + 1.0) * half_range;
  }
}

[[gnu::noinline]] void Network::check_finite(const float* x, size_t n, const char* what) const {
  float probe = 0.0f;  // NaN or inf times 0 is NaN: one pass, no branch per value
  for (size_t i = 0; i < n; ++i) probe += x[i] * 0.0f;
  if (probe == 0.0f) return;
  const float* bad = std::find_if(x, x + n, [](float v) { return !std::isfinite(v); });
  fail(name_ + " gave a " + what + " that is not finite (" + std::to_string(*bad) +
       "): its weights overflow float32 arithmetic, so it cannot guide a search");
}

void Network::forward_mlp(const float* observations, const int* movers, int count, Scratch& scratch,
                          float* logits) const {
  const size_t size = static_cast<size_t>(observation_size(spec_));
  const size_t width = size + spec_.num_players;
  std::vector<float>& in = scratch.a;  // each row: the observation, then the mover one-hot
  in.assign(width * count, 0.0f);
  for (int i = 0; i < count; ++i) {
    std::copy(observations + i * size, observations + (i + 1) * size,
              in.begin() + static_cast<long>(i * width));
    in[i * width + size + movers[i]] = 1.0f;
  }
  std::vector<float>* x = &scratch.a;
  std::vector<float>* y = &scratch.b;
  for (const Dense& layer : hidden_) {
    y->resize(static_cast<size_t>(layer.out) * count);
    layer.apply(x->data(), count, y->data(), true);
    std::swap(x, y);
  }
  policy_.apply(x->data(), count, logits, false);
  value_.apply(x->data(), count, scratch.raw.data(), false);
}

void Network::forward_resnet(const float* observations, const int* movers, int count, Scratch& scratch,
                             float* logits) const {
  const size_t cells = static_cast<size_t>(height_) * width_;
  const size_t input_planes = planes_ + spec_.num_players;
  const size_t trunk = count * cells * spec_.channels;
  std::vector<float>& in = scratch.c;  // [board][cell][plane], the mover's planes last
  in.assign(count * cells * input_planes, 0.0f);
  for (int i = 0; i < count; ++i) {
    const float* observation = observations + i * cells * planes_;
    for (size_t cell = 0; cell < cells; ++cell) {
      float* to = in.data() + (i * cells + cell) * input_planes;
      for (int p = 0; p < planes_; ++p) to[p] = observation[p * cells + cell];
      to[planes_ + movers[i]] = 1.0f;
    }
  }
  std::vector<float>& x = scratch.a;
  std::vector<float>& h = scratch.b;
  x.resize(trunk);
  h.resize(trunk);
  stem_.apply(in.data(), count, height_, width_, x.data(), true, scratch.patches);
  std::vector<float>& y = scratch.c;
  y.resize(trunk);
  for (size_t i = 0; i < block_convs_.size(); i += 2) {
    block_convs_[i].apply(x.data(), count, height_, width_, h.data(), true, scratch.patches);
    block_convs_[i + 1].apply(h.data(), count, height_, width_, y.data(), false, scratch.patches);
    for (size_t j = 0; j < trunk; ++j) x[j] = std::max(x[j] + y[j], 0.0f);
  }
  h.resize(count * cells * 2);
  policy_conv_.apply(x.data(), count, height_, width_, h.data(), true, scratch.patches);
  policy_.apply(h.data(), count, logits, false);
  h.resize(count * cells);
  value_conv_.apply(x.data(), count, height_, width_, h.data(), true, scratch.patches);
  y.resize(static_cast<size_t>(count) * spec_.value_hidden);
  value_hidden_.apply(h.data(), count, y.data(), true);
  value_.apply(y.data(), count, scratch.raw.data(), false);
}

}  // namespace ts::nn
