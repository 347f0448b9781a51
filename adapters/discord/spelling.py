"""How a command named in a message is written on Discord: its path in the ``/chgk`` tree.

The core's messages name chat commands (``{ CMD("answerer") }`` in the catalog, see
``bot.i18n``); on Discord every one of them lives under ``/chgk``, in the language of the
text: ``/chgk капитан отвечает`` in Russian, ``/chgk captain answerer`` in English, as
Discord shows the localised tree to a client in that language. A fixed word that is an option
on Discord is written as the option with its value (``/start anyway`` is
``/chgk host start anyway:True``). ``SLASH`` is the one table from chat commands to the tree
that ``commands.build_commands`` builds; ``test_spelling`` checks both against each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Translator, plain_spelling

GROUPS = ("captain", "host", "keeper", "season")
"""The subgroups of ``/chgk``; a path starting with one of them lives in it."""


@dataclass(frozen=True, slots=True)
class Slash:
    """A place in the ``/chgk`` tree: ``path`` as in ``discord.ftl`` keys (``captain-hint``),
    and ``option`` when a fixed word is an option there, with ``value``: a choice
    (``what``, ``minute``), ``True`` for a boolean option that is set (``anyway``), or none
    when the text goes on with the option's value (``question``, then ``N``)."""

    path: str
    option: str = ""
    value: str = ""


SLASH: dict[tuple[tuple[str, ...], str | None], Slash] = {
    (("newgame",), None): Slash("new"),
    (("newgame", "duel"), None): Slash("new"),
    (("team",), None): Slash("team"),
    (("join",), None): Slash("join"),
    (("answer",), None): Slash("answer"),
    (("score",), None): Slash("score"),
    (("help",), None): Slash("help"),
    (("pick",), None): Slash("captain-pick"),
    (("answerer",), None): Slash("captain-answerer"),
    (("captain",), None): Slash("captain-handover"),
    (("appeal",), None): Slash("captain-appeal"),
    (("best", "question"), None): Slash("captain-best", "question"),
    (("best", "player"), None): Slash("captain-best", "player"),
    (("sector",), None): Slash("captain-sector"),
    (("sector", "all"), None): Slash("captain-sector", "who", "all"),
    (("sector", "3"), None): Slash("captain-sector", "who", "3"),
    (("sector", "1"), None): Slash("captain-sector", "who", "1"),
    (("early",), None): Slash("captain-early"),
    (("extra",), None): Slash("captain-extra"),
    (("extra",), "host"): Slash("host-extra"),
    (("hint", "minute"), None): Slash("captain-hint", "what", "minute"),
    (("hint", "club"), None): Slash("captain-hint", "what", "club"),
    (("helpers",), None): Slash("host-helpers"),
    (("helpers",), "captain"): Slash("captain-helpers"),
    (("helpers", "none"), None): Slash("host-helpers", "nobody", "True"),
    (("credit",), None): Slash("captain-credit"),
    (("repay",), None): Slash("captain-repay"),
    (("decisive",), None): Slash("captain-decisive"),
    (("start",), None): Slash("host-start"),
    (("start", "anyway"), None): Slash("host-start", "anyway", "True"),
    (("start", "training"), None): Slash("host-start", "training", "True"),
    (("pause",), None): Slash("host-pause"),
    (("resume",), None): Slash("host-resume"),
    (("accept",), None): Slash("host-accept"),
    (("reject",), None): Slash("host-reject"),
    (("keeper",), None): Slash("host-keeper"),
    (("cohost",), None): Slash("host-cohost"),
    (("questions",), None): Slash("host-questions"),
    (("mark",), None): Slash("host-mark"),
    (("abort",), None): Slash("host-abort"),
    (("closevote",), None): Slash("host-closevote"),
    (("takeover",), None): Slash("host-takeover"),
    (("uphold",), None): Slash("keeper-uphold"),
    (("overturn",), None): Slash("keeper-overturn"),
    (("challenge",), None): Slash("keeper-challenge"),
    (("agree",), None): Slash("keeper-agree"),
    (("disagree",), None): Slash("keeper-disagree"),
    (("season",), None): Slash("season-standings"),
    (("season", "create"), None): Slash("season-create"),
    (("season", "keeper"), None): Slash("season-keeper"),
    (("season", "register"), None): Slash("season-register"),
    (("season", "approve"), None): Slash("season-approve"),
    (("season", "order"), None): Slash("season-order"),
    (("season", "record"), None): Slash("season-record"),
    (("season", "vote"), None): Slash("season-vote"),
    (("season", "vote", "yes"), None): Slash("season-ballot", "verdict", "yes"),
    (("season", "vote", "no"), None): Slash("season-ballot", "verdict", "no"),
}
"""Chat command words (and the role giving it, when the tree files it twice) -> its place."""


def slash_of(words: Sequence[str], by: str | None = None) -> Slash | None:
    """Where the chat command ``words`` (given by role ``by``) is in the tree, or None."""
    key = tuple(w.casefold() for w in words)
    return SLASH.get((key, by)) or SLASH.get((key, None))


@dataclass(frozen=True, slots=True)
class DiscordSpelling:
    """The ``bot.i18n.Spelling`` of Discord: ``/chgk`` paths in the localised names of
    ``discord.ftl``. A command missing from ``SLASH`` (a test keeps that from happening) is
    written plainly rather than failing a message. Two over the same translator are equal, so
    the translator keeps one set of bundles for Discord."""

    t: Translator

    def __call__(self, words: Sequence[str], locale: str, by: str | None = None) -> str:
        """``/chgk <group> <command>`` and the option, in ``locale``."""
        slash = slash_of(words, by)
        if slash is None:
            return plain_spelling(words, locale, by)
        group, _, _ = slash.path.partition("-")
        names = ["chgk", *([group] if group in GROUPS else []), slash.path]
        text = "/" + " ".join(self.t(f"discord-cmd-{name}", locale) for name in names)
        if slash.option:
            value = slash.value if slash.value in ("", "True") else self.t(
                f"discord-choice-{slash.option}-{slash.value}", locale)
            text += f" {self.t(f'discord-param-{slash.option}', locale)}:{value}"
        return text
