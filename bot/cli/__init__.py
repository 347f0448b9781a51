"""The ``chgk-bot`` command line: the entry point and its commands (``main``), the argument
parser (``parser``), the database's care (``admin``), exports (``export``) and the rating
site's files (``rating``)."""
