"""What the operator of a running bot sees of it: the version, the logs' level and format
(``bot.ops.logs``), the ops HTTP endpoint with health, readiness and Prometheus metrics
(``bot.ops.server``, ``bot.ops.metrics``), and the start-up checks of the settings
(``bot.ops.startup``)."""
