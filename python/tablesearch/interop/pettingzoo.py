"""tablesearch games as PettingZoo AEC environments (needs the ``pettingzoo`` extra:
``pip install ".[pettingzoo]"`` in the clone).

``env(name, render_mode=None, **params)`` works for every game ``ts.load_game`` accepts
(native, registered Python games, ``openspiel:...``): agents ``player_0``.. take turns, chance
is resolved inside the environment by its seeded generator, observations are dicts of the
agent's own observation tensor (what that seat may know) and an action mask over the game's
distinct actions, and rewards are the game's returns, given when the game ends.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from tablesearch.extras import missing

try:
    import gymnasium
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:
    raise ImportError(missing("PettingZoo interop", "pettingzoo")) from error

import tablesearch as ts

__all__ = ["env", "raw_env"]


def env(name: str, render_mode: Optional[str] = None, **params: Any) -> AECEnv:
    """The game `name` with `params` as a PettingZoo AEC environment, wrapped in PettingZoo's
    OrderEnforcingWrapper (``raw_env`` gives it unwrapped). Raises ValueError for an unknown
    game, bad parameters, a game without observation tensors or a bad render mode."""
    return wrappers.OrderEnforcingWrapper(raw_env(name, render_mode=render_mode, **params))


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """A tablesearch game as an AEC environment; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "tablesearch", "is_parallelizable": False}

    def __init__(self, name: str, render_mode: Optional[str] = None, **params: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.game = ts.load_game(name, **params)
        shape = self.game.observation_shape()
        if shape is None:
            raise ValueError(f"game {name!r} has no observation tensors, which PettingZoo observations need")
        self.metadata = dict(self.metadata, name=f"tablesearch_{name}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players())]
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        actions = self.game.num_distinct_actions()
        self._num_actions = actions
        self._observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(-np.inf, np.inf, tuple(shape), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents}
        self._np_random, _ = seeding.np_random(None)
        self.state_: Any = None

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """A new game; `seed` seeds the setup and every chance outcome, so equal seeds and
        actions replay the same game."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.state_ = self.game.new_initial_state(int(self._np_random.integers(2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._play_chance()
        self._after_move(first_mover=None)

    def _play_chance(self) -> None:
        while self.state_.is_chance_node():
            outcomes = self.state_.chance_outcomes()
            probabilities = np.array([p for _, p in outcomes], dtype=np.float64)
            pick = self._np_random.choice(len(outcomes), p=probabilities / probabilities.sum())
            self.state_.apply_action(outcomes[pick][0])

    def _after_move(self, first_mover: Optional[str]) -> None:
        if self.state_.is_terminal():
            for agent, value in zip(self.agents, self.state_.returns()):
                self.rewards[agent] = float(value)
                self.terminations[agent] = True
            self.agent_selection = first_mover or self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state_.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self._index[agent]
        mask = np.zeros(self._num_actions, np.int8)
        if not self.state_.is_terminal() and self.state_.current_player() == player:
            mask[self.state_.legal_actions()] = 1
        observation = np.asarray(self.state_.observation_tensor(player), np.float32)
        return {
            "observation": observation.reshape(self._observation_spaces[agent]["observation"].shape),
            "action_mask": mask,
        }

    def step(self, action: Any) -> None:
        """Plays `action` for the selected agent. Raises ValueError for an illegal action (naming
        the legal ones); once the game is over each agent steps with None to leave."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"{agent} must play an int action, got {action!r}")
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply_action(int(action))  # checked: ValueError names the legal actions
        self._play_chance()
        self._clear_rewards()
        self._after_move(first_mover=agent)

    def render(self) -> Optional[str]:
        """The whole state as text (hidden cards included, as PettingZoo's card games show them):
        returned for render_mode "ansi", printed for "human"."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = str(self.state_)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
