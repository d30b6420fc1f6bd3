"""Agent specs: parsing, the comma rule of agent lists, building agents."""

import pytest

from helpers.py_games import FixedAgent
from tablesearch import mcts
from tablesearch.agents.builtin import HumanAgent, RandomAgent
from tablesearch.agents.specs import make_agent, parse_agent_spec, split_agent_list


def test_parse_builtin_specs():
    spec = parse_agent_spec("mcts:iterations=1000,uct_c=1.4")
    assert spec.kind == "mcts" and dict(spec.options) == {"iterations": 1000, "uct_c": 1.4}
    assert parse_agent_spec("random").kind == "random" and parse_agent_spec("random").options == ()
    for kind in ("ismcts", "mo-ismcts", "pimc", "uct", "puct"):
        spec = parse_agent_spec(f"{kind}:time_limit=0.5,determinizations=4")
        assert spec.kind == kind and dict(spec.options) == {"time_limit": 0.5, "determinizations": 4}
    assert dict(parse_agent_spec("mcts:algorithm=uct,max_memory_mb=64").options) == {
        "algorithm": "uct",
        "max_memory_mb": 64,
    }


def test_parse_user_code_specs():
    spec = parse_agent_spec("package.module:factory")
    assert spec.is_user_code and spec.kind == "package.module:factory" and spec.options == ()
    spec = parse_agent_spec("mybots:make:depth=3,greedy=true")
    assert spec.kind == "mybots:make" and dict(spec.options) == {"depth": 3, "greedy": True}


@pytest.mark.parametrize(
    "text, message",
    [
        ("minimax", "unknown agent"),
        ("mcts:iterations", "NAME=VALUE"),
        ("random:x=1", "takes no options"),
        ("mcts:seed=3", "seed is set by the runner"),
        ("mcts:iterations=1,iterations=2", "given twice"),
        ("pkg.mod:", "package.module:factory"),
    ],
)
def test_bad_specs_say_what_is_valid(text, message):
    with pytest.raises(ValueError, match=message):
        parse_agent_spec(text)


def test_agent_list_comma_rule():
    assert split_agent_list("mcts:iterations=1000,uct_c=1.4,random") == ["mcts:iterations=1000,uct_c=1.4", "random"]
    assert split_agent_list(["mcts:iterations=300", "random"]) == ["mcts:iterations=300", "random"]
    assert split_agent_list("random,mcts:iterations=5,pkg.mod:f:a=1,b=2,ismcts:time_limit=0.1") == [
        "random",
        "mcts:iterations=5",
        "pkg.mod:f:a=1,b=2",
        "ismcts:time_limit=0.1",
    ]
    assert split_agent_list("human,mcts") == ["human", "mcts"]
    with pytest.raises(ValueError, match="follows no agent"):
        split_agent_list("random,iterations=5")
    with pytest.raises(ValueError, match="empty agent"):
        split_agent_list("random,,mcts")


def test_make_agents():
    agent = make_agent("mcts:iterations=123,uct_c=1.0,rollouts=2", seed=7)
    assert isinstance(agent, mcts.Agent)
    assert agent.search_options["iterations"] == 123 and agent.search_options["uct_c"] == 1.0
    assert agent.search_options["evaluator"] == mcts.RandomRollout(2)
    assert isinstance(make_agent("random", seed=1), RandomAgent)
    assert isinstance(make_agent("human", seed=1), HumanAgent)
    user = make_agent("helpers.py_games:fixed:value=3", seed=0)
    assert isinstance(user, FixedAgent) and user.value == 3
    with pytest.raises(ValueError, match="unknown search option 'depth' in 'mcts:depth=3'; valid: algorithm"):
        make_agent("mcts:depth=3", seed=0)
    with pytest.raises(ValueError, match="cannot import"):
        make_agent("no_such_module_xyz:f", seed=0)
    with pytest.raises(ValueError, match="no callable"):
        make_agent("helpers.py_games:nothing_here", seed=0)


def test_runner_budget_fills_in_unless_the_spec_sets_its_own():
    assert make_agent("mcts", seed=0, budget={"iterations": 50}).search_options["iterations"] == 50
    own = make_agent("mcts:time_limit=0.2", seed=0, budget={"iterations": 50}).search_options
    assert own["time_limit"] == 0.2 and own["iterations"] is None


@pytest.mark.parametrize("kind", ["ismcts", "mo-ismcts", "pimc", "puct"])
def test_search_agents_map_to_the_algorithm(kind):
    agent = make_agent(f"{kind}:iterations=10", seed=0)
    assert agent.search_options["algorithm"] == kind


def test_unknown_algorithm_option_names_the_available_ones():
    with pytest.raises(ValueError, match=r"algorithm must be one of uct, .*, got 'alphabeta' \(or auto\)"):
        make_agent("mcts:algorithm=alphabeta", seed=0)
