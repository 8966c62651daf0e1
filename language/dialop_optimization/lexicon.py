"""Names and cue words of DialOp Optimization chat: the reviewer and paper lexicon (full names,
unique first or last names, typos, nicknames, paper titles, ordinals) and the rating, unseen,
proposal and question cues the parser reads clauses with."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

MentionKind = Literal["R", "P", "N", "RR", "PR", "PROP"]
"""A mention: a reviewer, a paper, a number, a pronoun for a reviewer ("he", "her"), a reference to
a paper ("it", "there", "that paper") or to the latest proposal ("this proposal")."""

TOKEN = re.compile(r"#?\d+(?:[.,]\d+)?(?:st|nd|rd|th|%|k)?|[a-z][a-z']*")

# ---- names ---------------------------------------------------------------------------------------

NICKNAMES = {
    "dan": "daniel",
    "danny": "daniel",
    "jo": "joseph",
    "joe": "joseph",
    "joey": "joseph",
    "andy": "andrei",
    "andre": "andrei",
    "andrew": "andrei",
    "sophia": "sofia",
    "sophie": "sofia",
    "blue": "bleu",
    "guac": "quac",
    "quack": "quac",
    "gloves": "glove",
    "robert": "roberta",
    "llamma": "llama",
    "quad": "quac",
}
"""Other words people use for a name word (applied only when the name word is in the context)."""

TITLES = {
    "bleu": ("automatic evaluation", "evaluation of mt", "machine translation"),
    "electra": ("text encoders", "discriminators"),
    "glove": ("global vectors", "word representation"),
    "glue": ("multi task benchmark", "language understanding"),
    "llama": ("foundation language models",),
    "roberta": ("robustly optimized",),
    "quac": ("question answering in context",),
    "swag": ("adversarial dataset", "commonsense inference", "commonsense paper"),
}
"""Words of the papers' full titles that name the paper (for the original short titles)."""

ORDINALS = {
    w: i
    for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split())
}
_ORDINAL_DIGITS = re.compile(r"(\d+)(?:st|nd|rd|th)")
_COLUMN_NOUNS = frozenset({"row", "rows", "column", "columns", "col", "paper", "papers", "one", "slot", "spot"})
MASCULINE_PRONOUNS = frozenset({"he", "him", "his", "he's", "he'd", "hes", "himself"})
FEMININE_PRONOUNS = frozenset({"she", "her", "hers", "she's", "she'd", "shes", "herself"})
FEMININE_NAMES = frozenset(
    """
    ava sofia sophia sophie morgan emma olivia mia isabella charlotte amelia harper evelyn abigail emily ella
    elizabeth camila luna avery mila aria scarlett penelope layla chloe victoria madison eleanor grace nora
    riley zoey hannah hazel lily ellie violet zoe stella aurora natalie leah aubrey lucy audrey bella claire
    naomi elena caroline anna maya valentina ruby ivy ariana alice hailey gabriella allison samantha sarah
    eva piper julia maria jessica jennifer linda susan karen nancy lisa mary patricia barbara priya mei yuki
    fatima aisha ana laura rachel rebecca katherine kate amy helen diana
    """.split()
)
"""First names people refer to with "she" / "her" (a name in neither list takes any pronoun)."""
MASCULINE_NAMES = frozenset(
    """
    daniel andrei joseph ethan noah liam oliver elijah james william benjamin lucas henry alexander mason
    michael jacob logan jackson sebastian jack aiden owen samuel matthew david john robert thomas charles
    christopher mark paul steven andrew kevin brian george edward ryan jason eric stephen justin scott
    brandon frank gregory patrick peter carl arthur keith jeremy sean christian albert austin jesse bryan
    bruce ralph roy dylan wayne alan juan louis gabriel vincent harry ivan dmitri sergei mohammed ahmed
    wei hiroshi raj arjun carlos miguel luis omar
    """.split()
)
"""First names people refer to with "he" / "him"."""
REVIEWER_PRONOUNS = frozenset(
    {
        "he",
        "she",
        "him",
        "her",
        "his",
        "hers",
        "he's",
        "she's",
        "he'd",
        "she'd",
        "they",
        "them",
        "their",
        "they're",
        "they'd",
        "hes",
        "shes",
        "himself",
        "herself",
    }
)
PAPER_REFS = frozenset({"it", "it's", "its", "there", "there's"})
_REF_NOUNS = frozenset(
    {"paper", "one", "area", "category", "field", "column", "subject", "topic", "square", "spot", "slot", "cell"}
)
STOPWORDS = frozenset(
    """
    than then also good great glue blue lower more most nothing sure same sorry seems some slightly
    solid anything another and else even each either all any about above really rather glad gonna
    quack equal quite swap swapped was what will with works would perfect pretty paper papers
    reviewer reviewers blank dark decent robert reds red here there they them their these those
    green greens best that this have here none sound sounds
    """.split()
)
FUZZY_CUTOFF = 0.8


