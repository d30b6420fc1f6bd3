#include "bindings/py_state_spiel.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "bindings/gil.h"

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

// CRC-32 (zlib's), so keys are those of zlib.crc32 on the same text.
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
    if (!sampling_rng) throw py::value_error("the tablesearch sampler is only called while resampling");
    return sampling_rng->uniform();
  }));
  return *function;
}

// File descriptor 2 sent to /dev/null while in scope: pyspiel prints every error it raises, even
// those the caller handles.
class QuietStderr {
 public:
  QuietStderr() : saved_(dup(2)) {
    std::fflush(stderr);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, 2);
      close(null);
    }
  }
  ~QuietStderr() {
    std::fflush(stderr);
    if (saved_ >= 0) {
      dup2(saved_, 2);
      close(saved_);
    }
  }
  QuietStderr(const QuietStderr&) = delete;
  QuietStderr& operator=(const QuietStderr&) = delete;

 private:
  int saved_;
};

}  // namespace

SpielGame::SpielGame(py::object game_, bool hidden_, bool infostate_strings_, py::object wrap_)
    : game(std::move(game_)),
      hidden(hidden_),
      infostate_strings(infostate_strings_),
      wrap(std::move(wrap_)),
      methods(std::make_unique<SpielMethods>(game.attr("new_initial_state")())) {}

