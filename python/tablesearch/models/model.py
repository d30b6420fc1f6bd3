"""A policy-value network for one game, evaluated natively inside the search.

``model = load_model("c4.tsmodel")`` reads a model file (``tablesearch.models.model_file``);
``mcts.search(state, evaluator=model)`` searches with it: the algorithms with priors (PUCT,
``ismcts-puct``, ``gumbel``) take its policy as priors and its value at each new leaf, the others
its value. ``Model.for_game`` makes a new
(untrained) network and ``Model.from_arrays`` takes weights trained elsewhere.
"""

from __future__ import annotations

import functools
import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np

from tablesearch import _core
from tablesearch.models.builtin import BUILTIN, builtin_path
from tablesearch.models.model_file import ModelFileError, read_model_file, write_model_file

MAX_UTILITY = 1e30  # a game's returns; larger ones are damage, and would overflow the value mapping

ARCHITECTURES = ("mlp", "resnet")


@dataclass(frozen=True)
class Architecture:
    """The network's shape: ``mlp`` (dense layers of widths `hidden`) or ``resnet`` (`channels`
    planes, `blocks` residual blocks, a value head of `value_hidden` units), as in
    docs/learned-evaluators.md."""

    kind: str = "mlp"
    hidden: tuple[int, ...] = (128, 128)
    channels: int = 32
    blocks: int = 2
    value_hidden: int = 64

    def __post_init__(self) -> None:
        if self.kind not in ARCHITECTURES:
            raise ValueError(f"architecture must be one of {', '.join(ARCHITECTURES)}, got {self.kind!r}")
        object.__setattr__(self, "hidden", tuple(self.hidden))
        for name in ("channels", "blocks", "value_hidden"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"architecture {name} must be an int, got {type(value).__name__} {value!r}")
        for width in self.hidden:
            if isinstance(width, bool) or not isinstance(width, int):
                raise TypeError(f"architecture hidden widths must be ints, got {type(width).__name__} {width!r}")

    def to_json(self) -> dict[str, Any]:
        if self.kind == "mlp":
            return {"kind": "mlp", "hidden": list(self.hidden)}
        return {"kind": "resnet", "channels": self.channels, "blocks": self.blocks, "value_hidden": self.value_hidden}

    @classmethod
    def from_json(cls, data: Any) -> Architecture:
        if not isinstance(data, dict) or data.get("kind") not in ARCHITECTURES:
            raise ValueError(
                f"architecture must be an object with kind one of {', '.join(ARCHITECTURES)}, got {data!r}"
            )
        if data["kind"] == "mlp":
            hidden = data.get("hidden")
            if not isinstance(hidden, list):
                raise ValueError(f"an mlp architecture needs a list 'hidden', got {hidden!r}")
            return cls("mlp", hidden=tuple(hidden))
        sizes: dict[str, Any] = {name: data.get(name) for name in ("channels", "blocks", "value_hidden")}
        return cls("resnet", **sizes)

    def sizes(self) -> dict[str, Any]:
        """The keywords of the native network and layout for this architecture."""
        if self.kind == "mlp":
            return dict(hidden=list(self.hidden), channels=0, blocks=0, value_hidden=0)
        return dict(hidden=[], channels=self.channels, blocks=self.blocks, value_hidden=self.value_hidden)


@dataclass(frozen=True)
class GameSignature:
    """What a model must agree on with the game it evaluates."""

    name: str
    parameters: dict[str, Any]
    observation_shape: tuple[int, ...]
    num_players: int
    num_actions: int
    utility: tuple[float, float]

    @classmethod
    def of(cls, game: Any) -> GameSignature:
        shape = tuple(int(d) for d in game.observation_shape())
        if not shape:
            raise ValueError(f"game {game.name} declares no observation tensor; a model reads observation tensors")
        return cls(
            name=str(game.name),
            parameters=_plain(dict(game.parameters())),
            observation_shape=shape,
            num_players=int(game.num_players()),
            num_actions=int(game.num_distinct_actions()),
            utility=(float(game.min_utility()), float(game.max_utility())),
        )

    def describe(self) -> str:
        parameters = ",".join(f"{k}={v}" for k, v in sorted(self.parameters.items()))
        return f"{self.name}({parameters})"