@dataclass(frozen=True)
class Mention:
    """One mention in a clause: its kind, the reviewer / paper index or value, and its position."""

    kind: MentionKind
    index: int
    position: int


@dataclass(frozen=True)
class Lexicon:
    """Token phrases -> ("R"|"P", index), longest phrases first; single name words for fuzzy matching."""

    phrases: tuple[tuple[tuple[str, ...], str, int], ...]
    words: dict[str, tuple[str, int]]
    first_words: frozenset[str]
    k_papers: int
    by_first: dict[str, tuple[tuple[tuple[str, ...], str, int], ...]] = field(default_factory=dict)
    fuzzy_cache: dict[str, tuple[str, int] | None] = field(default_factory=dict)
    name_tokens: frozenset[str] = frozenset()
    mention_cache: dict[str, list[Mention]] = field(default_factory=dict)


def words_of(name: str) -> tuple[str, ...]:
    """The tokens of a name."""
    return tuple(TOKEN.findall(name.lower()))


@lru_cache(maxsize=32)
def lexicon(reviewers: tuple[str, ...], papers: tuple[str, ...]) -> Lexicon:
    """Full names, every name word that belongs to a single name (first or last names), nicknames
    and title words of the names present."""
    phrases: dict[tuple[str, ...], tuple[str, int] | None] = {}
    word_owner: dict[str, set[tuple[str, int]]] = {}
    for kind, names in (("R", reviewers), ("P", papers)):
        for index, name in enumerate(names):
            full = words_of(name)
            if full:
                phrases[full] = (kind, index)
            for word in full:
                if not word.isdigit() and word not in ("reviewer", "paper") and len(word) >= 3:
                    word_owner.setdefault(word, set()).add((kind, index))
    words = {w: next(iter(owners)) for w, owners in word_owner.items() if len(owners) == 1}
    for word, owner in words.items():
        phrases.setdefault((word,), owner)
    for nickname, word in NICKNAMES.items():
        if word in words and nickname not in word_owner:
            phrases.setdefault((nickname,), words[word])
    for word, titles in TITLES.items():
        if word in words and words[word][0] == "P":
            for title in titles:
                phrases.setdefault(words_of(title), words[word])
    ordered = sorted(((p, o) for p, o in phrases.items() if o is not None), key=lambda item: -len(item[0]))
    entries = tuple((p, o[0], o[1]) for p, o in ordered)
    by_first: dict[str, list[tuple[tuple[str, ...], str, int]]] = {}
    for entry in entries:
        by_first.setdefault(entry[0][0], []).append(entry)
    return Lexicon(
        entries,
        words,
        frozenset(p[0] for p, _ in ordered),
        len(papers),
        {w: tuple(e) for w, e in by_first.items()},
        {},
        frozenset(t for p in phrases for t in p),
        {},
    )


FUZZY_CACHE_SIZE = 4096
"""Tokens whose fuzzy reading a lexicon remembers (then it starts again)."""


def fuzzy(token: str, lex: Lexicon) -> tuple[str, int] | None:
    """A name word within one or two typos of ``token`` (same first letter, unambiguous)."""
    if len(token) < 4 or token in STOPWORDS or not token.isalpha():
        return None
    if token in lex.fuzzy_cache:
        return lex.fuzzy_cache[token]
    if len(lex.fuzzy_cache) >= FUZZY_CACHE_SIZE:
        lex.fuzzy_cache.clear()
    found = _fuzzy(token, lex)
    lex.fuzzy_cache[token] = found
    return found


def _fuzzy(token: str, lex: Lexicon) -> tuple[str, int] | None:
    candidates = [w for w in lex.words if w[0] == token[0] and abs(len(w) - len(token)) <= 2]
    scored = sorted(((difflib.SequenceMatcher(None, token, w).ratio(), w) for w in candidates), reverse=True)
    if not scored or scored[0][0] < FUZZY_CUTOFF:
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0] and lex.words[scored[1][1]] != lex.words[scored[0][1]]:
        return None
    return lex.words[scored[0][1]]


