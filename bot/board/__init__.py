"""The live scoreboard pages: one read-only page per game and per season at an
unguessable link, served over HTTP by aiohttp and kept live with server-sent events.

Like an adapter, it only reads what the service did: ``hub`` folds each game's event log and
follows the service's commits, ``duel``/``sync``/``tv``/``season`` turn a game or a season
into HTML with the formats' own read functions, ``server`` serves them, ``links`` makes the
links and answers ``/board``. Off unless ``CHGK_BOARD_PORT`` is set (``bot.settings``).
"""
