"""The club's calendar: dates and times as a club reads them, in its time zone, the games it
schedules and the steps the bot takes by itself for them.

``bot.calendar.zone`` turns UTC moments into the club's local days and times and a host's
local date and time into UTC (DST included); ``bot.calendar.chats`` keeps each chat's zone and
``bot.calendar.timezone`` is its ``/timezone`` command. ``bot.calendar.schedule`` holds the
scheduled games and their steps as values, ``bot.calendar.jobs`` arms and runs the steps, and
``bot.calendar.command`` is the ``/schedule`` command. Everything else in the bot keeps UTC:
only what a person types or reads is local.
"""