def ordinal_paper(tokens: list[str], i: int, lex: Lexicon) -> tuple[int, int] | None:
    """``(paper, tokens used)`` for "the 2nd paper", "third row", "column 6", "the last one" at ``i``."""
    token = tokens[i]
    previous = tokens[i - 1] if i else ""
    following = tokens[i + 1] if i + 1 < len(tokens) else ""
    index: int | None = None
    if token in ORDINALS:
        index = ORDINALS[token]
    elif (m := _ORDINAL_DIGITS.fullmatch(token)) is not None:
        index = int(m.group(1)) - 1
    elif token == "last" and previous == "the" and following in _COLUMN_NOUNS | {""}:
        index = lex.k_papers - 1
    elif token in ("column", "col", "row") and following.isdigit():
        value = int(following) - 1
        return (value, 2) if 0 <= value < lex.k_papers else None
    if index is None or not 0 <= index < lex.k_papers:
        return None
    if following in _COLUMN_NOUNS:
        return index, 2
    if (
        previous == "the"
        and token != "last"
        and following not in ("time", "thing", "step", "of", "place", "choice", "pick")
    ):
        return index, 1
    return (index, 1) if token == "last" else None


def pronoun_gender(token: str) -> int:
    """0 for a pronoun of anyone ("they"), 1 for "he", 2 for "she"."""
    return 1 if token in MASCULINE_PRONOUNS else 2 if token in FEMININE_PRONOUNS else 0


def name_gender(name: str) -> int:
    """0 when the first name's pronoun is unknown, 1 for "he", 2 for "she"."""
    first = (name.split() or [""])[0].lower()
    return 2 if first in FEMININE_NAMES else 1 if first in MASCULINE_NAMES else 0


def reference(tokens: list[str], i: int) -> tuple[MentionKind, int] | None:
    """A pronoun for a reviewer, a reference to a paper or to the proposal at ``i``, with tokens used."""
    token = tokens[i]
    following = tokens[i + 1] if i + 1 < len(tokens) else ""
    if token in REVIEWER_PRONOUNS:
        return "RR", 1
    if token == "both":
        return "RR", 1
    if (
        token in ("this", "that", "the", "current", "latest", "last", "your", "my")
        and following in ("proposal", "assignment", "assignments", "list", "board")
        and token != "my"
    ):
        return ("PROP", 2) if following in ("proposal", "assignment", "assignments") else None
    if token in ("that", "this") and following in _REF_NOUNS:
        return "PR", 2
    if token in ("that", "this") and not following:
        return "PR", 1  # "no info on that", "Daniel CANNOT do this"
    if token in PAPER_REFS:
        previous = tokens[i - 1] if i else ""
        existential = token.startswith("there") and (
            token == "there's"
            or following in ("is", "are", "was", "were", "s")
            or previous in ("is", "are", "was", "were")
        )
        return None if existential else ("PR", 1)
    return None


# ---- cues ----------------------------------------------------------------------------------------

NEUTRAL = re.compile(
    r"\b(?:decent|good|ok|okay|fine)\s+but\s+not\s+(?:great|amazing|the best|super)"
    r"|\b(?:not|nothing|isn'?t|aren'?t|wasn'?t)\s+(?:an?\s+)?(?:that\s+|so\s+|too\s+|all\s+)?(?:bad|terrible|horrible|awful)"
    r"|\bbut\s+(?:also\s+)?not\s+(?:a\s+|that\s+|too\s+|so\s+)?(?:terrible|horrible|awful)"
    r"|\bnot\s+(?:so\s+|that\s+|too\s+)?great\s*,?\s+but\s+(?:also\s+)?(?:not\s+(?:a\s+|that\s+|too\s+)?(?:terrible|horrible|awful|bad))"
    r"|\b(?:not\s+)?as\s+(?:good|strong|high|great)\s+as|\bas\s+(?:good|strong|high|great|bad|low)\s+or\s+(?:better|stronger|higher|worse)"
    r"|\b(?:average|mid|medium|middling|moderate)\s+(?:level\s+of\s+)?(?:expertise|experience|knowledge|skills?|strength|score|proficiency)\b"
    r"|\b(?:next|second|third|2nd|3rd)\s+(?:best|highest|top|strongest|biggest)"
    r"|\b(?:much\s+|slightly\s+|a\s+(?:little|bit)\s+|way\s+|far\s+|even\s+|a\s+lot\s+)?(?:better|worse|higher|lower|stronger|weaker|darker|lighter)"
    r"(?:\s+(?:suited|fit|choice|option|candidate|pick))?(?:\s+than)?"
    r"|\bno\s+(?:green|greens|high|dark\s+greens?)\b|\bmid(?:dle)?[\s-]+tier\b|\b(?:a\s+)?good\s+(?:amount|bit|deal|margin|number|chunk)\b"
    r"|\b(?:far\s+|not\s+far\s+|just\s+|slightly\s+|a\s+bit\s+|close\s+)?behind\b"
    r"|\b(?:nothing|not|no|never)\b[^.,;!?]{0,30}?\banything\s+(?:good|great|green|high|strong)\b"
    r"|\bnot\s+(?:his|her|their|its)\s+(?:area\s+of\s+expertise|strong\s+suit|forte|specialty)\b"
    r"|\bnothing\s+(?:else\s+)?(?:good|great|green)\b|\b(?:below|above)\s+(?:him|her|them)|\b(?:not|isn'?t|wasn'?t|aren'?t)\s+(?:be\s+)?(?:his|her|their|the|my|our)\s+(?:best|strongest|top)"
    r"|\b(?:[56])\s*(?:/|out\s+of)\s*10\b|\b(?:more|less|fewer)\s+(?:[a-z']+\s+){0,3}?than\b"
)
"""Phrases that rate nothing (comparisons, "not bad", "decent but not great", 5-6/10)."""

