"""The benchmark suite: how many games one machine hosts, how punctual the clock is,
and what it costs. ``python -m bench`` (or ``make bench``) runs it and prints a table.

It drives the real stack in one process: ``GameService`` built by ``bot.bootstrap``, the DUEL
rules, SQLite in WAL mode in a temporary folder, the loop timers; only the messenger is a
fake that hands nothing to a network. Each timed part also measures a bare baseline in the same
run (``loop.call_at``, bare aiosqlite, rapidfuzz), so ours / baseline ratios hold on a noisy
machine. Speed is measured and printed here, never asserted by a test.
"""
