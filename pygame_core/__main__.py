"""Entry point for `python -m pygame_core`: the rules' commands and the AI's."""

import os
import sys

from .ai.cli import COMMANDS as AI_COMMANDS
from .cli import COMMANDS, main
from .lessons.cli import COMMANDS as LESSON_COMMANDS

try:
    status = main(None, COMMANDS + AI_COMMANDS + LESSON_COMMANDS)
    sys.stdout.flush()
except BrokenPipeError:  # the reader went away (`... | head`): stop quietly, as Unix tools do
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 1
sys.exit(status)
