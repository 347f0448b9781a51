"""A game's timers armed on the scheduler, as its state says (the decider's ``timers``)."""

from __future__ import annotations

from datetime import datetime

from bot.ports import Scheduler
from bot.service.model import LiveGame


class Alarms:
    """A game's timers on ``scheduler``, each under the key ``"<game id>:<timer name>"``."""

    def __init__(self, scheduler: Scheduler) -> None:
        self.scheduler = scheduler

    def arm(self, game: LiveGame) -> None:
        """Arm the timers ``game``'s state is due (the decider's ``timers``), and cancel those
        it is no longer due (``game.armed`` follows)."""
        due = game.core.decider.timers(game.state)
        for name in list(game.armed):
            if due.get(name) != game.armed[name]:
                self.scheduler.cancel(f"{game.info.id}:{name}")
                del game.armed[name]
        for name, at in due.items():
            if game.armed.get(name) != at:
                game.armed[name] = at
                self.scheduler.schedule(f"{game.info.id}:{name}", at)

    def retry_waiting(self, game: LiveGame, now: datetime) -> None:
        """The database took ``game``'s events again: the timers that waited for it fire at
        ``now`` (UTC)."""
        for name in list(game.retries):
            if name in game.armed:
                self.scheduler.schedule(f"{game.info.id}:{name}", now)
            else:
                del game.retries[name]
