"""The service: from an incoming message to stored events and outgoing messages.

It knows no format: a format is a ``Format`` (``bot.formats``) that turns commands into
actions, decides with its pure decider, and renders events into messages. For each incoming
message the service resolves the sender, finds the game, checks the sender's role against the
format's permission table, asks the decider, appends the events to storage in one transaction,
and only then re-arms timers and sends messages (DESIGN.md, The shape). One game's actions are
handled one at a time under a per-game lock.

A question's minute starts when the platform has confirmed its delivery (DESIGN.md, Time):
after a commit that leaves the game waiting for it (``awaiting_delivery``), the service awaits
the receipts of the question messages it sent, outside the game's lock, and then reports the
delivery (or its failure) to the decider. A messenger that delivers at once (the console)
returns no receipt, and the report is made before ``handle`` returns.

The parts, each given what it needs in its constructor (``game_service`` wires them for the
bootstrap): ``GameService`` (``router``), the one object callers hold; ``Inbox`` (``incoming``), a
message to its game, command, permission check, decision and commit; ``PrivateChooser``
(``private``), which of a person's games a private message is for; ``Lifecycle``, games
opened and recovered; ``GameIndex`` (``index``), the games in memory by id, chat and player;
``GameLoader`` (``loader``), a game replayed from its log, packages read once;
``PeopleDirectory`` (``directory``), players, private chats and languages; ``Committer``
(``commit``), events stored and the effects table run; ``Batching`` (``batch``), commands in
turns and their batches; ``Alarms`` and ``TimerKeeper`` (``alarms``, ``timer_keeper``), timers
armed and fired; ``Deliverer`` (``delivery``), messages translated and sent; ``Uploads``,
packages sent by file or link.
"""

from collections.abc import Mapping, Sequence

from bot.calendar.chats import ChatZones
from bot.chat import ChatCommand
from bot.formats import Format
from bot.i18n import Spelling, Translator
from bot.packages.fetch import PackageFetcher
from bot.packages.worker import PackageParser
from bot.ports import NO_METRICS, Clock, Incoming, Messenger, Metrics, Scheduler
from bot.service.alarms import Alarms
from bot.service.batch import Batching
from bot.service.commit import Committer
from bot.service.delivery import Deliverer
from bot.service.directory import PeopleDirectory
from bot.service.incoming import Inbox
from bot.service.index import GameIndex
from bot.service.lifecycle import Lifecycle
from bot.service.loader import GameLoader
from bot.service.model import Commit, Effects, EventHandler, LiveGame
from bot.service.private import PrivateChooser
from bot.service.router import GameService
from bot.service.timer_keeper import TimerKeeper
from bot.service.uploads import Uploads
from bot.sightings import ChatPeople
from storage.chats import ChatSettingsStore
from storage.db import Storage


def game_service(storage: Storage, messenger: Messenger, scheduler: Scheduler, clock: Clock,
                 translator: Translator, *, formats: Mapping[str, Format],
                 chat_commands: Mapping[str, ChatCommand] | None = None,
                 default_locale: str = "ru", parser: PackageParser | None = None,
                 fetcher: PackageFetcher | None = None,
                 spellings: dict[str, Spelling] | None = None,
                 effects: Mapping[type, Sequence[EventHandler]] | None = None,
                 metrics: Metrics = NO_METRICS,
                 zones: ChatZones | None = None) -> GameService:
    """A ``GameService`` playing ``formats`` (the bootstrap's ``formats``: values with their
    options, by stored name), its parts wired together.

    ``chat_commands`` are the commands outside any game, by name, with their handlers
    (``bot.bootstrap.chat_commands``: the season's); ``parser`` parses uploaded packages (a
    ``PackageParser`` with the default limits unless given; ``service.parser.close()`` stops
    its worker process); ``fetcher`` fetches packages sent by link or id (the real sites
    unless given); ``spellings`` maps a platform to how it writes commands (``Spelling``; the
    console, not in it, writes them plainly, ``/answerer``); ``effects`` adds handlers to each
    commit's effects by event type, after the service's own (a format's projections, the
    scoreboard); ``metrics`` counts actions and refused writes; ``zones`` are the chats' time
    zones (``bot.calendar.chats``; ``CHGK_TIMEZONE``'s default over ``storage`` unless given):
    a game's dates are read and shown in its chat's, and TV's game day is a day there."""
    zones = zones or ChatZones(ChatSettingsStore(storage.engine))
    directory = PeopleDirectory(storage, translator, ChatPeople(storage),
                                default_locale=default_locale)
    index = GameIndex(directory)
    loader = GameLoader(storage, formats, index, zones)
    deliverer = Deliverer(messenger, translator, spellings or {}, directory, index, zones)
    alarms = Alarms(scheduler)
    committer = Committer(storage, clock, index, alarms, deliverer, effects or {})
    # Uploaded packages are parsed in a worker process, so no game waits.
    uploads = Uploads(storage, parser or PackageParser(), fetcher or PackageFetcher(), clock,
                      translator, directory, index, deliverer, committer)
    lifecycle = Lifecycle(storage, clock, formats, index, loader, directory, deliverer,
                          committer, alarms, uploads, default_locale=default_locale)
    inbox = Inbox(storage, clock, translator, formats, dict(chat_commands or {}), index=index,
                  loader=loader, directory=directory,
                  chooser=PrivateChooser(index, directory, deliverer, clock, translator),
                  deliverer=deliverer, committer=committer,
                  batching=Batching(committer, clock), lifecycle=lifecycle, uploads=uploads)
    return GameService(storage, clock, formats, index=index, loader=loader,
                       directory=directory, deliverer=deliverer, alarms=alarms,
                       committer=committer,
                       timers=TimerKeeper(scheduler, clock, committer, deliverer, metrics),
                       uploads=uploads, lifecycle=lifecycle, inbox=inbox, metrics=metrics)


__all__ = ["Commit", "Effects", "EventHandler", "GameService", "Incoming", "LiveGame",
           "game_service"]
