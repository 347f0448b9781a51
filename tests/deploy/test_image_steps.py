"""The image's steps outside Docker (this machine runs no Docker daemon, so the image itself is
not built here): ``deploy/Dockerfile``'s install steps, run as they are written in a copy of
its build context (``.dockerignore`` applied), install the bot, and its start command then
starts it: settings read, the database created and migrated in the volume's folder, the
messages found, a game opened on the bundled package (with no messenger token ``chgk-bot run``
plays in the terminal, and stops at the end of its input). Its health check passes against an
endpoint that answers ``/healthz`` and fails when none does.

What differs from a build: the venv is made here, seeing the project's own venv's packages
(the dependencies are not downloaded again; the project itself is built and installed by the
Dockerfile's own command); the system's packages and the user are not made; the image's
folders (its working folder and the volume) are temporary folders."""

from __future__ import annotations

import http.server
import os
import sqlite3
import subprocess
import sys
import sysconfig
import threading
import tomllib
import venv
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import Translator
from tests.deploy.dockerfile import ROOT, Image, copy_context, read_image

TIMEOUT = 180
"""Seconds any one step may take before the test gives up on it (a hung step, not a slow
machine: an install takes a few seconds)."""


def mapped(image: Image, places: dict[str, Path]) -> dict[str, str]:
    """The image's environment with its folders (``places``: in the image → here) moved."""
    env = {}
    for name, value in image.env.items():
        for inside, here in sorted(places.items(), key=lambda pair: -len(pair[0])):
            value = value.replace(inside, str(here))
        env[name] = value
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Iterator[tuple[Image, dict[str, str], Path]]:
    """The image's install steps run: (the image, the environment its start command gets,
    its working folder here)."""
    image = read_image()
    top = tmp_path_factory.mktemp("image")
    workdir, data = top / "app", top / "data"
    workdir.mkdir()
    data.mkdir()
    copy_context(ROOT, workdir)
    # The image's venv, made in its place, with this process's packages visible.
    venv.EnvBuilder(with_pip=False).create(workdir / ".venv")
    site = Path(sysconfig.get_paths(vars={"base": str(workdir / ".venv"),
                                          "platbase": str(workdir / ".venv")})["purelib"])
    (site / "project-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    outside = {key: value for key, value in os.environ.items()
               if not key.startswith(("CHGK_", "PYTHON"))}
    env = {**outside, **image.args, **mapped(image, {image.workdir: workdir,
                                                     **{v: data for v in image.volumes}}),
           "HOME": str(top)}
    for command in image.install:
        done = subprocess.run(["/bin/sh", "-c", command], cwd=workdir, env=env,
                              capture_output=True, text=True, timeout=TIMEOUT, check=False)
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    yield image, {k: v for k, v in env.items() if k not in image.args}, workdir


def test_the_start_command_starts_the_installed_bot_on_the_volume(installed):
    # Given the bot installed by the image's steps,
    image, env, workdir = installed
    where = subprocess.run(["python", "-c", "import bot; print(bot.__file__)"], cwd=workdir,
                           env=env, capture_output=True, text=True, timeout=TIMEOUT,
                           check=True)
    assert Path(where.stdout.strip()).is_relative_to(workdir)
    # when its start command runs with no messenger token and no input,
    started = subprocess.run(image.cmd, cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=TIMEOUT, check=False)
    # then it plays in the terminal, in Russian, and stops cleanly at the end of input,
    assert started.returncode == 0, started.stderr
    assert Translator()("run-console", "ru") in started.stdout
    # and its database is the file in the volume, migrated.
    database = Path(env["CHGK_DATABASE_URL"].removeprefix("sqlite+aiosqlite:///"))
    assert database.parent == Path(env["HOME"]) / "data"
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute(
            "select name from sqlite_master where type = 'table'")}
    assert {"alembic_version", "game_events"} <= tables


class _Healthy(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200 if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def health(image: Image, port: int) -> int:
    """The exit code of the image's health check with the ops endpoint on ``port``."""
    command = [sys.executable if word == "python" else word for word in image.healthcheck]
    env = {**os.environ, "CHGK_OPS_PORT": str(port)}
    return subprocess.run(command, env=env, capture_output=True, timeout=TIMEOUT,
                          check=False).returncode


def test_the_health_check_passes_only_while_healthz_answers():
    # Given the image's health check and an ops endpoint answering /healthz,
    image = read_image()
    server = http.server.HTTPServer(("127.0.0.1", 0), _Healthy)
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        # when the check runs, then the container is healthy;
        assert health(image, port) == 0
    finally:
        server.shutdown()
        server.server_close()
    # and when nothing answers any more, it is not.
    assert health(image, port) != 0


def test_the_build_arguments_are_the_projects_extras():
    # Given the image's yes/no build arguments and the project's optional extras,
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    switches = {name for name, default in read_image().args.items() if default in ("yes", "no")}
    # then each turns on the optional extra of its name.
    assert switches == {"POSTGRES", "VOICE"}
    assert {name.lower() for name in switches} <= set(extras)
