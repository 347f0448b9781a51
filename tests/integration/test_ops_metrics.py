"""What the metrics count where the service has the numbers: a write the database refused, for
an action and for a timer, is counted by its fault (``chgk_writes_refused_total``)."""

from __future__ import annotations

from bot.ops.metrics import PrometheusMetrics
from tests.integration.test_ops_endpoint import sample
from tests.integration.test_storage_faults import (  # noqa: F401 (world: a fixture)
    discussing,
    world,
    write_lock,
)
from tests.integration.world import say


async def test_writes_refused_by_a_locked_database_are_counted(world):  # noqa: F811
    # Given a game in its minute, with metrics
    service, _, scheduler, _, path = world
    metrics = PrometheusMetrics()
    service.metrics = metrics
    await discussing(service)
    # When the database is locked for an action and for the minute's warning
    with write_lock(path):
        await say(service, "anna", "/answerer boris")
        await scheduler.advance(10)
    await scheduler.advance(10)
    # Then each refusal is counted as "locked", and the actions as handled
    text = metrics.exposition().decode()
    assert sample(text, 'chgk_writes_refused_total{fault="locked"}') >= 2
    assert sample(text, "chgk_action_seconds_count") == 6  # five to start the minute, one refused
