"""The headless sub-commands of ``main.py``. Each module offers ``add_arguments(parser)`` and ``run(args) -> int``."""