AGREEMENT = re.compile(
    r"^(?:(?:ok|okay|yes|yeah|yep)\s+)?(?:perfect|great|awesome|cool|nice|excellent|good)\b\s*(?:[!.,]|$)|\bsounds?\s+(?:\w+\s+)?(?:good|great|fine|perfect|awesome|solid|like\s+a\s+plan)"
    r"|\b(?:good|great|fine|perfect|ok|okay|best)\s+(?:to|with|for|by)\s+(?:me|you|us|my\s+board)\b"
    r"|\b(?:good|great|excellent|perfect)\s+(?:idea|ideas|call|plan|point|thinking|question|luck|job|work|start|morning|evening|night|day|info|information|options|option(?!\s+for)|choices?\s+for\s+(?:multiple|many))"
    r"|\b(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+(?:good|great|fine|okay|ok)\b|^(?:(?:it'?s|its|we'?re)\s+)?all\s+(?:good|great|fine|okay|ok)\b"
    r"|\b(?:looks?|seems?)\s+(?:good|great|fine|solid)\s*(?:to\s+me|here|then|now)?\s*$"
    r"|\b(?:be|is|it'?s|its)\s+good\s+to\s+(?:give|put|have|get|move|try|assign|place|keep|leave|use|know|hear|check)\b"
    r"|\b(?:good|great|promising)\s+sign\b|\bthat\s+works\b|\bworks\s+(?:great|well)\b|\bgood\s+enough\b|\bbetter\s+than\s+average\b(?=\s+one)"
)
"""Agreement and politeness ("sounds good", "good idea", "works for me"): no rating."""

HIGH = re.compile(
    r"\b(?:amazing|great|excellent|good|strong|solid|best|top|high|highest|green|greens|perfect|wonderful"
    r"|fantastic|ideal|strongest|greatest|above\s+average|phenomenal|brilliant|killing\s+it|on\s+lock|decent|capable|suited|suitable"
    r"|proficient|expertise|expert|experts|knowledgeable|competent|qualified|prodigy|insane|stands?\s+out|standout"
    r"|strength|strengths|excel|excels|highly|big\s+plays?|(?:top|high|s)[\s-]+tier|awesome|stellar|superb|outstanding|impressive"
    r"|do(?:es)?\s+(?:really\s+|very\s+|so\s+|pretty\s+)?well|fits?\s+(?:really\s+|very\s+|so\s+|pretty\s+)?well|scor(?:ed|es)\s+(?:really\s+|very\s+|so\s+|pretty\s+)?well|(?:[7-9]|10)\s*(?:/|out\s+of)\s*10)\b"
)
"""What makes a rating ``high``."""

