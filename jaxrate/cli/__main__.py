"""``python -m jaxrate.cli``."""

import sys

from jaxrate.cli import main

sys.exit(main())
