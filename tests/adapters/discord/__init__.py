"""Tests of the Discord adapter: stub interactions through the real command tree and bridge."""

import importlib
import warnings

with warnings.catch_warnings():
    # discord.py imports the standard library's audioop, deprecated since Python 3.11 (it
    # ships its own from Python 3.13 on); the warning is discord.py's, not this project's.
    warnings.filterwarnings("ignore", "'audioop' is deprecated", DeprecationWarning)
    importlib.import_module("discord")
