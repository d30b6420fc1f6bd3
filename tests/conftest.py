import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import py_games  # noqa: E402  (registers the Python test games before collection)

py_games.register()
