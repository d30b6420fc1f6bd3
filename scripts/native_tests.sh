#!/usr/bin/env bash
# Builds the native test suite (cpp/tests: the C++ core, searches and games without the Python
# module) and runs it with ctest. CI runs both forms.
#
#   scripts/native_tests.sh                 # build/native, -O1
#   scripts/native_tests.sh --sanitize      # build/native-sanitize, AddressSanitizer + UBSan
#   scripts/native_tests.sh -R "tree reuse" # arguments go to ctest
#
# Needs cmake, ninja and doctest (Debian: apt-get install doctest-dev). -O1 builds in about 60%
# of the CPU time of -O3 and runs the tests in about a second. The sanitizers see the whole
# process here (no interpreter), so leak detection is on and any report fails the test.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=build/native
options=()
if [ "${1:-}" = "--sanitize" ]; then
  shift
  dir=build/native-sanitize
  options+=(-DTABLESEARCH_SANITIZE=ON)
fi
if command -v ccache >/dev/null 2>&1; then options+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 \
  -DTABLESEARCH_TESTS=ON -DTABLESEARCH_PYTHON_MODULE=OFF "${options[@]}" >/dev/null
cmake --build "$dir"
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
ctest --test-dir "$dir" --output-on-failure "$@"
