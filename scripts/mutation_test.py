#!/usr/bin/env python3
"""Mutation run: plants one known bug at a time in the C++ games and searches, rebuilds, runs the
tests, and checks that a test named after the behaviour that broke fails. Every file is restored
after each mutation (in a `finally`, also on Ctrl-C), and the run ends by checking that `git
status` shows the touched files unchanged.

    python scripts/mutation_test.py                        # each mutation's native tests, else its Python tests
    python scripts/mutation_test.py --suites native,python # both suites wherever a mutation names tests in both
    python scripts/mutation_test.py --only smooth          # mutations whose name contains "smooth"

The native tests build in build/native (configured here on first use: -O1, tests on, no Python
module); the Python tests rebuild the editable install on import (see docs/development.md). Each
mutation names the tests expected to catch it: `native` (ctest names, doctest TEST_CASEs; the
whole ctest suite runs, about a second) and `python` (pytest node ids, run as the selection). By
default (`--suites auto`) a mutation runs its native tests if it names any, else its Python tests:
a Python run rebuilds the extension after every mutation (minutes on 2 shared cores). A mutation
is caught when one of its expected tests fails; every other failing test is listed too. Prints a
Markdown table.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "native"


@dataclass
class Mutation:
    name: str  # the behaviour that breaks
    file: str
    before: str  # must occur exactly once in the file
    after: str
    native: list[str] = field(default_factory=list)  # ctest names expected to fail (any one)
    python: list[str] = field(default_factory=list)  # pytest node ids expected to fail (any one)


KA = "tests/search/test_known_answers.py::"
SF = "tests/search/test_search_features.py::"
MUTATIONS = [
    # --- searches ------------------------------------------------------------------------------
    Mutation(
        "UCT backup treats 3+ players as two (negates the root player's value)",
        "cpp/search/arena_walk.h",
        "arena_.add_visit(step.node, step.mover >= 0 ? values[step.mover] : 0.0, selector_);",
        "arena_.add_visit(step.node, step.mover < 0 ? 0.0 : step.mover == path[0].mover ? values[step.mover] "
        ": -values[path[0].mover], selector_);",
        native=["three players: the root expects the next mover to pick by its own return"],
        python=[KA + "test_three_players_the_root_expects_the_next_mover_to_pick_by_its_own_return"],
    ),
    Mutation(
        "ISMCTS backup values an edge by player (mover mod 2)",
        "cpp/search/ismcts.h",
        "tree_.add_visit(step.node, step.mover >= 0 ? values[step.mover] : 0.0, selector_);",
        "tree_.add_visit(step.node, step.mover >= 0 ? values[step.mover % 2] : 0.0, selector_);",
        native=["three players: each edge is valued by its mover's own return"],
        python=[KA + "test_three_players_each_edge_is_valued_by_its_movers_own_return"],
    ),
    Mutation(
        "Smooth UCT backup values every edge by the root player's return",
        "cpp/search/smooth_uct.h",
        "slot.mean += static_cast<float>((values[step.mover] - slot.mean) / slot.visits);",
        "slot.mean += static_cast<float>((values[root_player_] - slot.mean) / slot.visits);",
        native=["three players: the root expects the next mover to pick by its own return"],
        python=[KA + "test_three_players_the_root_expects_the_next_mover_to_pick_by_its_own_return"],
    ),
    Mutation(
        "Smooth UCT never acts on its average policy",
        "cpp/search/smooth_uct.h",
        "if (r < slots[i].visits) return i;",
        "if (r < slots[i].visits) break;",
        native=["smooth uct mixing lowers exploitability below infoset uct"],
        python=[KA + "test_smooth_uct_mixing_lowers_exploitability_below_infoset_uct"],
    ),
    Mutation(
        "UCT explores by a child's visit count instead of the parent's",
        "cpp/search/tree_ops.h",
        "const float explore = selector_.explore(arena_.edge(node).visits);",
        "const float explore = selector_.explore(arena_.edge(parent.first_child).visits);",
        native=["uct explores by the parent's visit count"],
        python=[KA + "test_uct_explores_by_the_parents_visit_count"],
    ),
    Mutation(
        "UCT never counts the root's visits",
        "cpp/search/arena_walk.h",
        "    arena_.edge(0).visits += 1;\n",
        "",
        native=["uct explores by the parent's visit count"],
        python=[KA + "test_uct_explores_by_the_parents_visit_count"],
    ),
    Mutation(
        "ISMCTS explores by a child's visits instead of its availability",
        "cpp/search/ismcts.h",
        "selector_.explore(child.available)",
        "selector_.explore(child.visits)",
        native=["uct explores by the parent's visit count"],
        python=[KA + "test_uct_explores_by_the_parents_visit_count"],
    ),
    Mutation(
        "PUCT ignores the prior after the first visit",
        "cpp/search/node_arena.h",
        "e.weight = selector.weight(e.visits, nodes_[i].prior);",
        "e.weight = selector.weight(e.visits, 1.0f);",
        native=["puct explores by the parent's visit count and the prior"],
        python=[KA + "test_puct_explores_by_the_parents_visit_count_and_the_prior"],
    ),
    Mutation(
        "ISMCTS reuses one world for every iteration",
        "cpp/search/ismcts.h",
        "S world = beliefs_ ? beliefs_->draw(rng_) : determinize(*root_, root_player_, rng_);",
        "Rng same_draws(config_.seed);\n"
        "    S world = beliefs_ ? beliefs_->draw(rng_) : determinize(*root_, root_player_, same_draws);",
        native=["ismcts draws a new world for every iteration"],
        python=[KA + "test_ismcts_draws_a_new_world_for_every_iteration"],
    ),
    Mutation(
        "PIMC searches one world for every determinization",
        "cpp/search/pimc.h",
        "const S world = determinize(root, player, rng);",
        "const S world = view;",
        native=["pimc draws one world per determinization"],
        python=[KA + "test_pimc_draws_one_world_per_determinization"],
    ),
    Mutation(
        "Tree reuse keeps the UCT subtree of another position",
        "cpp/api/search_tree.h",
        "node = tree.find_child(node, history[i]);",
        "node = tree.node(node).first_child;",
        native=["tree reuse keeps the uct subtree of the position reached"],
        python=[KA + "test_reused_visits_equal_what_the_first_tree_held_at_the_position_reached"],
    ),
    Mutation(
        "Tree reuse keeps the information-set subtree of another position",
        "cpp/api/search_tree.h",
        "node = tree.find_child(node, paths->keys[t][i]);",
        "node = tree[node].first_child;",
        native=["tree reuse keeps the information set subtree of the position reached"],
        python=[KA + "test_reused_information_set_visits_equal_what_the_first_trees_held_at_the_position_reached"],
    ),
    Mutation(
        "MO-ISMCTS keys every player's tree by the root player's view",
        "cpp/search/ismcts.h",
        "int owner_of(int tree) const { return multiple_observer_ ? tree : root_player_; }",
        "int owner_of(int) const { return root_player_; }",
        native=["mo-ismcts gives the other player one node for a face-down pick"],
        python=[
            KA + "test_mo_ismcts_gives_the_other_player_one_node_for_a_face_down_pick",
            KA + "test_mo_ismcts_opponent_cannot_answer_a_face_down_pick",
            KA + "test_the_other_players_tree_holds_one_node_for_a_choice_made_in_secret",
        ],
    ),
    Mutation(
        "Tree reuse continues one player's ISMCTS tree for another player",
        "cpp/api/search_tree.h",
        "    if (!multiple && player != player_) return false;\n",
        "",
        native=["tree reuse starts a single observer tree afresh for another player"],
        python=[SF + "test_an_ismcts_agent_moving_for_two_seats_starts_each_seats_tree_afresh"],
    ),
    Mutation(
        "Tree reuse continues a tree grown in another game",
        "cpp/api/search_tree.h",
        " &&\n                               last_root_->get_game() == root.get_game();",
        ";",
        native=["tree reuse starts afresh in another game"],
        python=[SF + "test_an_agent_moving_in_another_game_starts_afresh"],
    ),
    Mutation(
        "Tree reuse looks each action played up from the old root (UCT, two plies on)",
        "cpp/api/search_tree.h",
        "node = tree.find_child(node, history[i]);",
        "node = tree.find_child(0, history[i]);",
        native=["tree reuse keeps the uct subtree of the position reached"],
        python=[KA + "test_reused_tree_two_plies_on_is_the_subtree_the_first_tree_held_there"],
    ),
    Mutation(
        "Tree reuse looks each action played up from the old roots (information sets, two plies on)",
        "cpp/api/search_tree.h",
        "node = tree.find_child(node, paths->keys[t][i]);",
        "node = tree.find_child(static_cast<uint32_t>(t), paths->keys[t][i]);",
        native=["tree reuse keeps the information set subtree of the position reached"],
        python=[KA + "test_reused_information_set_trees_two_plies_on_are_the_subtrees_the_first_trees_held_there"],
    ),
    # --- compiled games (the checks on a game written with numba) --------------------------------
    Mutation(
        "Compiled games' chance probabilities checked only for exceeding 1",
        "cpp/games/compiled/compiled.cc",
        "if (std::abs(total - 1.0) > 1e-6) [[unlikely]] {",
        "if (total > 1.0 + 1e-6) [[unlikely]] {",
        python=[
            "tests/robustness/test_hostile_compiled_games.py::"
            "test_chance_probabilities_summing_below_or_above_one_are_refused"
        ],
    ),
    # --- rules ---------------------------------------------------------------------------------
    Mutation(
        "Gnomi offers a reaction from an asleep earmuffs",
        "cpp/games/gnomi/gnomi.cc",
        "[&](int g) { return awake_gnome(g, t) && is_earmuffs(g); }",
        "[&](int g) { return gnome_.holder[g] == t && is_earmuffs(g); }",
        native=["gnomi: a reaction is offered only from the target's own awake earmuffs"],
        python=["tests/games/test_gnomi.py::test_an_asleep_earmuffs_offers_no_reaction"],
    ),
    Mutation(
        "Gnomi gives a reaction decision for an asleep gnome",
        "cpp/games/gnomi/gnomi.cc",
        "if (awake_gnome(g, s) && (gnome_.known[g] != all_mask() || is_earmuffs(g))) return true;",
        "if (gnome_.holder[g] == s && (gnome_.known[g] != all_mask() || is_earmuffs(g))) return true;",
        python=["tests/games/test_gnomi.py::test_an_asleep_earmuffs_alone_gives_no_reaction_decision"],
    ),
    Mutation(
        "Tic-tac-toe loses the anti-diagonal",
        "cpp/games/tic_tac_toe/tic_tac_toe.cc",
        "{0, 4, 8}, {2, 4, 6}};",
        "{0, 4, 8}, {0, 4, 8}};",
        native=["tic tac toe: each of the eight lines wins"],
    ),
    Mutation(
        "Connect four loses one diagonal direction",
        "cpp/games/connect_four/connect_four.h",
        "for (int d : {1, 7, 6, 8})",
        "for (int d : {1, 7, 8})",
        native=["connect four: four in a row wins in every direction"],
    ),
    Mutation(
        "Leduc allows a third raise in a round",
        "cpp/games/leduc_poker/leduc_poker.cc",
        "if (num_raises_ < 2) out[n++] = kRaise;",
        "if (num_raises_ < 3) out[n++] = kRaise;",
        native=["leduc: at most two raises in a round"],
    ),
    Mutation(
        "Candy Land's Rainbow Trail leads to the wrong cell",
        "cpp/games/candyland/candyland_data.h",
        '{5, 59, "Rainbow Trail"}',
        '{5, 58, "Rainbow Trail"}',
        native=["candyland: worked moves from start, shortcuts included"],
        python=["tests/games/test_candyland.py::test_moves_from_start"],
    ),
    Mutation(
        "Wetland turns after the first have one action",
        "cpp/games/wetland/wetland.cc",
        "  actions_left_ = 2;\n",
        "  actions_left_ = 1;\n",
        python=["tests/games/test_wetland.py::test_two_actions_then_the_next_player_without_extras"],
    ),
    Mutation(
        "Gummiland tickles one tile a turn instead of two",
        "cpp/games/gummiland/gummiland.cc",
        "  phase_ = kMain;\n  tickle(2);\n}",
        "  phase_ = kMain;\n  tickle(1);\n}",
        python=["tests/games/test_gummiland.py::test_greedy_tile_goes_straight_back_and_counts_as_one_of_the_two"],
    ),
]


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kwargs)


def build_native() -> tuple[bool, str]:
    if not (BUILD / "build.ninja").exists():
        configure = [
            "cmake", "-S", ".", "-B", str(BUILD), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=RelWithDebInfo", "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1",
            "-DTABLESEARCH_TESTS=ON", "-DTABLESEARCH_PYTHON_MODULE=OFF",
        ]  # fmt: skip
        if shutil.which("ccache"):  # restoring a file then rebuilds from the cache
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        done = run(configure)
        if done.returncode:
            return False, done.stdout + done.stderr
    done = run(["cmake", "--build", str(BUILD)])
    return done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def failing_native() -> list[str]:
    done = run(["ctest", "--test-dir", str(BUILD), "--timeout", "300"])
    failed = r"^\s*\d+ - (.+?) \((?:Failed|SEGFAULT|Timeout|Subprocess aborted|Exception)\)"
    return re.findall(failed, done.stdout, re.M)


def failing_python(ids: list[str]) -> list[str]:
    done = run([sys.executable, "-m", "pytest", "-rf", "--tb=no", "-p", "no:cacheprovider", *ids])
    failed = re.findall(r"^FAILED (\S+)", done.stdout, re.M)
    if done.returncode not in (0, 1):  # no tests ran, or an error collecting them (a build failure)
        failed.append(f"pytest exit {done.returncode}: {done.stdout[-300:]}")
    return failed


def plant(m: Mutation, suites: set[str]) -> dict:
    path = ROOT / m.file
    original = path.read_text()
    start = time.monotonic()
    native, python, built = [], [], True
    try:
        path.write_text(original.replace(m.before, m.after))
        if "native" in suites and m.native:
            built, log = build_native()
            if not built:
                return {"mutation": m.name, "error": "the mutant does not compile: " + log[-500:]}
            native = failing_native()
        if "python" in suites and m.python:
            python = failing_python(m.python)
    finally:
        path.write_text(original)
    expected_native = [t for t in native if t in m.native]
    expected_python = [t for t in python if any(t == e or t.startswith(e + "[") for e in m.python)]
    return {
        "mutation": m.name,
        "caught": bool(expected_native or expected_python),
        "by": expected_native + expected_python,
        "others": [t for t in native + python if t not in expected_native + expected_python],
        "seconds": time.monotonic() - start,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suites", default="auto", help="auto, native, python or native,python")
    parser.add_argument("--only", default="", help="run the mutations whose name contains this (case-insensitive)")
    args = parser.parse_args()
    chosen = [m for m in MUTATIONS if args.only.lower() in m.name.lower()]

    def suites_for(m: Mutation) -> set[str]:
        if args.suites == "auto":
            return {"native"} if m.native else {"python"}
        return set(args.suites.split(","))

    chosen = [m for m in chosen if ("native" in suites_for(m) and m.native) or ("python" in suites_for(m) and m.python)]
    suites = set().union(*(suites_for(m) for m in chosen)) if chosen else set()
    stale = [m for m in chosen if (ROOT / m.file).read_text().count(m.before) != 1]
    if stale:  # the code moved on: every pattern must apply, or the run would report on fewer bugs
        sys.exit(
            "patterns that do not occur exactly once (update them to the current code):\n"
            + "\n".join(f"  {m.name}: {m.before!r} in {m.file}" for m in stale)
        )
    touched = sorted({m.file for m in chosen})
    dirty = run(["git", "status", "--porcelain", "--", *touched]).stdout
    if dirty:
        sys.exit(f"uncommitted changes in files the run mutates; commit or stash them first:\n{dirty}")
    if "native" in suites:
        built, log = build_native()
        if not built or failing_native():
            sys.exit("the unmutated native build or tests fail; fix them first\n" + log)
    results = []
    try:
        for m in chosen:
            print(f"planting: {m.name}", file=sys.stderr, flush=True)
            results.append(plant(m, suites_for(m)))
            print(f"  -> {results[-1]}", file=sys.stderr, flush=True)
    finally:
        left = run(["git", "status", "--porcelain", "--", *touched]).stdout
        if "native" in suites:
            build_native()  # back to the unmutated build
        print(f"git status of the mutated files after the run: {'clean' if not left else left}", file=sys.stderr)
    caught = sum(1 for r in results if r.get("caught"))
    print(f"\n{len(results)} changes planted, {caught} caught by a test named after the behaviour.\n")
    print("| planted change | caught | by | also failed |")
    print("|---|---|---|---|")
    for r in results:
        if "error" in r:
            print(f"| {r['mutation']} | error | {r['error']} | |")
            continue
        others = ", ".join(r["others"][:4]) + (f" (+{len(r['others']) - 4})" if len(r["others"]) > 4 else "")
        print(f"| {r['mutation']} | {'yes' if r['caught'] else '**no**'} | {'; '.join(r['by'])} | {others} |")
    return 0 if caught == len(results) and not left else 1


if __name__ == "__main__":
    sys.exit(main())
