"""The room lexicon: names, strong and weak synonyms, the letters that are also words, and the
cached per-board lexicon that spells a name with one cheap typo back to its room.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from games.traveling_adventurers import ROOM_CATALOGUE
from language.traveling_adventurers.normalize import _normalize, _tokenize

ROOM_SYNONYMS: dict[str, tuple[str, ...]] = {
    "L": (
        "living room",
        "livingroom",
        "lounge",
        "sitting room",
        "living area",
        "family room",
        "front room",
        "home base",
        "main room",
        "living space",
        "lounge room",
        "lr",
    ),
    "E": (
        "empty room",
        "emptyroom",
        "spare room",
        "vacant room",
        "bare room",
        "unfurnished room",
        "empty one",
        "vacant one",
        "spare one",
        "bare one",
        "blank room",
        "unused room",
        "empty space",
        "unoccupied room",
        "unoccupied one",
        "room with no furniture",
        "room without furniture",
        "one with no furniture",
    ),
    "B": (
        "bathroom",
        "bath room",
        "restroom",
        "washroom",
        "toilet",
        "loo",
        "powder room",
        "wc",
        "lavatory",
        "shower room",
        "lav",
        "lavvy",
        "bog",
        "john",
    ),
    "K": ("kitchen", "kitchenette", "cooking area", "cooking room", "kitchen area", "galley", "where we cook"),
    "C": (
        "children's room",
        "childrens room",
        "children room",
        "child's room",
        "child room",
        "kids room",
        "kid's room",
        "kids' room",
        "kidsroom",
        "kid room",
        "nursery",
        "kids bedroom",
        "kid's bedroom",
        "kids' bedroom",
        "children's bedroom",
        "childrens bedroom",
        "child's bedroom",
        "little ones room",
        "little ones' room",
        "little one's room",
        "little ones bedroom",
        "little ones' bedroom",
        "little one's bedroom",
        "kiddos bedroom",
        "kiddos room",
        "kiddie room",
        "kiddies room",
        "kiddie's room",
        "kiddies' room",
        "kiddo room",
        "baby's room",
        "babys room",
        "baby room",
        "nursery room",
    ),
    "A": ("attic", "loft", "attic space", "attic room", "loft space", "garret", "roof space"),
    "G": ("garden", "yard", "backyard", "back yard", "back garden", "lawn"),
    "P": (
        "playroom",
        "play room",
        "games room",
        "game room",
        "rumpus room",
        "toy room",
        "rec room",
        "recreation room",
        "play area",
    ),
    "D": (
        "dining room",
        "diningroom",
        "dinning room",
        "dining hall",
        "dining area",
        "dining space",
        "eating area",
        "where we eat",
    ),
    "S": ("study room", "studyroom", "library", "room with the books", "room with all the books"),
    "T": ("terrace", "patio", "balcony"),
    "M": ("music room", "musicroom", "piano room", "room with the piano"),
    "W": ("workshop", "work shop", "workroom", "work room"),
    "O": ("office", "home office"),
}
"""Strong synonyms: recognised wherever they occur."""

_WEAK_SYNONYMS: dict[str, tuple[str, ...]] = {
    "L": ("living", "base", "den"),
    "E": ("empty", "vacant", "unfurnished"),
    "B": ("bath",),
    "C": ("kids", "children", "childrens", "kiddos"),
    "D": ("dining",),
    "S": ("study",),
    "M": ("music",),
}
"""Weak synonyms are ordinary words too: they count only after "the"/"from"/an arrow, or in a path."""

_AMBIGUOUS_LETTERS = frozenset({"A", "O", "I"})


_GLUED_MAX = 14
"""The longest two-word room name also read written as one word ("childrensroom")."""


def _name_key(name: str) -> tuple[str, ...]:
    return tuple(t.key for t in _tokenize(_normalize(name)) if t.kind == "word")


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


_SPELLED_MAX = 65_536
"""The most looked-up words a lexicon remembers."""


@dataclass(frozen=True)
class _Lexicon:
    board: tuple[str, ...]
    by_first: dict[str, list[tuple[tuple[str, ...], str, bool]]]
    fuzzy_index: dict[str, frozenset[str]]
    vocabulary: frozenset[str]
    longest: int  # letters of the longest word a typo can stand for
    # words already looked up -> canonical(word); shared by the board views of one lexicon, whose
    # words and typo index are the same
    _spelled: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def canonical(self, key: str) -> str:
        """The lexicon word ``key`` spells (exactly or with one cheap typo), else ``key``.

        Words longer than any lexicon word by two letters or more are no typo of one, and are not
        searched: the search costs the square of the word's length.
        """
        if key in self.vocabulary or len(key) < 4 or len(key) > self.longest + 1 or not key.isalpha():
            return key
        spelled = self._spelled.get(key)
        if spelled is None:
            if len(self._spelled) >= _SPELLED_MAX:
                self._spelled.clear()
            spelled = self._spelled[key] = self._typo_of(key)
        return spelled

    def _typo_of(self, key: str) -> str:
        hits: set[str] = set()
        for variant in {key} | _deletes(key):
            hits |= self.fuzzy_index.get(variant, frozenset())
        hits = {h for h in hits if h[0] == key[0] and abs(len(h) - len(key)) <= 1}
        if len(key) == 4:  # short words only as a dropped letter: "atic"
            hits = {h for h in hits if key in _deletes(h)}
        return next(iter(hits)) if len(hits) == 1 else key


def _lexicon(rooms: tuple[tuple[str, str], ...]) -> _Lexicon:
    """The lexicon of a board: the catalogue's (built once, at import) unless the board renames rooms."""
    extra = tuple((letter, name) for letter, name in rooms if ROOM_CATALOGUE.get(letter) != name)
    if not extra:
        return _board_view(tuple(r for r, _ in rooms))
    return _build_lexicon(rooms, extra)


