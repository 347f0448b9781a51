"""The club's calendar: scheduled games and the steps the bot takes by itself for them."""
