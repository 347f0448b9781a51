"""The club's calendar: dates and times as a club reads them, in its time zone.

``bot.calendar.zone`` turns UTC moments into the club's local days and times and a host's
local date and time into UTC (DST included); ``bot.calendar.chats`` keeps each chat's zone.
Everything else in the bot keeps UTC: only what a person types or reads is local.
"""
