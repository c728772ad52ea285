"""Entry point for `python -m lab`: the lab's commands (`cli`)."""

import sys

from pygame_core.cli import run_program

from .cli import COMMANDS

sys.exit(run_program(COMMANDS, "python -m lab"))
