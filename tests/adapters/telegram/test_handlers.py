"""Updates through ``Dispatcher.feed_update`` with a recording session: what each chat gets.

Group commands, private answers, inline buttons, refusals, deep links, uploads, duplicates.
"""

from __future__ import annotations

from bot.bootstrap import SAMPLE_PACKAGE
from tests.adapters.telegram.conftest import ANNA, BORIS, GAME, GLEB, HOST, World
from tests.adapters.telegram.fake_telegram import (
    ANONYMOUS_ADMIN_BOT,
    BOT_USERNAME,
    GROUP_ID,
    group,
    private,
    user,
)
from tests.conftest import shared_package

# --- group commands --------------------------------------------------------------------------


async def test_group_commands_reach_the_game(tg: World):
    await tg.say(HOST, "/newgame duel")
    await tg.say(ANNA, "/team Owls")
    await tg.say(BORIS, f"/join@{BOT_USERNAME} Owls")
    texts = tg.texts()
    assert texts[0].startswith("A DUEL game is open. Host: Ksenia Hostova.")
    assert texts[1] == "Team “Owls” registered; Anna is the captain."
    # The registration message is edited as players join.
    assert texts[2] == ("Team “Owls” registered; Anna is the captain.\n"
                        "Boris joined “Owls” (2 players).")
    assert tg.fake.sent(GROUP_ID)[2].method == "editMessageText"
    # Who administers the group is asked of Telegram, once a minute at most per person.
    asked = {(c.chat_id, int(c.params["user_id"])) for c in tg.fake.called("getChatMember")}
    assert asked == {(GROUP_ID, 1), (GROUP_ID, 2), (GROUP_ID, 3)}


async def test_a_refusal_is_told_in_the_chat_it_came_from(tg: World):
    await tg.say(HOST, "/newgame duel")
    command = await tg.say(ANNA, "/start")
    refusal = tg.fake.sent(GROUP_ID)[-1]
    assert refusal.text == "Only the host may use “start”."
    # In a busy group it answers the command it refuses; game news answers nobody.
    assert refusal.params["reply_parameters"]["message_id"] == \
        command["message"]["message_id"]
    assert "reply_parameters" not in tg.fake.sent(GROUP_ID)[0].params
    await tg.say(GLEB, "/pick 3", in_private=True)
    assert tg.texts(GLEB["id"]) == [
        "You are in no running game: join a team in the game's chat (/join NAME)."]


async def test_a_command_for_another_bot_is_not_ours(tg: World):
    await tg.say(HOST, "/newgame@other_bot duel")
    assert tg.texts() == []


async def test_table_talk_and_stickers_are_ignored(tg: World):
    await tg.started()
    before = len(tg.fake.calls)
    await tg.say(BORIS, "I think it is Pushkin")
    await tg.feed(tg.fake.message(group(), BORIS, None, date=tg.now(),
                                  sticker={"file_id": "s", "file_unique_id": "s", "type":
                                           "regular", "width": 1, "height": 1,
                                           "is_animated": False, "is_video": False}))
    assert tg.fake.calls[before:] == []  # Boris's admin status is cached from /join


async def test_user_text_is_escaped_for_html(tg: World):
    await tg.say(HOST, "/newgame duel")
    await tg.say(ANNA, "/team <b>Owls</b> & Co")
    # The fake refuses unescaped HTML, as Telegram does; the visible text is the raw name.
    assert tg.texts()[-1] == "Team “<b>Owls</b> & Co” registered; Anna is the captain."
    assert "&lt;b&gt;Owls&lt;/b&gt; &amp; Co" in tg.fake.sent(GROUP_ID)[-1].params["text"]


async def test_mentions_become_the_names_the_game_knows(tg: World):
    await tg.started()
    await tg.say(ANNA, "/pick 2")
    await tg.advance(60)
    await tg.say(ANNA, "/answerer @boris_b", entities=[
        {"type": "mention", "offset": 10, "length": 8}])
    assert tg.texts()[-1].endswith("\nBoris answers.")  # under "who answers?"
    assert tg.texts(BORIS["id"]) == ["Your answer, please: write it here."]


async def test_a_mention_of_the_bot_is_dropped(tg: World):
    await tg.say(HOST, f"@{BOT_USERNAME} /help", entities=[
        {"type": "mention", "offset": 0, "length": len(BOT_USERNAME) + 1}])
    assert tg.texts()[-1].startswith("No game here.")


# --- private answers -------------------------------------------------------------------------


