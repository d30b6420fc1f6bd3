"""
tablesearch native core: games and search
"""
from __future__ import annotations
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str] = ['ALGORITHMS', 'ALGORITHM_TABLE', 'AUTO_CASES', 'ActionStat', 'CHANCE', 'DEFAULT_ITERATIONS', 'Evaluator', 'Game', 'HIDDEN_INFORMATION_ALGORITHMS', 'InternalError', 'MAX_PLAYERS', 'ModelEvaluator', 'Network', 'PyEvaluator', 'PyGameInfo', 'PyState', 'SEARCH_OPTIONS', 'SearchResult', 'SearchTree', 'SpielGame', 'SpielState', 'State', 'StopFlag', 'TERMINAL', 'auto_algorithm', 'check_search_option', 'list_games', 'load_game', 'model_tensor_layout', 'parameter_specs', 'running_searches', 'search', 'shutdown_searches']
class InternalError(RuntimeError):
    pass
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
        The state's contents by field name, for games that serialize them (else an empty dict): an
        int for a single value, a list of ints for an array (the description's fields say which:
        'scalar').
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
class Game:
    """
    A game with its parameters; make states from it.
    """
    def __repr__(self) -> str:
        ...
    def description(self) -> dict:
        """
        The game's declared description as plain data: its facts, constants, enums (names by
        value), component tables, action ranges, observation layout and serialized fields (name,
        size, range, type, and scalar: whether it is a single value). tablesearch.games.description
        reads it by name.
        """
    def deserialize_state(self, text: typing.Any) -> State:
        """
        The state that State.serialize() wrote, every part validated (ValueError naming the problem;
        TypeError if text is not a str). The format: tablesearch.games.serialization.
        """
    def fuzz_rules(self, games: typing.Any, seed: typing.Any = 0) -> dict:
        """
        Plays `games` random games trying every legal action at every step and checking the rules' invariants after each (native games with rule checks, ChecksRules in core/game.h); every end position is serialized and read back. Returns {'games', 'plies', 'checks', 'round_trips'}; raises ValueError naming the first broken invariant.
        """
    def has_chance(self) -> bool:
        ...
    def has_hidden_information(self) -> bool:
        ...
    def has_information_state_keys(self) -> bool:
        """
        True if states compute information_state_key natively (else it hashes the string).
        """
    def max_game_length(self) -> int | None:
        """
        The most decisions (player actions, not chance outcomes) one game can take (a bound), or
        None if the game declares none.
        """
    def max_legal_actions(self) -> int:
        ...
    def max_players(self) -> int:
        """
        The most players the game can be loaded with.
        """
    def max_utility(self) -> float:
        """
        The largest return a player can get (a bound; 1 unless the game declares its own).
        """
    def min_players(self) -> int:
        """
        The fewest players the game can be loaded with (the range of its 'players' parameter).
        """
    def min_utility(self) -> float:
        """
        The smallest return a player can get (a bound; -1 unless the game declares its own).
        """
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
    def parameter_specs(self) -> list:
        """
        The parameters the game accepts: dicts of name, default, help, choices, subset, and min/max
        for ints.
        """
    def parameters(self) -> dict:
        """
        The parameters in force, defaults included.
        """
    def restore(self, seed: typing.Any, history: typing.Any, fields: typing.Any = None) -> State:
        """
        The state of `seed` after `history` (replayed through the rules), or, with `fields` (games
        that serialize them), the position the fields describe, validated in full by the game, with
        the history kept as a record. `fields` as State.fields() gives them: an int for a single value,
        a list of ints for an array. ValueError names what the rules refuse. Most code wants
        deserialize_state, which checks a whole serialized state first.
        """
    def utility_sum(self) -> float | None:
        """
        What the returns of a finished game add up to (0: native games are zero-sum).
        """
    @property
    def name(self) -> str:
        ...
class ActionStat:
    @property
    def action(self) -> int:
        ...
    @property
    def value(self) -> float:
        ...
    @property
    def visits(self) -> int:
        ...
