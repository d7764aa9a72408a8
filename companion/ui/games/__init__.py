"""Per-game screens; each game's package registers itself with ``companion.ui.registry``."""
