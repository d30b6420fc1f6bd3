"""Agents: any object with ``step(state) -> action`` plays."""

from __future__ import annotations

import random
import sys
from typing import Any, Optional, TextIO

__all__ = ["HumanAgent", "RandomAgent"]


class RandomAgent:
    """Plays a uniformly random legal action; seeded, so games replay exactly."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self._rng = random.Random(seed)

    def step(self, state: Any) -> int:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal actions: the game is over")
        return int(actions[self._rng.randrange(len(actions))])

    def __repr__(self) -> str:
        return "RandomAgent()"


def _hides_information(state: Any) -> bool:
    get_game = getattr(state, "get_game", None)
    return bool(get_game is not None and get_game().has_hidden_information())


class HumanAgent:
    """A person at a terminal: shows the position and the legal actions, reads a choice.

    It shows the position in words where the game's drawing module can tell it
    (``render.describe``: whose turn, what is under way, what each seat holds as far as the player
    knows); otherwise the player's information state on games with hidden information (the state
    it is handed is a re-drawn guess at the hidden parts), or ``str(state)``. A choice
    is an action's text as ``action_to_string`` writes it (matched first, ignoring case) or its
    number. Raises EOFError when the input ends.
    """

    def __init__(self, input: Optional[TextIO] = None, output: Optional[TextIO] = None) -> None:
        self._input = input
        self._output = output

    def _print(self, *args: Any) -> None:
        print(*args, file=self._output or sys.stdout, flush=True)

    def step(self, state: Any) -> int:
        player = state.current_player()
        legal = state.legal_actions()
        names = {a: state.action_to_string(a) for a in legal}
        self._print()
        from tablesearch.render import describe

        told = describe(state, player)
        if told is None:
            told = state.information_state_string(player) if _hides_information(state) else str(state)
        self._print(told)
        self._print(f"player {player}, your move. Legal actions:")
        self._print("  " + "  ".join(f"{a}:{names[a]}" for a in legal))
        by_name = {name.lower(): a for a, name in names.items()}
        while True:
            out = self._output or sys.stdout
            out.write("> ")
            out.flush()
            source = self._input or sys.stdin
            line = source.readline()
            if not line:
                raise EOFError("input ended before the game did")
            if not source.isatty():  # piped input is not echoed: show it, so the transcript reads well
                out.write(line if line.endswith("\n") else line + "\n")
            choice = line.strip()
            if choice.lower() in by_name:
                return int(by_name[choice.lower()])
            try:
                action = int(choice)
            except ValueError:
                action = None
            if action is not None and action in names:
                return action
            self._print(
                f"{choice!r} is not a legal action; type one of: "
                + ", ".join(names[a] for a in legal)
                + " (or its number)"
            )

    def __repr__(self) -> str:
        return "HumanAgent()"
