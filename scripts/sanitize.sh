#!/usr/bin/env bash
# Builds the extension with AddressSanitizer + UndefinedBehaviorSanitizer into its own virtual
# environment (.venv-sanitize) and build directory (build/sanitize), then runs the test suite
# under them. Any sanitizer report aborts the process that hit it, so the run fails.
#
#   scripts/sanitize.sh                  # build (incremental after the first time) and run all tests
#   scripts/sanitize.sh tests/robustness    # arguments go to pytest
#
# Why the environment variables:
# - LD_PRELOAD=libasan.so libstdc++.so: the interpreter itself is not instrumented, and ASan's
#   runtime must be the first library loaded, before the extension module that links it. libstdc++
#   comes right after it so that ASan's interceptor of __cxa_throw finds the real one at start-up;
#   without it the first C++ exception (every ValueError from native code) aborts the process.
# - ASAN_OPTIONS=detect_leaks=0: CPython deliberately never frees interned strings, static types
#   and module state at exit, so LeakSanitizer would report thousands of leaks that are not ours.
#   (Leaks in the native code are what benchmarks/soak.py watches for instead.)
# - PYTHONMALLOC=malloc: Python objects come from malloc instead of Python's own arenas, so ASan
#   also sees out-of-bounds and use-after-free on objects the bindings touch.
# - halt_on_error / -fno-sanitize-recover (CMakeLists.txt): the first report stops the process
#   with a non-zero status; tests that run subprocesses inherit the settings.
# - TABLESEARCH_MAX_MEMORY_MB=128: the default tree cap. A search reserves its whole cap up front
#   (1 GB by default) and ASan poisons the shadow of all of it when it is freed, about 0.16 s per
#   search; with the smaller default the suite takes minutes instead of an hour. Tests that set
#   max_memory_mb themselves are unaffected.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv-sanitize
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" --system-site-packages
fi
. "$venv/bin/activate"
python -m pip install --quiet scikit-build-core pybind11 numpy pytest hypothesis
# -O1 -g keeps stack traces readable and the instrumented build fast enough to test with.
python -m pip install --quiet --no-build-isolation ".[test]" \
  -Cbuild-dir=build/sanitize \
  -Ccmake.build-type=RelWithDebInfo \
  -Ccmake.define.CMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -Ccmake.define.TABLESEARCH_SANITIZE=ON \
  -Ccmake.define.TABLESEARCH_LTO=OFF

export LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libstdc++.so)"
export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export PYTHONMALLOC=malloc
export TABLESEARCH_MAX_MEMORY_MB=128
# Wall-clock bounds (tests marked `timing`) are set for the release build: under ASan, with
# Python's objects in malloc, freeing a search's worlds alone can take longer than their slack.
# A later -m on the command line replaces this one.
python -m pytest -m "not timing" "$@"