SpielGame::~SpielGame() {
  GilAcquire gil;  // search threads may drop the last state of a game
  game = wrap = py::object();
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
  player_ = view_player_ = views_player_ = kUnknownPlayer;
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

SpielState::View SpielState::view_of(py::handle state, int player) const {
  const std::string info = spiel_->infostate_strings
                               ? as_string(methods().information_state_string(state, py::int_(player)),
                                           where("information_state_string"))
                               : as_string(spiel_methods().history_str(state), where("history_str"));
  return {info, as_player(methods().current_player(state), num_players(), where("current_player"))};
}

py::object SpielState::own_world(int player, Rng& rng) const {
  const int own = spiel_->own_resampling;
  if (own == SpielGame::kNo) return {};
  py::object world;
  sampling_rng = &rng;
  try {
    if (own == SpielGame::kUnknown) {
      const QuietStderr quiet;
      world = spiel_methods().resample_from_infostate(object(), py::int_(player), sampler());
    } else {
      world = spiel_methods().resample_from_infostate(object(), py::int_(player), sampler());
    }
  } catch (const py::error_already_set&) {
    sampling_rng = nullptr;
    // "not implemented", or a state its resampling misses: the replay from now on.
    spiel_->own_resampling = SpielGame::kNo;
    return {};
  }
  sampling_rng = nullptr;
  spiel_->own_resampling = SpielGame::kYes;
  if (view_player_ != player) {
    view_ = view_of(object(), player);
    view_player_ = player;
  }
  if (Py_TYPE(world.ptr()) != Py_TYPE(object().ptr()) || world.is(object()) ||
      !(view_of(world, player) == view_)) {
    return {};  // a world the player could tell apart: this time, the replay
  }
  return world;
}

std::vector<Action> SpielState::candidates(py::handle state, Action played, int player, Rng& rng) const {
  const int mover = as_player(methods().current_player(state), num_players(), where("current_player"));
  if (mover == player) return {played};
  std::vector<Action> actions;
  if (mover == kChancePlayer) {
    // Drawn by probability without replacement: key u ** (1 / p), largest first (tried last here).
    std::vector<std::pair<double, Action>> keyed;
    for (const ChanceOutcome& o : as_outcomes(methods().chance_outcomes(state), where("chance_outcomes"))) {
      if (o.probability > 0) keyed.emplace_back(std::pow(rng.uniform(), 1.0 / o.probability), o.action);
    }
    std::sort(keyed.begin(), keyed.end());
    for (const auto& [key, action] : keyed) actions.push_back(action);
  } else {
    actions = as_actions(methods().legal_actions(state), where("legal_actions"));
    rng.shuffle(actions.data(), static_cast<int>(actions.size()));
  }
  return actions;
}

py::object SpielState::replayed_world(int player, Rng& rng) const {
  const std::vector<Action> played = history();
  const py::object start = spiel_->game.attr("new_initial_state")();
  if (played.empty()) return start;
  if (views_player_ != player) {
    // Built apart and then stored: other search threads may resample this state meanwhile
    // (while Python code runs, the GIL passes between them).
    std::vector<View> views;
    py::object replay = start.attr("clone")();
    for (Action a : played) {
      methods().apply_action(replay, py::int_(a));
      views.push_back(view_of(replay, player));
    }
    views_ = std::move(views);
    views_player_ = player;
  }
  const std::vector<View> seen = views_;
  // Depth first, one frame per step: the state before it and the actions still to try there.
  struct Frame {
    py::object state;
    std::vector<Action> untried;
  };
  std::vector<Frame> stack;
  stack.push_back({start, candidates(start, played[0], player, rng)});
  while (!stack.empty()) {
    if (stack.back().untried.empty()) {
      stack.pop_back();
      continue;
    }
    const Action action = stack.back().untried.back();
    stack.back().untried.pop_back();
    py::object child = spiel_methods().child(stack.back().state, py::int_(action));
    const size_t step = stack.size() - 1;
    if (!(view_of(child, player) == seen[step])) continue;
    if (step + 1 == played.size()) return child;
    std::vector<Action> next = candidates(child, played[step + 1], player, rng);
    stack.push_back({std::move(child), std::move(next)});
  }
  throw py::value_error(
      "no world matches the player's information states (is the game's information-state string a function "
      "of what the player saw?)");
}

py::object SpielState::world(int player, uint64_t seed) const {
  GilAcquire gil;
  check_player(player);
  if (!spiel_->hidden) return methods().clone(object());
  Rng rng(seed);
  // Some games' own resampling breaks at chance nodes (before the deal) or at the end; searches
  // and agents resample where a player decides.
  const int mover = current_player();
  if (mover != kChancePlayer && mover != kTerminalPlayer) {
    if (py::object world = own_world(player, rng)) return world;
  }
  return replayed_world(player, rng);
}

std::unique_ptr<AnyState> SpielState::resample_from_infostate(int player, uint64_t seed) const {
  GilAcquire gil;
  std::unique_ptr<AnyState> world =
      copy_holding(checked_copy(this->world(player, seed), "resample_from_infostate"));
  static_cast<SpielState&>(*world).player_ = current_player();  // the player to move is public
  return world;
}

void bind_spiel_state(py::module_& m) {
  py::class_<SpielGame, std::shared_ptr<SpielGame>>(
      m, "SpielGame",
      "What the native search needs to know of a pyspiel game (made by tablesearch.interop.openspiel).")
      .def(py::init<py::object, bool, bool, py::object>(), py::arg("game"), py::arg("hidden"),
           py::arg("infostate_strings"), py::arg("wrap"));
  py::class_<SpielState, PyState, std::unique_ptr<SpielState>>(
      m, "SpielState", "A pyspiel state carried into a search (made by tablesearch.interop.openspiel).")
      .def(py::init([](py::object state, std::shared_ptr<PyGame> info, std::shared_ptr<SpielGame> spiel) {
             return std::make_unique<SpielState>(std::move(state), std::move(info), std::move(spiel));
           }),
           py::arg("state"), py::arg("info"), py::arg("spiel"))
      .def("world", &SpielState::world, py::arg("player"), py::arg("seed"),
           "A pyspiel state the player cannot tell from this one (the rules in "
           "cpp/bindings/py_state_spiel.h).")
      .def("observed_action", &SpielState::observed_action, py::arg("observer"), py::arg("action"),
           "How `action`, taken here, looks to `observer`: the action, or a key of what it knows after it.");
}

}  // namespace ts
