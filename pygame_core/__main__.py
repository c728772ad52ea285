"""Entry point for `python -m pygame_core`."""

import sys

from .cli import main

sys.exit(main())
