#include "bindings/py_state_spiel.h"

#include <array>

#include "bindings/gil.h"
#include "core/rng.h"

namespace ts {

using namespace py_callbacks;

// The pyspiel.State methods a SpielState calls beyond PyState's.
struct SpielMethods {
  explicit SpielMethods(py::handle state)
      : history(state, "history"),
        history_str(state, "history_str"),
        child(state, "child"),
        resample_from_infostate(state, "resample_from_infostate") {}
  Method history, history_str, child, resample_from_infostate;
};

namespace {

// CRC-32 (zlib's), as the Python rules key observed actions with zlib.crc32.
uint32_t crc32(const std::string& text) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : text) crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

std::string as_string(py::handle value, const Origin& where) {
  Py_ssize_t size = 0;
  const char* text = PyUnicode_Check(value.ptr()) ? PyUnicode_AsUTF8AndSize(value.ptr(), &size) : nullptr;
  if (!text) {
    PyErr_Clear();
    throw py::type_error(where.str() + " must return a str, got " + Py_TYPE(value.ptr())->tp_name);
  }
  return std::string(text, static_cast<size_t>(size));
}

// pyspiel's probability sampler for ResampleFromInfostate: uniform draws from the Rng of the
// resampling in progress on this thread.
thread_local Rng* sampling_rng = nullptr;

py::handle sampler() {
  static py::object* function = new py::object(py::cpp_function([] {
    if (!sampling_rng) throw py::value_error("the tablesearch sampler is only called inside a search");
    return sampling_rng->uniform();
  }));
  return *function;
}

}  // namespace

SpielGame::SpielGame(py::object game_, bool hidden_, bool infostate_strings_, double min_utility_,
                     double max_utility_, py::object resample_, py::object wrap_)
    : game(std::move(game_)),
      hidden(hidden_),
      infostate_strings(infostate_strings_),
      min_utility(min_utility_),
      max_utility(max_utility_),
      resample(std::move(resample_)),
      wrap(std::move(wrap_)),
      methods(std::make_unique<SpielMethods>(game.attr("new_initial_state")())) {
  if (!(max_utility > min_utility)) {
    fail("a game's max_utility() must exceed its min_utility(), got " + std::to_string(min_utility) +
         " and " + std::to_string(max_utility));
  }
}

SpielGame::~SpielGame() {
  GilAcquire gil;  // search threads may drop the last state of a game
  game = resample = wrap = py::object();
  methods.reset();
}

SpielState::SpielState(py::object state, std::shared_ptr<const PyGame> game,
                       std::shared_ptr<const SpielGame> spiel)
    : PyState(std::move(state), std::move(game)), spiel_(std::move(spiel)) {}

SpielState::SpielState(py::object state, const SpielState& original)
    : PyState(std::move(state), original), spiel_(original.spiel_) {}

SpielState::~SpielState() = default;

std::unique_ptr<AnyState> SpielState::copy_holding(py::object state) const {
  return std::unique_ptr<SpielState>(new SpielState(std::move(state), *this));
}

py::object SpielState::take_object() {
  GilAcquire gil;
  return spiel_->wrap(PyState::take_object());
}

std::unique_ptr<AnyState> SpielState::clone() const {
  std::unique_ptr<AnyState> copy = PyState::clone();
  static_cast<SpielState&>(*copy).player_ = player_;  // the same position
  return copy;
}

int SpielState::current_player() const {
  if (player_ == kUnknownPlayer) player_ = PyState::current_player();
  return player_;
}

void SpielState::apply_action(Action action) {
  PyState::apply_action(action);
  player_ = view_player_ = kUnknownPlayer;
  history_known_ = false;
}

const std::vector<Action>& SpielState::history() const {
  if (!history_known_) {
    GilAcquire gil;
    history_ = as_action_sequence(spiel_methods().history(object()), where("history"));
    history_known_ = true;
  }
  return history_;
}

std::unique_ptr<AnyState> SpielState::initial_state() const {
  GilAcquire gil;
  return copy_holding(spiel_->game.attr("new_initial_state")());
}

