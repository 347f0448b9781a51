"""Several worker processes on one PostgreSQL database: who owns a chat's games
(``ownership``) and the worker process of the simulation (``worker``, docs/scaling.md)."""
