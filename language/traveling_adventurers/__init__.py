"""Offline language layer for Traveling Adventurers: a rule-based parser and a template renderer.

The parser reads free human chat ("ok let's go to the kitchen, I get 4 there", "L -> E -> A",
"6 light coins between the bathroom and attic!") into the typed acts of :mod:`language.acts`; the
renderer says an :class:`~language.acts.Intent` back in varied wording that the parser reads exactly.
Neither needs a network or a model.

Lexicon scope
-------------

| item             | what is understood                                                                 |
|------------------|------------------------------------------------------------------------------------|
| room names       | the 14 rooms of the game's ``ROOM_CATALOGUE`` with synonyms (lounge, loft, nursery), |
|                  | case-insensitive, light typos (one substitution, deletion or transposition in words |
|                  | of five letters or more), plus "the start" / "back home" for the start room          |
| room letters     | ``L``, ``E`` ... when they look like references: upper-case standalone letters;     |
|                  | ``A`` and ``O`` only next to arrows, "to"/"from"/"do"/"try", parentheses, amounts   |
|                  | or other letters;                                                                  |
|                  | lower-case letters only inside chains such as ``l-e-a`` or ``l, e, a, b``           |
| paths            | arrows (``->``, ``-->``, ``→``), dashes, "to", "then", "and then", comma lists,      |
|                  | "between X and Y", "from X ... to Y", space-separated letters (``L E A B``); "K to C" |
|                  | names its origin, "K then C" / "K before B" / "B after K" are stops from ``at``;     |
|                  | three or more names in a comma list are a path (a whole tour when it starts at L)    |
| numbers          | digits, number words zero..twenty (and tens), "a coin", "no coins"                  |
| acts             | suggest, agree, reject, inform, ask (edge or best next move), end                   |
| chat shorthand   | u, ur, r, pls, thx ... are read as you, your, are, please, thanks in cue phrases     |
| coin ownership   | a number tied to the listener's coin kind or to "you/your" is an echo, not an inform |
|                  | ("you said 6 for L-E", "your numbers: ..."); the speaker's own amount right after an |
|                  | echo ("..., for me it's 4") counts on the echoed hallway; totals are ignored         |

Only rooms of ``DialogueContext.rooms`` are returned; mentions of rooms that are not on the board
are recognised (so they do not turn into letters or other rooms) and then dropped.

How a message is read: normalise (NFKC, quotes, control characters) -> tokens -> room mentions ->
sentences and clauses -> groups of mentions joined by path connectors -> per clause, cue phrases
decide which acts the groups and numbers make -> per sentence, agreement and rejection cues are
settled against the reader's last suggestion -> ending cues turn a full tour into ``end``.
Everything runs in time linear in the message, which is first cut to the games' message cap
(:func:`language.text.clean_message`, after NFKC normalization too).

Replies and continuations: once a message agrees to the reader's last suggestion, "then", "next",
"after that", "from there" and "after <its destination>" continue from that suggestion's end
("sounds good, then the bathroom?" -> agree + suggest K -> B), and a path that starts with the whole
suggestion accepts it and goes on ("ok, C and then back to L"). A verdict on a room ("the kitchen
sounds good", "K is fine") accepts the suggestion that ends there, else proposes the room; "instead
of X", "rather than X" and "Y over X" refuse X. A coin question without an object ("E to B, how much
do you get?") asks about the path another clause of the sentence names.

Known limits: the reading is local (sentence by sentence), so references to earlier turns ("the
one you mentioned before"), sarcasm, arithmetic and conditionals beyond "if ..." are not resolved;
ambiguous phrasing falls back to the conservative reading (no act rather than a guessed one).

Modules
-------

| module          | what                                                                          |
|-----------------|-------------------------------------------------------------------------------|
| ``normalize``   | text normalization and tokens                                                  |
| ``rooms``       | room names, synonyms and the per-board lexicon (typo-tolerant)                |
| ``context``     | :class:`DialogueContext`, what a message is read and written in              |
| ``cues``        | cue lexicons: phrase tables and word sets                                     |
| ``mentions``    | room mentions and the groups path connectors join them into                   |
| ``numbers``     | coin amounts                                                                  |
| ``clauses``     | sentences, clauses, candidate acts                                            |
| ``reader``      | the sentence reader (driver, path resolution); ``clause_acts`` and ``polarity`` hold its act and cue parts |
| ``resolution``  | across sentences: amount-hallway pairing, tours, confirmations, endings        |
| ``parser``      | :class:`TravelingAdventurersParser`                                           |
| ``renderer``    | :class:`TravelingAdventurersRenderer`                                         |
"""

from __future__ import annotations

from games.traveling_adventurers import ROOM_CATALOGUE  # the game owns the room facts
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.mentions import mentioned_rooms
from language.traveling_adventurers.parser import TravelingAdventurersParser
from language.traveling_adventurers.renderer import TravelingAdventurersRenderer
from language.traveling_adventurers.rooms import ROOM_SYNONYMS

__all__ = [
    "ROOM_CATALOGUE",
    "DialogueContext",
    "ROOM_SYNONYMS",
    "TravelingAdventurersParser",
    "TravelingAdventurersRenderer",
    "mentioned_rooms",
]
