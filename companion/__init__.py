"""The application: the Kivy app and screens, the game session, the event store, settings, i18n.

Only this package imports Kivy, and only inside ``companion.ui``; the rest is importable without a window.
"""
