"""The ``/chgk`` commands, buttons and plain messages with stub interactions: who may do what,
and every refusal said to the person alone."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from adapters.discord.bridge import PLAIN_REPLY_SECONDS
from bot.packages import load_package
from bot.ports import ChatRef
from tests.adapters.discord.stubs import VoiceChannel, http_error
from tests.conftest import shared_package


async def lobby(world, players: int = 2):
    """A game with a team of ``players`` (Anna captains) and the package; returns people."""
    await world.package("01_")
    host = world.person("Host")
    team = [world.person(name) for name in ("Anna", "Boris", "Vera")[:players]]
    await world.slash(host, "new", format="duel")
    await world.slash(team[0], "team", team="Owls")
    for player in team[1:]:
        await world.slash(player, "join", team="Owls")
    return host, *team


async def answering(world):
    """A started game where Boris has been named to answer question 1."""
    host, anna, boris = await lobby(world)
    await world.slash(host, "duel host start", anyway=True)
    await world.slash(anna, "duel captain pick", number=1)
    await world.advance(60)
    await world.slash(anna, "duel captain answerer", player=boris)
    return host, anna, boris


async def test_a_refusal_is_ephemeral_and_nothing_is_posted(world):
    _host, anna, _ = await lobby(world)
    posted = len(world.channel.sent)
    refused = await world.slash(anna, "duel host start")
    assert refused.texts == ["Only the host may use “start”."]
    assert [r.ephemeral for r in refused.replies] == [True]
    assert not refused.deleted_original
    assert len(world.channel.sent) == posted


async def test_a_refusal_speaks_the_language_of_the_persons_discord(world):
    _, anna, _ = await lobby(world)
    refused = await world.slash(anna, "duel host start", locale="ru")
    assert refused.texts == [world.t("not-allowed", "ru", command="start",
                                     roles=world.t("role-host", "ru"))]
    assert refused.texts != [world.t("not-allowed", "en", command="start",
                                     roles=world.t("role-host", "en"))]


async def test_a_command_that_worked_says_nothing_privately_and_posts_in_the_channel(world):
    host, _, _ = await lobby(world)
    started = await world.slash(host, "duel host start", anyway=True)
    assert started.replies == []
    assert started.deleted_original  # the "thinking…" placeholder is removed
    assert "The game is on!" in world.channel.texts[-1]


async def test_player_commands_and_their_refusals(world):
    _host, _anna, boris = await lobby(world)
    vera = world.person("Vera")
    assert (await world.slash(vera, "join", team="Cats")).texts == [
        "There is no team “Cats” in this game."]
    assert (await world.slash(vera, "join", team="owls")).texts == []  # joined
    assert (await world.slash(vera, "join", team="Owls")).texts == [
        "You already take part in this game (a player); “join” is for those with no role yet."]
    help_ = await world.slash(boris, "help")
    assert help_.replies[0].ephemeral and "Your roles: a player." in help_.texts[0]
    score = await world.slash(vera, "score")
    assert score.replies[0].ephemeral and score.texts[0].startswith("Score:")


async def test_captain_commands_are_the_captains(world):
    host, anna, boris = await lobby(world)
    await world.slash(host, "duel host start", anyway=True)
    assert (await world.slash(boris, "duel captain pick", number=2)).texts == [
        "Only the captain may use “pick”."]
    assert (await world.slash(anna, "duel captain pick", number=40)).texts == [
        "Question numbers go from 1 to 12."]
    picked = await world.slash(anna, "duel captain pick", number=2)
    assert picked.replies == [] and "Question 2." in world.channel.sent[-1].embed.description
    assert (await world.slash(anna, "duel captain appeal")).texts == [
        "Only the host's last verdict can be appealed, before the next question is chosen."]
    assert (await world.slash(anna, "duel captain best")).texts[0].startswith(
        "/duel captain best question: N")


async def test_handing_over_the_captaincy_names_the_member(world):
    _host, anna, boris = await lobby(world)
    await world.slash(anna, "duel captain handover", player=boris)
    assert world.channel.texts[-1] == "Boris is the new captain."


async def test_host_commands_are_the_hosts(world):
    host, _anna, boris = await answering(world)
    for path in ("duel host pause", "duel host accept", "duel host abort", "duel keeper uphold"):
        refused = await world.slash(boris, path)
        assert len(refused.replies) == 1 and refused.replies[0].ephemeral, path
    assert (await world.slash(host, "duel host questions", numbers="1 2")).texts == [
        "The game has already started."]


async def test_a_written_answer_is_private_wherever_it_is_typed(world):
    host, _anna, boris = await answering(world)
    given = await world.slash(boris, "answer", text="Гашек")
    assert given.texts == ["Answer received: “Гашек”."] and given.replies[0].ephemeral
    # The confirmation came as the ephemeral reply, not as a DM.
    assert world.dm(boris) == ["Your answer, please: write it here."]
    assert "The bot suggests" in world.dm(host)[-1]
    # DUEL-3.5: until the verdict the channel only hears that the host has the answer.
    assert world.channel.texts[-1] == "Boris has answered; the answer is with the host."
    assert not any("Гашек" in text for text in world.channel.texts)
    await world.slash(host, "duel host accept")
    assert any("The team's answer: “Гашек” (Boris)." in t for t in world.channel.texts)
    stranger = await world.slash(world.person("Zoe"), "answer", text="x", where=world.DM)
    assert stranger.texts[0].startswith("You are in no running game")


async def test_the_wrong_player_answering_is_refused_privately(world):
    _host, anna, _boris = await answering(world)
    refused = await world.slash(anna, "answer", text="Гашек")
    assert refused.texts == ["Boris answers: only their answer is taken."]
    assert refused.replies[0].ephemeral


async def test_a_verdict_button_pressed_by_someone_else_is_refused_and_stays(world):
    host, _anna, boris = await answering(world)
    await world.slash(boris, "answer", text="Гашек")
    suggestion = world.destinations.dm(host).sent[-1]
    refused = await world.press(boris, suggestion, "accept")
    assert refused.texts == ["Only the host may use “accept”."] and refused.replies[0].ephemeral
    assert refused.edits == []
    assert refused.response.deferred == {"ephemeral": False, "thinking": False}


async def test_the_panel_is_private_and_its_buttons_act_on_the_channels_game(world):
    host, anna, _boris = await lobby(world)
    await world.slash(host, "duel host start", anyway=True)
    await world.slash(anna, "duel captain pick", number=1)
    opened = await world.slash(host, "duel host panel")
    panel = opened.response.sent[0]
    assert panel.ephemeral and panel.button("pause").custom_id == f"chgk:p:{world.channel.id}:pause"
    paused = await world.press(host, panel, "pause", where=world.DM)
    assert paused.edits == []  # panel buttons stay
    assert world.channel.texts[-1].startswith("The clock is stopped")
    resume = world.channel.sent[-1]
    refused = await world.press(anna, resume, "resume")
    assert refused.texts == ["Only the host may use “resume”."]
    resumed = await world.press(host, resume, "resume")
    assert resumed.edits == [{"view": None}]
    assert world.channel.texts[-1].startswith("The clock runs again")


async def test_an_admin_takes_over_a_game_whose_host_is_gone(world):
    await lobby(world)
    boss = world.person("Boss")
    assert (await world.slash(boss, "duel host takeover")).texts == [
        "Only an administrator of this chat can take the game over."]
    taken = await world.slash(boss, "duel host takeover", admin=True)
    assert taken.replies == [] and world.channel.texts[-1] == "Boss hosts the game now."


async def test_a_package_is_uploaded_as_an_attachment(world):
    host = world.person("Host")
    await world.slash(host, "new", format="duel")
    path = shared_package("01_")
    data = path.read_bytes()

    async def read() -> bytes:
        return data

    file = SimpleNamespace(filename=path.name, size=len(data), read=read)
    uploaded = await world.slash(host, "package", file=file)
    assert uploaded.texts[0].startswith("Package “") and uploaded.replies[0].ephemeral
    assert world.channel.texts[-1] == "The game's package is set: 36 questions."
    huge = SimpleNamespace(filename="big.txt", size=50 * 1024 * 1024, read=read)
    assert "larger than 20 MB" in (await world.slash(host, "package", file=huge)).texts[0]


async def test_commands_in_dms_are_private_and_game_commands_need_a_channel(world):
    zoe = world.person("Zoe")
    new = await world.slash(zoe, "new", world.DM, format="duel")
    assert new.texts == ["Start a new game in the game's group chat, not in private messages."]
    teams = await world.slash(zoe, "duel host teams", world.DM)
    assert teams.texts == ["This command works in a server channel, not in private messages."]


async def test_plain_messages_in_dms_are_answers(world):
    _host, _anna, boris = await answering(world)
    await world.write(boris, world.DM, "Гашек")
    assert world.dm(boris)[-1] == "Answer received: “Гашек”."


async def test_a_captains_number_in_the_channel_picks_and_a_refusal_fades(world):
    host, anna, boris = await lobby(world)
    await world.slash(host, "duel host start", anyway=True)
    await world.write(boris, world.channel, "3")
    refusal = world.channel.sent[-1]
    assert refusal.text == "Only the captain may use “pick”."
    assert refusal.options["delete_after"] == PLAIN_REPLY_SECONDS
    await world.write(anna, world.channel, "3")
    assert "Question 3." in world.channel.sent[-1].embed.description
    count = len(world.channel.sent)
    await world.write(boris, world.channel, "I think it is Pushkin")
    assert len(world.channel.sent) == count  # table talk


async def test_team_channels_are_private_to_the_team_and_the_host(world):
    host, anna, boris = await lobby(world)
    made = await world.slash(host, "duel host teams")
    assert made.texts[0].startswith("The team channel is ready: <#")
    channel = world.guild.text_channels[-1]
    assert channel.name == "Owls" and f"chgk-team:{world.channel.id}:" in channel.topic
    allowed = {who for who, rule in channel.overwrites.items() if rule.view_channel}
    assert allowed == {host, anna, boris, world.guild.me}
    assert channel.overwrites[world.guild.default_role].view_channel is False
    vera = world.person("Vera")
    await world.slash(vera, "join", team="Owls")
    await world.slash(host, "duel host teams")
    assert len(world.guild.text_channels) == 2  # updated, not made again
    assert vera in channel.overwrites


async def test_a_team_channel_message_is_the_answer_and_chatter_gets_no_reply(world):
    host, anna, boris = await lobby(world)
    await world.slash(host, "duel host teams")
    team_channel = world.guild.text_channels[-1]
    await world.slash(host, "duel host start", anyway=True)
    await world.write(anna, team_channel, "maybe Pushkin?")
    assert team_channel.sent == []
    await world.slash(anna, "duel captain pick", number=1, where=team_channel)
    assert "Question 1." in world.channel.sent[-1].embed.description
    await world.advance(60)
    await world.slash(anna, "duel captain answerer", player=boris)
    await world.write(boris, team_channel, "Гашек")
    assert team_channel.texts == ["Answer received: “Гашек”."]
    assert team_channel.sent[0].options["reference"].content == "Гашек"


async def test_team_channels_are_the_hosts_and_need_permissions(world):
    host, anna, _boris = await lobby(world)
    assert (await world.slash(anna, "duel host teams")).texts == ["Only the host may use “teams”."]
    world.guild.me.guild_permissions = discord.Permissions(manage_channels=True)
    refused = await world.slash(host, "duel host teams")
    assert refused.texts == [f"The bot lacks permissions in {world.guild.name}: Manage Roles."]


async def test_a_member_who_left_is_named_to_the_host(world):
    host, _anna, boris = await lobby(world)
    del world.guild.members[boris.id]
    made = await world.slash(host, "duel host teams")
    assert made.texts[0].endswith("No longer on the server: Boris.")


async def test_voice_is_linked_by_the_host_and_plays_both_signals(world):
    host, anna, _boris = await lobby(world)
    hall = VoiceChannel(world.guild, "Зал")
    assert (await world.slash(anna, "duel host voice", channel=hall)).texts == [
        "Only the host may use “voice”."]
    assert (await world.slash(host, "duel host voice")).texts == [
        "Join a voice channel or name one in the command."]
    hall.bot_permissions = discord.Permissions(view_channel=True, connect=True)
    assert (await world.slash(host, "duel host voice", channel=hall)).texts == [
        f"The bot lacks permissions in {hall.mention}: Speak."]
    hall.bot_permissions = discord.Permissions(view_channel=True, connect=True, speak=True)
    linked = await world.slash(host, "duel host voice", channel=hall)
    assert linked.texts == [f"The game's signals will sound in {hall.mention}."]
    await world.slash(host, "duel host start", anyway=True)
    await world.slash(anna, "duel captain pick", number=1)
    await world.advance(60)
    assert len(world.voice.played) == 2 and world.voice.played[0][1] != world.voice.played[1][1]
    unlinked = await world.slash(host, "duel host voice", off=True)
    assert unlinked.texts == ["Signals in the voice channel are off."]
    assert world.voice.left == [world.guild.id]


async def test_without_voice_support_the_host_is_told_once_and_signals_stay_text(world):
    world.bridge.voice.player, world.bridge.voice.off = None, "discord-voice-no-opus"
    host = world.person("Host")
    host.voice = SimpleNamespace(channel=object())
    first = await world.slash(host, "new", format="duel")
    assert first.texts == ["Sound signals in the voice channel are off: the system has no "
                           "libopus (apt-get install libopus0). Signals come as text."]
    await world.slash(host, "duel host abort")
    again = await world.slash(host, "new", format="duel")
    assert again.texts == []


async def test_a_deleted_game_channel_is_told_to_the_host_once(world):
    host, anna, _boris = await lobby(world)
    del world.destinations.channels[world.channel.id]
    await world.slash(host, "duel host start", anyway=True)
    await world.slash(anna, "duel captain pick", number=1)
    told = [t for t in world.dm(host) if "was deleted" in t]
    assert told == [f"The game channel <#{world.channel.id}> was deleted or the bot cannot "
                    "see it; the game goes on, but messages do not reach it."]
    assert world.service.game_in(world.chat).fmt.is_live(world.service.game_in(world.chat).state)


async def test_missing_permissions_in_the_game_channel_are_named_to_the_host(world):
    host, _anna, _boris = await lobby(world)
    world.channel.fail_with = http_error(discord.Forbidden, 403)
    world.channel.bot_permissions = discord.Permissions(view_channel=True,
                                                        read_message_history=True)
    await world.slash(host, "duel host start", anyway=True)
    assert world.dm(host)[-1].startswith(
        f"The bot lacks permissions in the game channel <#{world.channel.id}>: "
        "Send Messages, Embed Links.")


async def test_a_player_with_closed_dms_is_told_in_the_game_channel(world):
    host, anna, boris = await lobby(world)
    await world.slash(host, "duel host start", anyway=True)
    await world.slash(anna, "duel captain pick", number=1)
    await world.advance(60)
    world.destinations.dm(boris).fail_with = http_error(discord.Forbidden, 403)
    await world.slash(anna, "duel captain answerer", player=boris)
    assert world.channel.texts[-1].startswith("Boris, the bot cannot send you private messages")


async def test_a_chat_without_a_game_answers_privately(world):
    lost = await world.slash(world.person("Zoe"), "duel captain pick", number=1)
    assert lost.texts[0].startswith("There is no game here.") and lost.replies[0].ephemeral
    assert world.service.game_in(ChatRef("discord", str(world.channel.id))) is None


async def test_an_answer_typed_in_a_channel_goes_to_that_channels_game(world):
    *_, boris = await answering(world)
    second = world.text_channel("вторая")
    path = shared_package("01_")
    package_id = await world.storage.save_package(load_package(path).package, path.name,
                                                  path.read_bytes())
    world.service.set_chat_package(ChatRef("discord", str(second.id)), package_id)
    await world.slash(world.person("Other host"), "new", second, format="duel")
    await world.slash(boris, "team", second, team="Foxes")  # Boris plays there too, newer
    given = await world.slash(boris, "answer", text="Гашек")
    # The receipt says which of his two games took it.
    assert given.texts == ["DUEL game #1:\nAnswer received: “Гашек”."]


async def test_a_picked_member_reaches_the_core_by_id_even_when_two_share_a_name(world):
    host, _anna, _boris = await lobby(world)
    first, second = world.person("Ksenia"), world.person("Ksenia")
    for ksenia in (first, second):
        await world.slash(ksenia, "help")  # both are seen in the channel under one name
    said = await world.slash(host, "duel host cohost", player=second)
    assert said.texts == []
    view = await world.service.view(world.chat)
    cohosts = {p.user_id for p in view.hosts} - {str(host.id)}
    assert cohosts == {str(second.id)}  # the member picked, not the other Ksenia
    refused = await world.slash(first, "duel host pause")
    assert refused.texts[0].startswith("Only the host may use")


async def test_chgk_board_asks_the_core_for_the_scoreboards_link(world):
    host, _, _ = await lobby(world)
    await world.slash(host, "board")
    # The test's bot serves no pages (no CHGK_BOARD_PORT): the core says so, in the channel.
    assert world.channel.texts[-1].startswith("The scoreboard pages are off")


async def test_chgk_timezone_is_set_by_a_server_administrator_and_refused_to_a_member(world):
    # Given a channel without a game, a member and an administrator of the server,
    member, admin = world.person("Anna"), world.person("Olga")
    # when the member asks to change the club's zone, then it is refused, saying who may,
    await world.slash(member, "timezone", zone="Asia/Vladivostok")
    assert world.channel.texts[-1].startswith(
        "A chat administrator or the host of its game changes")
    # and when the administrator sets it, it is the channel's zone from then on.
    await world.slash(admin, "timezone", admin=True, zone="Asia/Vladivostok")
    assert world.channel.texts[-1].startswith(
        "This chat's time zone is now Asia/Vladivostok (UTC+10:00)")
    await world.slash(member, "timezone")
    assert world.channel.texts[-1].startswith(
        "This chat's time zone: Asia/Vladivostok (UTC+10:00)")


async def test_chgk_timezone_offers_the_zones_matching_what_is_typed(world):
    # Given the /chgk timezone command, when a host types "vladi" or "new york" in its option,
    offer = world.command("timezone")._params["zone"].autocomplete
    member = world.person("Olga")
    # then Discord offers the zones whose names match.
    vladi = await offer(world.interaction(member, None), "vladi")
    assert [c.value for c in vladi] == ["Asia/Vladivostok"]
    assert [c.value for c in await offer(world.interaction(member, None), "new york")] == \
        ["America/New_York"]