LOW = re.compile(
    r"\b(?:bad|poor|poorly|terrible|awful|horrible|low|lowest|red|reds|pink|weak|worst|below\s+average|trash"
    r"|junk|crappy|abd|no\s+good|not\s+(?:so|that|very|too)\s+much|negatives?|minimal|falls?\s+off|(?:[0-4])\s*(?:/|out\s+of)\s*10|cannot"
    r"|can'?t\s+(?:be|do|work|review|handle)|definitely\s+not|(?:100%|totally|completely)\s+out"
    r"|not\s+(?:be\s+|been\s+)?(?:a\s+|an\s+|the\s+)?(?:so\s+|that\s+|very\s+|too\s+|really\s+|super\s+|quite\s+"
    r"|particularly\s+|always\s+|as\s+)?(?:good|great|grat|strong|fit|strength|suited|high|ideal|qualified|competent)"
    r"|(?:isn'?t|isnt|aren'?t|wasn'?t|wouldn'?t|won'?t|doesn'?t|don'?t|didn'?t)\s+(?:\w+\s+){0,4}?(?:good|great|strong"
    r"|fit|strength|suited|high)"
    r"|(?:don'?t|doesn'?t|do\s+not|does\s+not)\s+have\s+(?:much|any|a\s+lot\s+of)\s+(?:\w+\s+)?(?:knowledge|experience|expertise)"
    r"|(?:don'?t|do\s+not)\s+(?:think|believe)\s+(?:\w+\s+){1,2}?(?:has|have)\s+(?:much|any|a\s+lot\s+of)\s+(?:\w+\s+)?(?:knowledge|experience|expertise)"
    r"|little\s+(?:knowledge|experience|expertise)"
    r"|(?:shouldn'?t|should\s+not)\s+(?:be\s+)?(?:assigned|given|on|in|doing|reviewing|do|review|take)"
    r"|(?:under|below)\s+(?:the\s+)?average|avoids"
    r"|(?:doesn'?t|doesnt|does\s+not)\s+(?:really\s+|even\s+)?want\s+(?:to\s+)?(?:be\s+on|be\s+in|review|do|work\s+on|take|touch))\b"
)
"""What makes a rating ``low`` (a low cue beats a high one in the same clause)."""

EVERY = re.compile(
    r"\b(?:at|on|for|in|across|with)\s+(?:everything|every\s+(?:paper|column|topic|one)|all\s+(?:the\s+)?papers|the\s+board)\b"
    r"|\ball\s+(?:red|green|bad|good|pink)\b"
    r"|\b(?:red|bad|green|good|weak|poor|strong|great|solid|pink)\b(?:\s+[a-z]+){0,3}?\s+(?:everywhere|across\s+the\s+board)\b"
)
"""A rating over a whole row ("Andrei is red for everything")."""
REST = re.compile(
    r"\b(?:everything|everywhere|anything|all)\s+else\b"
    r"|\ball\s+(?:of\s+)?(?:[a-z]+'s\s+|his\s+|her\s+|their\s+)?other\s+(?:stuff|things|papers|ones|cells|squares|scores)\b|\b(?:all\s+)?the\s+(?:rest|others)\b|\ball\s+(?:of\s+)?(?:the\s+)?others\b"
)
"""A rating over the rest of a row ("grey on GLUE, everything else red"): every paper the message
has not named for the reviewer."""
ONLY_ONE = re.compile(
    r"\bonly\s+(?:has|have|see|know|got)\s+(?:1|one)\s+(?:score|value|number|cell|square|rating)"
    r"|\bonly\s+(?:score|value|number|cell|square)\s+i\s+(?:see|have|know)\b"
)
"""One cell seen of a row ("Morgan only has 1 score for me"): the rest of the row is blank."""
ONLY_INFO = re.compile(
    r"\bonly\s+(?:info|information|data|thing|things|knowledge|known)\s+(?:i\s+(?:have|see|know)\s+)?"
    r"(?:(?:for|on|about|of)\s+(?P<name>[a-z']+(?:\s+[a-z']+)?)|(?:i\s+(?:have|see|know)\s+)?is\b)"
)
"""The only thing known of a row or column ("the only info I have for Glue is ..."): the rest is blank."""
NOTHING_GOOD = re.compile(
    r"\b(?:i|we)\s+(?:don'?t|dont|do\s+not)\s+(?:really\s+)?(?:have|see)\s+(?:(?:any|many|much|a\s+lot\s+of)\s+)?"
    r"(?:good|great|high|strong|green|decent)\b"
)
"""The speaker has nothing good ("I don't have any good scores for QuAC"): no cell is rated."""
ALL_ARE = re.compile(
    r"^(?:and\s+|so\s+)?(?:all|both|they|these|those)(?:\s+(?:\d+|two|three|four|five|of\s+(?:them|these|those)))?"
    r"\s+(?:are|were|r)\s+(?:all\s+|both\s+)?"
)
"""A level given to the pairs just listed ("Daniel for LLaMA, Joseph for SWAG / All 4 are green")."""
PLURAL_LEVEL = re.compile(r"\b(?:negatives|positives|greens|reds|pinks)\b")
"""A level of several unnamed cells ("Joseph I see negatives"): no paper from earlier clauses."""
COUNTED = re.compile(
    r"\b(?:\d+|two|three|four|five|six|seven|a\s+few|few|several|couple(?:\s+of)?)\s+(?:(?:dark|light|medium|bright)\s+)?"
    r"(?:green|red|pink|grey|gray|blank|empty)\s+(?:squares|cells|boxes|spots|slots)\b"
)
"""Counted squares of a colour ("in between two green squares"): the colour rates no cell of the clause."""
FEW = re.compile(
    r"\b(?:don'?t|dont|do\s+not)\s+(?:really\s+)?have\s+(?:that\s+|very\s+|too\s+|so\s+)?many\b(?:(?!\bbut\b)[^,.;!?])*"
)
"""A count ("I don't have that many indicating high expertise"): its words rate nothing."""
CONDITIONAL = re.compile(
    r"\b(?:(?:on|from|at)\s+your\s+(?:end|side|board|table)|if|unless|as\s+long\s+as|in\s+case|hope|hoping|wonder|whether|assume|assuming|tell\s+me|let\s+me\s+know|show\s+me)\b"
)
"""A condition or a wish: its clause states nothing ("if you think Ethan is good for BLEU")."""
UNNAMED = re.compile(
    r"\b(?:who|whoever|someone|somebody|anyone|anybody|nobody|no\s+one|not\s+sure|everyone|everybody|options?|choices"
    r"|candidates|people|other\s+(?:\d|two|three|ones?|people|reviewers|guys))\b"
)
"""A clause about someone unnamed: it takes no reviewer from earlier clauses."""
SUBJECT = re.compile(r"^(?:\w+\s+){0,3}?(?:it'?s|its|it\s+is|it\s+was|that'?s|thats|that\s+is|there'?s|theres)\b")
"""A clause about the cell under discussion ("it's dark green", "that's a blank for me")."""
OTHER_NEUTRAL = re.compile(
    r"\b(?:not\s+sure|unsure|no\s+idea|average|mid|middling|medium\s+rare|ok|okay|fine|so-so|alright|could\s+(?:handle|cover|do|work|fit)"
    r"|can\s+(?:do|handle|cover|flex)|might\s+work|could\s+be\s+(?:a\s+)?(?:possible|candidate))\b"
)
"""Cues that rate nothing but still end a clause ("Andrei would be ok, Ava would be bad")."""

