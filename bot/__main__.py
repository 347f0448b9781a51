"""``python -m bot``: the same as the ``chgk-bot`` command."""

import sys

from bot.cli.main import main

sys.exit(main())
