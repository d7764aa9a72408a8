"""Pure functions on numpy images: find dice, count pips, settle detection, annotation.

Imports numpy and cv2 only (and ``rules.errors`` for the error base); never opens a camera.
"""
