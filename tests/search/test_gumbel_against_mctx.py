"""Gumbel's root search against mctx's ``gumbel_muzero_policy`` on the same trees (issue 48): with
the noise off, 30 bandits of 2-8 arms with random priors, root values and payoffs, at five budgets
and numbers of considered actions, give the same visits per arm (the halving schedule), the same
move and the same improved policy (the completed Q of unvisited arms by the mixed value, min-max
rescaled) as mctx. Below the root the two differ on purpose (docs/search.md: q is mapped by the
game's utility range there), so the trees are one move deep."""

from __future__ import annotations

import numpy as np
import pytest

from helpers.known_answer_games import BanditState
from tablesearch import mcts

jax = pytest.importorskip("jax")
mctx = pytest.importorskip("mctx")
jnp = jax.numpy

WIDTH = 8
"""Arms in mctx's padded batch; a bandit with fewer marks the rest invalid."""


class FixedEvaluator:
    """The same prior and root value whatever the state (the arms end the game, so only the root is
    evaluated)."""

    def __init__(self, prior: np.ndarray, value: float) -> None:
        self.prior_probabilities, self.value = prior, value

    def evaluate(self, state) -> list[float]:
        return [self.value, -self.value]

    def prior(self, state) -> dict[int, float]:
        return {arm: float(p) for arm, p in enumerate(self.prior_probabilities)}


def mctx_searches(bandits, simulations: int, considered: int):
    """mctx's move, root visits and action weights for each (payoffs, prior, value), in one batch."""
    size = len(bandits)
    logits = np.full((size, WIDTH), -30.0, np.float32)
    payoffs = np.zeros((size, WIDTH), np.float32)
    invalid = np.ones((size, WIDTH), bool)
    for row, (means, prior, _) in enumerate(bandits):
        logits[row, : len(means)] = np.log(prior)
        payoffs[row, : len(means)] = means
        invalid[row, : len(means)] = False
    root = mctx.RootFnOutput(
        prior_logits=jnp.asarray(logits),
        value=jnp.asarray([value for _, _, value in bandits], jnp.float32),
        embedding=jnp.arange(size),
    )

    def pull(params, rng, action, row):  # every arm ends the game: its payoff, discount 0
        zeros = jnp.zeros(size)
        return mctx.RecurrentFnOutput(
            reward=jnp.asarray(payoffs)[row, action], discount=zeros, prior_logits=jnp.zeros((size, WIDTH)), value=zeros
        ), row

    out = mctx.gumbel_muzero_policy(
        None,
        jax.random.PRNGKey(0),
        root,
        pull,
        num_simulations=simulations,
        max_num_considered_actions=considered,
        gumbel_scale=0.0,
        invalid_actions=jnp.asarray(invalid),
    )
    return np.asarray(out.action), np.asarray(out.search_tree.children_visits[:, 0]), np.asarray(out.action_weights)


@pytest.mark.parametrize(("simulations", "considered"), [(5, 16), (16, 4), (17, 3), (50, 16), (64, 2)])
def test_the_root_search_is_mctx_gumbel_muzero_policy(simulations, considered):
    rng = np.random.default_rng(simulations)
    bandits = []
    for _ in range(6):
        arms = int(rng.integers(2, WIDTH + 1))
        bandits.append((rng.uniform(-1, 1, arms).round(3).tolist(), rng.dirichlet(np.ones(arms)), rng.uniform(-1, 1)))
    moves, visits, weights = mctx_searches(bandits, simulations, considered)
    for row, (means, prior, value) in enumerate(bandits):
        result = mcts.search(
            BanditState(means),
            iterations=simulations,
            seed=0,
            algorithm="gumbel",
            gumbel_scale=0,
            gumbel_actions=considered,
            evaluator=FixedEvaluator(prior, float(value)),
        )
        our_visits = [0] * len(means)
        our_policy = [0.0] * len(means)
        for stat, share in zip(result.stats, result.improved_policy, strict=True):
            our_visits[stat.action], our_policy[stat.action] = stat.visits, share
        case = f"payoffs {means}, prior {prior.round(3).tolist()}, root value {value:.3f}"
        assert our_visits == visits[row, : len(means)].tolist(), case
        assert result.best_action == moves[row], case
        assert our_policy == pytest.approx(weights[row, : len(means)].tolist(), abs=1e-4), case
