"""Question packages as stored: each parsed package once, by the digest of its bytes."""

from __future__ import annotations

import hashlib
from typing import Any, Protocol

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.tables import PackageRow
from storage.times import _now
from storage.writer import Writer


class PackageLike(Protocol):
    """What storage keeps of a parsed package (``bot.packages.model.Package``): storage
    depends on nothing above it (DESIGN.md), so it names only the parts it reads."""

    title: str
    source_format: str

    def to_dict(self) -> dict[str, Any]:
        """The package as JSON-ready data."""


class PackageStore:
    """The stored packages: reads on ``engine``, writes through ``writer``."""

    def __init__(self, engine: AsyncEngine, writer: Writer) -> None:
        self._engine = engine
        self._writer = writer

    async def save(self, package: PackageLike, source_name: str, raw: bytes) -> int:
        """Store ``package`` (parsed from ``raw``, read from ``source_name``) once and return
        its id; the same bytes again give the same id."""
        digest = hashlib.sha256(raw).hexdigest()
        async with self._writer.transaction() as conn:
            existing = await conn.scalar(select(PackageRow.id).where(PackageRow.sha256 == digest))
            if existing is not None:
                return existing
            result = await conn.execute(insert(PackageRow).values(
                title=package.title, source_name=source_name,
                source_format=package.source_format, sha256=digest, data=package.to_dict(),
                created_at=_now()))
            return result.inserted_primary_key[0]

    async def data(self, package_id: int) -> dict[str, Any]:
        """The stored package ``package_id`` as ``to_dict`` gave it (the caller rebuilds it,
        e.g. ``Package.from_dict``). Raises LookupError when there is none."""
        async with self._engine.connect() as conn:
            data = await conn.scalar(select(PackageRow.data).where(PackageRow.id == package_id))
        if data is None:
            raise LookupError(f"no package {package_id}")
        return data