UNSEEN = re.compile(
    r"\b(?:blank|blanks|empty|unknown|unknowns|grey|gray|no\s+(?:value|values|info|information|data|score|scores"
    r"|number|numbers|knowledge|rating|ratings)|(?:zero|0)\s+(?:info|information|data|knowledge)"
    r"|nothing\s+(?:for|on|about|in)|(?:don'?t|dont|do\s+not|can'?t|cannot)\s+(?:see|have)(?!\s+(?:much|many|that|a\s+lot|too|enough|a\s+(?:great|good|high)|any\s+(?:good|great|high|green|dark|strong|other|better)"
    r"|anything\s+(?:good|great|high|green|strong|better|in\s+the|like)"
    r"|any\s+(?:recommendations?|suggestions?|ideas?|preferences?|objections?|thoughts|opinions?|problems?|issues?|concerns?"
    r"|complaints?|strong\s+feelings?)|an?\s+(?!(?:value|score|number|rating|review\s+score)\b)"
    r"|(?:good|great|high|strong|green|dark)\b))"
    r"|(?:don'?t|dont|do\s+not|doesn'?t)\s+(?:know\s+anything|have\s+a\s+(?:review\s+)?score)"
    r"|(?:don'?t|dont|do\s+not)\s+(?:really\s+)?know\s+how\s+(?:s?he|they|it)(?:'d|\s+would|'ll|\s+will)?\s+(?:do|fare|perform)"
    r"|know\s+nothing|shot\s+in\s+the\s+dark|a\s+nothing|there'?s\s+nothing|nothing\s+(?:on|from)\s+my\s+end)"
)
"""The speaker lacks a value ("blank", "no info on", "I don't see"); "no idea" is not one (where to put
someone, not which cells are blank)."""

VAGUE_UNSEEN = re.compile(
    r"\b(?:pretty|mostly|kind\s+of|kinda|sort\s+of|sorta|somewhat|largely|fairly|mainly|partly|partially|almost|nearly|main|major"
    r"|a\s+(?:bit|little))\s+(?:much\s+)?(?:all\s+)?(?:blank|blanks|empty|unknown|unknowns|grey|gray)\b"
)
"""A shade of blank ("pretty unknown", "mostly blank"): no unseen claim."""

