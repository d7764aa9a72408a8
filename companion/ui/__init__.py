"""The touchscreen app (Kivy). Importing this package does not import Kivy; ``companion.ui.app`` does."""
