"""Directions: the move words with their typos, single letters, arrows and emoji, and the grid
steps of each move.
"""

from __future__ import annotations

from language.flags import Move

_DIR_ORDER: tuple[Move, ...] = ("right", "up", "left", "down")
_DX: dict[str, int] = {"left": -1, "right": 1}
_DY: dict[str, int] = {"up": -1, "down": 1}

# ---- lexicon -------------------------------------------------------------------------------------

_BASE_DIRS: dict[str, tuple[Move, ...]] = {
    "left": ("left",),
    "right": ("right",),
    "up": ("up",),
    "down": ("down",),
    "west": ("left",),
    "east": ("right",),
    "starboard": ("right",),
    "north": ("up",),
    "south": ("down",),
    "top": ("up",),
    "bottom": ("down",),
    "above": ("up",),
    "below": ("down",),
    "beneath": ("down",),
    "under": ("down",),
    "underneath": ("down",),
    "upper": ("up",),
    "lower": ("down",),
    "upward": ("up",),
    "upwards": ("up",),
    "downward": ("down",),
    "downwards": ("down",),
    "leftward": ("left",),
    "leftwards": ("left",),
    "rightward": ("right",),
    "rightwards": ("right",),
    "westward": ("left",),
    "westwards": ("left",),
    "eastward": ("right",),
    "eastwards": ("right",),
    "northward": ("up",),
    "northwards": ("up",),
    "southward": ("down",),
    "southwards": ("down",),
    "northwest": ("up", "left"),
    "nw": ("up", "left"),
    "ne": ("up", "right"),
    "sw": ("down", "left"),
    "se": ("down", "right"),
    "northeast": ("up", "right"),
    "southwest": ("down", "left"),
    "southeast": ("down", "right"),
    "topleft": ("up", "left"),
    "topright": ("up", "right"),
    "bottomleft": ("down", "left"),
    "bottomright": ("down", "right"),
    "upleft": ("up", "left"),
    "upright": ("up", "right"),
    "downleft": ("down", "left"),
    "downright": ("down", "right"),
    # common slips not covered by the generated typos
    "rite": ("right",),
    "dowm": ("down",),
    "doen": ("down",),
    "dpwn": ("down",),
    "lefr": ("left",),
    "lefy": ("left",),
    "lwft": ("left",),
    "rigjt": ("right",),
    "rught": ("right",),
    "righr": ("right",),
    "uo": ("up",),
    # gamer abbreviations and adjectives ("dn", "rt", "the southern passage")
    "dn": ("down",),
    "rt": ("right",),
    "lft": ("left",),
    "rgt": ("right",),
    "rght": ("right",),
    "southern": ("down",),
    "northern": ("up",),
    "eastern": ("right",),
    "western": ("left",),
    "lefthand": ("left",),
    "upside": ("up",),
    "northbound": ("up",),
    "southbound": ("down",),
    "eastbound": ("right",),
    "westbound": ("left",),
    "righthand": ("right",),
}

_NOT_TYPOS = frozenset({"let", "own", "don", "eft", "ight"})  # real words, or slang ("ight" = alright)


def _typos(word: str) -> set[str]:
    """One transposition or one deletion of ``word`` (only for words of four letters or more)."""
    out: set[str] = set()
    for i in range(len(word) - 1):
        out.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    for i in range(len(word)):
        out.add(word[:i] + word[i + 1 :])
    return {t for t in out if t != word and len(t) >= 3}


def _build_dirs() -> dict[str, tuple[Move, ...]]:
    table = dict(_BASE_DIRS)
    for word in ("left", "right", "down", "north", "south"):
        for typo in _typos(word):
            if typo not in table and typo not in _NOT_TYPOS:
                table[typo] = _BASE_DIRS[word]
    return table


_DIRS = _build_dirs()

_CUE_WORDS = ("treasure", "blocked", "wall", "walls", "cant", "where", "obstacle", "diamond", "stuck", "which")
_NOT_CUE_TYPOS = frozenset({"all", "wall", "can", "cat", "ant", "here", "were", "locked", "suck", "tuck", "whee"})


def _build_cue_typos() -> dict[str, str]:
    table: dict[str, str] = {}
    for word in _CUE_WORDS:
        for typo in _typos(word):
            if typo not in _NOT_CUE_TYPOS and typo not in _BASE_DIRS and typo not in _CUE_WORDS:
                table.setdefault(typo, word)
    return table


_CUE_TYPOS = _build_cue_typos()
"""One slip in a cue word ("wal", "treasue", "cnat", "wher") -> the word."""
_LETTERS: dict[str, Move] = {
    "l": "left",
    "r": "right",
    "u": "up",
    "d": "down",
    "w": "left",
    "e": "right",
    "n": "up",
    "s": "down",
    "v": "down",
}

_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("<--", " left "),
    ("-->", " right "),
    ("<-", " left "),
    ("->", " right "),
    ("<=", " left "),
    ("=>", " right "),
    ("^", " up "),
    ("↖", " up left "),
    ("↗", " up right "),
    ("↘", " down right "),
    ("↙", " down left "),
    ("⬅", " left "),
    ("➡", " right "),
    ("⬆", " up "),
    ("⬇", " down "),
    ("←", " left "),
    ("→", " right "),
    ("↑", " up "),
    ("↓", " down "),
    ("⇐", " left "),
    ("⇒", " right "),
    ("⇑", " up "),
    ("⇓", " down "),
    ("◀", " left "),
    ("▶", " right "),
    ("🔼", " up "),
    ("🔽", " down "),
    ("👈", " left "),
    ("👉", " right "),
    ("👆", " up "),
    ("👇", " down "),
    ("👍", " ok "),
    ("👌", " ok "),
    ("✅", " ok "),
    ("✔", " ok "),
    ("🆗", " ok "),
    ("👎", " nope "),
    ("❌", " nope "),
    ("🚫", " nope "),
    ("⛔", " nope "),
    ("🧱", " wall "),
    ("🛑", " stop "),
    ("✋", " wait "),
    ("⏸", " wait "),
    ("❓", " ? "),
    ("💎", " gem "),
    ("💰", " treasure "),
    ("🏆", " treasure "),
    ("❔", " ? "),
    ("🙄", " eyeroll "),
    ("😒", " eyeroll "),
)