@lru_cache(maxsize=64)
def _board_view(board: tuple[str, ...]) -> _Lexicon:
    return replace(_CATALOGUE_LEXICON, board=board)


@lru_cache(maxsize=64)
def _build_lexicon(rooms: tuple[tuple[str, str], ...], extra: tuple[tuple[str, str], ...] = ()) -> _Lexicon:
    entries: list[tuple[tuple[str, ...], str, bool]] = []
    for letter, names in ROOM_SYNONYMS.items():
        entries += [(_name_key(n), letter, False) for n in (ROOM_CATALOGUE[letter], *names)]
    for letter, names in _WEAK_SYNONYMS.items():
        entries += [(_name_key(n), letter, True) for n in names]
    for letter, name in extra:  # names a board gives its rooms, if they differ from the catalogue
        entries.append((_name_key(name), letter, False))
    glued = {
        ("".join(words),): letter
        for words, letter, weak in entries
        if not weak and len(words) == 2 and len("".join(words)) <= _GLUED_MAX
    }  # "childrensroom", "diningarea": a two-word name written as one word (exact spelling only)
    known = {words for words, _, _ in entries}
    entries += [(words, letter, False) for words, letter in glued.items() if words not in known]
    by_first: dict[str, list[tuple[tuple[str, ...], str, bool]]] = {}
    fuzzy: dict[str, set[str]] = {}
    vocab: set[str] = set()
    for words, letter, weak in entries:
        if not words:
            continue
        by_first.setdefault(words[0], []).append((words, letter, weak))
        for w in words:
            vocab.add(w)
            if not weak and len(w) >= 5 and (words not in glued or words in known):
                for variant in {w} | _deletes(w):
                    fuzzy.setdefault(variant, set()).add(w)
    for lst in by_first.values():
        lst.sort(key=lambda e: (-len(e[0]), e[2]))
    return _Lexicon(
        board=tuple(r for r, _ in rooms),
        by_first={k: v for k, v in by_first.items()},
        fuzzy_index={k: frozenset(v) for k, v in fuzzy.items()},
        vocabulary=frozenset(vocab),
        longest=max((len(w) for words in fuzzy.values() for w in words), default=0),
    )


_CATALOGUE_LEXICON = _build_lexicon(tuple(ROOM_CATALOGUE.items()))
