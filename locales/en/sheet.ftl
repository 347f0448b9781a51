## The answer sheet and the jury desk (a Telegram Mini App, or a private link's page)
sheet-title = Answer sheet
sheet-js-title = Answer sheet
sheet-js-field = Your team's answer
sheet-js-send = Hand in
sheet-js-desk = Jury desk
sheet-js-offline = No connection to the bot. Check your internet and try again.
sheet-js-left = Time left: { $time }
sheet-js-accept = Right
sheet-js-reject = Wrong
sheet-js-auto = decided by the bot
sheet-js-suggest-accept = the bot suggests: right
sheet-js-suggest-reject = the bot suggests: wrong
sheet-js-suggest-unsure = the bot is not sure
sheet-js-verdict-accept = judged right
sheet-js-verdict-reject = judged wrong
sheet-js-appeals = Appeals
sheet-js-vote-yes = Accept the appeal
sheet-js-vote-no = Reject the appeal
sheet-js-defer = Defer for checking
sheet-js-queue = Open the club tables' answers for judging
sheet-role-host = You host this game.
sheet-role-captain = You captain “{ $team }”.
sheet-role-answerer = You hand in the answers of “{ $team }”.
sheet-role-player = You play for “{ $team }”: your captain hands in the answers.
sheet-tv-role-member = You play for “{ $team }”: any of its players may hand in the team's answer.
sheet-question-open = Question { $number }: answers are open.
sheet-question-reading = Question { $number } is being sent to the chat.
sheet-question-closed = Question { $number }: answers are closed.
sheet-no-question = No question has been asked yet.
sheet-clock-paused = The clock is stopped.
sheet-receipt = Received: “{ $text }”, at { $time } UTC. Only the last answer before the deadline counts.
sheet-answer-given = Your team's answer: “{ $text }”, received at { $time } UTC.
sheet-no-answer = Your team has not handed in an answer to this question.
sheet-team-sits-out = Your team does not answer this question.
sheet-tv-central = Your team is at the central table: it answers aloud and hands in no written answer.
sheet-verdict-pending = The hosts are still judging.
sheet-verdict-right = Judged right.
sheet-verdict-wrong = Judged wrong.
sheet-line = Your team: place { $place } of { $teams }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
desk-window-open = Answers to question { $number } are still open: they show here once they close.
desk-question = Question { $number }, the author's answer: { $answer }
desk-tv-queue = The club tables handed in { $count ->
        [one] { $count } answer
       *[other] { $count } answers
    } to question { $number }: open them for judging and they show here in groups.
desk-accepted = Also accepted: { $lines }
desk-rejected = Not accepted: { $lines }
desk-appeal-heading = “{ $team }”, question { $number }: { sync-appeal-kind }
desk-appeal-answer = The team's answer: “{ $answer }”
desk-appeal-evidence = Evidence: { $text }
desk-appeal-deferred = Deferred for checking: the jury decides by { $deadline } UTC.
desk-appeal-votes = Votes cast: { $cast } of { $jurors }.
desk-appeal-accepted = The jury accepted it; its decision is final.
desk-appeal-rejected = The jury rejected it; its decision is final.
desk-group-teams = { $count ->
        [one] { $count } team
       *[other] { $count } teams
    }
desk-left = { $count ->
        [0] Every group is judged.
        [one] { $count } group left to judge.
       *[other] { $count } groups left to judge.
    }
sheet-link-group = The answer sheet of this game (captains hand in there; hosts judge there): { $url }
sheet-ask-privately = Your own link to the answer sheet comes in your private chat with the bot: send it this same command there. Never share that link: whoever has it hands in for you.
sheet-link-personal = Your own link to the answer sheet, valid for 12 hours. Do not share it: whoever has it hands in for you. { $url }
sheet-no-game-of-yours = You take part in no running game with an answer sheet: the sheet is for the teams and hosts of a synchronous game and of a game under TV rules.
sheet-no-game = This link names no game. Open the sheet again from the link in your game's chat.
sheet-refused-signature = Telegram's signature of this page does not match: open the sheet again from the link in your game's chat.
sheet-refused-stale = This page was opened too long ago: close it and open the sheet again from the link in your game's chat.
sheet-refused-link = This link is not valid: ask the bot for a new one in your game.
sheet-refused-expired = This link has expired: ask the bot for a new one in your game.
sheet-refused-replayed = This request was already received: nothing was done again.
sheet-format-unsupported = This game has no answer sheet: its answers are given in the chat.
sheet-refused-stranger = You have no part in this game: only its teams and its hosts can use this page.
sheet-not-allowed = Only { $roles } may do this.
sheet-bad-request = The page sent something the bot cannot read: reload the page and try again.
