"""The fonts Cairn draws with: one Noto Sans CJK face per language, cached as a plain .otf.

Noto Sans CJK ships as a collection (.ttc) whose first face is the Japanese variant; Chinese needs the
SC or TC face for the right glyph shapes. SDL_ttf only opens a collection's first face, so at first
start the right face is copied out (raw tables, no re-encoding, well under a second) into
``<data dir>/cache/fonts``. Importing this module does not import Kivy.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

#: where Debian / Raspberry Pi OS put the collections (package fonts-noto-cjk)
CJK_DIRS = (Path("/usr/share/fonts/opentype/noto"), Path("/usr/share/fonts/truetype/noto"))
REGULAR = "NotoSansCJK-Regular.ttc"
BOLD = "NotoSansCJK-Bold.ttc"
#: face index inside the collection for each language (0 JP, 1 KR, 2 SC, 3 TC, 4 HK)
FACE = {"en": 2, "zh_CN": 2, "zh_TW": 3}
FONT_NAME = "CairnSans"


def cache_dir() -> Path:
    """``<data dir>/cache/fonts``."""
    from companion.paths import data_dir

    return data_dir() / "cache" / "fonts"


def find_collection(filename: str = REGULAR) -> Path | None:
    """The installed Noto Sans CJK collection called ``filename``, or None."""
    for folder in CJK_DIRS:
        if (folder / filename).exists():
            return folder / filename
    return None


def extract_face(collection: Path, face: int, target: Path) -> Path:
    """Copy face ``face`` of ``collection`` to ``target`` (once; an existing copy is reused)."""
    if target.exists() and target.stat().st_size > 0:
        return target
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.WARNING)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    font = TTFont(str(collection), fontNumber=face, lazy=True)
    font.save(str(tmp), reorderTables=False)
    font.close()
    os.replace(tmp, target)
    return target


def font_files(language: str) -> tuple[Path, Path] | None:
    """(regular, bold) font files for ``language``, extracted into the cache; None without Noto CJK.

    When the cache cannot be written (read-only data dir), the collection itself is returned: SDL then
    draws its first (Japanese) face, which still has every Chinese character.
    """
    regular = find_collection(REGULAR)
    if regular is None:
        return None
    bold = find_collection(BOLD) or regular
    face = FACE.get(language, 2)
    try:
        folder = cache_dir()
        return (
            extract_face(regular, face, folder / f"NotoSansCJK-Regular-{face}.otf"),
            extract_face(bold, face, folder / f"NotoSansCJK-{'Bold' if bold != regular else 'Regular'}-{face}.otf"),
        )
    except OSError as exc:
        log.warning("cannot cache the CJK font face (%s); using the collection's first face", exc)
        return regular, bold


def register(language: str) -> str:
    """Register the font for ``language`` with Kivy as ``CairnSans`` and return the font name to use.

    Without Noto CJK it logs a warning once and returns Kivy's default font (Chinese then shows boxes).
    """
    from kivy.core.text import LabelBase

    files = font_files(language)
    if files is None:
        log.warning("Noto Sans CJK is not installed (apt install fonts-noto-cjk): Chinese cannot be shown")
        return "Roboto"
    LabelBase.register(FONT_NAME, fn_regular=str(files[0]), fn_bold=str(files[1]))
    return FONT_NAME
