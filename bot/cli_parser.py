"""The ``chgk-bot`` argument parser speaking the user's language (ru by default, en with
``--locale en`` or ``CHGK_LOCALE=en``): argparse's usage line and its error messages go
through Fluent (``cli-arg-*`` in ``common.ftl``) instead of argparse's English.

argparse formats its errors from fixed English templates (``argparse._``) before calling
``error``; :class:`CliParser` reads each template back into its parts and formats a key of
its own. A message of no known template becomes ``cli-arg-other``, so argparse's English
never reaches the user.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from bot.i18n import SUPPORTED_LOCALES, Translator

_ARGUMENT = re.compile(r"^argument (?P<argument>.+?): (?P<message>.*)$", re.DOTALL)
"""argparse's ``argument %(argument_name)s: %(message)s``."""

_SUB_COMMAND = re.compile(r"^(?:\w+_)?command$")
"""The dest argparse names a sub-command by (``command``, ``season_command``)."""

_TEMPLATES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), key) for pattern, key in (
        (r"^invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$",
         "cli-arg-invalid-choice"),
        (r"^expected one argument$", "cli-arg-expects-one"),
        (r"^expected at least one argument$", "cli-arg-expects-some"),
        (r"^expected at most one argument$", "cli-arg-expects-one"),
        (r"^invalid (?P<type>\S+) value: (?P<value>.*)$", "cli-arg-invalid-value"),
        (r"^not a number: (?P<value>.*)$", "cli-arg-not-a-number"),
        (r"^not allowed with argument (?P<other>.*)$", "cli-arg-not-allowed-with"),
        (r"^ignored explicit argument (?P<value>.*)$", "cli-arg-ignored-value"),
        (r"^the following arguments are required: (?P<arguments>.*)$", "cli-arg-required"),
        (r"^one of the arguments (?P<arguments>.*) is required$", "cli-arg-one-required"),
        (r"^unrecognized arguments: (?P<arguments>.*)$", "cli-arg-unrecognised"),
        (r"^ambiguous option: (?P<option>\S+) could match (?P<matches>.*)$",
         "cli-arg-ambiguous"),
    ))
"""argparse's error templates (Python 3.11-3.13) and the key each becomes; the
``not a number`` one is ``bot.cli``'s own ``_whole_number``."""


def wanted_locale(argv: Sequence[str], configured: str | None) -> str:
    """The language of the command line's messages before it is parsed: the last
    ``--locale X`` (or ``--locale=X``) in ``argv`` when X is supported, else ``configured``
    (``CHGK_LOCALE`` through the settings), else the environment's ``CHGK_LOCALE``, else ru."""
    chosen = None
    for i, word in enumerate(argv):
        value = word.partition("=")[2] if word.startswith("--locale=") else \
            argv[i + 1] if word == "--locale" and i + 1 < len(argv) else None
        if value in SUPPORTED_LOCALES:
            chosen = value
    for candidate in (chosen, configured, os.environ.get("CHGK_LOCALE")):
        if candidate in SUPPORTED_LOCALES:
            return candidate
    return "ru"


class CliParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage prefix and errors are in ``locale`` (a class attribute,
    set by :func:`parser_class`; sub-command parsers are of the same class, so they inherit
    it). ``error`` prints the usage and the localised message to stderr and exits with code 2,
    as argparse does."""

    locale: str
    _translator: Translator | None = None

    @classmethod
    def shared_translator(cls) -> Translator:
        """The Translator of ``locale``, made when first needed (reading the locales costs
        CPU a command line that parses, or ``--help``, need not spend twice) and kept."""
        if cls._translator is None:
            cls._translator = Translator(default=cls.locale)
        return cls._translator

    @property
    def translator(self) -> Translator:
        """``shared_translator()``."""
        return self.shared_translator()

    def format_usage(self) -> str:
        """The usage line, headed by the localised ``cli-usage`` ("использование: ")."""
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups,
                            prefix=self.translator("cli-usage", self.locale) + " ")
        return formatter.format_help()

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` in ``locale`` (``localised_error``); exit 2."""
        self.print_usage(sys.stderr)
        self.exit(2, self.translator("cli-arg-error", self.locale, prog=self.prog,
                                     message=localised_error(message, self.translator,
                                                             self.locale)) + "\n")


def localised_error(message: str, translator: Translator, locale: str) -> str:
    """argparse's English error ``message`` in ``locale``: its template's key with the
    template's parts (argument names and values stay as typed), ``cli-arg-other`` for a
    message of no known template."""
    argument = None
    found = _ARGUMENT.match(message)
    if found:
        argument, message = found["argument"], found["message"]
    key, args = next(((key, parts.groupdict()) for pattern, key in _TEMPLATES
                      if (parts := pattern.match(message))), ("cli-arg-other", {}))
    if key == "cli-arg-invalid-choice" and argument is not None and \
            _SUB_COMMAND.match(argument):
        # A sub-command's dest (``season_command``) means nothing to the user.
        key, argument = "cli-arg-unknown-command", None
    text = translator.format(key, args, locale)
    if argument is None:
        return text
    return translator.format("cli-arg-of", {"argument": argument, "message": text}, locale)


def parser_class(locale: str) -> type[CliParser]:
    """A :class:`CliParser` subclass speaking ``locale``."""
    return type("LocalisedCliParser", (CliParser,), {"locale": locale})
