"""Agents: built-in players and agent specs (``"mcts:iterations=1000"``)."""

from tablesearch.agents.builtin import HumanAgent, RandomAgent

__all__ = ["HumanAgent", "RandomAgent"]