class SearchResult:
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
    def improved_policy(self) -> list[float]:
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
    def proven_value(self) -> float | None:
        ...
    @property
    def root_values(self) -> list[float]:
        ...
    @property
    def stats(self) -> list[ActionStat]:
        ...
    @property
    def strategy(self) -> list[float]:
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
    def __init__(self, num_players: typing.Any, max_legal_actions: typing.Any, num_distinct_actions: typing.Any, observation_shape: typing.Any, min_utility: typing.Any = -1.0, max_utility: typing.Any = 1.0, game: str = 'the game') -> None:
        ...
    @property
    def max_legal_actions(self) -> int:
        ...
    @property
    def max_utility(self) -> float:
        ...
    @property
    def min_utility(self) -> float:
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
class StopFlag:
    """
    Ends a running search early when set, from any thread: the search returns what it found so far.
    """
    def __init__(self) -> None:
        ...
    def clear(self) -> None:
        ...
    def is_set(self) -> bool:
        ...
    def set(self) -> None:
        ...
class Evaluator:
    """
    A leaf evaluator the native search calls: a PyEvaluator or a ModelEvaluator.
    """
class PyEvaluator(Evaluator):
    def __init__(self, evaluator: typing.Any, batch_size: typing.Any) -> None:
        """
        A Python leaf evaluator: batch_size 0 calls evaluate(state) (and prior(state) if present), batch_size >= 1 calls evaluate_batch(observations) with up to that many leaves.
        """
class Network:
    """
    A policy-value network evaluated natively.
    """
    def __init__(self, architecture: str, observation_shape: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], num_players: typing.SupportsInt | typing.SupportsIndex, num_actions: typing.SupportsInt | typing.SupportsIndex, min_utility: typing.SupportsFloat | typing.SupportsIndex, max_utility: typing.SupportsFloat | typing.SupportsIndex, hidden: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], channels: typing.SupportsInt | typing.SupportsIndex, blocks: typing.SupportsInt | typing.SupportsIndex, value_hidden: typing.SupportsInt | typing.SupportsIndex, tensors: collections.abc.Sequence[typing.Annotated[numpy.typing.ArrayLike, numpy.float32]], name: str = 'the network') -> None:
        ...
    def forward(self, observations: typing.Annotated[numpy.typing.ArrayLike, numpy.float32], movers: typing.Annotated[numpy.typing.ArrayLike, numpy.int64]) -> tuple:
        """
        (logits, values) for each observation as read by its mover: logits [count, num_actions], values [count, num_players] on the game's utility range.
        """
    @property
    def parameters(self) -> int:
        ...
class ModelEvaluator(Evaluator):
    """
    A network as the search's leaf evaluator, run natively on the search's threads.
    """
    def __init__(self, network: Network, leaf_batch: typing.SupportsInt | typing.SupportsIndex = 1) -> None:
        ...
class SpielGame:
    """
    What the native search needs to know of a pyspiel game (made by tablesearch.interop.openspiel).
    """
    def __init__(self, game: typing.Any, hidden: bool, infostate_strings: bool, wrap: typing.Any) -> None:
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
def _compiled_check(game: Game, games: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, max_plies: typing.SupportsInt | typing.SupportsIndex) -> dict:
    """
    Private to tablesearch.games.compiled: the conformance pass of a compiled game (ValueError
    naming the function that broke a rule).
    """
def _compiled_check_facts(*, name: str, facts: dict, functions: collections.abc.Sequence[str], params: dict) -> None:
    """
    Private to tablesearch.games.compiled: checks what a game declares, which functions it has
    (by name) and its parameters against its parameter specs, before its functions are compiled
    (ValueError naming the first problem).
    """
def _compiled_game(*, name: str, params: dict, facts: dict, functions: dict, owner: typing.Any, state_to_string: typing.Any, action_to_string: typing.Any, explain: typing.Any) -> Game:
    """
    Private to tablesearch.games.compiled: the game whose rules are the compiled functions at the
    addresses in `functions` (trusted: a wrong address crashes the process).
    """
def _fail_internal(what: str) -> None:
    """
    Raises InternalError as a broken invariant would (for tests of the error path).
    """
