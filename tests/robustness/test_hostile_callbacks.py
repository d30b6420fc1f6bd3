"""Every value a Python game or evaluator hands the native search is checked once, where it
crosses over: wrong values end in a ValueError or TypeError naming the method, never in a crash,
NaN statistics or a silently misread value. Each test runs its cases in a child process, so a
crash fails the test instead of the test run."""

from helpers.hostile_games import run_child


def test_values_that_are_not_finite_or_not_a_sequence_are_refused():
    run_child("""
        import math, pytest
        from tablesearch import mcts
        from helpers.hostile_games import nim, Evaluator
        for bad in [math.nan, math.inf, -math.inf, 1e39, -1e31]:
            with pytest.raises(ValueError, match="evaluate"):
                mcts.search(nim(), iterations=50, seed=0, evaluator=Evaluator(lambda s, b=bad: [b, -b]))
            with pytest.raises(ValueError, match="returns"):
                mcts.search(nim(returns=lambda self, b=bad: [b, 0.0] if self.stones == 0 else [0.0, 0.0]),
                            iterations=200, seed=0)
        for bad in [{0: 1.0, 1: -1.0}, "10", {1.0, -1.0}, None, 3.0]:
            with pytest.raises(TypeError, match="evaluate.*sequence"):
                mcts.search(nim(), iterations=50, seed=0, evaluator=Evaluator(lambda s, b=bad: b))
        with pytest.raises(ValueError, match="2 numbers"):
            mcts.search(nim(), iterations=50, seed=0, evaluator=Evaluator(lambda s: [1.0]))
        # Large but finite values are fine and give finite statistics.
        result = mcts.search(nim(), iterations=300, seed=0, evaluator=Evaluator(lambda s: [1e30, -1e30]))
        assert all(math.isfinite(s.value) for s in result.stats)
    """)


def test_priors_must_be_finite_non_negative_weights_for_legal_actions():
    run_child("""
        import math, pytest
        from tablesearch import mcts
        from helpers.hostile_games import nim, Evaluator
        def search(prior):
            return mcts.search(nim(), iterations=300, seed=0, algorithm="puct", evaluator=Evaluator(prior=prior))
        for bad in [-0.5, math.nan, math.inf]:
            with pytest.raises(ValueError, match="prior"):
                search(lambda s, b=bad: {0: b, 1: 0.5, 2: 0.5})
        with pytest.raises(ValueError, match="not legal"):
            search(lambda s: {7: 1.0})
        for bad in [[0.3, 0.3, 0.4], "x", 1.0]:
            with pytest.raises(TypeError, match="dict"):
                search(lambda s, b=bad: b)
        # Extreme but valid weights are renormalised in double precision, not lost to float32.
        def scaled(k):
            return search(lambda s: {a: k * (10.0 if a == 1 else 1.0) for a in s.legal_actions()}).stats
        assert scaled(1e300) == scaled(1e-300) == scaled(1.0)
    """)


def test_players_clones_and_worlds_are_checked():
    run_child("""
        import pytest
        import tablesearch as ts
        from tablesearch import mcts
        from helpers.hostile_games import nim
        from helpers.py_games import NimState
        with pytest.raises(ValueError, match=r"current_player\\(\\) returned 4294967296"):
            mcts.search(nim(current_player=lambda self: 2**32), iterations=20, seed=0)
        with pytest.raises(ValueError, match="current_player"):
            mcts.search(nim(current_player=lambda self: 7 if self.stones < 10 else self.player), iterations=200, seed=0)
        with pytest.raises(TypeError, match=r"clone\\(\\) returned None"):
            mcts.search(nim(clone=lambda self: None), iterations=20, seed=0)
        with pytest.raises(ValueError, match="the state itself"):
            mcts.search(nim(clone=lambda self: self), iterations=20, seed=0)
        other = ts.load_game("py_gamble").new_initial_state(0).native_state
        with pytest.raises(TypeError, match="same game"):
            mcts.search(nim(clone=lambda self: other), iterations=20, seed=0)
        for world in [None, "self", NimState(5)]:
            def resample(self, player, seed, w=world):
                return self if w == "self" else w
            with pytest.raises((TypeError, ValueError), match="resample_from_infostate"):
                mcts.search(nim(resample_from_infostate=resample), iterations=20, seed=0, algorithm="ismcts")
        # A world whose player to move differs from the root's is refused with a message that
        # says so (it used to read "returned -4; it must return TERMINAL (-4)").
        def to_the_end(self, player, seed):
            copy = self.clone(); copy.stones = 0
            return copy
        with pytest.raises(ValueError, match="keep what every player knows"):
            mcts.search(nim(resample_from_infostate=to_the_end), iterations=20, seed=0, algorithm="ismcts")
        with pytest.raises(ValueError, match="TERMINAL"):
            mcts.search(nim(current_player=lambda self: 0), iterations=200, seed=0)
    """)


def test_game_sizes_and_search_arguments_out_of_range_are_refused():
    run_child("""
        import pytest
        import tablesearch as ts
        from tablesearch import mcts
        from tablesearch.games.python_games import register_game
        from helpers.py_games import Nim
        for size in [-1, 0, 2**31, 2**70, 10**7]:
            register_game("bad_size", type("BadNim", (Nim,), {"max_legal_actions": lambda self, n=size: n}))
            with pytest.raises(ValueError, match="max_legal_actions"):
                ts.load_game("bad_size")
        for size in ["3", 3.0, None]:
            register_game("bad_size", type("BadNim", (Nim,), {"max_legal_actions": lambda self, n=size: n}))
            with pytest.raises(TypeError, match="max_legal_actions"):
                ts.load_game("bad_size")
        register_game("bad_shape", type("BadNim", (Nim,), {"observation_shape": lambda self: (2, -3)}))
        with pytest.raises(ValueError, match="observation_shape"):
            ts.load_game("bad_shape")
        state = ts.load_game("py_nim").new_initial_state(0)
        for kwargs in [dict(dirichlet_epsilon=5.0), dict(dirichlet_epsilon=-0.1)]:
            with pytest.raises(ValueError, match="dirichlet_epsilon"):
                mcts.search(state, iterations=20, **kwargs)
        from tablesearch import match
        for plies in [-1, 2.5, "3"]:
            with pytest.raises(ValueError, match="max_plies"):
                match.play_game(ts.load_game("py_nim"), [ts.agents.RandomAgent(0), ts.agents.RandomAgent(1)],
                                seed=0, max_plies=plies)
    """)


def test_more_legal_actions_than_a_node_holds_is_refused_clearly():
    run_child("""
        import pytest
        from tablesearch import mcts
        from helpers.hostile_games import WideState
        for width in [65536, 70000]:
            for algorithm in ["uct", "puct", "pimc", "ismcts"]:
                with pytest.raises(ValueError, match="at most 65535"):
                    mcts.search(WideState(width), iterations=10, seed=0, algorithm=algorithm)
        result = mcts.search(WideState(65535), iterations=200, seed=0, algorithm="uct")
        assert len(result.stats) == 65535 and sum(s.visits for s in result.stats) == 200
    """)
