"""Entry point for `python -m pygame_core`: the rules' commands and the AI's."""

import sys

from .ai.cli import COMMANDS as AI_COMMANDS, MOVED_TO_LAB
from .cli import COMMANDS, run_program
from .lessons.cli import COMMANDS as LESSON_COMMANDS

sys.exit(run_program(COMMANDS + AI_COMMANDS + LESSON_COMMANDS, "python -m pygame_core", MOVED_TO_LAB))
