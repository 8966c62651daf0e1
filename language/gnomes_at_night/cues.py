"""Topic and negation cues: treasure and wall words, questions and subjects, fillers, negators,
motion verbs and the idioms that use a direction word for something else ("right now", "up to you").
"""

from __future__ import annotations

_TREASURE = frozenset(
    {
        "treasure",
        "treasures",
        "gem",
        "gems",
        "jewel",
        "jewels",
        "prize",
        "goal",
        "gold",
        "chest",
        "loot",
        "booty",
        "diamond",
        "target",
    }
)
_WALL_ONE = frozenset({"wall", "blocked", "obstacle", "barrier", "closed", "blocking", "walled", "blocks"})
_WALL_MANY = frozenset({"walls", "obstacles", "barriers"})
_WH = frozenset(
    {"where", "which", "what", "whats", "how", "why", "when", "who", "whose", "wat", "wut", "wheres", "hows"}
)
_AUX = frozenset(
    {
        "is",
        "are",
        "am",
        "do",
        "does",
        "did",
        "can",
        "could",
        "should",
        "would",
        "will",
        "shall",
        "may",
        "have",
        "has",
        "isnt",
        "arent",
        "dont",
        "doesnt",
        "cant",
        "wanna",
        "u",
        "any",
        "r",
        "was",
    }
)
_SUBJECT = frozenset(
    {
        "you",
        "u",
        "i",
        "we",
        "there",
        "the",
        "it",
        "that",
        "this",
        "your",
        "ur",
        "my",
        "any",
        "anything",
        "a",
        "its",
        "he",
        "she",
        "they",
        "me",
        "walls",
        "treasure",
        "left",
        "right",
        "up",
        "down",
        "idea",
        "one",
        "gnome",
        "token",
    }
)
_FILLERS = frozenset(
    {
        "so",
        "ok",
        "okay",
        "and",
        "but",
        "hmm",
        "hm",
        "hmmm",
        "uhh",
        "umm",
        "uhm",
        "erm",
        "ehh",
        "ahh",
        "um",
        "uh",
        "well",
        "then",
        "now",
        "hey",
        "also",
        "oh",
        "btw",
        "ah",
        "alright",
        "k",
    }
)
_NEGATORS = frozenset(
    {"not", "dont", "never", "avoid", "nt", "doesnt", "shouldnt", "wont", "no", "stop", "neither", "nor"}
)
_PAST = frozenset(
    {
        "moved",
        "went",
        "walked",
        "stepped",
        "headed",
        "came",
        "did",
        "was",
        "were",
        "had",
        "already",
        "been",
        "gone",
        "told",
        "asked",
        "suggested",
    }
)
_COGNITIVE = frozenset(
    {
        "see",
        "find",
        "spot",
        "tell",
        "locate",
        "know",
        "say",
        "remember",
        "read",
        "understand",
        "hear",
        "believe",
        "wait",
        "decide",
    }
)
_MOVE_VERBS = frozenset(
    {
        "go",
        "move",
        "head",
        "lets",
        "let",
        "please",
        "try",
        "turn",
        "take",
        "step",
        "keep",
        "walk",
        "pls",
        "plz",
        "get",
        "push",
        "slide",
    }
)
_COMMIT = frozenset({"ill", "im", "moving", "going", "heading", "will", "gonna", "coming"})

_UP_IDIOM_PREV = frozenset(
    {
        "hurry",
        "whats",
        "wats",
        "sup",
        "give",
        "pick",
        "wake",
        "shut",
        "speed",
        "catch",
        "mess",
        "messed",
        "screwed",
        "set",
        "show",
        "cheer",
        "fed",
        "sign",
        "end",
        "ended",
        "fill",
        "warm",
        "grow",
        "line",
        "make",
        "made",
        "shape",
        "hold",
        "listen",
        "man",
        "buck",
        "wrap",
        "sums",
        "sum",
        "open",
        "fess",
        "heads",
        "giving",
        "gave",
        "gives",
        "keep",
        "chin",
        "opening",
        "opens",
        "opened",
        "pops",
        "popped",
        "shows",
        "showed",
        "showing",
        "shown",
    }
)
_DOWN_IDIOM_PREV = frozenset(
    {
        "calm",
        "slow",
        "settle",
        "shut",
        "sit",
        "cool",
        "break",
        "broke",
        "count",
        "letting",
        "tone",
        "narrow",
        "write",
        "wrote",
        "upside",
        "calming",
        "slowing",
        "settling",
        "track",
        "hunker",
        "knock",
        "cut",
        "chill",
        "simmer",
        "quiet",
        "boil",
        "wind",
        "breaks",
        "feeling",
        "feel",
        "feels",
        "felt",
    }
)
_RIGHT_IDIOM_PREV = frozenset(
    {
        "thats",
        "youre",
        "all",
        "quite",
        "exactly",
        "sounds",
        "seems",
        "looks",
        "feels",
        "get",
        "got",
        "alright",
        "yeah",
        "ur",
        "thts",
        "yes",
        "oh",
        "r",
        "remember",
        "recall",
    }
)
_RIGHT_IDIOM_NEXT = frozenset(
    {
        "now",
        "away",
        "there",
        "here",
        "above",
        "below",
        "beneath",
        "underneath",
        "under",
        "behind",
        "beside",
        "at",
        "on",
        "in",
        "back",
        "before",
        "after",
        "where",
        "when",
        "off",
        "by",
        "over",
        "into",
        "onto",
        "through",
        "next",
        "north",
        "south",
        "east",
        "west",
        "near",
        "nearby",
        "around",
    }
)
_LEFT_IDIOM_PREV = frozenset(
    {
        "you",
        "i",
        "we",
        "they",
        "he",
        "she",
        "moves",
        "turns",
        "rounds",
        "time",
        "nothing",
        "anything",
        "something",
        "tries",
        "chances",
        "much",
        "many",
        "any",
    }
)

_FOR_NEXT = frozenset(
    {"another", "a", "it", "that", "this", "round", "game", "more", "some", "one", "anything", "rematch"}
)
"""Words after "up for" / "down for" when they mean "willing to" ("I'm down for another round")."""
_CORRECT_SUBJECTS = frozenset(
    {"map", "memory", "i", "you", "u", "we", "guess", "count", "reading", "maths", "math", "theory", "compass"}
)
"""Subjects of "is/was right" meaning correct ("if my map is right")."""
_TOP_IDIOM_NEXT = frozenset({"work", "job", "notch", "marks", "stuff", "effort", "bloke", "mate", "man", "banana"})
"""Words after "top" that make it praise, not a side ("top work")."""
_CONFUSE = frozenset(
    {"confuse", "confuses", "confusing", "confused", "mix", "mixed", "muddle", "muddled", "mess", "messing"}
)
"""Words of a clause that talks about direction words, not moves ("left and right always confuse me")."""
_SCREEN = frozenset({"screen", "map", "board", "grid", "maze", "display", "window", "page"})
"""Nouns after "the top/bottom of (my)": a place on the player's view, not a move."""
_UNDERSTAND = frozenset(
    {"reading", "read", "understand", "understood", "understanding", "got", "get", "getting", "remember"}
    | {"remembered", "recall", "heard", "hear", "see", "seeing", "saw", "counted", "count", "doing", "did"}
)
"""Verbs before "this/it right" meaning correctly ("if I'm reading this right")."""
