// The native test suite's entry point (doctest's main); the tests are the other files here.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
