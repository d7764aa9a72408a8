"""Thin adapters from the physical world to plain Python values: buttons, e-dice, cameras.

Every adapter takes an injectable factory (gpiozero pin factory, pyserial URL, camera spec string)
and holds no game logic.
"""
