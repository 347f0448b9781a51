"""The bot's Prometheus metrics (``prometheus-client``), in a registry of their own.

Counted as things happen (``PrometheusMetrics``, the core's ``bot.ports.Metrics``): actions
handled and their latency, timers and their lateness, writes the database refused. Read when
Prometheus asks (``Snapshot``): live games, armed timers, and per messenger the messages
waiting in its outbox, how long the oldest has waited, and the platform's 429 answers, where
the adapter can tell them cheaply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: an action takes a few milliseconds; a second is a player waiting."""
LATENESS_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds a timer fires after its deadline: tens of milliseconds are normal, a second is heard
by the players."""


@dataclass
class Snapshot:
    """What the bot reads of itself when metrics are asked for, each a callable returning a
    number now: ``live_games``, ``armed_timers``, and by messenger (``telegram``,
    ``discord``) ``queued`` messages, the ``oldest_wait`` of them in seconds and ``throttled``
    429 answers since the start."""

    live_games: Callable[[], int] = lambda: 0
    armed_timers: Callable[[], int] = lambda: 0
    queued: dict[str, Callable[[], int]] = field(default_factory=dict)
    throttled: dict[str, Callable[[], int]] = field(default_factory=dict)
    oldest_wait: dict[str, Callable[[], float]] = field(default_factory=dict)


class _Read(Collector):
    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot

    def collect(self) -> Iterator[Metric]:
        shot = self.snapshot
        yield GaugeMetricFamily("chgk_live_games", "Games being played now",
                                value=shot.live_games())
        yield GaugeMetricFamily("chgk_timers_armed", "Game timers waiting for their deadline",
                                value=shot.armed_timers())
        yield _by_messenger(GaugeMetricFamily("chgk_outbox_queued",
                                              "Messages waiting to be sent, by messenger",
                                              labels=["messenger"]), shot.queued.items())
        yield _by_messenger(GaugeMetricFamily("chgk_outbox_oldest_seconds",
                                              "Seconds the longest-waiting message of the "
                                              "outbox has waited, by messenger",
                                              labels=["messenger"]), shot.oldest_wait.items())
        yield _by_messenger(CounterMetricFamily("chgk_messenger_throttled",
                                                "429 (rate limit) answers of the platform",
                                                labels=["messenger"]), shot.throttled.items())


def _by_messenger(family: GaugeMetricFamily | CounterMetricFamily,
                  values: Iterable[tuple[str, Callable[[], float]]]) -> Metric:
    for messenger, read in values:
        family.add_metric([messenger], read())
    return family


class PrometheusMetrics:
    """The ``bot.ports.Metrics`` the core reports to, and the text Prometheus scrapes
    (``exposition``); ``snapshot`` is filled in by the bootstrap once the parts it reads are
    built."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.snapshot = Snapshot()
        self._actions = Histogram("chgk_action_seconds",
                                  "Time to handle one incoming message, in seconds",
                                  buckets=ACTION_BUCKETS, registry=self.registry)
        self._late = Histogram("chgk_timer_lateness_seconds",
                               "How late game timers fired after their deadline, in seconds",
                               buckets=LATENESS_BUCKETS, registry=self.registry)
        self._refused = Counter("chgk_writes_refused", "Writes the database refused, by why",
                                ["fault"], registry=self.registry)
        self.registry.register(_Read(self.snapshot))

    def action_handled(self, seconds: float) -> None:
        """Count one action that took ``seconds``."""
        self._actions.observe(seconds)

    def timer_fired(self, late: float) -> None:
        """Count one timer that fired ``late`` seconds after its deadline."""
        self._late.observe(late)

    def write_refused(self, fault: str) -> None:
        """Count one write the database refused for ``fault``."""
        self._refused.labels(fault).inc()

    def exposition(self) -> bytes:
        """Every metric in Prometheus' text format."""
        return generate_latest(self.registry)
