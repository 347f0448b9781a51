"""What the messenger adapters share to handle a delivery once: the ids seen lately.

Telegram repeats an update it believes was lost, and Discord may deliver a gateway event (an
interaction, a message) again after a reconnect; the repeat carries the same id, and acting
on it again would repeat the action (a second extra minute, a refusal to a verdict already
given). Ids are remembered per process.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable

RECENT_IDS = 4096
"""How many ids are remembered to recognise a repeated delivery."""


class RecentIds:
    """The last ``size`` ids seen (update ids, Discord snowflakes)."""

    def __init__(self, size: int = RECENT_IDS) -> None:
        self._order: deque[Hashable] = deque()
        self._ids: set[Hashable] = set()
        self.size = size

    def add(self, item: Hashable) -> bool:
        """Remember ``item``; False when it was seen already (a repeated delivery)."""
        if item in self._ids:
            return False
        self._order.append(item)
        self._ids.add(item)
        if len(self._order) > self.size:
            self._ids.discard(self._order.popleft())
        return True
