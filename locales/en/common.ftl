# Common strings
error-internal = Something went wrong. The host can go on with the game; the error has been logged.
