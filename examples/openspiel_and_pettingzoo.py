"""OpenSpiel and PettingZoo interop in one page (needs: pip install "tablesearch[openspiel,pettingzoo]").

1. OpenSpiel's exploitability and CFR on tablesearch's Leduc poker (to_pyspiel).
2. A tournament on OpenSpiel's Kuhn poker ("openspiel:kuhn_poker").
3. A PettingZoo AEC loop on Gnomi with random masked actions.

    python examples/openspiel_and_pettingzoo.py
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python import policy

import tablesearch as ts
from tablesearch.interop.openspiel import to_pyspiel
from tablesearch.interop.pettingzoo import env


def main() -> None:
    leduc = to_pyspiel(ts.load_game("leduc_poker"))
    uniform = policy.python_policy_to_pyspiel_policy(policy.TabularPolicy(leduc))
    print(f"exploitability of uniform play on our Leduc: {pyspiel.exploitability(leduc, uniform):.6f}")
    solver = pyspiel.CFRSolver(leduc)
    for _ in range(3):
        solver.evaluate_and_update_policy()
    print(f"after 3 iterations of OpenSpiel's CFR: {pyspiel.exploitability(leduc, solver.average_policy()):.6f}")

    result = ts.tournament("openspiel:kuhn_poker", ["mcts:iterations=200", "random"], games=20, seed=0)
    print(result)

    e = env("gnomi", players=3)
    e.reset(seed=7)
    rng = np.random.default_rng(7)
    steps = 0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            e.step(None)
            if reward:
                print(f"{agent} ends with reward {reward:+.2f}")
            continue
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    print(f"a PettingZoo game of Gnomi: {steps} actions")


if __name__ == "__main__":
    main()
