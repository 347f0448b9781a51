## The TV club league (TV-7, TV-8, TV-12..TV-14): /league in a chat, chgk-bot league in the terminal
league-when = { $day ->
        [6] the Final
       *[other] day { $day }, { $session ->
            [0] Sunday
           *[other] Wednesday
        }
    }
league-usage = League commands (DAY is 1..5, SESSION sun or wed, times on the club's clock): { CMD("league") } — the standings; { CMD("league", "create") } NAME; { CMD("league", "admin") } NAME; { CMD("league", "join") }; { CMD("league", "approve") } NAME; { CMD("league", "refuse") } NAME; { CMD("league", "end") } NAME; { CMD("league", "members") }; { CMD("league", "plan") } YYYY-MM-DD HH:MM [TABLES]; { CMD("league", "days") }; { CMD("league", "register") } DAY SESSION [NAME]; { CMD("league", "withdraw") } DAY SESSION [NAME]; { CMD("league", "team") } DAY SESSION TEAM: NAME, NAME, …; { CMD("league", "fee") } DAY SESSION NAME|TEAM yes|no; { CMD("league", "teams") } DAY SESSION; { CMD("league", "move") } DAY SESSION NAME N; { CMD("league", "record") } DAY SESSION|final; { CMD("league", "final") } [NAME, … / NAME, …]; { CMD("league", "decline") } NAME; { CMD("league", "select") } NAME, …; { CMD("league", "add") } NAME, …; { CMD("league", "best") } NAME.
usage-league = { CMD("league") } — the club league: the season table; { CMD("league", "join") } — ask to become a member; { CMD("league", "register") } DAY SESSION — register for a game day
league-none = There is no league yet. To create one: { CMD("league", "create") } NAME.
league-none-terminal = There is no league yet. To create one: chgk-bot league create NAME.
league-unknown = There is no league “{ $name }”.
league-exists = The league “{ $name }” exists already.
league-created = The league “{ $name }” is created; you are its administration.
league-not-admin = Only the club administration may do that.
league-unknown-person = I know nobody called “{ $name }”: the person must have written to the bot at least once.
league-ambiguous-person = Several people are called “{ $name }” ({ $count }): be more precise.
league-admin-added = { $name } is one of the club administration now.
league-applied = { $name } asks to become a member; the administration decides.
league-already-applied = Your application waits for the administration already.
league-already-member = Already a member.
league-approved = { $name } is a member of the club: free of charge and with no end date.
league-refused = The application of { $name } is refused.
league-not-applicant = That person has not applied.
league-ended = The membership of { $name } is ended.
league-not-member = That person is not a member of the club.
league-members = { $count ->
        [one] { $count } member
       *[other] { $count } members
    }: { $names }. { $waiting ->
        [0] No applications.
        [one] { $waiting } application: { $applicants }.
       *[other] { $waiting } applications: { $applicants }.
    }
league-not-planned = The season's game days are not planned yet: { CMD("league", "plan") } YYYY-MM-DD HH:MM.
league-plan-not-sunday = The first game day is a Sunday: give a Sunday's date.
league-plan-played = Games are recorded already: the plan cannot change now.
league-schedule = The game days of “{ $league }” (the club's time):
league-session-line = { $when }: { $start }
league-no-day = There is no game day { $day }.
league-no-session = There is no session { $when }.
league-package-set = Game day { $day } plays the same questions in both sessions.
league-package-played = Game day { $day } was played on other questions: they stay.
league-wrong-package = This game was played on other questions than game day { $day }: both sessions of a day play the same questions.
league-registration-closed = Registration for { $when } is closed: it has begun.
league-final-no-registration = Nobody registers for the Final: its teams are formed from the season.
league-registered = { $name } is registered for { $when }.
league-withdrawn = { $name } is no longer registered for { $when }.
league-not-registered = That person is not registered there.
league-day-registered = Already registered for game day { $day }: its two sessions are played by different teams.
league-team-size = A pre-formed team has 1 to { $count } players, its captain among them.
league-team-exists = A team “{ $team }” is registered there already.
league-team-not-members = Every player of a pre-formed team must be a member of the club.
league-team-registered = The pre-formed team “{ $team }” is registered for { $when } ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    }: { $names }); its team fee is paid on site.
league-fee = Fee of { $payer }: { $paid ->
        [yes] paid
       *[no] not paid
    }.
