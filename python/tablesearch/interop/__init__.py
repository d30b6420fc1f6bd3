"""Bridges to other game libraries, one module per library; each needs its optional extra.

- ``tablesearch.interop.openspiel`` (extra ``openspiel``): tablesearch games as ``pyspiel`` games
  (``to_pyspiel``), and OpenSpiel's games inside tablesearch (``load_game("openspiel:NAME")``).
- ``tablesearch.interop.pettingzoo`` (extra ``pettingzoo``): tablesearch games as PettingZoo AEC
  environments (``env(name, **params)``).

Nothing here is imported by the search: the modules load only when asked for.
"""
