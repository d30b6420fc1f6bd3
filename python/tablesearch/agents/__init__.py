"""Agents: built-in players and agent specs (``"mcts:iterations=1000"``)."""

from tablesearch.agents.builtin import HumanAgent, MCTSAgent, RandomAgent

__all__ = ["HumanAgent", "MCTSAgent", "RandomAgent"]
