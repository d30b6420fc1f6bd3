// Networks of model files (nn/network.h) and their evaluator for the search. The file is read and
// checked in Python (tablesearch.models); here the sizes and tensors are checked once more as they
// become a native network.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "api/model_evaluator.h"
#include "bindings/gil.h"
#include "bindings/module.h"
#include "nn/network.h"

namespace ts {
namespace {

namespace py = pybind11;
using Floats = py::array_t<float, py::array::c_style | py::array::forcecast>;

nn::NetworkSpec make_spec(const std::string& architecture, std::vector<int> observation_shape,
                          int num_players, int num_actions, double min_utility, double max_utility,
                          std::vector<int> hidden, int channels, int blocks, int value_hidden) {
  nn::NetworkSpec spec;
  if (architecture == "mlp") {
    spec.architecture = nn::Architecture::kMlp;
  } else if (architecture == "resnet") {
    spec.architecture = nn::Architecture::kResnet;
  } else {
    fail("model architecture must be one of mlp, resnet, got '" + architecture + "'");
  }
  spec.observation_shape = std::move(observation_shape);
  spec.num_players = num_players;
  spec.num_actions = num_actions;
  spec.min_utility = min_utility;
  spec.max_utility = max_utility;
  spec.hidden = std::move(hidden);
  spec.channels = channels;
  spec.blocks = blocks;
  spec.value_hidden = value_hidden;
  return spec;
}

// (logits [count, actions], values [count, players]) of `observations` [count, ...] read by `movers`.
py::tuple forward(const nn::Network& network, const Floats& observations,
                  const py::array_t<int64_t>& movers) {
  const nn::NetworkSpec& spec = network.spec();
  const int64_t size = nn::observation_size(spec);
  if (observations.ndim() < 1 || movers.ndim() != 1 || observations.shape(0) != movers.shape(0) ||
      observations.size() != observations.shape(0) * size) {
    fail("forward takes observations of shape (count, " + std::to_string(size) +
         " values each) and one mover per observation");
  }
  const py::ssize_t count = observations.shape(0);
  py::array_t<float> logits({count, static_cast<py::ssize_t>(spec.num_actions)});
  py::array_t<double> values({count, static_cast<py::ssize_t>(spec.num_players)});
  const float* in = observations.data();
  const int64_t* who = movers.data();
  float* out_logits = logits.mutable_data();
  double* out_values = values.mutable_data();
  std::vector<int> players(count);
  for (py::ssize_t i = 0; i < count; ++i) {
    if (who[i] < 0 || who[i] >= spec.num_players) {
      fail("mover " + std::to_string(who[i]) + " is not a player of " + std::to_string(spec.num_players));
    }
    players[i] = static_cast<int>(who[i]);
  }
  {
    GilRelease release;
    nn::Scratch scratch;
    constexpr py::ssize_t kChunk = 256;  // bounds the scratch space
    for (py::ssize_t i = 0; i < count; i += kChunk) {
      const int n = static_cast<int>(std::min(kChunk, count - i));
      network.forward_batch(in + i * size, players.data() + i, n, scratch, out_logits + i * spec.num_actions,
                            out_values + i * spec.num_players);
    }
  }
  return py::make_tuple(logits, values);
}

}  // namespace

void bind_network(py::module_& m) {
  m.def(
      "model_tensor_layout",
      [](const std::string& architecture, std::vector<int> observation_shape, int num_players,
         int num_actions, std::vector<int> hidden, int channels, int blocks, int value_hidden) {
        std::vector<std::pair<std::string, std::vector<int64_t>>> out;
        for (auto& t :
             nn::tensor_layout(make_spec(architecture, std::move(observation_shape), num_players, num_actions,
                                         -1, 1, std::move(hidden), channels, blocks, value_hidden))) {
          out.emplace_back(t.name, t.shape);
        }
        return out;
      },
      py::arg("architecture"), py::arg("observation_shape"), py::arg("num_players"), py::arg("num_actions"),
      py::arg("hidden") = std::vector<int>{}, py::arg("channels") = 0, py::arg("blocks") = 0,
      py::arg("value_hidden") = 0,
      "The tensors of a network of these sizes, in file order: [(name, shape)]. Raises ValueError for a size "
      "out of range.");

  py::class_<nn::Network, std::shared_ptr<nn::Network>>(m, "Network",
                                                        "A policy-value network evaluated natively.")
      .def(py::init([](const std::string& architecture, std::vector<int> observation_shape, int num_players,
                       int num_actions, double min_utility, double max_utility, std::vector<int> hidden,
                       int channels, int blocks, int value_hidden, const std::vector<Floats>& tensors,
                       std::string name) {
             std::vector<std::vector<float>> copies;
             for (const Floats& t : tensors) copies.emplace_back(t.data(), t.data() + t.size());
             return std::make_shared<nn::Network>(
                 make_spec(architecture, std::move(observation_shape), num_players, num_actions, min_utility,
                           max_utility, std::move(hidden), channels, blocks, value_hidden),
                 copies, std::move(name));
           }),
           py::arg("architecture"), py::arg("observation_shape"), py::arg("num_players"),
           py::arg("num_actions"), py::arg("min_utility"), py::arg("max_utility"), py::arg("hidden"),
           py::arg("channels"), py::arg("blocks"), py::arg("value_hidden"), py::arg("tensors"),
           py::arg("name") = "the network")
      .def_property_readonly("parameters", &nn::Network::parameters)
      .def("forward", &forward, py::arg("observations"), py::arg("movers"),
           "(logits, values) for each observation as read by its mover: logits [count, num_actions], values "
           "[count, num_players] on the game's utility range.");

  py::class_<ModelEvaluator, AnyEvaluator, std::shared_ptr<ModelEvaluator>>(
      m, "ModelEvaluator", "A network as the search's leaf evaluator, run natively on the search's threads.")
      .def(py::init([](std::shared_ptr<nn::Network> network, int leaf_batch) {
             if (leaf_batch < 1 || leaf_batch > 4096) {
               fail("batch_size must be an int in 1..4096, got " + std::to_string(leaf_batch));
             }
             return std::make_shared<ModelEvaluator>(std::move(network), leaf_batch);
           }),
           py::arg("network"), py::arg("leaf_batch") = 1);
}

}  // namespace ts
