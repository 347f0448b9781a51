"""What an import returns: the package, the problems found on the way, and the read error.

Every importer reports malformed content as a :class:`Problem` (formats.md 5.10) and goes on;
only a file that cannot be read at all raises :class:`PackageReadError`. Problem and error
``key`` values are Fluent message ids from ``locales/*/packages.ftl``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.packages.model import Package

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a package.

    ``line`` is the 1-based line of the file it concerns (0 when the format has no lines or the
    problem concerns the whole package); ``severity`` is ``"error"`` (the package must not be
    played as it is) or ``"warning"``; ``key`` is a message id in ``packages.ftl`` and ``args``
    its arguments (strings and ints only, so a problem serialises to JSON as it is).
    """

    line: int
    severity: Severity
    key: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class ImportResult:
    """The outcome of one import: ``package`` (None if nothing could be built) and ``problems``."""

    package: Package | None
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        """The error-severity problems, in file order."""
        return [p for p in self.problems if p.severity == "error"]

    @property
    def usable(self) -> bool:
        """True when there is a package with at least one question and no error."""
        return self.package is not None and bool(self.package.questions) and not self.errors


class PackageReadError(Exception):
    """The file cannot be read as a package at all: missing, binary, undecodable, unknown format.

    ``key`` is a message id in ``packages.ftl`` and ``args`` its arguments; ``str(error)`` is the
    key, so a log line stays readable without a translator.
    """

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args

    @property
    def args(self) -> dict[str, Any]:
        """The message arguments (overrides ``BaseException.args``, which holds the key)."""
        return self.args_


def os_reason(error: OSError) -> str:
    """Why a file could not be read, as the ``reason`` selector of
    ``package-error-unreadable``: ``denied``, ``directory`` or ``other`` (the system's own
    text, in English, never reaches a user)."""
    if isinstance(error, PermissionError):
        return "denied"
    if isinstance(error, IsADirectoryError):
        return "directory"
    return "other"


def bad_xml(error: ET.ParseError) -> PackageReadError:
    """``package-error-bad-xml`` at the line and column (1-based) where the XML parser
    stopped (``ParseError.position``; its English text is not shown)."""
    line, column = error.position
    return PackageReadError("package-error-bad-xml", line=line, column=column + 1)


def bad_json(error: ValueError) -> PackageReadError:
    """``package-error-bad-json`` at the line and column (1-based) of a
    ``json.JSONDecodeError`` (1, 1 for another ValueError); its English text is not shown."""
    return PackageReadError("package-error-bad-json", line=getattr(error, "lineno", 1),
                            column=getattr(error, "colno", 1))