async def test_a_private_answer_goes_to_the_host_not_the_group(tg: World):
    await tg.answering()
    group_before = list(tg.texts())
    await tg.say(BORIS, "Eiffel <tower>", in_private=True)
    assert tg.texts(BORIS["id"])[-1] == "Answer received: “Eiffel <tower>”."
    host = tg.fake.sent(HOST["id"])[-1]
    assert host.text.startswith(f"Answer: “Eiffel <tower>”. The author's answer: {tg.answer(2)}")
    assert [(b["text"], b["callback_data"]) for b in host.buttons] == [
        ("Accept", f"{GROUP_ID}|accept"), ("Reject", f"{GROUP_ID}|reject")]
    new_in_group = tg.texts()[len(group_before):]
    assert new_in_group == ["Boris has answered; the answer is with the host."]
    assert not any("Eiffel" in text for text in tg.texts())
    assert not any(tg.answer(2) in text for text in tg.texts())


async def test_with_privacy_mode_a_reply_to_the_question_is_an_answer(tg: World):
    await tg.answering()
    question = next(c for c in tg.fake.sent(GROUP_ID) if c.text.startswith("Question 2."))
    await tg.say(BORIS, "Эйфель", reply_to_message=tg.fake.messages[
        (GROUP_ID, question.result["message_id"])])
    assert tg.texts()[-1] == "Boris has answered; the answer is with the host."
    assert tg.texts(HOST["id"])[-1].startswith("Answer: “Эйфель”.")


async def test_slash_a_answers_in_the_group(tg: World):
    await tg.answering()
    await tg.say(BORIS, "/a Эйфель")
    # The group sees Boris's own message; the bot does not repeat the answer there.
    assert tg.texts()[-1] == "Boris has answered; the answer is with the host."
    assert tg.texts(BORIS["id"])[-1] == "Answer received: “Эйфель”."
    assert tg.texts(HOST["id"])[-1].startswith("Answer: “Эйфель”.")


async def test_a_reply_to_another_bot_message_is_not_an_answer(tg: World):
    await tg.answering()
    named = next(c for c in tg.fake.sent(GROUP_ID) if (c.text or "").endswith("\nBoris answers."))
    before = len(tg.texts())
    await tg.say(BORIS, "Эйфель", reply_to_message=tg.fake.messages[
        (GROUP_ID, named.result["message_id"])])
    assert len(tg.texts()) == before


# --- buttons ---------------------------------------------------------------------------------


async def test_the_host_judges_with_a_button_in_private(tg: World):
    await tg.answering()
    await tg.say(BORIS, "Эйфель", in_private=True)
    suggestion = tg.fake.sent(HOST["id"])[-1]
    before = len(tg.texts())
    await tg.feed(tg.fake.press(HOST, suggestion, "Accept"))
    verdict = tg.texts()[before:]
    assert verdict[0].startswith("Correct! Score 1:0")
    assert f"\nThe answer: {tg.answer(2)}" in verdict[0]  # one message with the verdict
    answered = tg.fake.called("answerCallbackQuery")
    assert len(answered) == 1 and "text" not in answered[0].params
    # Only the host could press it: the keyboard goes once used.
    (removed,) = tg.fake.called("editMessageReplyMarkup")
    assert removed.chat_id == HOST["id"] and "reply_markup" not in removed.params


async def test_a_private_button_reaches_its_own_game(tg: World):
    await tg.answering()
    await tg.say(BORIS, "Эйфель", in_private=True)
    suggestion = tg.fake.sent(HOST["id"])[-1]
    # The host opens a newer game in another group: the newest game is no longer this one.
    other = group(-2002, "Другой клуб")
    await tg.feed(tg.fake.message(other, HOST, "/newgame duel", date=tg.now()))
    before = len(tg.texts())
    await tg.feed(tg.fake.press(HOST, suggestion, "Accept"))
    assert tg.texts()[before].startswith("Correct! Score 1:0")
    assert not any(t.startswith("Correct!") for t in tg.fake.texts(-2002))


async def test_a_group_button_acts_in_the_group(tg: World):
    await tg.started()
    await tg.say(ANNA, "/pick 2")
    await tg.say(HOST, "/pause")
    paused = tg.fake.sent(GROUP_ID)[-1]
    assert paused.text.startswith("The clock is stopped")
    await tg.feed(tg.fake.press(ANNA, paused, "Resume"))
    assert tg.texts()[-1] == "Only the host may use “resume”."
    await tg.feed(tg.fake.press(HOST, paused, "Resume"))
    assert tg.texts()[-1].startswith("The clock runs again")
    assert tg.fake.called("editMessageReplyMarkup") == []  # anyone may press in a group


