// A policy-value network evaluated natively, without Python: the forward pass of the networks a
// model file describes (python/tablesearch/models/, docs/learned-evaluators.md).
//
// Input: a game's observation tensor of the player to move, plus that player as a one-hot (extra
// features for the perceptron, extra constant planes for the convolutional network), so a network
// can tell whose view it reads in games whose tensor does not say.
// Output: a logit per distinct action (the policy) and a value per player, tanh-squashed and
// mapped onto the game's utility range.
//
// Architectures:
//  - mlp: dense layers with ReLU ("hidden.<i>"), then two dense heads ("policy", "value").
//  - resnet: a 3x3 convolution ("stem"), residual blocks of two 3x3 convolutions
//    ("block.<i>.conv1", "block.<i>.conv2"), a policy head (1x1 convolution to 2 planes
//    "policy_conv", dense "policy") and a value head (1x1 convolution to 1 plane "value_conv",
//    dense "value_hidden" with ReLU, dense "value"). Convolutions keep the board size (zero padding).
// Tensors, as the file stores them: dense weights [in, out], convolution weights [out, in, k, k],
// biases [out]; a dense layer after a convolution reads its input flattened as [channel, y, x].
// Computation is in float, with activations kept as [y, x, channel] so that every layer is one
// matrix product (nn/matmul.h; weights are rearranged once, when the network is built).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ts::nn {

enum class Architecture { kMlp, kResnet };

// What a model file's header declares: the architecture's sizes and the game's.
struct NetworkSpec {
  Architecture architecture = Architecture::kMlp;
  std::vector<int> observation_shape;  // resnet: [channels, height, width] or [height, width]
  int num_players = 2;
  int num_actions = 1;
  double min_utility = -1, max_utility = 1;
  std::vector<int> hidden;  // mlp: the width of each hidden layer
  int channels = 0;         // resnet: planes in the trunk
  int blocks = 0;           // resnet: residual blocks
  int value_hidden = 0;     // resnet: width of the value head's hidden layer
};

struct TensorLayout {
  std::string name;
  std::vector<int64_t> shape;
};

// The tensors a network of `spec` holds, in file order, with their shapes; checks the spec's sizes
// (InvalidArgument naming the bad one).
std::vector<TensorLayout> tensor_layout(const NetworkSpec& spec);

// Values read per leaf beyond the tensor: the player to move, one-hot.
int64_t observation_size(const NetworkSpec& spec);

// Space for one evaluation's intermediate activations (one per thread).
struct Scratch {
  std::vector<float> a, b, c, patches, raw;
};

class Network {
 public:
  // `tensors` in tensor_layout(spec) order, each of its shape (checked); weights must be finite.
  // `name` says which model this is in errors ("model file 'c4.tsmodel'").
  Network(NetworkSpec spec, const std::vector<std::vector<float>>& tensors, std::string name = "the network");

  const NetworkSpec& spec() const { return spec_; }
  int64_t parameters() const { return parameters_; }

  // Evaluates one observation (observation_size(spec) floats, laid out as the game writes it)
  // read by `mover`: writes num_actions logits and num_players values (on the utility range).
  // Finite weights can still overflow: a logit or value that is not finite is an InvalidArgument
  // naming the model, so that no search ever runs on NaN.
  void forward(const float* observation, int mover, Scratch& scratch, float* logits, double* values) const;
  // The same for `count` observations at once (each block of num_actions logits and num_players
  // values in the order of the observations): one matrix product per layer for all of them.
  void forward_batch(const float* observations, const int* movers, int count, Scratch& scratch, float* logits,
                     double* values) const;

 private:
  struct Dense {
    int in = 0, out = 0;
    std::vector<float> weight;  // [in][out]
    std::vector<float> bias;
    void apply(const float* x, int rows, float* y, bool relu) const;  // rows of x at once
  };
  struct Conv {  // k x k, stride 1, zero padding (k - 1) / 2
    int in = 0, out = 0, k = 0;
    Dense as_dense;  // weights as [(ky * k + kx) * in + c][out], applied to each position's patch
    // `count` boards of [height][width][in] at once.
    void apply(const float* boards, int count, int height, int width, float* y, bool relu,
               std::vector<float>& patches) const;
  };

  void forward_mlp(const float* observations, const int* movers, int count, Scratch& scratch,
                   float* logits) const;
  void forward_resnet(const float* observations, const int* movers, int count, Scratch& scratch,
                      float* logits) const;

  void check_finite(const float* x, size_t n, const char* what) const;

  NetworkSpec spec_;
  std::string name_;
  int64_t parameters_ = 0;
  int height_ = 1, width_ = 1, planes_ = 1;  // resnet input planes (without the mover's)
  std::vector<Dense> hidden_;                // mlp
  Conv stem_;
  std::vector<Conv> block_convs_;  // resnet: conv1, conv2 of each block
  Conv policy_conv_, value_conv_;
  Dense policy_, value_hidden_, value_;
};

}  // namespace ts::nn
