# SYNC appeals (rules/sync/appeals.py, RULES.md SYNC-9..SYNC-11).
# $kind is "double" (a double answer) or "removal"; $number a question's number;
# $deadline a time as the bot shows it, in the club's time zone; $team a team's name.

## Why an appeal action is refused
sync-appeal-captains-only = Only a team's captain files its appeal.
sync-appeal-game-over = The game is over: appeals are filed before its end.
sync-appeal-one-per-game = Your team has already appealed in this game (question { $number }): one appeal per team per game.
sync-appeal-no-such-question = Question { $number } has not been played in this game.
sync-appeal-own-question = Question { $number } is your team's own: its asking team does not appeal it.
sync-appeal-no-text = Say in the appeal why: the text is the jury's reason to look.
sync-appeal-already-removed = Question { $number } has already been removed: it scores no one.
sync-appeal-double-no-answer = Your team handed in no answer to question { $number }: a double answer appeal is for an answer judged wrong.
sync-appeal-double-not-judged = Your answer to question { $number } has not been judged yet: appeal once it is.
sync-appeal-double-was-right = Your answer to question { $number } was judged right: there is nothing to appeal.
sync-appeal-double-already-credited = Your answer to question { $number } has already been credited by an accepted appeal.
sync-appeal-hosts-only = Only the hosts defer an appeal.
sync-appeal-none = There is no such appeal.
sync-appeal-final = The jury has decided this appeal: its decision is final.
sync-appeal-already-deferred = This appeal is already deferred: the jury decides by { $deadline }.
sync-appeal-evidence-not-deferred = Evidence is attached to an appeal deferred for checking; on the spot, the appeal's text is the case.
sync-appeal-deadline-passed = The jury's time ran out at { $deadline }.
sync-appeal-evidence-empty = Attach a text or a link.
sync-appeal-not-juror = You are not on this appeal's jury.
sync-appeal-already-voted = You have voted on this appeal: a vote is cast once.

## What the bot says about appeals
sync-appeal-kind = { $kind ->
        [double] a double answer
       *[removal] removal of the question
    }
sync-appeal-filed = { $team } appeals question { $number }: { sync-appeal-kind }. The jury ({ $jurors } { $jurors ->
        [one] juror
       *[other] jurors
    }) decides.
sync-appeal-juror-asked = You are on the jury: { $team } appeals question { $number } ({ sync-appeal-kind }): "{ $text }". Accept or reject? Your vote is private and cast once.
sync-appeal-vote-recorded = Your vote is recorded ({ $cast } of { $jurors }).
sync-appeal-deferred = The appeal of { $team } on question { $number } is deferred for checking: the jury decides by { $deadline }. The burden of proof is the appealing team's: it may attach texts and links until then.
sync-appeal-reminder = Reminder: the appeal of { $team } on question { $number } waits for your vote; the jury decides by { $deadline }, and without a majority by then it is rejected.
sync-appeal-evidence-added = { $team } attached evidence to its appeal on question { $number }.
sync-appeal-accepted-double = The jury accepts the appeal of { $team } on question { $number }: the answer "{ $answer }" is credited beside the author's. The decision is final.
sync-appeal-accepted-removal = The jury accepts the appeal of { $team }: question { $number } is removed and scores no one. The decision is final.
sync-appeal-rejected = The jury rejects the appeal of { $team } on question { $number }. The decision is final.
sync-appeal-rejected-deadline = The jury's time for the appeal of { $team } on question { $number } ran out without a majority: the burden of proof was the team's, so the appeal is rejected. The decision is final.
sync-appeal-provisional = { $count ->
        [one] One appeal is open
       *[other] { $count } appeals are open
    }: the result is provisional.
