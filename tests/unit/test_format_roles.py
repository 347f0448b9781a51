"""The roles a format plays for the service (``bot.formats.roles``), read as a new maintainer
reads them: each role a small Protocol of at most 12 members, the whole ``Format`` nothing but
the roles together, each format the bot plays (DUEL, SYNC, TV, as the bootstrap builds them)
playing every role with the role's own signatures, and the service's parts asking a game's
format only through the role each question belongs to.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any

import pytest

from bot.formats import roles
from bot.service.model import LiveGame
from tests.formats import formats

SERVICE = Path(__file__).resolve().parents[2] / "bot" / "service"
MOST_MEMBERS = 12

ROLES = (roles.GameFormat, roles.Commands, roles.Presenting, roles.LifeCycle, roles.Packages)


def _own_members(protocol: type) -> set[str]:
    """The members ``protocol`` declares itself: its annotated attributes and its methods."""
    declared = set(inspect.get_annotations(protocol))
    declared |= {name for name, value in vars(protocol).items() if inspect.isfunction(value)}
    return {name for name in declared if not name.startswith("_")}


def _all_protocols() -> list[type]:
    return [value for value in vars(roles).values()
            if isinstance(value, type) and value.__module__ == roles.__name__
            and getattr(value, "_is_protocol", False)]


def test_design_every_format_role_has_at_most_twelve_members():
    """Given every Protocol of ``bot.formats.roles``, when their own members are counted,
    then none has more than 12 (a role reads in one screen)."""
    counted = {protocol.__name__: len(_own_members(protocol)) for protocol in _all_protocols()}
    assert set(ROLES) <= set(_all_protocols())
    assert {name: n for name, n in counted.items() if n > MOST_MEMBERS} == {}


def test_design_the_whole_format_is_the_roles_and_nothing_more():
    """Given the roles, when ``Format`` is read, then it declares no member of its own and the
    roles share none: each question the service asks a format belongs to one role."""
    assert _own_members(roles.Format) == set()
    assert set(ROLES) <= set(roles.Format.__mro__)
    seen: dict[str, str] = {}
    for role in ROLES:
        for name in _own_members(role):
            assert name not in seen, f"{name} is in both {seen[name]} and {role.__name__}"
            seen[name] = role.__name__


@pytest.mark.parametrize("name", ["duel", "sync", "tv"])
@pytest.mark.parametrize("role", ROLES, ids=lambda role: role.__name__)
def test_design_each_format_plays_each_role(name: str, role: type):
    """Given a format as the bootstrap builds it, when it is checked against a role, then it
    is an instance of the role and each of the role's methods takes the role's parameters
    (by name, in order) and is a coroutine exactly where the role's is."""
    fmt: Any = formats()[name]
    assert isinstance(fmt, role)
    for member in _own_members(role):
        declared = vars(role).get(member)
        if not inspect.isfunction(declared):
            continue
        actual = getattr(fmt, member)
        assert list(inspect.signature(actual).parameters) == \
            list(inspect.signature(declared).parameters)[1:], f"{name}.{member}"
        assert inspect.iscoroutinefunction(actual) == inspect.iscoroutinefunction(declared), \
            f"{name}.{member}"


def _role_attributes() -> dict[str, type]:
    """``LiveGame``'s attributes that give its format as one role, by name, with the role."""
    return {name: inspect.get_annotations(value.fget, eval_str=True)["return"]
            for name, value in vars(LiveGame).items() if isinstance(value, property)}


def test_design_service_parts_ask_a_games_format_through_the_role_each_question_is_of():
    """Given the service's parts (``bot/service/``), when every question they ask a game's
    format is read (``game.<role>.<member>``), then each goes through the role that has the
    member, and none through the whole format (``game.fmt.<member>``), so that a reader and a
    type checker see what each part asks of a format."""
    attributes = _role_attributes()
    assert set(attributes.values()) == set(ROLES)
    wrong = []
    for path in sorted(SERVICE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Attribute):
                continue
            via, member = node.value.attr, node.attr
            if via == "fmt":
                wrong.append(f"{path.name}:{node.lineno} asks the whole format for {member}")
            elif via in attributes and member not in _own_members(attributes[via]):
                wrong.append(f"{path.name}:{node.lineno} asks {via} for {member}")
    assert wrong == []
