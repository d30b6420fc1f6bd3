"""
tablesearch native core: games and search
"""
from __future__ import annotations
import numpy
import numpy.typing
import typing
__all__: list[str] = ['ALGORITHMS', 'ActionStats', 'CHANCE', 'Game', 'MAX_PLAYERS', 'NativeSearchResult', 'PyEvaluator', 'PyGameInfo', 'PyState', 'SEARCH_OPTIONS', 'SearchTree', 'SpielGame', 'SpielState', 'State', 'TERMINAL', 'list_games', 'load_game', 'parameter_specs', 'running_searches', 'search', 'shutdown_searches']
class State:
    """
    A position of a game.
    """
    @staticmethod
    def _repr_svg_(state: typing.Any) -> str:
        ...
    def __copy__(self) -> State:
        ...
    def __deepcopy__(self, arg0: typing.Any) -> State:
        ...
    def __reduce__(self) -> typing.Any:
        """
        Pickles as the game's name and parameters and the serialized state.
        """
    def __repr__(self) -> str:
        ...
    def __str__(self) -> str:
        ...
    def action_to_string(self, action: typing.Any) -> str:
        ...
    def apply_action(self, action: typing.Any) -> None:
        ...
    def chance_outcomes(self) -> list:
        ...
    def clone(self) -> State:
        ...
    def current_player(self) -> int:
        ...
    def fields(self) -> dict:
        """
        The state's contents as named int arrays, for games that serialize them (else an empty dict).
        """
    def get_game(self) -> Game:
        ...
    def has_heuristic(self) -> bool:
        """
        Whether the game estimates returns (heuristic_returns).
        """
    def heuristic_returns(self) -> list[float]:
        """
        The game's estimate of the returns (the returns at the end); ValueError if it has none.
        """
    def history(self) -> list[int]:
        ...
    def information_state_key(self, player: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        A 64-bit key of what `player` knows here: equal for equal information_state_string(player),
        different otherwise up to hash collisions (the key search uses for information sets).
        """
    def information_state_string(self, player: typing.Any) -> str:
        ...
    def is_chance_node(self) -> bool:
        ...
    def is_terminal(self) -> bool:
        ...
    def legal_actions(self) -> list[int]:
        ...
    def move_number(self) -> int:
        ...
    def num_players(self) -> int:
        ...
    def observation_tensor(self, player: typing.Any) -> numpy.typing.NDArray[numpy.float32]:
        ...
    def observed_action(self, observer: typing.Any, action: typing.Any) -> int:
        """
        How the legal action (or chance outcome) `action` looks to `observer`: actions the observer cannot tell apart give equal values.
        """
    def resample_from_infostate(self, player: typing.Any, seed: typing.Any = None) -> State:
        ...
    def return_range(self) -> tuple[float, float]:
        """
        (min, max): the smallest and largest return a player can get in this game ([-1, 1] unless
        the game declares its own).
        """
    def returns(self) -> list[float]:
        ...
    def scores(self) -> list[float]:
        """
        Per-player scores (points where the game has them, else returns).
        """
    def seed(self) -> int:
        """
        The seed of the initial state (setup randomness) this state came from.
        """
    def serialize(self) -> str:
        """
        JSON text that Game.deserialize_state turns back into this state (the format:
        tablesearch.games.serialization).
        """
    def time_random_playouts(self, count: typing.Any, seed: typing.Any = 0) -> float:
        """
        Plays count random games from here; returns the seconds taken (for benchmarks).
        """
    @property
    def game(self) -> Game:
        ...
class Game:
    """
    A game with its parameters; make states from it.
    """
    def __reduce__(self) -> typing.Any:
        """
        Pickles as the game's name and parameters (loaded again with load_game).
        """
    def __repr__(self) -> str:
        ...
    def deserialize_state(self, text: typing.Any) -> State:
        """
        The state that State.serialize() wrote, every part validated (ValueError naming the problem;
        TypeError if text is not a str). The format: tablesearch.games.serialization.
        """
    def fuzz_rules(self, games: typing.Any, seed: typing.Any = 0) -> dict:
        """
        Plays `games` random games trying every legal action at every step and checking the rules' invariants after each (native games with rule checks: gummiland, gnomi); every end position is serialized and read back. Returns {'games', 'plies', 'checks', 'round_trips'}; raises ValueError naming the first broken invariant.
        """
    def has_chance(self) -> bool:
        ...
    def has_hidden_information(self) -> bool:
        ...
    def has_information_state_keys(self) -> bool:
        """
        True if states compute information_state_key natively (else it hashes the string).
        """
    def max_legal_actions(self) -> int:
        ...
    def new_initial_state(self, seed: typing.Any = None) -> State:
        """
        The state before the first move; setup randomness (shuffles, deals, boards) comes from seed.
        """
    def num_distinct_actions(self) -> int:
        ...
    def num_players(self) -> int:
        ...
    def observation_shape(self) -> tuple:
        ...
    def parameters(self) -> dict:
        """
        The parameters in force, defaults included.
        """
    def restore(self, seed: typing.Any, history: typing.Any, fields: typing.Any = None) -> State:
        """
        The state of `seed` after `history` (replayed through the rules), or, with `fields` (games
        that serialize them), the position the fields describe, validated in full by the game, with
        the history kept as a record. ValueError names what the rules refuse. Most code wants
        deserialize_state, which checks a whole serialized state first.
        """
    def return_range(self) -> tuple[float, float]:
        """
        (min, max): the smallest and largest return a player can get ([-1, 1] unless the game
        declares its own, as Leduc poker does: -13 .. 13 chips for 2 players).
        """
    @property
    def name(self) -> str:
        ...
class ActionStats:
    @property
    def action(self) -> int:
        ...
    @property
    def value(self) -> float:
        ...
    @property
    def visits(self) -> int:
        ...
class NativeSearchResult:
    @property
    def algorithm(self) -> str:
        ...
    @property
    def best_action(self) -> int:
        ...
    @property
    def elapsed(self) -> float:
        ...
    @property
    def iterations(self) -> int:
        ...
    @property
    def memory_capped(self) -> bool:
        ...
    @property
    def mixed(self) -> bool:
        ...
    @property
    def node_bytes(self) -> int:
        ...
    @property
    def nodes(self) -> int:
        ...
    @property
    def principal_variation(self) -> list[int]:
        ...
    @property
    def proven(self) -> bool:
        ...
    @property
    def proven_value(self) -> float:
        ...
    @property
    def root_values(self) -> list[float]:
        ...
    @property
    def stats(self) -> list[ActionStats]:
        ...
class SearchTree:
    """
    Trees kept between an agent's searches (tree reuse).
    """
    def __init__(self) -> None:
        ...
    def clear(self) -> None:
        ...
    @property
    def nodes(self) -> int:
        ...
class PyGameInfo:
    def __init__(self, num_players: typing.Any, max_legal_actions: typing.Any, num_distinct_actions: typing.Any, observation_shape: typing.Any, game: str = 'the game') -> None:
        ...
    @property
    def max_legal_actions(self) -> int:
        ...
    @property
    def num_distinct_actions(self) -> int:
        ...
    @property
    def num_players(self) -> int:
        ...
    @property
    def observation_shape(self) -> list[int]:
        ...
class PyState:
    def __init__(self, state: typing.Any, info: PyGameInfo) -> None:
        ...
    def __repr__(self) -> str:
        ...
    @property
    def object(self) -> typing.Any:
        ...
class PyEvaluator:
    def __init__(self, evaluator: typing.Any, batch_size: typing.Any) -> None:
        """
        A Python leaf evaluator: batch_size 0 calls evaluate(state) (and prior(state) if present), batch_size >= 1 calls evaluate_batch(observations) with up to that many leaves.
        """
class SpielGame:
    """
    What the native search needs to know of a pyspiel game (made by tablesearch.interop.openspiel).
    """
    def __init__(self, game: typing.Any, hidden: bool, infostate_strings: bool, min_utility: typing.SupportsFloat | typing.SupportsIndex, max_utility: typing.SupportsFloat | typing.SupportsIndex, wrap: typing.Any) -> None:
        ...
class SpielState(PyState):
    """
    A pyspiel state carried into a search (made by tablesearch.interop.openspiel).
    """
    def __init__(self, state: typing.Any, info: PyGameInfo, spiel: SpielGame) -> None:
        ...
    def observed_action(self, observer: typing.SupportsInt | typing.SupportsIndex, action: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        How `action`, taken here, looks to `observer`: the action, or a key of what it knows after it.
        """
    def world(self, player: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex) -> typing.Any:
        """
        A pyspiel state the player cannot tell from this one (the rules in cpp/bindings/py_state_spiel.h).
        """
def list_games() -> list[str]:
    ...
def load_game(name: str, params: dict = {}) -> Game:
    ...
def parameter_specs(arg0: str) -> list:
    ...
def running_searches() -> int:
    """
    How many searches are running now, in every thread (for tests and diagnostics).
    """
@typing.overload
def search(state: State, algorithm: str, iterations: typing.SupportsInt | typing.SupportsIndex, time_limit: typing.SupportsFloat | typing.SupportsIndex, uct_c: typing.SupportsFloat | typing.SupportsIndex | None, seed: typing.SupportsInt | typing.SupportsIndex, max_memory_mb: typing.SupportsInt | typing.SupportsIndex, rollouts: typing.SupportsInt | typing.SupportsIndex, determinizations: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, solve: bool, tree: SearchTree = None, evaluator: PyEvaluator = None, dirichlet_alpha: typing.SupportsFloat | typing.SupportsIndex = 0.0, dirichlet_epsilon: typing.SupportsFloat | typing.SupportsIndex = 0.25, rollout_cutoff: typing.SupportsInt | typing.SupportsIndex = -1, playout: str = 'random', mast_epsilon: typing.SupportsFloat | typing.SupportsIndex = 0.4, mast_temperature: typing.SupportsFloat | typing.SupportsIndex = 0.2, score_weight: typing.SupportsFloat | typing.SupportsIndex = 0.0, score_scale: typing.SupportsFloat | typing.SupportsIndex = 1.0) -> NativeSearchResult:
    """
    Searches a native State or a PyState; the algorithm is one of ALGORITHMS (ValueError naming them otherwise); uct_c None takes the algorithm's default.
    """
@typing.overload
def search(state: PyState, algorithm: str, iterations: typing.SupportsInt | typing.SupportsIndex, time_limit: typing.SupportsFloat | typing.SupportsIndex, uct_c: typing.SupportsFloat | typing.SupportsIndex | None, seed: typing.SupportsInt | typing.SupportsIndex, max_memory_mb: typing.SupportsInt | typing.SupportsIndex, rollouts: typing.SupportsInt | typing.SupportsIndex, determinizations: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, solve: bool, tree: SearchTree = None, evaluator: PyEvaluator = None, dirichlet_alpha: typing.SupportsFloat | typing.SupportsIndex = 0.0, dirichlet_epsilon: typing.SupportsFloat | typing.SupportsIndex = 0.25, rollout_cutoff: typing.SupportsInt | typing.SupportsIndex = -1, playout: str = 'random', mast_epsilon: typing.SupportsFloat | typing.SupportsIndex = 0.4, mast_temperature: typing.SupportsFloat | typing.SupportsIndex = 0.2, score_weight: typing.SupportsFloat | typing.SupportsIndex = 0.0, score_scale: typing.SupportsFloat | typing.SupportsIndex = 1.0) -> NativeSearchResult:
    """
    Searches a native State or a PyState; the algorithm is one of ALGORITHMS (ValueError naming them otherwise); uct_c None takes the algorithm's default.
    """
def shutdown_searches(timeout: typing.SupportsFloat | typing.SupportsIndex = 5.0) -> None:
    """
    Stops every running search (they raise RuntimeError) and refuses new ones, waiting up to `timeout` seconds for them to return. Registered with atexit; call it only when the process is ending.
    """
ALGORITHMS: tuple = ('uct', 'puct', 'ismcts', 'mo-ismcts', 'pimc', 'smooth-uct', 'infoset-uct')
CHANCE: int = -1
MAX_PLAYERS: int = 8
SEARCH_OPTIONS: tuple = ('algorithm', 'iterations', 'time_limit', 'uct_c', 'seed', 'max_memory_mb', 'rollouts', 'determinizations', 'threads', 'solve', 'tree', 'evaluator', 'dirichlet_alpha', 'dirichlet_epsilon', 'rollout_cutoff', 'playout', 'mast_epsilon', 'mast_temperature', 'score_weight', 'score_scale')
TERMINAL: int = -4