league-fee-unknown = Nobody of that name is registered there.
league-teams-title = Teams for { $when }:
league-team-line = { $number }. { $preformed ->
        [no] a team of individual members
       *[other] “{ $team }” (pre-formed, fee { $paid ->
            [yes] paid
            [no] not paid
           *[other] not recorded
        })
    } — { $count ->
        [one] { $count } player
       *[other] { $count } players
    }: { $names }
league-waiting = Waiting ({ $count }): { $names }
league-no-proposal = The teams are not proposed yet: { CMD("league", "teams") } DAY SESSION.
league-no-team-number = Give a team number from 1 to { $count }, or 0 for the waiting list.
league-preformed-player = A player of a pre-formed team plays in no other team.
league-team-full = That team has { $count ->
        [one] { $count } player
       *[other] { $count } players
    } already.
league-no-game = There is no game #{ NUMBER($id, useGrouping: 0) }.
league-not-tv = Game #{ NUMBER($id, useGrouping: 0) } is not a TV game.
league-game-not-finished = Game #{ NUMBER($id, useGrouping: 0) } is not finished yet.
league-training-game = Game #{ NUMBER($id, useGrouping: 0) } was a training game and counts nowhere.
league-no-finished-game = This chat has no finished TV game.
league-game-recorded = Game #{ NUMBER($id, useGrouping: 0) } is counted already.
league-session-full = That session has its { $count ->
        [one] { $count } game
       *[other] { $count } games
    } already.
league-game-counted = Game #{ NUMBER($id, useGrouping: 0) } counts in { $when }: experts { $experts } — viewers { $viewers }, best player { $best }{ $team ->
        [club] {" "}(the club team)
        [central] {" "}(the central-table team)
       *[other] {""}
    }.
league-standings-title = “{ $league }”: the season table ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    })
league-standings-empty = No game is counted yet.
league-col-place = place
league-col-player = player
league-col-points = points
league-best-players = Best players of the central table ({ $count }): { $names }
league-final-not-formed = The final teams are not formed yet: { CMD("league", "final") } NAME, … (the central-table team) [/ NAME, … (up to 3 of the other best players for the club team)].
league-final-formed = The final teams are formed already.
league-final-teams = The central-table team: { $central }. The club team: { $club }.
league-final-central-six = The central-table team has 6 players: there { $count ->
        [one] is { $count } best player
       *[other] are { $count } best players
    } of the central table, so name six{ $count ->
        [6] {""} (or none: they are the team)
       *[other] {""}
    }.
league-final-central-not-best = With more than six best players of the central table, the team is six of them.
league-final-central-all-best = With fewer than six best players of the central table, every one of them is in the team, topped up to six.
league-final-extras-too-many = Up to 3 of the other best players may join the club team.
league-final-extras-not-best = Only best players of the central table left out of its team may join the club team that way.
league-final-not-member = Every finalist must be a member of the club.
league-not-finalist = That person is in no final team.
league-declined = { $name } declines the place in the final team.
league-selection = A selection game for { $count ->
        [one] { $count } place
       *[other] { $count } places
    } of the club team, among: { $names }. Record its winners: { CMD("league", "select") } NAME, …
league-final-free = { $count ->
        [0] That team is full.
        [one] That team has { $count } free place.
       *[other] That team has { $count } free places.
    }
league-final-not-candidate = Those players may not take that place: the club team takes the selection game's players, the central-table team members in no final team.
league-final-winner = { $team ->
        [club] The club team wins the Final.
        [central] The central-table team wins the Final.
       *[none] Neither team beat the viewers: no winner of the Final.
    }
league-season-best = The best player of the season (Crystal Sphinx): { $name }.
league-reminder = “{ $league }”: { $when } starts at { $start }. Registered ({ $count }): { $names }.