WEAK_ANYTHING = re.compile(
    r"\b(?:don'?t|dont|do\s+not)\s+(?:really\s+)?(?:have|see)\s+(?:really\s+)?anything\s+(?:for|on|in|about)\b"
)
"""An unseen cue that may only mean "nothing good" ("I dont see really anything for Joseph"): never a row or a column."""
WEAK_UNSEEN = re.compile(r"\bnothing\s+(?:for|on|about|in)\b|" + WEAK_ANYTHING.pattern)
"""An unseen cue that may only mean "no good option" ("I have nothing for GLUE"): never a whole column."""

EXPAND = re.compile(
    r"\b(?:(?:info|information|data|values?|scores?|knowledge|idea|clue)\s+(?:on|for|about|of|in)\b(?!\s+(?:me|us|you|my|your)\b)"
    r"|know\s+nothing|anything\s+(?:for|on|about)\b(?!\s+(?:my|your|me|us|here|you)\b)|nothing\s+(?:on|for|about)\b(?!\s+(?:my|your|me|us|here|you)\b)|all\s+(?:blank|empty|unknown|grey|gray)|at\s+all|completely|totally|entirely|everywhere|every\s+(?:square|paper|cell|one|column|row)"
    r"|no\s+(?:info|information|data|values?|scores?|knowledge)\s*$"
    r"|everything|across\s+the\s+board|(?:empty|blank|unknown)\s+(?:on|for)\s+(?!(?:my|your|me|us|you|him|her|them|it|that"
    r"|this|there|most|some|many|a|few|several|half)\b)|the\s+rest|all\s+(?:of\s+)?(?:them|the\s+others))\b"
)
"""An unseen claim about a whole row or column ("no info on Daniel", "blank everywhere")."""

PROPOSAL = re.compile(
    r"\b(?:let'?s|lets|put|place|assign|assigning|move|swap|switch|stick|lock(?:ed)?\s+(?:in|into|\w+\s+(?:in|into|on|for))|go\s+with|going\s+with"
    r"|how\s+about|i\s+(?:really\s+)?(?:like|love|prefer|want|need|would\s+go|'d\s+go)|i'?m\s+(?:liking|thinking|leaning)"
    r"|works?\s+for\s+me|(?:i'?m|im|i\s+am|we'?re|be|are)\s+(?:fine|okay|ok|good|happy)\s+with|agree|agreed|keep|should\s+(?:go|be\s+put|get|take|review)"
    r"|we\s+(?:could|can|should|need)|can\s+we|suggest\w*|recommend\w*|nominat\w*|my\s+top\s+(?:two|three|four|\d|picks?|choices?)|match(?!\s+(?:of|for\s+(?:me|you)))|then\s*$|for\s+now|(?:on|in)\s+(?:my|your|the|our)\s+(?:latest\s+)?(?:proposal|assignment|list)"
    r"|we\s+(?:already\s+|currently\s+)?(?:have|had|got)\s+(?:\w+\s+)?(?:on|in|at|doing|reviewing)"
    r"|already\s+(?:on|in|at|doing|reviewing|assigned|placed|taken|used|locked))\b"
)
"""A proposal, agreement or plan: its clause rates nothing ("let's put Ava on BLEU")."""

REQUEST_HIGH = re.compile(
    r"\b(?:share|list|tell|send|give|show|what|which|who)\b[^.?!]{0,40}?\b(?:(?:dark|bright|light|medium)\s+)?greens?\b"
)
"""A request to list the high cells ("share your dark greens", "which ones are dark green on your end?")."""
REQUEST_LOW = re.compile(
    r"\b(?:share|list|tell|send|give|show|what|which|who)\b[^.?!]{0,40}?\b(?:(?:dark|bright)\s+)?reds?\b"
)
"""A request to list the low cells ("which ones are red for you?")."""

SEE_ALL_BUT = re.compile(
    r"\b(?:i\s+)?(?:can\s+)?see\s+(?:everyone|everybody|every\s+reviewer|all\s+(?:of\s+)?(?:them|the\s+reviewers))\s+"
    r"(?:in|on|for|at)\s+(?P<paper>[^,.;!?]{1,40}?)\s+(?:except|but|besides|other\s+than)\s+(?P<rest>[^.;!?]{1,80})"
)
"""A column seen but for some reviewers: those cells are unseen ("I can see everyone on Roberta except Daniel")."""

RATING_FRAME = re.compile(
    r"\b(?:would|will|might|could|should)\s+(?:also\s+|still\s+|really\s+|probably\s+|definitely\s+)?be\s+(?:a\s+|an\s+)?"
    r"(?:\w+\s+)?(?:good|great|strong|perfect|ideal|excellent|bad|terrible|solid|decent|best)"
)
"""A hedged rating inside a proposal clause is still a rating ("Ava would be good for SWAG")."""

