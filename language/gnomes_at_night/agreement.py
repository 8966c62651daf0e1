"""Agreement, refusal, inability and stay cues (words and phrases), injected instructions,
greetings and the words that only list moves.
"""

from __future__ import annotations

import re

_ACCEPT_WORDS = frozenset(
    {
        "yes",
        "yep",
        "yup",
        "yeah",
        "yea",
        "ya",
        "yah",
        "yas",
        "ye",
        "y",
        "ok",
        "okay",
        "okey",
        "okie",
        "oki",
        "okk",
        "k",
        "kk",
        "kay",
        "sure",
        "done",
        "alright",
        "aight",
        "fine",
        "roger",
        "affirmative",
        "agreed",
        "agree",
        "absolutely",
        "definitely",
        "certainly",
        "correct",
        "perfect",
        "great",
        "cool",
        "thanks",
        "thank",
        "thx",
        "ty",
        "np",
        "deal",
        "gladly",
        "ack",
        "accepted",
        "yessir",
        "gotcha",
        "dokie",
        "okiedokie",
        "bet",
        "noted",
        "sweet",
        "awesome",
        "ta",
        "lovely",
        "cheers",
        "brilliant",
        "righto",
    }
)
_ACCEPT_PHRASES: tuple[tuple[str, ...], ...] = (
    ("aye",),
    ("copy", "that"),
    ("of", "course"),
    ("will", "do"),
    ("on", "it"),
    ("got", "it"),
    ("can", "do"),
    ("no", "problem"),
    ("sounds", "good"),
    ("sounds", "great"),
    ("good", "idea"),
    ("good", "call"),
    ("good", "plan"),
    ("looks", "good"),
    ("all", "good"),
    ("for", "sure"),
    ("go", "ahead"),
    ("you", "got", "it"),
    ("makes", "sense"),
    ("thats", "right"),
    ("that", "is", "right"),
    ("youre", "right"),
    ("all", "right"),
    ("i", "can", "do", "that"),
    ("no", "worries"),
    ("on", "my", "way"),
    ("i", "agree"),
    ("lets", "do", "it"),
    ("why", "not"),
    ("right", "away"),
    ("i", "guess"),
    ("guess", "so"),
    ("i", "suppose"),
    ("suppose", "so"),
    ("if", "you", "insist"),
    ("if", "we", "must"),
    ("if", "i", "must"),
    ("if", "you", "must"),
    ("if", "we", "have", "to"),
    ("if", "you", "really", "want"),
    ("if", "you", "say", "so"),
    ("whatever", "works"),
    ("whatever", "you", "say"),
    ("whatever", "you", "want"),
    ("fair", "enough"),
    ("that", "works"),
    ("thatll", "work"),
)
_COMMIT_PHRASES: tuple[tuple[str, ...], ...] = (
    ("moving",),
    ("moving", "now"),
    ("on", "it"),
    ("going",),
    ("heading",),
    ("doing", "it"),
    ("ill", "try"),
    ("will", "try"),
    ("can", "try"),
    ("let", "me", "try"),
    ("doing", "that"),
)
_REJECT_WORDS = frozenset(
    {"no", "nope", "nah", "nay", "negative", "noo", "nop", "nein", "refuse", "nada", "noway", "na"}
)
_REJECT_PHRASES: tuple[tuple[str, ...], ...] = (
    ("rather", "not"),
    ("i", "dont", "think", "so"),
    ("bad", "idea"),
    ("not", "happening"),
    ("dont", "think", "so"),
    ("not", "a", "good", "idea"),
    ("i", "wont"),
)
_INABILITY_WORDS = frozenset({"cant", "cannot", "couldnt", "unable", "impossible", "stuck", "cnt", "cant't"})
_INABILITY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("can", "not"),
    ("not", "able"),
    ("not", "possible"),
    ("no", "way"),
    ("dead", "end"),
    ("wont", "work"),
    ("doesnt", "work"),
    ("not", "an", "option"),
    ("no", "possible"),
    ("is", "a", "no"),
    ("a", "no", "go"),
    ("nogo",),
    ("no", "good"),
    ("out", "of", "the", "question"),
    ("neither",),
    ("no", "path"),
    ("no", "passage"),
    ("isnt", "possible"),
    ("is", "not", "possible"),
    ("not", "allowed"),
    ("no", "can", "do"),
    ("no", "go"),
    ("not", "an", "option"),
)
_STRONG_STAY_WORDS = frozenset({"stay", "skip", "pass", "stop", "freeze", "remain", "idle", "staying", "halt"})
_STRONG_STAY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("dont", "move"),
    ("do", "not", "move"),
    ("stand", "still"),
    ("sit", "this", "one", "out"),
    ("sit", "this", "out"),
    ("sit", "out"),
    ("sit", "tight"),
    ("no", "move"),
    ("dont", "go", "anywhere"),
    ("stay", "put"),
    ("stay", "where"),
    ("not", "move"),
    ("no", "moving"),
    ("no", "moves"),
)
_WEAK_STAY_WORDS = frozenset(
    {"wait", "hold", "pause", "hang", "sec", "moment", "waiting", "second", "brb", "afk", "mull"}
)
_WEAK_STAY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("not", "yet"),
    ("one", "sec"),
    ("give", "me", "a"),
    ("gimme", "a"),
    ("gimme", "one"),
    ("hold", "on"),
    ("let", "me", "think"),
    ("lemme", "think"),
    ("lemme", "check"),
    ("lemme", "see"),
    ("let", "me", "check"),
    ("let", "me", "look"),
    ("be", "right", "back"),  # "brb": a pause, "right" no move
    ("hold", "that", "thought"),
    ("be", "back"),
    ("think", "it", "over"),
    ("think", "about", "it"),
    ("need", "to", "think"),
)
_INJECTION = re.compile(
    r"\b(ignore|disregard|forget)\b.{0,40}\b(instructions?|rules?|prompts?|previous|above)\b|system prompt|jailbreak|you are now\b|developer mode"
    r"|^\W*(system|assistant|admin)\s*:|\b(respond|reply|answer|output)\s+(only\s+)?with\b"
    r"|\badmin\W+(override|config|mode|command)|\boverride\s*:|\b(reader|parser|bot|model)\s+(config|settings)\b"
    r"|\b(output|return|set|emit)\s+(the\s+)?(flag|json)\b|\bflag\s*\"?\s*[=:]|\bas\s+an\s+(ai|llm|assistant|language model)\b"
    r"|<\s*/?\s*(system|instructions?|prompt)\s*>|\binst\s*,|#+\s*(instruction|system)|\bnew\s+instructions?\b"
    r"|\bfrom\s+the\s+developers?\b|\balways\s+(reply|respond|output|answer|return)\b|\bpretend\s+(you|to\s+be)\b"
    r"|\bforget\s+everything\b|\bdebug\s+mode\b|\bfor\s+every\s+message\b|\"move\"\s*:"
)
_SMALL_TALK = re.compile(
    r"\bhow\s+(are|r)\s+(you|u|ya)( doing)?\b|\bhow(s| is)\s+it\s+going\b|\bhow\s+(you|u)\s+doing\b"
    r"|\bhow\s+do\s+you\s+do\b|\bhow(s|\s+is|\s+was)\s+(your|ur|yr)\s+(day|evening|morning|afternoon|night|weekend|week)\b(\s+going)?"
    r"|\b(are|r)\s+(you|u)\s+(a\s+)?(real\s+)?(bot|robot|human|person|machine|ai|computer|program)\b"
    r"|\b(whats|what\s+is)\s+(your|ur|yr)\s+(name|age|job)\b|\bhow\s+old\s+(are|r)\s+(you|u)\b|\bwhat\s+time\s+is\s+it\b[^.?!]*"
    r"|\bwhere\s+(do|are)\s+(you|u)\s+(live|from)\b|\bhow(s|\s+is)\s+the\s+weather\b[^.?!]*"
)
"""Small talk worded as a question ("how are you"): not a question about the game."""
_GREETING = re.compile(r"^\W*((hey|hi|hello|yo|oh)\W+)?((what'?s|whats|wats|wassup|sup)\s*up\b|w[au]s+up\b)")
_LIST_FILLERS = frozenset(
    {
        "to",
        "the",
        "and",
        "or",
        "on",
        "my",
        "your",
        "of",
        "token",
        "side",
        "also",
        "plus",
        "at",
        "me",
        "us",
        "you",
        "it",
        "gnome",
        "both",
        "directly",
        "just",
        "too",
        "as",
        "well",
        "in",
        "a",
        "one",
        "edge",
        "two",
        "three",
        "four",
        "five",
        "square",
        "squares",
        "tile",
        "tiles",
        "step",
        "steps",
        "cell",
        "cells",
        "space",
        "spaces",
        "more",
        "further",
        "straight",
        "off",
        "far",
    }
)
_EXCEPT = frozenset({"except", "but", "besides", "apart", "other", "only"})
_TREASURE_NEGATIVE = frozenset(
    {
        "cant",
        "cannot",
        "dont",
        "not",
        "no",
        "isnt",
        "nowhere",
        "never",
        "havent",
        "didnt",
        "nt",
        "invisible",
        "hidden",
        "doesnt",
    }
)
_HERE = (
    ("on", "the", "token"),
    ("at", "the", "token"),
    ("own", "cell"),
    ("same", "cell"),
    ("right", "here"),
    ("same", "square"),
)
