# Telegram: what the adapter itself says (the game's messages live in game.ftl)

## Private chat
telegram-start = Hello! I host “What? Where? When?” games. Add me to your club's group and start a game there: { CMD("newgame", "duel") }. Answers to the questions are written to me here, in private.
telegram-start-linked = Hello, { $name }! Your private chat with the bot is open. What is meant for you alone arrives here: when it is your turn to answer and what the host has to decide. When you answer, just write the answer in this chat.
telegram-start-no-game = Hello, { $name }! The game this link leads to is gone. Your private chat is open anyway: in the next game I will write here.
telegram-anonymous-private = An anonymous administrator cannot receive private messages. To host or to answer, write as yourself.

## Group
telegram-added = Hello! I host “What? Where? When?” games. The host starts a game with { CMD("newgame", "duel") } and sends the question package file. Everyone who will hand in answers opens a private chat with me once — the button comes with every question.
telegram-private-closed = { $name }, I cannot write to you privately. Open the chat with me with the button below and press “Start” — what is meant for you will arrive there.
telegram-group-unreachable = I can no longer write to the group of your game (I was removed or may not write there). The game is kept: add me back to the group and it can go on.

## Files
telegram-file-too-big = The file “{ $file }” is bigger than { $mb } MB, which a bot cannot download. Send a smaller package.
telegram-download-failed = I could not download the file “{ $file }”. Please send it again.

## Buttons and countdown
telegram-button-stale = This button no longer works.
telegram-button-private = Private chat with the bot
telegram-countdown = ⏳ { $seconds ->
    [one] { $seconds } second left
   *[other] { $seconds } seconds left
}
telegram-someone = Player

## Command menu (setMyCommands)
telegram-command-start = open the private chat for answers
telegram-command-newgame = start a new game (you become the host)
telegram-command-package = load a question package by link (db.chgk.info, gotquestions.online, a file)
telegram-command-register = the same as { CMD("team") }: register a team
