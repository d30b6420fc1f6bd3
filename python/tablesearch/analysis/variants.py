"""Variants of a game to compare: parsing ``--sweep NAME=V1,V2,...``, building each variant's
parameters, and testing which differences between variants are real.

Several sweeps multiply (``--sweep players=2,3 --sweep deck=64,66`` is four variants). A
difference between two variants is tested with a normal (Wald) test on the two estimates (their
standard errors read from their 95% intervals; variants are played independently); the p-values
of all comparisons of one analysis are adjusted together by Holm's method, and a difference is
called real when its adjusted p-value is below `ALPHA`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any, Optional

from tablesearch.analysis.intervals import difference_test, holm
from tablesearch.games.registry import list_games, load_game, parameter_specs

ALPHA = 0.05


def _typed(text: str, default: Any) -> Any:
    """A command-line value typed like the parameter's default (so deck=66 stays the text "66")."""
    if isinstance(default, bool):
        if text.lower() not in ("true", "false"):
            raise ValueError(f"expected true or false, got {text!r}")
        return text.lower() == "true"
    if isinstance(default, int):
        return int(text)
    if isinstance(default, float):
        return float(text)
    return text


def parameter_defaults(game: str) -> dict[str, Any]:
    """The named parameters of a native game and their defaults ({} for a Python game)."""
    if game not in list_games():
        load_game(game)  # raises, naming the games
    return {spec["name"]: spec["default"] for spec in parameter_specs(game)}


def parse_sweeps(game: str, items: Sequence[str]) -> list[tuple[str, list[Any]]]:
    """``["deck=64,66"]`` as ``[("deck", ["64", "66"])]``, each value typed by the parameter.

    Raises ValueError for a malformed item, an unknown parameter (naming the game's parameters), a
    value of the wrong type, or the same parameter swept twice."""
    defaults = parameter_defaults(game)
    sweeps: list[tuple[str, list[Any]]] = []
    for item in items:
        name, sep, values = item.partition("=")
        if not sep or not name or not values:
            raise ValueError(f"--sweep is written NAME=V1,V2,..., got {item!r}")
        if defaults and name not in defaults:
            raise ValueError(
                f"{game} has no parameter {name!r} (in --sweep {item}); its parameters: {', '.join(sorted(defaults))}"
            )
        if any(name == seen for seen, _ in sweeps):
            raise ValueError(f"parameter {name!r} is swept twice; give its values in one --sweep")
        texts = values.split(",")  # an empty value is the empty string (a subset: regions=,orange)
        try:
            typed = [_typed(v, defaults[name]) if name in defaults else v for v in texts]
        except ValueError as error:
            raise ValueError(f"--sweep {item}: {error}") from None
        repeated = sorted({repr(v) for v in typed if typed.count(v) > 1})
        if repeated:
            raise ValueError(
                f"--sweep {item} gives {name} the value {', '.join(repeated)} more than once; "
                "a variant compared with itself measures nothing: give each value once"
            )
        sweeps.append((name, typed))
    return sweeps


def variant_params(base: Mapping[str, Any], sweeps: Sequence[tuple[str, list[Any]]]) -> list[dict[str, Any]]:
    """The parameters of every variant: `base` with one combination of swept values each."""
    if not sweeps:
        return [dict(base)]
    names = [name for name, _ in sweeps]
    return [{**base, **dict(zip(names, combo))} for combo in itertools.product(*(values for _, values in sweeps))]


def label(params: Mapping[str, Any], swept: Sequence[str]) -> str:
    """A variant's name: its swept parameters (or "base" without a sweep)."""
    return ", ".join(f"{k}={params[k] if params[k] != '' else '(none)'}" for k in swept) or "base"


def load_variants(game: str, variants: Sequence[Mapping[str, Any]], swept: Sequence[str]) -> list[Any]:
    """Loads every variant before any game is played, so a bad one fails at once with its name."""
    loaded = []
    seen: dict[str, str] = {}
    for params in variants:
        try:
            loaded.append(load_game(game, **params))
        except (ValueError, TypeError) as error:
            raise ValueError(f"variant {label(params, swept)} of {game} does not load: {error}") from None
        full = repr(sorted(loaded[-1].parameters().items()))
        if full in seen:  # values written differently that load the same game
            raise ValueError(
                f"variants {seen[full]} and {label(params, swept)} of {game} are the same game "
                f"({loaded[-1].parameters()}); a variant compared with itself measures nothing"
            )
        seen[full] = label(params, swept)
    return loaded


# The range each compared figure can take; a difference of two lies within (min - max, max - min).
RANGES: dict[str, tuple[float, float]] = {
    "mean length (plies)": (0.0, math.inf),
    "mean length (turns)": (0.0, math.inf),
    "draw rate": (0.0, 1.0),
    "first-player advantage": (-0.5, 0.5),
    "skill score": (0.0, 1.0),
    "branching": (2.0, math.inf),
}


def _estimates(variant: Mapping[str, Any]) -> dict[str, tuple[float, float, float]]:
    """The figures compared across variants (the keys of RANGES), as (value, low, high)."""
    out = {}
    plies = variant["length"]["plies"]
    if plies.get("mean") is not None:
        out["mean length (plies)"] = (plies["mean"], plies["mean_low"], plies["mean_high"])
    turns = variant["length"]["turns"]
    if turns.get("mean") is not None:
        out["mean length (turns)"] = (turns["mean"], turns["mean_low"], turns["mean_high"])
    if variant.get("draw_rate") is not None:
        out["draw rate"] = (variant["draw_rate"], variant["draw_rate_low"], variant["draw_rate_high"])
    fpa = variant.get("first_player_advantage")
    if fpa and fpa.get("value") is not None:
        out["first-player advantage"] = (fpa["value"], fpa["low"], fpa["high"])
    skill = variant.get("skill")
    if skill and skill.get("score") is not None:
        out["skill score"] = (skill["score"], skill["low"], skill["high"])
    if variant.get("branching") is not None:
        out["branching"] = (variant["branching"], variant["branching_low"], variant["branching_high"])
    return {k: tuple(float("nan") if x is None else x for x in v) for k, v in out.items()}  # type: ignore[misc]


def compare(variants: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every pair of variants on every figure both have: the difference (second minus first) with
    its 95% interval, the p-value, the Holm-adjusted p-value, and whether it is real."""
    rows: list[dict[str, Any]] = []
    estimates = [_estimates(v) for v in variants]
    for i, j in itertools.combinations(range(len(variants)), 2):
        for metric in estimates[i]:
            if metric not in estimates[j]:
                continue
            diff, low, high, p = difference_test(estimates[i][metric], estimates[j][metric])
            least, most = RANGES[metric]
            low, high = max(low, least - most), min(high, most - least)
            rows.append(
                {
                    "metric": metric,
                    "a": variants[i]["label"],
                    "b": variants[j]["label"],
                    "difference": _num(diff),
                    "low": _num(low),
                    "high": _num(high),
                    "p": _num(p),
                }
            )
    adjusted = holm([row["p"] for row in rows])
    for row, p_holm in zip(rows, adjusted):
        row["p_holm"] = p_holm
        row["real"] = bool(p_holm is not None and p_holm < ALPHA)
    return rows


def _num(value: float) -> Optional[float]:
    return None if value != value else float(value)
