"""Searches whose parts saw different root actions (threads searching worlds where the root
player has other actions, PIMC worlds that disagree, a Python game whose legal_actions() varies
between calls) merge their statistics by action id: every count is a real count, never memory
read out of bounds. In a child process, so a crash fails the test."""

from helpers.hostile_games import run_child


def test_statistics_merge_by_action_id():
    run_child("""
        import itertools
        from tablesearch import mcts
        from helpers.hostile_games import nim

        calls = itertools.count()
        def varying(self):  # the root's actions change from call to call
            n = min(3, self.stones)
            return list(range(n)) if next(calls) % 2 else list(range(max(1, n - 1)))
        def other_world(self, player, seed):  # worlds with 13, 2 or 1 stones: other root actions
            copy = self.clone()
            copy.stones = [13, 2, 1][seed % 3]
            return copy

        cases = [
            (nim(legal_actions=varying), dict(algorithm="uct", threads=2)),
            (nim(legal_actions=varying), dict(algorithm="ismcts", threads=3)),
            (nim(resample_from_infostate=other_world), dict(algorithm="ismcts", threads=4)),
            (nim(resample_from_infostate=other_world), dict(algorithm="pimc", determinizations=12)),
            (nim(resample_from_infostate=other_world), dict(algorithm="pimc", threads=2)),
        ]
        for state, options in cases:
            result = mcts.search(state, iterations=2000, seed=0, **options)
            actions = [s.action for s in result.stats]
            assert actions == sorted(set(actions)) and set(actions) <= {0, 1, 2}, (options, actions)
            assert all(0 <= s.visits <= result.iterations for s in result.stats), (options, result.stats)
            assert sum(s.visits for s in result.stats) <= result.iterations == 2000, options
            assert all(-1.0 <= s.value <= 1.0 for s in result.stats), (options, result.stats)
            assert result.best_action in actions
    """)
