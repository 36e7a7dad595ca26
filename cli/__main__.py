"""``python -m cli ARGS``: the ``station`` command (cli/main.py) without the installed script."""
import sys

from .main import main

sys.exit(main())