CONTINUATION = frozenset({"is", "are", "was", "were", "has", "have", "seems", "looks", "would", "'s", "also", "not"})
"""Words that start a clause continuing the previous one's subject ("Daniel at Roberta / is unknown to me")."""

QUESTION_OPENERS = frozenset(
    {
        "what", "which", "who", "whom", "whose", "how", "any", "anyone", "anybody", "do", "does", "did", "is",
        "are", "can", "could", "where", "wha", "whats", "what's", "who's", "hows", "how's", "was", "were",
    }
)  # fmt: skip
STATEMENT_OPENERS = re.compile(r"^(?:i|we)\s+(?:\w+\s+)?(?:think|believe|feel|guess|know|have|see)\b")
"""A sentence starting like this is a statement even with a question mark."""
AGREEMENT_QUESTION = re.compile(
    r"^(?:(?:so|ok|okay|and|then|but|also)\s+)*(?:can|could|shall|should|would|will|may)\s+(?:we|i)\b|\blet'?s\b|\blets\b"
    r"|\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:put|place|do|move|swap|assign|send|resend|make|switch|go|accept"
    r"|try|lock|keep|re-?send)\b|\b(?:are|were)\s+you\s+(?:ok|okay|fine|good|alright|cool|happy|down)"
    r"|\b(?:is|does|would|will)\s+(?:that|this|it)\s+(?:\w+\s+)?(?:ok|okay|fine|work|good|alright)"
    r"|\bworks?\s+(?:for|with)\s+you|\b(?:okay|ok|fine|good)\s+(?:for|with)\s+you|\bdo\s+you\s+agree|\bsound\s+(?:good|ok|okay|fine)"
    r"|\b(?:ok|okay|alright|right|cool|yes|no)\s*$|\b(?:swap|swapping|switch|switching|trade|trading)\b|\bwork\s*$"
)
"""A question that seeks agreement or action, never a question about cells ("can we put ...", "are you okay with")."""
PAIR_QUESTION = re.compile(
    r"\b(?:how\s+about|what\s+about|instead|put|place|move|swap|assign|lock|switch|keep|pick|picked|chose|choose)\b"
)
"""A question about a reviewer and a paper with these words proposes the pairing ("how about X for Y?")."""
BARE_PAIR_WORDS = frozenset(
    "for on with at in to then and maybe also so instead the paper reviewing review now ok okay".split()
)
SAME = re.compile(
    r"^(?:and\s+|also\s+|but\s+)?(?:(?:the\s+)?same\s+(?:for|with|goes\s+for|here\s+for|thing\s+for)|so\s+(?:is|are|does|do|would|was))\b"
    r"|^[a-z]+(?:\s+[a-z]+)?\s+(?:too|as\s+well)$|^(?:and\s+)?(?:also|plus)\s+[a-z]+(?:\s+[a-z]+)?$"
)
"""A clause repeating the previous rating for other names ("Same for Ethan")."""
DANGLING = re.compile(
    r"\b(?:on|at|for|in|with)\s+(?!(?:me|you|us|my|your|it|that|this|there|him|her|them)\b)([a-z]+)\s*$"
)
"""A clause ending on a paper-like word the parser does not know ("on GLEU"): it names its own paper."""
EXCEPTIONS = frozenset({"except", "besides", "other", "apart", "aside"})
ECHO = re.compile(
    r"^(?:and\s+|what\s+about\s+|how\s+about\s+)?(?:you|yours|your\s+end|on\s+your\s+end|your\s+side)\s*$"
)
"""A question that asks the partner back what it was asked ("You?", "how about you?")."""
COMPARE_ASK = re.compile(r"\b(?:better|higher|anyone|someone|other|else|best|top|ones|options)\b")
WH_WORDS = frozenset(
    {
        "who",
        "which",
        "where",
        "any",
        "anyone",
        "anybody",
        "anything",
        "whom",
        "someone",
        "somebody",
        "what",
        "how",
        "anywhere",
    }
)
SEEKING_REVIEWERS = frozenset({"who", "which", "whom", "anyone", "anybody", "someone", "somebody", "options", "option"})
"""A question with these words asks about its papers (the reviewers it names are exclusions)."""
INTERJECTIONS = frozenset(
    "ok okay so and or also then well hey hi oh ah snap yes yeah no but alright cool great real quick quickly btw just hmm um uh wait".split()
)
