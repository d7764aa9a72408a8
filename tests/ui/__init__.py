"""Helpers for the UI tests: a private Xvfb display and a runner for tests/ui_driver.py."""