def auto_algorithm(*, hidden_information: bool, two_players: bool, information_state_keys: bool, priors: bool) -> str:
    """
    The algorithm algorithm="auto" picks for these facts of a game and an evaluator (the first case of AUTO_CASES that holds), when the game names none of its own.
    """
def check_search_option(name: str, value: typing.Any, label: str | None = None) -> typing.Any:
    """
    `value` as the search option `name` takes it (an int, float, bool, str or None), or TypeError /
    ValueError naming `label` (default: the option) and its valid values.
    """
def list_games() -> list[str]:
    ...
def load_game(name: str, params: dict = {}) -> Game:
    ...
def model_tensor_layout(architecture: str, observation_shape: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], num_players: typing.SupportsInt | typing.SupportsIndex, num_actions: typing.SupportsInt | typing.SupportsIndex, hidden: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex] = [], channels: typing.SupportsInt | typing.SupportsIndex = 0, blocks: typing.SupportsInt | typing.SupportsIndex = 0, value_hidden: typing.SupportsInt | typing.SupportsIndex = 0) -> list[tuple[str, list[int]]]:
    """
    The tensors of a network of these sizes, in file order: [(name, shape)]. Raises ValueError for a size out of range.
    """
def parameter_specs(arg0: str) -> list:
    ...
def running_searches() -> int:
    """
    How many searches are running now, in every thread (for tests and diagnostics).
    """
@typing.overload
def search(state: State, *, tree: SearchTree = None, evaluator: Evaluator = None, stop: StopFlag = None, **kwargs: typing.Any) -> SearchResult:
    """
    Searches a native State or a PyState with the options of SEARCH_OPTIONS, given by keyword (a wrong
    type, a value out of range or an unknown name raises, naming the option and its valid values).
    """
@typing.overload
def search(state: PyState, *, tree: SearchTree = None, evaluator: Evaluator = None, stop: StopFlag = None, **kwargs: typing.Any) -> SearchResult:
    """
    Searches a native State or a PyState with the options of SEARCH_OPTIONS, given by keyword (a wrong
    type, a value out of range or an unknown name raises, naming the option and its valid values).
    """
def shutdown_searches(timeout: typing.SupportsFloat | typing.SupportsIndex = 5.0) -> None:
    """
    Stops every running search (they raise RuntimeError) and refuses new ones, waiting up to `timeout` seconds for them to return. Registered with atexit; call it only when the process is ending.
    """
