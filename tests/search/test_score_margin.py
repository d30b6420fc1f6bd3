"""Finished games valued by their score margin as well as their returns (`score_weight`,
search/score_margin.h, docs/long-games.md)."""

import math
import random

import pytest

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games import search_defaults

ALL_REGIONS = "pineapple,orange,blackberry"
HIDDEN_INFORMATION_SEARCHES = ["ismcts", "mo-ismcts", "smooth-uct", "pimc"]  # pimc runs UCT per world


def ends_alike(state, action, end, worlds=20):
    """Whether `action` ends the game with `end`'s returns and scores in every world the player to
    move draws (with hidden information an action may end the game in some worlds only)."""
    for seed in range(worlds):
        world = state.resample_from_infostate(state.current_player(), seed)
        world.apply_action(action)
        if not world.is_terminal() or world.returns() != end.returns() or world.scores() != end.scores():
            return False
    return True


def before_the_end(game, seed):
    """A decision node of a seeded random game from which some legal action ends the game, the
    same way in every world its player draws."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while True:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal() and ends_alike(state, action, child):
                return state, action, child
        state.apply_action(rng.choice(state.legal_actions()))


def blended(end, player, weight, scale):
    """(1 - w) x returns + w x tanh(margin / scale); margin: the score minus the others' mean."""
    scores = end.scores()
    others = (sum(scores) - scores[player]) / (len(scores) - 1)
    return (1 - weight) * end.returns()[player] + weight * math.tanh((scores[player] - others) / scale)


@pytest.mark.parametrize("algorithm", HIDDEN_INFORMATION_SEARCHES)
@pytest.mark.parametrize("weight, scale", [(0.4, 3.0), (1.0, 0.5)])
def test_a_move_that_ends_the_game_is_worth_its_blended_value(algorithm, weight, scale):
    """The search's value of a move that ends the game is the blend of its returns and its score
    margin, whichever way it reaches the end (the tree's terminal node or a playout)."""
    state, ending, end = before_the_end(ts.load_game("gnomi", players=2), seed=3)
    player = state.current_player()
    result = mcts.search(state, iterations=600, seed=1, algorithm=algorithm, score_weight=weight, score_scale=scale)
    value = next(s.value for s in result.stats if s.action == ending)
    assert value == pytest.approx(blended(end, player, weight, scale), abs=1e-5)
    plain = mcts.search(state, iterations=600, seed=1, algorithm=algorithm, score_weight=0)
    assert next(s.value for s in plain.stats if s.action == ending) == pytest.approx(end.returns()[player], abs=1e-5)


@pytest.mark.parametrize("algorithm", HIDDEN_INFORMATION_SEARCHES)
def test_margin_alone_on_a_huge_scale_values_every_playout_near_zero(algorithm):
    game = ts.load_game("gummiland", players=2, regions=ALL_REGIONS)
    state = before_the_end(game, seed=5)[0]
    margin_only = mcts.search(state, iterations=300, seed=2, algorithm=algorithm, score_weight=1, score_scale=1e9)
    assert max(abs(v) for v in margin_only.root_values) < 1e-6
    assert max(abs(s.value) for s in margin_only.stats) < 1e-6
    returns_only = mcts.search(state, iterations=300, seed=2, algorithm=algorithm, score_weight=0)
    assert max(abs(s.value) for s in returns_only.stats) > 0.05


@pytest.mark.parametrize(
    "options, error, text",
    [
        (dict(score_weight=1.5), ValueError, r"score_weight must be a finite number in \[0, 1\], got 1.5"),
        (dict(score_weight=-0.1), ValueError, r"score_weight must be a finite number in \[0, 1\], got -0.1"),
        (dict(score_weight="half"), TypeError, "score_weight must be"),
        (dict(score_weight=0.5, score_scale=0), ValueError, "score_scale must be a finite number > 0"),
        (dict(score_weight=0.5, score_scale=math.inf), ValueError, "score_scale must be a finite number"),
    ],
)
def test_bad_score_options_are_refused(options, error, text):
    state = ts.load_game("gnomi", players=2).new_initial_state(0)
    with pytest.raises(error, match=text):
        mcts.search(state, iterations=20, seed=0, **options)


def test_games_without_scores_and_python_evaluators_refuse_a_weight():
    board = ts.load_game("tic_tac_toe").new_initial_state()
    with pytest.raises(ValueError, match=r"score_weight needs a game with scores \(scores\(\)\)"):
        mcts.search(board, iterations=10, score_weight=0.5)
    assert mcts.search(board, iterations=10, seed=0).best_action in board.legal_actions()

    class Zero:
        def evaluate(self, state):
            return [0.0, 0.0]

    gnomi = ts.load_game("gnomi", players=2).new_initial_state(0)
    with pytest.raises(ValueError, match="an evaluator replaces them"):
        mcts.search(gnomi, iterations=10, evaluator=Zero(), score_weight=0.5)


def test_auto_takes_the_game_default_and_evaluator_objects_play_without_it():
    game = ts.load_game("gummiland", players=2, regions=ALL_REGIONS)
    state = before_the_end(game, seed=7)[0]
    defaults = search_defaults.search_defaults(game)
    explicit = dict(score_weight=defaults["score_weight"], score_scale=defaults["score_scale"])
    base = dict(iterations=200, seed=3)
    assert mcts.search(state, **base).stats == mcts.search(state, **base, **explicit).stats
    with_object = mcts.search(state, **base, evaluator=mcts.RandomRollout())
    assert with_object.stats == mcts.search(state, **base, score_weight=0).stats
