## The club's calendar: /schedule (dates and times are local, in the club's time zone)

usage-schedule = { CMD("schedule") } — the chat's games to come; { CMD("schedule", "add") } FORMAT YYYY-MM-DD HH:MM [weekly] [KIND] — schedule a game (duel, sync or tv; "weekly" — every week on the same day and hour; KIND, for sync only: qualifying or championship, which both count in the season; none: a training game); { CMD("schedule", "move") } N YYYY-MM-DD HH:MM — move game N; { CMD("schedule", "cancel") } N — cancel game N
calendar-not-host = Only a host changes the calendar: an administrator of the chat or the host of its game. Anyone may see it ({ CMD("schedule") }).
calendar-unknown-format = There is no format “{ $format }”. Formats: { $formats }. For example: { CMD("schedule", "add") } sync 2026-12-11 19:00.
calendar-bad-date = “{ $date }” is not a date and time. Write YYYY-MM-DD HH:MM, for example { CMD("schedule", "add") } sync 2026-12-11 19:00.
calendar-zone-unknown = There is no time zone “{ $zone }”. Use a name from the IANA database, such as Europe/Moscow.
calendar-time-skipped = At { $date } ({ $zone }) the clocks go forward: that time does not exist that day. Schedule the game at another time.
calendar-time-twice = At { $date } ({ $zone }) the clocks go back: that time happens twice. Schedule the game at another time.
calendar-date-past = { $date } ({ $zone }) has passed: schedule the game in the future.
calendar-sync-too-soon = A synchronous game's registration and team questions close { $days ->
    [one] { $days } day
   *[other] { $days } days
} before it, and { $date } ({ $zone }) is sooner than that. Schedule the game later.
calendar-overlap = Game { $number } of this chat is at that time: { $date } ({ $zone }). Two games of one chat start at least three hours apart.
calendar-no-entry = There is no game { $number } in this chat's calendar. The calendar is at { CMD("schedule") }.
calendar-sync-announced = Synchronous game { $number } is announced and its registration is open: it cannot be moved. Cancel it ({ CMD("schedule", "cancel") } { $number }) and schedule it again.
calendar-league-move = Game { $number } is a league game day: the league's plan sets its dates. To change them: { CMD("league", "plan") } YYYY-MM-DD HH:MM.
calendar-scheduled = Game { $number } is in the calendar: { calendar-game }, { $date } ({ $zone }){ $weekly ->
    [true] , every week
   *[other] {""}
}. The bot announces it, reminds of it and opens it for the host at the time.
calendar-moved = Game { $number } moved: { calendar-game }, { $date } ({ $zone }).
calendar-cancelled = Game { $number } ({ calendar-game }, { $date }) cancelled.
calendar-empty = No games in this chat's calendar. To schedule one: { CMD("schedule", "add") } FORMAT YYYY-MM-DD HH:MM.
calendar-game = { $format ->
    [duel] Duel
    [sync] Sync{ calendar-kind }
    [tv] TV
    [league] a league game day
   *[other] { $format }
}
calendar-kind = { $kind ->
    [qualifying] , qualifying
    [championship] , championship
   *[other] {""}
}
calendar-list = The calendar ({ $zone }):
    { $games }
calendar-line = { $number }. { calendar-game }, { $date }{ $weekly ->
    [true] , every week
   *[other] {""}
}

## What the bot does by itself

calendar-announce = A game: { calendar-game }, { $date } ({ $zone }){ $weekly ->
    [true] , and so every week
   *[other] {""}
}. At the time the bot opens the game for the host; teams register in the game: { CMD("team") } NAME.
calendar-questions = Captains: registration and the team questions close at { $deadline } ({ $zone }), and not every team has sent its three questions: { $teams }. To send one: { CMD("question") }.
calendar-fee = The fee for the game on { $date } ({ $fee } per team) is not recorded for { $count ->
    [one] team
   *[other] teams
} { $teams }. Captains pay it before the game.
calendar-day = Reminder: a game ({ calendar-game }) on { $date } ({ $zone }).
calendar-hour = In an hour, at { $date } ({ $zone }), a game: { calendar-game }.
calendar-open = Time for the game ({ calendar-game }, { $date }): it is open. { $host }, start when everyone is here.
calendar-open-busy = Time for the game ({ calendar-game }, { $date }), but the chat's game is still on. { $host }, when it ends, open this one: { $format ->
    [duel] { CMD("newgame", "duel") }
    [sync] { CMD("newgame", "sync") }
   *[tv] { CMD("newgame", "tv") }
}.
calendar-league-day = League “{ $league }”, { league-when }: tomorrow, { $date } ({ $zone }). Two games: the season's games { $first } and { $second }.
calendar-league-open = League “{ $league }”, { league-when }: time to play, { $date } ({ $zone }). We play the season's games { $first } and { $second }.
