"""Which files a camera spec may name: still images (a folder of them, or one) and videos, by their
extension (lower case, with the dot)."""
from __future__ import annotations

IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
VIDEO_EXTENSIONS = (".mp4", ".avi", ".mkv", ".mov", ".webm", ".m4v", ".mjpeg", ".mjpg")
