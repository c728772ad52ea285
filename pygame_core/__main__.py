"""Entry point for `python -m pygame_core`: the rules' commands and the AI's."""

import sys

from .ai.cli import COMMANDS as AI_COMMANDS
from .cli import COMMANDS, main

sys.exit(main(None, COMMANDS + AI_COMMANDS))
