"""``deploy/Dockerfile`` read as Docker reads it, for the tests that run its steps outside
Docker (this machine has no Docker daemon): instructions with their continuation lines joined
and comment lines dropped, and what ``ARG``, ``ENV``, ``WORKDIR``, ``VOLUME``, ``RUN``,
``HEALTHCHECK`` and ``CMD`` say."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"


@dataclass
class Image:
    """What the Dockerfile builds: build arguments with their defaults, the environment
    (``ENV``; a ``$NAME`` in a value is expanded from what comes before), the working folder,
    the volumes, the ``RUN`` commands after the source is copied in (the project's own install
    steps; those before are the system's packages, the user and the venv), the health check's
    command and the start command, both in exec form."""

    args: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    workdir: str = "/"
    volumes: list[str] = field(default_factory=list)
    install: list[str] = field(default_factory=list)
    healthcheck: list[str] = field(default_factory=list)
    cmd: list[str] = field(default_factory=list)


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (upper-case keyword, the rest on one line)."""
    joined, current = [], ""
    for line in text.splitlines():
        if line.lstrip().startswith("#"):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        current += line
        if current.strip():
            keyword, _, rest = current.strip().partition(" ")
            joined.append((keyword.upper(), rest.strip()))
        current = ""
    return joined


def _expand(value: str, known: dict[str, str]) -> str:
    return re.sub(r"\$\{?(\w+)\}?", lambda found: known.get(found[1], ""), value)


def read_image(path: Path = DOCKERFILE, outside: dict[str, str] | None = None) -> Image:
    """``path`` as an :class:`Image`; ``outside`` is the environment a ``$PATH`` in an ``ENV``
    value expands from (this process's by default)."""
    image = Image()
    copied = False
    for keyword, rest in instructions(path.read_text(encoding="utf-8")):
        if keyword == "ARG":
            name, _, default = rest.partition("=")
            image.args[name] = default
        elif keyword == "ENV":
            for pair in shlex.split(rest):
                name, _, value = pair.partition("=")
                image.env[name] = _expand(value, {**(outside or os.environ), **image.env})
        elif keyword == "WORKDIR":
            image.workdir = rest
        elif keyword == "VOLUME":
            image.volumes += json.loads(rest)
        elif keyword == "COPY":
            copied = True
        elif keyword == "RUN" and copied:
            image.install.append(rest)
        elif keyword == "HEALTHCHECK":
            image.healthcheck = json.loads(rest.split(" CMD ", 1)[1])
        elif keyword == "CMD":
            image.cmd = json.loads(rest)
    return image


def ignored(relative: str, patterns: list[str]) -> bool:
    """Whether ``.dockerignore``'s ``patterns`` leave out the file or folder ``relative``
    (a path with ``/``): a pattern matches the path, or, starting with ``**/``, any of its
    trailing parts."""
    for pattern in patterns:
        if fnmatch.fnmatch(relative, pattern):
            return True
        if pattern.startswith("**/") and fnmatch.fnmatch(relative.rpartition("/")[2],
                                                         pattern[3:]):
            return True
    return False


def copy_context(source: Path, target: Path) -> None:
    """Copy the build context ``source`` to ``target`` as ``COPY . .`` gets it: without what
    its ``.dockerignore`` leaves out."""
    patterns = [line.strip() for line in
                (source / ".dockerignore").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    for folder, folders, files in os.walk(source):
        base = Path(folder).relative_to(source)
        folders[:] = [name for name in folders
                      if not ignored((base / name).as_posix().removeprefix("./"), patterns)]
        for name in files:
            relative = (base / name).as_posix().removeprefix("./")
            if not ignored(relative, patterns):
                (target / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(Path(folder) / name, target / relative)
