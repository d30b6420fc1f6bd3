"""A search owns a private copy of its root and holds its tree for its whole run: a second
concurrent use of an Agent or a SearchTree, or clearing the tree meanwhile, raises a clear
RuntimeError, and changing the searched state from another thread cannot reach the search.
In child processes, so a crash fails the test."""

from helpers.hostile_games import run_child


def test_one_agent_or_tree_in_two_threads_raises_runtime_error():
    run_child("""
        import threading, pytest
        import tablesearch as ts
        from tablesearch import mcts
        state = ts.load_game("connect_four").new_initial_state(0)
        for make in [lambda: mcts.Agent(time_limit=0.5, seed=0),
                     lambda: mcts.Agent(time_limit=0.5, seed=0, reuse_tree=False)]:
            agent = make()
            started = threading.Event()
            errors = []
            def play():
                started.set()
                try:
                    agent.step(state)
                except RuntimeError as error:
                    errors.append(error)
            first = threading.Thread(target=play)
            first.start(); started.wait()
            while ts._core.running_searches() == 0:
                pass
            with pytest.raises(RuntimeError, match="already searching"):
                agent.step(state)
            first.join()
            assert not errors

        tree = mcts.SearchTree()
        first = threading.Thread(target=lambda: mcts.search(state, time_limit=0.5, seed=0, tree=tree))
        first.start()
        while ts._core.running_searches() == 0:
            pass
        with pytest.raises(RuntimeError, match="already in use"):
            mcts.search(state, iterations=100, seed=1, tree=tree)
        with pytest.raises(RuntimeError, match="cannot clear"):
            tree.clear()
        assert tree.nodes == 0  # the count before the running search, read without racing it
        first.join()
        assert tree.nodes > 0
        tree.clear()
        assert tree.nodes == 0
    """)


def test_clearing_the_tree_from_an_evaluator_callback_raises_runtime_error():
    run_child("""
        import pytest
        import tablesearch as ts
        from tablesearch import mcts
        tree = mcts.SearchTree()
        class Clearing:
            def evaluate(self, state):
                tree.clear()
                return [0.0, 0.0]
        for game in ["connect_four", "py_nim"]:
            with pytest.raises(RuntimeError, match="cannot clear"):
                mcts.search(ts.load_game(game).new_initial_state(0), iterations=50, seed=0, tree=tree,
                            evaluator=Clearing())
        mcts.search(ts.load_game("connect_four").new_initial_state(0), iterations=50, seed=0, tree=tree)
        assert tree.nodes > 0  # the tree serves again once the failed search is over
    """)


def test_a_state_changed_by_another_thread_does_not_reach_the_search():
    run_child("""
        import random, threading, time
        import tablesearch as ts
        from tablesearch import _core, mcts
        for game, algorithm in [("gummiland", "ismcts"), ("connect_four", "uct"), ("leduc_poker", "pimc")]:
            for threads in [1, 2]:
                state = ts.load_game(game).new_initial_state(0)
                while state.is_chance_node():
                    state.apply_action(state.legal_actions()[0])
                def scramble(s=state, rng=random.Random(0)):
                    deadline = time.monotonic() + 5
                    while _core.running_searches() == 0 and time.monotonic() < deadline:
                        time.sleep(0.0001)  # once the search has started from the position
                    while not s.is_terminal() and _core.running_searches():  # moves under the search's feet
                        s.apply_action(rng.choice(s.legal_actions()))
                        time.sleep(0.001)
                thread = threading.Thread(target=scramble)
                thread.start()
                try:
                    result = mcts.search(state, iterations=3000, seed=0, threads=threads, algorithm=algorithm)
                finally:
                    thread.join()
                actions = [s.action for s in result.stats]
                assert len(set(actions)) == len(actions) and result.best_action in actions
                assert sum(s.visits for s in result.stats) <= result.iterations == 3000
    """)