def _plain(parameters: dict[str, Any]) -> dict[str, Any]:
    """Parameters as JSON would give them back (so a saved model compares equal to its game)."""
    try:
        loaded: dict[str, Any] = json.loads(json.dumps(parameters, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise ValueError(f"game parameters {parameters!r} cannot be stored in a model file: {error}") from None
    return loaded


class Model:
    """A policy-value network for one game: a value per player and a prior over the game's
    distinct actions, read from the observation tensor of the player to move (docs/learned-evaluators.md)."""

    def __init__(
        self,
        game: GameSignature,
        architecture: Architecture,
        tensors: Mapping[str, Any],
        metadata: Optional[dict[str, Any]] = None,
        source: Optional[str] = None,
    ) -> None:
        """`source` names where the weights came from (a model file's path), in errors."""
        self.game = game
        self.architecture = architecture
        self.metadata = dict(metadata or {})
        layout = self.layout(game, architecture)
        missing = [name for name, _ in layout if name not in tensors]
        extra = sorted(set(tensors) - {name for name, _ in layout})
        if missing or extra:
            raise ValueError(
                f"a {architecture.kind} model of these sizes holds tensors {[name for name, _ in layout]}; "
                f"missing {missing}, unexpected {extra}"
            )
        self.tensors: dict[str, np.ndarray] = {}
        for name, shape in layout:
            array = np.asarray(tensors[name], dtype=np.float32)
            if array.shape != tuple(shape):
                raise ValueError(f"model tensor {name} must have shape {tuple(shape)}, got {array.shape}")
            if not np.isfinite(array).all():
                raise ValueError(f"model tensor {name} holds values that are not finite")
            self.tensors[name] = array
        self._network = _core.Network(
            architecture.kind,
            list(game.observation_shape),
            game.num_players,
            game.num_actions,
            game.utility[0],
            game.utility[1],
            tensors=[self.tensors[name] for name, _ in layout],
            name=f"model file {source!r}" if source else f"the {architecture.kind} model for {game.describe()}",
            **architecture.sizes(),
        )
        self._evaluator = _core.ModelEvaluator(self._network)
        self._batch_size = 1

    @staticmethod
    def layout(game: GameSignature, architecture: Architecture) -> list[tuple[str, list[int]]]:
        """The tensors a network of this architecture holds for `game`, in file order: [(name, shape)]."""
        return [
            (name, list(shape))
            for name, shape in _core.model_tensor_layout(
                architecture.kind,
                list(game.observation_shape),
                game.num_players,
                game.num_actions,
                **architecture.sizes(),
            )
        ]

    @classmethod
    def for_game(cls, game: Any, architecture: Union[Architecture, str] = "mlp", seed: int = 0, **sizes: Any) -> Model:
        """A new network for `game` with random weights (He initialisation; the heads start near a
        uniform policy and a zero value). `architecture` is an Architecture or its kind with
        `sizes` (``hidden=(64, 64)``, ``channels=32, blocks=2, value_hidden=64``)."""
        shape = Architecture(architecture, **sizes) if isinstance(architecture, str) else architecture
        signature = GameSignature.of(game)
        rng = np.random.default_rng(seed)
        tensors = {}
        for name, dims in cls.layout(signature, shape):
            if name.endswith(".bias"):
                tensors[name] = np.zeros(dims, np.float32)
                continue
            fan_in = dims[0] if len(dims) == 2 else int(np.prod(dims[1:]))
            scale = math.sqrt(2.0 / fan_in) * (0.1 if name in ("policy.weight", "value.weight") else 1.0)
            tensors[name] = (rng.standard_normal(dims) * scale).astype(np.float32)
        return cls(signature, shape, tensors)

    @classmethod
    def from_arrays(
        cls,
        game: Any,
        architecture: Union[Architecture, str],
        arrays: Mapping[str, Any],
        metadata: Optional[dict[str, Any]] = None,
        **sizes: Any,
    ) -> Model:
        """A model of `game` with weights trained elsewhere: `arrays` maps each tensor name of
        ``Model.layout`` to an array of its shape (dense weights [in, out], convolution weights
        [out, in, k, k]: docs/learned-evaluators.md shows how to write PyTorch's and JAX's)."""
        shape = Architecture(architecture, **sizes) if isinstance(architecture, str) else architecture
        return cls(GameSignature.of(game), shape, arrays, metadata)

    def save(self, path: Union[str, os.PathLike[str]]) -> None:
        """Writes the model file (atomically: an interrupted save leaves any earlier file whole)."""
        game = self.game
        header = {
            "game": game.name,
            "parameters": game.parameters,
            "observation_shape": list(game.observation_shape),
            "num_players": game.num_players,
            "num_actions": game.num_actions,
            "utility": list(game.utility),
            "architecture": self.architecture.to_json(),
            "metadata": self.metadata,
        }
        write_model_file(path, header, [(name, self.tensors[name]) for name, _ in self.layout(game, self.architecture)])

    @property
    def parameters(self) -> int:
        """The number of weights."""
        return int(self._network.parameters)

    def check_game(self, game: Any) -> None:
        """Raises ValueError unless this model was made for `game` (same name and parameters)."""
        if game is None:
            return
        other = GameSignature.of(game)
        if (other.name, other.parameters) != (self.game.name, self.game.parameters):
            raise ValueError(f"this model is for {self.game.describe()}, not {other.describe()}")
        if other != self.game:
            raise ValueError(
                f"this model was made for {self.game.describe()} with observations {self.game.observation_shape}, "
                f"{self.game.num_actions} actions; this build's game has {other.observation_shape}, "
                f"{other.num_actions} actions"
            )

    def forward(self, observations: Any, movers: Any) -> tuple[np.ndarray, np.ndarray]:
        """(logits [count, num_actions], values [count, num_players]) for a batch of observation
        tensors, each read by its mover (values on the game's utility range)."""
        batch = np.asarray(observations, dtype=np.float32).reshape(-1, *self.game.observation_shape)
        logits, values = self._network.forward(batch, np.asarray(movers, dtype=np.int64).reshape(-1))
        return logits, values

    def evaluate(self, state: Any) -> tuple[list[float], dict[int, float]]:
        """(values per player, {legal action: prior}) at `state`, where a player is to move."""
        mover = state.current_player()
        if mover < 0:
            raise ValueError("a model evaluates states where a player is to move, not chance or terminal states")
        logits, values = self.forward(np.asarray(state.observation_tensor(mover)), [mover])
        legal = list(state.legal_actions())
        chosen = logits[0, legal].astype(np.float64)
        weights = np.exp(chosen - chosen.max())
        return [float(v) for v in values[0]], {a: float(w) for a, w in zip(legal, weights / weights.sum())}

    def probe(self) -> None:
        """Raises ValueError naming the model if its network gives a value or a logit that is not
        finite on an all-zero or all-one observation read by any player: finite weights that
        overflow float32 arithmetic, which no search could use."""
        players = self.game.num_players
        for fill in (0.0, 1.0):
            observations = np.full((players, *self.game.observation_shape), fill, np.float32)
            self.forward(observations, np.arange(players))

    @property
    def batch_size(self) -> int:
        """Leaves PUCT evaluates together (1: one at a time). Above 1, virtual loss spreads the
        walks of a batch over different leaves and each layer runs once for all of them
        (docs/learned-evaluators.md says when that pays); other algorithms evaluate one leaf at a time."""
        return self._batch_size

    @batch_size.setter
    def batch_size(self, size: int) -> None:
        if isinstance(size, bool) or not isinstance(size, int):
            raise TypeError(f"batch_size must be an int, got {type(size).__name__} {size!r}")
        self._evaluator = _core.ModelEvaluator(self._network, size)  # checks the range
        self._batch_size = size

    def native_evaluator(self) -> Any:
        """The evaluator object the native search takes (``_core.ModelEvaluator``)."""
        return self._evaluator

    def __repr__(self) -> str:
        return f"<Model {self.architecture.kind} for {self.game.describe()}, {self.parameters} weights>"


def load_model(path: Union[str, os.PathLike[str]], game: Any = None) -> Model:
    """The model in the file at `path`. With `game`, also checks that the model was made for it;
    ``load_model("builtin", game)`` is the model that ships with the package for that game and
    player count (a file named builtin is ``./builtin``).

    Raises ModelFileError (a ValueError) for a file that is not a model, a newer format version, a
    truncated or altered file or sizes that do not fit; ValueError for a model of another game."""
    if path == BUILTIN:
        if game is None:
            raise ValueError('the built-in model is chosen by its game: load_model("builtin", game)')
        model = _read_builtin(builtin_path(game))
        model.check_game(game)
        return model
    header, tensors = read_model_file(path)
    where = f"model file {os.fspath(path)!r}"
    try:
        signature = GameSignature(
            name=_field(header, "game", str, where),
            parameters=_field(header, "parameters", dict, where),
            observation_shape=tuple(_ints(_field(header, "observation_shape", list, where), where)),
            num_players=_field(header, "num_players", int, where),
            num_actions=_field(header, "num_actions", int, where),
            utility=_utility(_numbers(_field(header, "utility", list, where), 2, where), where),
        )
        architecture = Architecture.from_json(header.get("architecture"))
        metadata = header.get("metadata", {})
        if not isinstance(metadata, dict):
            raise ValueError(f"{where}: metadata must be an object")
        model = Model(signature, architecture, tensors, metadata, source=os.fspath(path))
        model.probe()
    except (TypeError, ValueError) as error:
        if isinstance(error, ModelFileError):
            raise
        raise ModelFileError(f"{where} does not describe a valid model: {error}") from None
    if game is not None:
        model.check_game(game)
    return model


@functools.cache  # the package's files do not change while it runs; each search resolves model=builtin
def _read_builtin(path: Path) -> Model:
    return load_model(path)


@dataclass(frozen=True)
class BuiltinModel:
    """An evaluator that stands for the shipped model of whatever game is searched, resolved when
    the search sees the game (an agent made from a spec is built before it meets its game)."""

    def for_game(self, game: Any) -> Model:
        if game is None:
            raise ValueError("the built-in model needs the state's game (state.get_game()) to choose its network")
        return load_model(BUILTIN, game)


def _utility(values: list[float], where: str) -> tuple[float, float]:
    if not values[0] < values[1]:
        raise ModelFileError(f"{where}: utility must be [low, high] with low < high, got {values}")
    return values[0], values[1]


def _field(header: dict[str, Any], name: str, kind: type, where: str) -> Any:
    value = header.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ModelFileError(f"{where}: header field {name!r} must be a {kind.__name__}, got {value!r}")
    return value


def _ints(values: Sequence[Any], where: str) -> list[int]:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise ModelFileError(f"{where}: observation_shape must be a list of ints, got {values!r}")
    return list(values)


def _numbers(values: Sequence[Any], count: int, where: str) -> list[float]:
    if len(values) != count or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        raise ModelFileError(f"{where}: expected {count} numbers, got {values!r}"[:300])
    try:
        numbers = [float(v) for v in values]
    except OverflowError:
        numbers = [math.inf]
    if not all(math.isfinite(v) and abs(v) <= MAX_UTILITY for v in numbers):
        raise ModelFileError(
            f"{where}: expected {count} numbers of magnitude at most {MAX_UTILITY:g}, got {values!r}"[:300]
        )
    return numbers
