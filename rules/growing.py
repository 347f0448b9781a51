"""Immutable collections that grow in O(1): the per-question state of thousands of teams.

A SYNC question takes one written answer from each of up to thousands of teams, one event per
hand-in (5,000 teams, most of them in the last seconds). A state built of plain
dicts or tuples copied per event costs O(teams) per hand-in and O(teams²) per question; these
two collections cost O(1) (amortised) per added item and stay values: a version never changes
once made, so an older state (a test's ``given``, a fold interrupted half-way) reads what it
read before.

How: every version of one collection shares one append-only store and knows how far into it
it sees (its length, or its version number). Growing the newest version appends to the store.
Growing an older version, which a decider never does but a test may, first copies what that
version sees into a store of its own (O(n), once): a fork, never a change seen by another
version.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class GrowingList(Sequence[T]):
    """An immutable sequence; ``appended(item)`` returns a longer one in O(1) amortised.

    Equal to any sequence with the same items in the same order (a tuple too)."""

    __slots__ = ("_items", "_length")

    def __init__(self, items: Sequence[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._length = len(self._items)

    def appended(self, item: T) -> GrowingList[T]:
        """This sequence with ``item`` at its end; ``self`` is unchanged."""
        items = self._items
        if len(items) != self._length:  # an older version grows: fork its own store
            items = items[: self._length]
        items.append(item)
        grown = GrowingList.__new__(GrowingList)
        grown._items, grown._length = items, self._length + 1
        return grown

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return tuple(self._items[: self._length][index])
        if not -self._length <= index < self._length:
            raise IndexError(index)
        return self._items[index % self._length]

    def __iter__(self) -> Iterator[T]:
        items = self._items
        return (items[i] for i in range(self._length))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._length and all(a == b for a, b in zip(self, other,
                                                                           strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GrowingList({list(self)!r})"


class _Store(Generic[K, V]):
    """What every version of one ``GrowingMap`` shares: for each key, in order of its first
    setting (a dict keeps it), either ``(version, value)`` when it was set once, the usual
    case, or a list ``[version, value, version, value, ...]`` in ascending versions; and the
    newest version made."""

    __slots__ = ("cells", "latest")

    def __init__(self) -> None:
        self.cells: dict[K, tuple[int, V] | list[Any]] = {}
        self.latest = 0


class GrowingMap(Mapping[K, V]):
    """An immutable mapping; ``set(key, value)`` returns the next version in O(1) amortised.

    Reading a key costs O(1) from the newest version (O(h) from an older one, h being how
    often that key was set: a team's hand-ins, one to a few). Iteration is in order of each
    key's first setting. Equal to any mapping with the same items (a dict too)."""

    __slots__ = ("_size", "_store", "_version")

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._store: _Store[K, V] = _Store()
        self._version = 0
        self._size = 0
        for key, value in (items or {}).items():
            self._append(key, value)

    def set(self, key: K, value: V) -> GrowingMap[K, V]:
        """This mapping with ``key`` set to ``value``; ``self`` is unchanged."""
        grown = GrowingMap.__new__(GrowingMap)
        grown._store, grown._version, grown._size = self._store, self._version, self._size
        if self._store.latest != self._version:  # an older version grows: fork its own store
            grown._store = GrowingMap(dict(self.items()))._store
            grown._version = grown._store.latest
        grown._append(key, value)
        return grown

    def _append(self, key: K, value: V) -> None:
        store = self._store
        self._version += 1
        cell = store.cells.get(key)
        if cell is None:
            store.cells[key] = (self._version, value)
            self._size += 1
        elif isinstance(cell, tuple):
            store.cells[key] = [*cell, self._version, value]
        else:
            cell += (self._version, value)
        store.latest = self._version

    def _seen(self, cell: tuple[int, V] | list[Any]) -> tuple[bool, V | None]:
        """Whether this version sees ``cell``'s key, and the value it sees."""
        for i in range(len(cell) - 2, -1, -2):
            if cell[i] <= self._version:
                return True, cell[i + 1]
        return False, None

    def __getitem__(self, key: K) -> V:
        cell = self._store.cells.get(key)
        if cell is not None:
            seen, value = self._seen(cell)
            if seen:
                return value  # type: ignore[return-value]
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        cell = self._store.cells.get(key)  # type: ignore[call-overload]
        return cell is not None and cell[0] <= self._version

    def __iter__(self) -> Iterator[K]:
        version = self._version
        for key, cell in self._store.cells.items():
            if cell[0] > version:  # keys come in order of their first setting
                return
            yield key

    def __len__(self) -> int:
        return self._size

    def items(self) -> list[tuple[K, V]]:  # type: ignore[override]
        """The items this version sees, in order of each key's first setting (a list: one
        pass over the store instead of a lookup per key)."""
        version, found = self._version, []
        for key, cell in self._store.cells.items():
            if cell[0] > version:
                break
            found.append((key, cell[1] if len(cell) == 2 else self._seen(cell)[1]))
        return found

    def values(self) -> list[V]:  # type: ignore[override]
        """The values this version sees, in order of their keys' first setting."""
        return [value for _, value in self.items()]

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return len(other) == self._size and dict(self.items()) == dict(other.items())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GrowingMap({dict(self.items())!r})"
