"""The live scoreboard pages: one read-only page per game and per season at an
unguessable link, served over HTTP by aiohttp and kept live with server-sent events.

Like an adapter, it only reads what the service did, and it knows no format: each format's
page is its own read model and HTML (``view.BoardView``, kept in ``bot/formats/<fmt>/board.py``
and handed over by the bootstrap by the format's stored name). ``hub`` folds each game's event
log with it and follows the service's commits, ``season`` turns a season into HTML with the
season's own folds, ``html`` holds the page's building blocks, ``server`` serves them,
``links`` makes the links and answers ``/board``. Off unless ``CHGK_BOARD_PORT`` is set
(``bot.settings``).
"""