ALGORITHMS: tuple = ('uct', 'puct', 'ismcts', 'mo-ismcts', 'pimc', 'smooth-uct', 'infoset-uct', 'gumbel', 'oos', 'ismcts-puct')
ALGORITHM_TABLE: tuple = ({'name': 'uct', 'family': 'uct', 'selection': 'ucb1', 'keeps_tree': True, 'batched_evaluator': False, 'hidden_information': False, 'needs_trajectory': False, 'default_uct_c': 1.4142135623730951, 'auto': 'perfect', 'help': 'UCT over a tree of positions (search/uct.h); with solve=True, MCTS-Solver'}, {'name': 'puct', 'family': 'uct', 'selection': 'puct', 'keeps_tree': True, 'batched_evaluator': True, 'hidden_information': False, 'needs_trajectory': False, 'default_uct_c': 1.4142135623730951, 'auto': 'priors', 'help': "PUCT: UCT guided by an evaluator's priors (uniform without them), as AlphaZero"}, {'name': 'ismcts', 'family': 'ismcts', 'selection': 'ucb1', 'keeps_tree': True, 'batched_evaluator': False, 'hidden_information': True, 'needs_trajectory': False, 'default_uct_c': 1.4142135623730951, 'auto': 'hidden', 'help': "single-observer information-set MCTS: one tree of the searching player's information sets"}, {'name': 'mo-ismcts', 'family': 'ismcts', 'selection': 'ucb1', 'keeps_tree': True, 'batched_evaluator': False, 'hidden_information': True, 'needs_trajectory': False, 'default_uct_c': 1.4142135623730951, 'auto': None, 'help': 'multiple-observer information-set MCTS: one tree per player'}, {'name': 'pimc', 'family': 'uct', 'selection': 'ucb1', 'keeps_tree': False, 'batched_evaluator': False, 'hidden_information': True, 'needs_trajectory': False, 'default_uct_c': 1.4142135623730951, 'auto': None, 'help': "perfect-information Monte Carlo: UCT on worlds drawn from the searching player's information set"}, {'name': 'smooth-uct', 'family': 'smooth', 'selection': 'ucb1', 'keeps_tree': False, 'batched_evaluator': False, 'hidden_information': True, 'needs_trajectory': True, 'default_uct_c': 1.0, 'auto': None, 'help': 'Smooth UCT over information sets: a mixed policy that approaches an equilibrium'}, {'name': 'infoset-uct', 'family': 'smooth', 'selection': 'ucb1', 'keeps_tree': False, 'batched_evaluator': False, 'hidden_information': True, 'needs_trajectory': True, 'default_uct_c': 1.0, 'auto': 'hidden-two-players-keys', 'help': "UCT over every player's information sets (smooth-uct without its average policy)"}, {'name': 'gumbel', 'family': 'uct', 'selection': 'sequential-halving at the root, gumbel-interior below', 'keeps_tree': False, 'batched_evaluator': False, 'hidden_information': False, 'needs_trajectory': False, 'default_uct_c': 1.4142135623730951, 'auto': None, 'help': 'Gumbel root search (Danihelka et al. 2022): sequential halving over sampled root actions, an improved policy'}, {'name': 'oos', 'family': 'oos', 'selection': 'regret matching', 'keeps_tree': True, 'batched_evaluator': False, 'hidden_information': True, 'needs_trajectory': True, 'default_uct_c': 1.4142135623730951, 'auto': None, 'help': 'Online Outcome Sampling (Lisy et al. 2015): regret matching over information sets, targeted at the current one; an average strategy that converges to an equilibrium, for the whole game with a kept tree'}, {'name': 'ismcts-puct', 'family': 'ismcts', 'selection': 'puct', 'keeps_tree': True, 'batched_evaluator': False, 'hidden_information': True, 'needs_trajectory': False, 'default_uct_c': 1.4142135623730951, 'auto': 'hidden-priors', 'help': "single-observer ISMCTS guided by an evaluator's priors (uniform without them): PUCT over the searching player's information sets, each leaf valued by the evaluator"})
AUTO_CASES: tuple = (('hidden-priors', 'hidden information and an evaluator that gives priors'), ('hidden-two-players-keys', 'hidden information, two players and information-state keys'), ('hidden', 'hidden information'), ('priors', 'an evaluator that gives priors, or takes batches'), ('perfect', 'otherwise'))
CHANCE: int = -1
DEFAULT_ITERATIONS: int = 1000
HIDDEN_INFORMATION_ALGORITHMS: tuple = ('ismcts', 'mo-ismcts', 'pimc', 'smooth-uct', 'infoset-uct', 'oos', 'ismcts-puct')
MAX_PLAYERS: int = 8
SEARCH_OPTIONS: tuple = ({'name': 'algorithm', 'type': 'str', 'default': 'uct', 'min': None, 'max': None, 'min_excluded': False, 'choices': ['uct', 'puct', 'ismcts', 'mo-ismcts', 'pimc', 'smooth-uct', 'infoset-uct', 'gumbel', 'oos', 'ismcts-puct'], 'none': None, 'valid': 'one of uct, puct, ismcts, mo-ismcts, pimc, smooth-uct, infoset-uct, gumbel, oos, ismcts-puct', 'help': 'the search algorithm', 'costly': False, 'per_game': False}, {'name': 'iterations', 'type': 'int', 'default': None, 'min': 1, 'max': 9223372036854775807, 'min_excluded': False, 'choices': None, 'none': 'no iteration budget (1000 iterations if there is no time_limit either)', 'valid': 'an int in [1, 9223372036854775807]', 'help': 'search iterations; with time_limit too, whichever ends first', 'costly': True, 'per_game': False}, {'name': 'time_limit', 'type': 'float', 'default': None, 'min': 0.0, 'max': None, 'min_excluded': True, 'choices': None, 'none': 'no time budget', 'valid': 'a finite number > 0', 'help': 'seconds of search', 'costly': True, 'per_game': False}, {'name': 'uct_c', 'type': 'float', 'default': None, 'min': 0.0, 'max': None, 'min_excluded': False, 'choices': None, 'none': "the algorithm's own default", 'valid': 'a finite number >= 0', 'help': 'the exploration constant', 'costly': False, 'per_game': False}, {'name': 'seed', 'type': 'int', 'default': 0, 'min': 0, 'max': 18446744073709551615, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'an int in [0, 18446744073709551615]', 'help': 'seeds every random draw of the search: the same seed gives the same result', 'costly': False, 'per_game': False}, {'name': 'max_memory_mb', 'type': 'int', 'default': 1024, 'min': 1, 'max': 9223372036854775807, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'an int in [1, 9223372036854775807]', 'help': "caps the trees' memory (MB, shared by the threads): they stop growing, the search goes on", 'costly': True, 'per_game': False}, {'name': 'rollouts', 'type': 'int', 'default': 1, 'min': 1, 'max': 2147483647, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'an int in [1, 2147483647]', 'help': 'random playouts averaged per leaf', 'costly': True, 'per_game': False}, {'name': 'rollout_cutoff', 'type': 'int', 'default': None, 'min': 0, 'max': 2147483647, 'min_excluded': False, 'choices': None, 'none': 'playouts run to the end of the game', 'valid': 'an int in [0, 2147483647]', 'help': "decisions per playout before the game's heuristic estimate (games with heuristic_returns)", 'costly': False, 'per_game': True}, {'name': 'playout', 'type': 'str', 'default': 'random', 'min': None, 'max': None, 'min_excluded': False, 'choices': ['random', 'mast', 'mast-gibbs'], 'none': None, 'valid': 'one of random, mast, mast-gibbs', 'help': "playout moves: uniformly random, or MAST's action means epsilon-greedy (mast) or by Gibbs sampling (mast-gibbs)", 'costly': False, 'per_game': True}, {'name': 'mast_epsilon', 'type': 'float', 'default': 0.4, 'min': 0.0, 'max': 1.0, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'a finite number in [0, 1]', 'help': 'MAST epsilon-greedy: the share of uniformly random playout moves', 'costly': False, 'per_game': False}, {'name': 'mast_temperature', 'type': 'float', 'default': 0.2, 'min': 0.0, 'max': None, 'min_excluded': True, 'choices': None, 'none': None, 'valid': 'a finite number > 0', 'help': 'MAST Gibbs sampling: P(a) proportional to exp(mean(a) / temperature)', 'costly': False, 'per_game': False}, {'name': 'score_weight', 'type': 'float', 'default': 0.0, 'min': 0.0, 'max': 1.0, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'a finite number in [0, 1]', 'help': "the share of a finished game's value taken from its score margin, as tanh(margin / score_scale) (games with scores)", 'costly': False, 'per_game': True}, {'name': 'score_scale', 'type': 'float', 'default': 1.0, 'min': 0.0, 'max': None, 'min_excluded': True, 'choices': None, 'none': None, 'valid': 'a finite number > 0', 'help': 'the score margin that counts as a clear win', 'costly': False, 'per_game': True}, {'name': 'determinizations', 'type': 'int', 'default': 8, 'min': 1, 'max': 2147483647, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'an int in [1, 2147483647]', 'help': 'PIMC: worlds searched, the iterations split between them', 'costly': True, 'per_game': False}, {'name': 'threads', 'type': 'int', 'default': 1, 'min': 1, 'max': 256, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'an int in [1, 256]', 'help': 'root parallelism: one tree per thread, statistics merged', 'costly': True, 'per_game': False}, {'name': 'solve', 'type': 'bool', 'default': False, 'min': None, 'max': None, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'True or False', 'help': 'MCTS-Solver: back up proven wins, losses and draws (two-player games without chance)', 'costly': False, 'per_game': False}, {'name': 'dirichlet_alpha', 'type': 'float', 'default': 0.0, 'min': 0.0, 'max': None, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'a finite number >= 0', 'help': 'PUCT: Dirichlet noise on the root priors (0: none)', 'costly': False, 'per_game': False}, {'name': 'dirichlet_epsilon', 'type': 'float', 'default': 0.25, 'min': 0.0, 'max': 1.0, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'a finite number in [0, 1]', 'help': 'PUCT: the weight of that noise', 'costly': False, 'per_game': False}, {'name': 'gumbel_actions', 'type': 'int', 'default': 16, 'min': 1, 'max': 65535, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'an int in [1, 65535]', 'help': 'Gumbel: root actions considered (the best by prior and Gumbel noise), halved each round', 'costly': False, 'per_game': False}, {'name': 'gumbel_scale', 'type': 'float', 'default': 0.0, 'min': 0.0, 'max': None, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'a finite number >= 0', 'help': "Gumbel: the scale of the root's Gumbel noise, which self-play explores with (1, as mctx); 0: none, the prior's best actions are considered, the stronger player (benchmarks/gumbel_vs_uct.py)", 'costly': False, 'per_game': False}, {'name': 'oos_targeting', 'type': 'float', 'default': 0.5, 'min': 0.0, 'max': 1.0, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'a finite number in [0, 1]', 'help': 'OOS: the share of iterations that sample only histories through the current information set (delta; below 1 keeps the whole game reachable)', 'costly': False, 'per_game': False}, {'name': 'oos_epsilon', 'type': 'float', 'default': 0.6, 'min': 0.0, 'max': 1.0, 'min_excluded': True, 'choices': None, 'none': None, 'valid': 'a finite number in (0, 1]', 'help': 'OOS: the share of uniformly random moves of the player whose regrets an iteration updates', 'costly': False, 'per_game': False}, {'name': 'oos_tremble', 'type': 'float', 'default': 0.01, 'min': 0.0, 'max': 0.5, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'a finite number in [0, 0.5]', 'help': "OOS: the share of uniformly random play in every player's current strategy (a trembling hand), so that decisions reached only by moves those strategies would not make keep their weight; the strategy the search returns has it taken out", 'costly': False, 'per_game': False}, {'name': 'oos_public', 'type': 'bool', 'default': False, 'min': None, 'max': None, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'True or False', 'help': "OOS: target the current public state, where every private deal varies (the paper's public subgame targeting); False: the current information set", 'costly': False, 'per_game': False}, {'name': 'oos_regret_plus', 'type': 'bool', 'default': False, 'min': None, 'max': None, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'True or False', 'help': 'OOS: regret matching+, cumulative regrets floored at 0 after each update (as CFR+): less exploitable searched afresh at each decision, more with a kept tree', 'costly': False, 'per_game': False}, {'name': 'oos_baseline', 'type': 'bool', 'default': False, 'min': None, 'max': None, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'True or False', 'help': "OOS: baselines (VR-MCCFR), each choice's value estimated by the mean of the values met below it and the sampled choice's corrected by the sample: less variance, the same expectation", 'costly': False, 'per_game': False}, {'name': 'beliefs', 'type': 'bool', 'default': False, 'min': None, 'max': None, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'True or False', 'help': "ISMCTS and MO-ISMCTS: worlds weighted by how likely the opponents' moves so far were with the cards each world gives them (search/world_beliefs.h); games whose history replays in a drawn world", 'costly': False, 'per_game': False}, {'name': 'playout_mix', 'type': 'float', 'default': 0.0, 'min': 0.0, 'max': 1.0, 'min_excluded': False, 'choices': None, 'none': None, 'valid': 'a finite number in [0, 1]', 'help': "with a model: the share of each leaf's value taken from a native playout, the rest from the network (AlphaGo's lambda; 0: the network alone)", 'costly': False, 'per_game': True})
TERMINAL: int = -4
