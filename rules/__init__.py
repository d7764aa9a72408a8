"""Pure game rules for Cairn: state, commands, events, scoring and game data.

Standard library only: nothing here knows about Kivy, SQLite, cameras or GPIO.
Each game lives in its own package (``stone_age``, ``prehistories``, ``stone_tribe``).
"""
