"""The phrase patterns the parser reads statements and questions with (hedges taken back, corrections,
retractions, placements, exceptions)."""

from __future__ import annotations

import re

from language.dialop_optimization import lexicon as lx

LUKEWARM = re.compile(
    r"\b(?:decent|good|ok|okay|fine|solid|alright|average)\b[^.,;!?]{0,40}?\bbut\s+not\s+(?:that\s+|very\s+|super\s+|so\s+)?"
    r"(?:great|amazing|the\s+best|super|ideal|excellent|good|outstanding|stellar)\b"
)


LUKECOLD = re.compile(
    r"\b(?:red|bad|low|pink|weak|poor)\b[^.;!?]{0,40}?\bbut\s+not\s+(?:terrible|horrible|awful|that\s+bad|too\s+bad|so\s+bad"
    r"|the\s+worst)\b"
)
"""A low cue taken back ("it's red but not terrible"): no rating, as "decent but not great"."""


TOP_BUT = re.compile(
    r"\b(?:highest|best?|top|strongest)\b[^.;!?]{0,60}?\bbut\s+(?:it'?s\s+|its\s+|it\s+is\s+|that'?s\s+|s?he'?s\s+|s?he\s+is\s+)?"
    r"(?:still\s+)?not\s+(?:an?\s+)?(?:(?:extremely|very|super|that|really|too|so|particularly)\s+)?(?:high|great|good|amazing|strong|green|dark)\b"
)
"""The top of a column taken back ("the highest I see, but it is not extremely high"): no rating."""


NO_GREEN = re.compile(r"\bno\s+(?:(?:dark|light|real)\s+)?greens?\b")


TOP = re.compile(r"\b(?:best|highest|top)\b")


DARKER = re.compile(r"\b(?:even\s+)?darker\b(?!\s+than)")


def lukewarm(match: re.Match[str]) -> str:
    """ "decent at BLEU but not great" rates nothing: its cue words become "so-so", its names stay."""
    words = match.group().split()
    cut = len(words) - 1 - words[::-1].index("but")
    return " ".join(["so-so", *words[1:cut]])


CORRECTION = re.compile(
    r"\b(?:actually|wait|misread|mistake|my\s+bad|scratch|correction|i\s+meant?|oops|sorry|rather|instead|typo)\b"
)


BUT = re.compile(r"\b(?:but|except|besides|other\s+than|apart\s+from|aside\s+from)\b")


RETRACTION = re.compile(
    r"\b(?:ignore\s+(?:that|this|it|what\s+i\s+(?:just\s+)?said|me|my\s+last)|never\s*mind|nvm|scratch\s+that"
    r"|disregard(?:\s+(?:that|this|it|my\s+last))?|forget\s+(?:that|it|what\s+i\s+(?:just\s+)?said))\b"
)


OPINION = re.compile(r"\bsee\s+\w+(?:\s+\w+)?\s+(?:handling|doing|working|being|reviewing|fitting|going|taking|as)\b")


OPENERS = lx.QUESTION_OPENERS | {"would", "should", "will", "have", "has", "had", "why", "when"}


ALREADY_PLACED = re.compile(r"\b(?:already|currently)\b")
"""A reviewer said to be placed already ("since we already have Andrei there") is not the next "he"."""


PLACING = re.compile(r"\b(?:put|place|move|assign|switch|swap|lock|keep|stick|throw|toss)\b")


WE_PLACE = re.compile(r"\b(?:we|i)\s+(?:can|could|should)\s+(?:go|put|do|try|move|swap|assign|lock|use|place)\b")


INDEFINITE = re.compile(r"\b(?:a|an|any|anyone|anybody|someone|somebody)\b")


BOARD_ASK = re.compile(r"\b(?:have|has|see|seeing|got|show|showing|know)\b")
"""A question about what the other side's board holds ("what do you have there?"), not its opinion."""


MODAL_REVIEWER = re.compile(r"(?:so\s+|and\s+|then\s+)?(?:can|could|should)\s+([a-z']+)\b(?:\s+([a-z']+))?")


MOVES = frozenset({"go", "take", "move", "switch", "swap", "slide", "shift"})


WH_START = frozenset({"what", "where", "who", "which", "how", "why", "when", "whom"})


EXPLICIT_REF = re.compile(
    r"\bthere\b|\bthat\s+(?:paper|one|area|category|field|column|subject|topic|square|spot|slot|cell)\b"
)


ALSO = re.compile(r"(?<!\bi\s)(?<!\bwe\s)(?<!\bi'd\s)(?<!\bi'll\s)\b(?:also|too|as\s+well)\b")
"""A reviewer "also" good (not the speaker: "I also have Ava as a bright green")."""


WHOLE_ROW = re.compile(
    r"\b(?:at\s+all|any(?:thing|\s+papers?|\s+of\s+them)?|every\w*|all|complete(?:ly)?|total(?:ly)?|entire(?:ly)?|whole|rest|others?|else)\b"
)
"""Words that keep an unseen claim about a reviewer a whole row after a statement set the paper."""


AT_ALL = re.compile(r"\b(?:at\s+all|whatsoever|completely|totally|entirely|everywhere|any\s+(?:papers?|of\s+them))\b")


SUBSET = re.compile(
    r"\b(?:unselected|unassigned|remaining|available|left|open|free|untaken|unpicked|other|else|any\s+(?:\w+\s+)?(?:person|one|reviewer))\b"
)
"""Words that narrow a column to some of its reviewers ("no info on GLUE for any unselected person")."""


NOT_SAY = re.compile(
    r"\b(?:wouldn'?t|would\s+not|won'?t)\s+say\s+((?:[a-z']+\s+){0,4}?)(?:a\s+|an\s+)?(?:bad|terrible|poor|awful)\b"
)


FOR_PAIR = re.compile(r"^(?!(?:and|also|plus|then|or)\b)[a-z']+(?:\s+[a-z']+)?\s+for\s+[a-z']+$")


MY_BOARD = re.compile(r"\b(?:of\s+mine|(?:on|in|of)\s+my\s+(?:board|end|side|table|chart|grid|cells|squares|list))\b")


EXCEPTED_NAME = re.compile(
    r"\b(?:outside\s+of|besides|except(?:\s+for)?|other\s+than|apart\s+from|aside\s+from)\s+([a-z']+)"
)


ASIDE = re.compile(r",\s*(?:just\s+)?(?:like|unlike)\s+[a-z']+(?:\s+[a-z']+)?\s*,")


DEMONSTRATIVE = re.compile(r"\b(?:these|those)\b")


PARTIAL = re.compile(r"\b(?:most|some|many|several|few|half|almost|nearly|mostly)\b")


RENAMING = re.compile(r"\b(?:i\s+meant?|sorry|typo|oops|my\s+bad|correction|misread|misspoke)\b")


PLURAL = frozenset({"they", "them", "their", "they're", "they'd", "both", "those", "these"})


SEMICOLON_S = re.compile(r"(?<=[a-z]);(?=s\b)")


EXCEPTION = re.compile(r"\b(?:except|besides|other\s+th[ae]n|apart\s+from|aside\s+from|but\s+for)\b")


GOOD_FOR_ME = re.compile(
    r"\b(?:is|are|looks?|seems?)\s+(?:really\s+|very\s+|pretty\s+)?(?:good|great)\s+(?:for|to|with)\s+me\b"
)
"""A cell "good for me" (a rating when it answers "who is best for X?")."""