std::string SpielState::information_state_string(int player) const {
  GilAcquire gil;
  if (!spiel_->infostate_strings)
    return as_string(spiel_methods().history_str(object()), where("history_str"));
  return as_string(methods().information_state_string(object(), py::int_(player)),
                   where("information_state_string"));
}

Action SpielState::observed_action(int observer, Action action) const {
  if (!spiel_->hidden || current_player() == observer) return action;
  GilAcquire gil;
  const py::object child = spiel_methods().child(object(), py::int_(action));
  const std::string after = as_string(methods().information_state_string(child, py::int_(observer)),
                                      where("information_state_string"));
  return static_cast<Action>(crc32(after) & 0x7FFFFFFFu);
}

std::unique_ptr<SpielState> SpielState::own_world(int player, uint64_t seed) const {
  Rng rng(seed);
  sampling_rng = &rng;
  py::object world;
  try {
    world = spiel_methods().resample_from_infostate(object(), py::int_(player), sampler());
  } catch (const py::error_already_set&) {
    world = py::object();  // pyspiel's SpielError (some games' own resampling misses some states)
  }
  sampling_rng = nullptr;
  if (world && Py_TYPE(world.ptr()) == Py_TYPE(object().ptr()) && !world.is(object())) {
    if (view_player_ != player) {
      view_ = information_state_string(player);
      view_player_ = player;
    }
    std::unique_ptr<SpielState> candidate(new SpielState(std::move(world), *this));
    if (candidate->current_player() == current_player() &&
        candidate->information_state_string(player) == view_) {
      return candidate;
    }
  }
  spiel_->own_resampling = SpielGame::kNo;
  return nullptr;
}

std::unique_ptr<AnyState> SpielState::resample_from_infostate(int player, uint64_t seed) const {
  GilAcquire gil;
  check_player(player);
  if (!spiel_->hidden) return clone();
  if (spiel_->own_resampling == SpielGame::kYes) {
    if (std::unique_ptr<SpielState> world = own_world(player, seed)) return world;
  }
  const py::object result = spiel_->resample(object(), player, py::int_(seed));
  if (!PyTuple_Check(result.ptr()) || PyTuple_GET_SIZE(result.ptr()) != 2) {
    throw py::type_error("the OpenSpiel resampler must return (world, own)");
  }
  const py::tuple pair = py::reinterpret_borrow<py::tuple>(result);
  if (spiel_->own_resampling == SpielGame::kUnknown) {
    spiel_->own_resampling = as_bool(pair[1], "the OpenSpiel resampler") ? SpielGame::kYes : SpielGame::kNo;
  }
  return copy_holding(checked_copy(pair[0], "resample_from_infostate"));
}

void bind_spiel_state(py::module_& m) {
  py::class_<SpielGame, std::shared_ptr<SpielGame>>(
      m, "SpielGame",
      "What the native search needs to know of a pyspiel game (made by tablesearch.interop.openspiel).")
      .def(py::init<py::object, bool, bool, double, double, py::object, py::object>(), py::arg("game"),
           py::arg("hidden"), py::arg("infostate_strings"), py::arg("min_utility"), py::arg("max_utility"),
           py::arg("resample"), py::arg("wrap"));
  py::class_<SpielState, PyState, std::unique_ptr<SpielState>>(
      m, "SpielState", "A pyspiel state carried into a search (made by tablesearch.interop.openspiel).")
      .def(py::init([](py::object state, std::shared_ptr<PyGame> info, std::shared_ptr<SpielGame> spiel) {
             return std::make_unique<SpielState>(std::move(state), std::move(info), std::move(spiel));
           }),
           py::arg("state"), py::arg("info"), py::arg("spiel"))
      .def("observed_action", &SpielState::observed_action, py::arg("observer"), py::arg("action"),
           "The key the search gives `action` as `observer` sees it (OpenSpielState.observed_action's).");
}

}  // namespace ts
