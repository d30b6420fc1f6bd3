"""Which game configurations the generic suites run on: every registered game with its default
parameters, and every player count it accepts."""

from __future__ import annotations

import tablesearch as ts


def game_configs() -> list[tuple[str, dict]]:
    configs = []
    for name in ts.list_games():
        configs.append((name, {}))
        for spec in ts.parameter_specs(name):
            if spec["name"] == "players":
                configs += [(name, {"players": p}) for p in range(spec["min"], spec["max"] + 1) if p != spec["default"]]
    return configs


def config_id(config: tuple[str, dict]) -> str:
    name, params = config
    return name + "".join(f"-{k}={v}" for k, v in params.items())


CONFIGS = game_configs()
IDS = [config_id(c) for c in CONFIGS]

# Variants beyond the default parameters that the conformance suite also covers.
VARIANT_CONFIGS = [("gnomi", {"players": p, "golden": True}) for p in range(2, 7)]
VARIANT_IDS = [config_id(c) for c in VARIANT_CONFIGS]