async def test_foreign_callback_data_is_answered_as_stale(tg: World):
    await tg.started()
    message = tg.fake.sent(GROUP_ID)[-1]
    before = len(tg.texts())
    await tg.feed(tg.fake.update(callback_query={
        "id": "q1", "from": ANNA, "chat_instance": "ci", "data": "something-else",
        "message": tg.fake.messages[(GROUP_ID, message.result["message_id"])]}))
    assert len(tg.texts()) == before
    (answered,) = tg.fake.called("answerCallbackQuery")
    assert answered.params["text"] == "This button no longer works."


# --- deep links and private chats ------------------------------------------------------------


async def test_the_question_carries_a_link_to_the_private_chat(tg: World):
    await tg.started()
    await tg.say(ANNA, "/pick 2")
    question = next(c for c in tg.fake.sent(GROUP_ID) if c.text.startswith("Question 2."))
    (link,) = question.buttons
    assert link["url"] == f"https://t.me/{BOT_USERNAME}?start=g{GROUP_ID}"


async def test_start_with_the_link_greets_and_never_starts_the_game(tg: World):
    await tg.say(HOST, "/newgame duel")
    await tg.say(ANNA, "/team Owls")
    await tg.say(ANNA, f"/start g{GROUP_ID}", in_private=True)
    assert tg.texts(ANNA["id"]) == [
        "Hello, Anna! Your private chat with the bot is open. What is meant for you alone "
        "arrives here: when it is your turn to answer and what the host has to decide. "
        "When you answer, just write the answer in this chat."]
    await tg.say(HOST, "/start", in_private=True)
    assert tg.texts(HOST["id"])[-1].startswith("Hello! I host")
    await tg.say(GLEB, "/start g-777", in_private=True)
    assert tg.texts(GLEB["id"])[-1].startswith("Hello, Gleb! The game this link leads to is gone.")
    assert tg.service.game_in(GAME).state.phase == "lobby"


async def test_a_refused_private_message_is_told_in_the_group_and_delivered_later(tg: World):
    tg.fake.forbidden.add(BORIS["id"])  # Boris never opened the chat with the bot
    await tg.answering()
    notice = tg.fake.sent(GROUP_ID)[-1]
    assert notice.text == ("Boris, I cannot write to you privately. Open the chat with me with "
                           "the button below and press “Start” — what is meant for you will "
                           "arrive there.")
    assert '<a href="tg://user?id=3">Boris</a>' in notice.params["text"]
    assert notice.buttons[0]["url"] == f"https://t.me/{BOT_USERNAME}?start=g{GROUP_ID}"
    tg.fake.forbidden.clear()
    await tg.say(BORIS, f"/start g{GROUP_ID}", in_private=True)
    assert tg.texts(BORIS["id"])[-1] == "Your answer, please: write it here."
    # Told once: a second refusal does not repeat the notice.
    assert sum(t.startswith("Boris, I cannot") for t in tg.texts()) == 1


async def test_an_anonymous_admin_takes_over_and_gets_no_private_text_in_the_group(tg: World):
    await tg.answering()
    anonymous = user(ANONYMOUS_ADMIN_BOT, "Group", username="GroupAnonymousBot")
    anonymous["is_bot"] = True
    await tg.say(anonymous, "/takeover", sender_chat=group())
    assert tg.texts()[-1] == "Клуб hosts the game now."
    await tg.say(BORIS, "Эйфель", in_private=True)
    # The suggestion (with the author's answer) is for the host alone: never the group.
    assert not any("The author's answer" in text for text in tg.texts())
    assert tg.texts()[-1] == ("An anonymous administrator cannot receive private messages. "
                              "To host or to answer, write as yourself.")


async def test_only_an_administrator_takes_over(tg: World):
    await tg.say(HOST, "/newgame duel")
    await tg.say(GLEB, "/takeover")
    assert tg.texts()[-1] == "Only an administrator of this chat can take the game over."
    tg.fake.members[(GROUP_ID, GLEB["id"])] = "administrator"
    tg.adapter.handlers._admins.clear()  # the cached answer is a minute old in real life
    await tg.say(GLEB, "/takeover")
    assert tg.texts()[-1] == "Gleb hosts the game now."


# --- packages --------------------------------------------------------------------------------


async def test_a_package_sent_to_the_group_is_loaded(tg: World):
    await tg.say(HOST, "/newgame duel")
    path = shared_package("02_")
    tg.fake.upload("doc1", path.read_bytes())
    await tg.feed(tg.fake.message(group(), HOST, None, date=tg.now(), document={
        "file_id": "doc1", "file_unique_id": "d1", "file_name": "balt.4s",
        "file_size": path.stat().st_size}))
    assert tg.texts()[-2].startswith("Package “")
    assert tg.texts()[-1] == "The game's package is set: 36 questions."


