"""A batched evaluator gets observation tensors and returns priors sized by the game's declared
shape and action count, read once: a game that declares other sizes later, none at all, or
legal actions beyond its action count ends in a clear error, never in a heap overrun."""

from helpers.hostile_games import run_child


def test_shapes_are_read_once_and_checked_against_the_game():
    run_child("""
        import numpy as np, pytest
        import tablesearch as ts
        from tablesearch import mcts
        from tablesearch.games.python_games import register_game
        from helpers.py_games import Nim, NimState
        from helpers.hostile_games import BatchEvaluator

        # A registered game whose observation_shape() changes after loading: the shape read at
        # load time is the one used, and a tensor of another size is refused.
        class Shifty(Nim):
            calls = 0
            def observation_shape(self):
                Shifty.calls += 1
                return (2,) if Shifty.calls == 1 else (50, 50)
        register_game("shifty_nim", Shifty)
        state = ts.load_game("shifty_nim").new_initial_state(0)
        evaluator = BatchEvaluator()
        mcts.search(state, iterations=100, seed=0, evaluator=evaluator)
        assert {shape[1:] for shape in evaluator.shapes} == {(2,)}

        class Wrong(NimState):
            def observation_tensor(self, player):
                return [0.0] * 7
        register_game("wrong_nim", type("WrongNim", (Nim,), {"new_initial_state": lambda self, seed=None: Wrong(13)}))
        with pytest.raises(ValueError, match="observation shape holds 2"):
            mcts.search(ts.load_game("wrong_nim").new_initial_state(0), iterations=100, seed=0,
                        evaluator=BatchEvaluator())

        # A bare state whose game reports one shape while its tensors have another.
        class Game:
            def num_players(self): return 2
            def num_distinct_actions(self): return 3
            def observation_tensor_shape(self): return [40, 40]
        class Bare(NimState):
            def get_game(self): return Game()
        with pytest.raises(ValueError, match="observation"):
            mcts.search(Bare(13), iterations=100, seed=0, evaluator=BatchEvaluator())
    """)


def test_prior_width_must_cover_every_legal_action():
    run_child("""
        import numpy as np, pytest
        import tablesearch as ts
        from tablesearch import mcts
        from tablesearch.games.python_games import register_game
        from helpers.py_games import Nim, NimState
        from helpers.hostile_games import BatchEvaluator

        # No num_distinct_actions(): the priors would have no columns.
        class NoWidth:
            def num_players(self): return 2
            def max_legal_actions(self): return 3
            def observation_shape(self): return (2,)
            def new_initial_state(self, seed=None): return NimState(13)
        register_game("nim_no_width", NoWidth)
        with pytest.raises(ValueError, match="num_distinct_actions"):
            mcts.search(ts.load_game("nim_no_width").new_initial_state(0), iterations=50, seed=0,
                        evaluator=BatchEvaluator())

        # Legal actions reaching num_distinct_actions.
        register_game("nim_narrow", type("Narrow", (Nim,), {"num_distinct_actions": lambda self: 2}))
        with pytest.raises(ValueError, match="outside the game's num_distinct_actions"):
            mcts.search(ts.load_game("nim_narrow").new_initial_state(0), iterations=50, seed=0,
                        evaluator=BatchEvaluator(width=2))

        # Values and priors out of range, of the wrong shape or type.
        state = ts.load_game("py_nim").new_initial_state(0)
        cases = [
            (dict(values=lambda n: np.full((n, 2), np.inf)), ValueError, "finite"),
            (dict(values=lambda n: np.full((n, 2), 1e39)), ValueError, "magnitude"),
            (dict(priors=lambda n: np.full((n, 3), -1.0)), ValueError, "prior"),
            (dict(priors=lambda n: np.full((n, 3), 1e300)), ValueError, "prior"),
            (dict(priors=lambda n: np.ones((n, 4))), ValueError, "shape"),
            (dict(values=lambda n: {0: 1.0}), TypeError, "arrays"),
        ]
        for kwargs, error, message in cases:
            with pytest.raises(error, match=message):
                mcts.search(state, iterations=50, seed=0, evaluator=BatchEvaluator(**kwargs))

        # batch_size 1 is a batch of one, not a call to a missing evaluate().
        evaluator = BatchEvaluator(batch_size=1)
        result = mcts.search(state, iterations=60, seed=0, evaluator=evaluator)
        assert result.iterations == 60 and max(s[0] for s in evaluator.shapes) == 1
        for bad in [0, -1, 2**40]:
            with pytest.raises(ValueError, match="batch_size"):
                mcts.search(state, iterations=50, seed=0, evaluator=BatchEvaluator(batch_size=bad))
    """)
