"""A new selection rule and an algorithm that uses it touch only the places docs/architecture.md
names: in a copy of cpp/, a rule header in search/selection/, its type in SelectionRules
(search/selection.h), and the algorithm's enum value and row (search/algorithm.h). A small
program built from the copy searches a bandit with the new algorithm through the same entry
the bindings use (api/search_job.h), and the rule's choices show in the visits."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPILER = shutil.which("c++") or shutil.which("g++")

# Greedy: the best mean, once every child has been tried (no exploration term).
RULE = """
#pragma once
#include <cstdint>
namespace ts {
struct Greedy {
  static constexpr const char* kName = "greedy";
  static constexpr bool kUsesPriors = false;
  static constexpr bool kUnvisitedFirst = true;
  static float explore(double, uint32_t) { return 0.0f; }
  static float weight(uint32_t, float) { return 0.0f; }
  static double explore_exact(double, uint32_t) { return 0.0; }
  static double bonus_exact(double, uint32_t, double) { return 0.0; }
};
}  // namespace ts
"""

ROW = """    {.algorithm = Algorithm::kGreedy,
     .name = "greedy",
     .family = Family::kUct,
     .selection = kRule<Greedy>,
     .help = "a test-only algorithm"},
"""

PROGRAM = """
#include <cstdio>
#include "api/search_ismcts.h"
#include "api/search_job.h"
#include "api/search_oos.h"
#include "api/search_smooth.h"
#include "api/search_uct.h"
#include "search_helpers.h"
int main() {
  using namespace ts;
  const SearchConfig config = testing::config_for("greedy", 300, 1);
  TreeStorage trees;
  const testing::BanditState root({0.1, 0.9, 0.5});
  const SearchJob<testing::BanditState> job{.root = root, .max_legal_actions = 8, .num_distinct_actions = 8,
                                             .config = config, .trees = trees};
  const SearchResult result = run_search_job(job);
  std::printf("%s", selection_name(algorithm_info(config.algorithm).selection));
  for (const ActionStat& s : result.stats) std::printf(" %lld", static_cast<long long>(s.visits));
  std::printf("\\n");
}
"""

# The places a new rule and algorithm touch, as docs/architecture.md names them.
PLACES = ["search/selection/", "search/selection.h", "search/algorithm.h"]


def edit(path: Path, pattern: str, replacement: str) -> None:
    text, count = re.subn(pattern, replacement, path.read_text(), count=1, flags=re.S)
    assert count == 1, f"{pattern!r} not found in {path}"
    path.write_text(text)


def test_the_architecture_page_names_the_places():
    page = (ROOT / "docs" / "architecture.md").read_text()
    for place in PLACES:
        assert place in page, place


@pytest.mark.skipif(COMPILER is None or not (ROOT / "cpp").is_dir(), reason="needs a C++ compiler and the sources")
def test_a_new_rule_and_algorithm_touch_only_the_named_places(tmp_path):
    cpp = tmp_path / "cpp"
    shutil.copytree(ROOT / "cpp", cpp)
    (cpp / "search" / "selection" / "greedy.h").write_text(RULE)
    edit(
        cpp / "search" / "selection.h",
        r'(#include "search/selection/gumbel.h"\n)',
        r'\1#include "search/selection/greedy.h"\n',
    )
    edit(cpp / "search" / "selection.h", r"(using SelectionRules = std::tuple<[^>]*)>", r"\1, Greedy>")
    edit(cpp / "search" / "algorithm.h", r"(enum class Algorithm \{[^}]*?)(\n\};)", r"\1,\n  kGreedy\2")
    edit(
        cpp / "search" / "algorithm.h",
        r"(inline constexpr AlgorithmInfo kAlgorithms\[\] = \{.*?\n)(\};)",
        r"\1" + ROW + r"\2",
    )
    (tmp_path / "program.cc").write_text(PROGRAM)
    sources = [str(p) for p in sorted((cpp / "nn").glob("*.cc"))] + [str(cpp / "api" / "model_evaluator.cc")]
    build = subprocess.run(
        [
            COMPILER,
            "-std=c++20",
            "-O0",
            f"-I{cpp}",
            f"-I{cpp / 'tests'}",
            str(tmp_path / "program.cc"),
            *sources,
            "-o",
            str(tmp_path / "program"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([str(tmp_path / "program")], capture_output=True, text=True, timeout=60, check=True)
    # Each arm once (unvisited first), then always the best mean: the greedy rule chose.
    assert run.stdout.split() == ["greedy", "1", "298", "1"], run.stdout