async def test_other_files_in_the_group_are_not_packages(tg: World):
    await tg.say(HOST, "/newgame duel")
    tg.fake.upload("doc2", b"%PDF-1.4")
    before = len(tg.fake.calls)
    await tg.feed(tg.fake.message(group(), HOST, None, date=tg.now(), document={
        "file_id": "doc2", "file_unique_id": "d2", "file_name": "rules.pdf"}))
    assert tg.fake.calls[before:] == []


async def test_a_package_sent_privately_goes_to_the_hosts_game(tg: World):
    await tg.say(HOST, "/newgame duel")
    tg.fake.upload("doc3", SAMPLE_PACKAGE.read_bytes())
    await tg.feed(tg.fake.message(private(HOST), HOST, None, date=tg.now(), document={
        "file_id": "doc3", "file_unique_id": "d3", "file_name": "sample.txt"}))
    assert any(text.startswith("Package “") for text in tg.texts(HOST["id"]))
    assert tg.texts()[-1].startswith("The game's package is set")


async def test_a_file_too_big_or_lost_is_explained(tg: World):
    await tg.feed(tg.fake.message(private(HOST), HOST, None, date=tg.now(), document={
        "file_id": "big", "file_unique_id": "b", "file_name": "huge.txt",
        "file_size": 30 * 1024 * 1024}))
    await tg.feed(tg.fake.message(private(HOST), HOST, None, date=tg.now(), document={
        "file_id": "gone", "file_unique_id": "g", "file_name": "lost.txt"}))
    assert tg.texts(HOST["id"]) == [
        "The file “huge.txt” is bigger than 20 MB, which a bot cannot download. "
        "Send a smaller package.",
        "I could not download the file “lost.txt”. Please send it again."]


# --- updates and membership ------------------------------------------------------------------


async def test_a_repeated_update_changes_nothing(tg: World):
    update = tg.fake.message(group(), HOST, "/newgame duel", date=tg.now())
    await tg.feed(update)
    await tg.feed(update)
    assert len(tg.texts()) == 1


async def test_removed_from_the_group_the_host_is_told_privately(tg: World):
    await tg.say(HOST, "/newgame duel")
    bot_user = {**tg.fake.me(), "is_bot": True}
    change = {"chat": group(), "from": HOST, "date": tg.now(),
              "old_chat_member": {"status": "member", "user": bot_user},
              "new_chat_member": {"status": "kicked", "user": bot_user, "until_date": 0}}
    told = len(tg.texts(HOST["id"]))
    await tg.feed(tg.fake.update(my_chat_member=change))
    assert tg.texts(HOST["id"])[told:] == [
        "I can no longer write to the group of your game (I was removed or may not write "
        "there). The game is kept: add me back to the group and it can go on."]
    # Sends to the group fail from now on: logged, and the host is not told again.
    tg.fake.forbidden.add(GROUP_ID)
    await tg.say(ANNA, "/team Owls")
    assert len(tg.texts(HOST["id"])) == told + 1
    assert tg.service.game_in(GAME).state.roster.teams  # the game went on
    # Added back: the bot introduces itself.
    tg.fake.forbidden.clear()
    back = {**change, "old_chat_member": change["new_chat_member"],
            "new_chat_member": {"status": "member", "user": bot_user}}
    await tg.feed(tg.fake.update(my_chat_member=back))
    assert tg.texts()[-1].startswith("Hello! I host")


# --- the command menu ------------------------------------------------------------------------


async def test_the_command_menus_are_set_per_scope_and_language(tg: World):
    await tg.adapter.set_commands()
    menus = {(c.params["scope"]["type"], c.params.get("language_code")):
             {m["command"]: m["description"] for m in c.params["commands"]}
             for c in tg.fake.called("setMyCommands")}
    assert set(menus) == {(scope, language) for scope in ("all_group_chats", "all_private_chats")
                          for language in (None, "ru", "en")}
    group_en = menus[("all_group_chats", "en")]
    assert {"newgame", "team", "join", "pick", "answerer", "answer", "help"} <= set(group_en)
    assert group_en["pause"] == "stop the clock"
    # One name for one command: SYNC's alias /register points to /team.
    assert group_en["register"] == "the same as /team: register a team"
    assert list(menus[("all_private_chats", "en")]) == ["start", "help", "score", "answer"]
    assert menus[("all_private_chats", "en")]["start"] == "open the private chat for answers"
    assert menus[("all_private_chats", "ru")]["start"] == "открыть личный чат для ответов"
    assert menus[("all_group_chats", None)] == group_en  # the adapter's own language
    # The club's time zone is a group chat's command, in both languages.
    assert group_en["timezone"] == \
        "[ZONE] — the club's time zone: show it or set it (e.g. Europe/London)"
    assert menus[("all_group_chats", "ru")]["timezone"].startswith("[ПОЯС] — часовой пояс")
