"""A blind evaluation set for backing up the Traveling Adventurers rule parser with a classifier.

Written before any embedding classifier existed and without running either parser on it, to measure
whether an example-phrase classifier (``language.embed``) adds anything to the rule parser. The
messages are new (none is copied from ``test_traveling_adventurers.py`` or
``test_traveling_adventurers_heldout.py``) and cover agreement, rejection, edge and best-next
questions, informs, suggestions, endings, off-topic chatter, typos and slang in varied human styles.

Contexts and conventions are those of ``test_traveling_adventurers_heldout.py`` (its docstring):
a 6-room board ``L E B K C A`` (8 rooms for ``EIGHT``), start ``L``, an author whose coin kind is
unknown; a destination without an origin leaves from ``at``; ``agree``/``reject`` carry the reader's
last suggestion as ``path`` only when the message names its destination; an inform's edge is
oriented as written; a full tour with an ending cue is ``end``. Genuinely ambiguous messages carry a
defensible expected value and a ``# ambiguous:`` note.

This module is data, not a test module: ``test_embed.py`` and the measurement use it.

Exact-match rates (whole act list equal):

| parser                                   | exact match      |
|------------------------------------------|------------------|
| rule parser, before any classifier       | 133/172 = 0.773  |
| ``language.embed.BackedParser``          | 140/172 = 0.814  |
"""

from __future__ import annotations

from language.acts import Act
from tests.language.shorthand import BEST, TOUR, E, I, N, Q, S, Y

START = {"visited": "L"}  # at L, nothing suggested yet
START_K = {"visited": "L", "last": "LK"}  # we suggested the kitchen
MID = {"visited": "LE", "last": "EK"}  # at E, we suggested E -> K
MID0 = {"visited": "LE"}  # at E, no pending suggestion of ours
LATE = {"visited": "LEABK", "last": "KC"}  # at K, we suggested K -> C
DONE = {"visited": "LEABKC"}  # every room visited, at C
EIGHT = {"visited": "LE", "rooms": 8}  # an 8-room board (L E B K C A G P)
ATTIC = {"visited": "LEA", "last": "AB"}  # at A, we suggested A -> B

Case = tuple[str, dict[str, object], list[Act]]

AGREE: list[Case] = [
    ("i'm down", MID, [Y()]),
    # ambiguous: slang "bet" means "deal"
    ("bet", MID, [Y()]),
    ("roger that", MID, [Y()]),
    ("count me in!", MID, [Y()]),
    ("that works for me", MID, [Y()]),
    ("let's roll with that", MID, [Y()]),
    ("works for me 👌", MID, [Y()]),
    ("yup yup, let's go", MID, [Y()]),
    ("Affirmative.", MID, [Y()]),
    ("I'm on board with that", MID, [Y()]),
    ("totally, do it", MID, [Y()]),
    ("happy with that", MID, [Y()]),
    ("aye", MID, [Y()]),
    ("yesss", MID, [Y()]),
    ("oki", MID, [Y()]),
    ("that's a plan", MID, [Y()]),
    ("good call", MID, [Y()]),
    ("I agree with you", MID, [Y()]),
    ("no objections here", MID, [Y()]),
    ("why not, let's do it", MID, [Y()]),
    ("sounds like a plan", START_K, [Y()]),
    ("kitchen works for me too", MID, [Y("EK")]),
    ("cool with the kitchen", MID, [Y("EK")]),
    ("kitchen, yes please", MID, [Y("EK")]),
    ("i'm fine going to the kitchen", MID, [Y("EK")]),
    ("yeah the kitchen makes sense", MID, [Y("EK")]),
    ("agreed, kitchen next", MID, [Y("EK")]),
    ("alright! from the kitchen we can hit the attic", MID, [Y("EK"), S("KA")]),
    ("bathroom's cool", ATTIC, [Y("AB")]),
    ("kids room, sure", LATE, [Y("KC")]),
]

REJECT: list[Case] = [
    ("I'll pass", MID, [N()]),
    ("not feeling it", MID, [N()]),
    ("hmm that doesn't really do it for me", MID, [N()]),
    ("gonna have to say no", MID, [N()]),
    ("negative", MID, [N()]),
    ("nah fam", MID, [N()]),
    ("gotta disagree there", MID, [N()]),
    ("bad idea imo", MID, [N()]),
    ("that's a terrible deal for me", MID, [N()]),
    ("nooo", MID, [N()]),
    ("I can't agree to that", MID, [N()]),
    ("eh, let's not do that", MID, [N()]),
    ("I'd rather we didn't", MID, [N()]),
    ("not keen on the kitchen", MID, [N("EK")]),
    ("kitchen? no thanks", MID, [N("EK")]),
    ("the kitchen is a bad choice for me", MID, [N("EK")]),
    ("skip the kitchen pls", MID, [N("EK")]),
    ("please not K", MID, [N("EK")]),
    ("no, the bathroom would be better", MID, [N(), S("EB")]),
    ("I'd pass on the kitchen, attic instead?", MID, [N("EK"), S("EA")]),
    ("that's a no for me, only 2 coins there", MID, [N(), I("EK", 2)]),
    ("nah, not the kids room", LATE, [N("KC")]),
    ("hmm, no. i'd go to the bathroom", MID, [N(), S("EB")]),
]

BEST_NEXT: list[Case] = [
    ("what's your move?", MID0, [BEST]),
    ("where would you go from here?", MID0, [BEST]),
    ("your call, where to?", MID0, [BEST]),
    ("any ideas for the next stop?", MID0, [BEST]),
    ("which room is best for you now?", MID0, [BEST]),
    ("what are you thinking for the next hop?", MID0, [BEST]),
    ("where do u wanna go", MID0, [BEST]),
    ("so... what next?", MID0, [BEST]),
    ("what room should we hit next?", MID0, [BEST]),
    ("which way do you want to go?", MID0, [BEST]),
    ("tell me your top pick for the next room", MID0, [BEST]),
    ("what's the most lucrative next step for you?", MID0, [BEST]),
    ("what do you suggest?", MID0, [BEST]),
    ("where should we go now, any preference?", MID0, [BEST]),
    ("I'm not sure where to go next. what about you?", MID0, [BEST]),
    ("Where's best for you from here?", MID0, [BEST]),
    ("what would be your ideal next room", MID0, [BEST]),
    ("where should we start?", START, [BEST]),
    ("which direction, partner?", MID0, [BEST]),
]

ASK_EDGE: list[Case] = [
    ("how many coins do you see on the hallway to the kitchen?", MID0, [Q("EK")]),
    ("how much is E-C worth for you", MID0, [Q("EC")]),
    ("do you get anything from K to A?", MID0, [Q("KA")]),
    ("what's in it for you between the bathroom and kitchen?", MID0, [Q("BK")]),
    ("quick q: your coins on A-B?", MID0, [Q("AB")]),
    ("can u share ur coins for E→K", MID0, [Q("EK")]),
    ("whats your number on the attic hallway", MID0, [Q("EA")]),
    ("how rich is the kitchen-attic corridor for you?", MID0, [Q("KA")]),
    ("how many ghost coins between E and the kids room?", MID0, [Q("EC")]),
    ("tell me what u get on K-C", MID0, [Q("KC")]),
    ("How much would the loft give you?", MID0, [Q("EA")]),
    ("any coins for you on L-B?", START, [Q("LB")]),
    ("what about your coins from the bathroom to the attic?", MID0, [Q("BA")]),
    ("is E-B good for you coin-wise?", MID0, [Q("EB")]),
    ("hows the bathroom for you, coins wise", MID0, [Q("EB")]),
]

INFORM: list[Case] = [
    ("E-K nets me 3", MID0, [I("EK", 3)]),
    ("i can grab 5 coins heading to the attic", MID0, [I("EA", 5)]),
    ("fyi, kitchen → kids room is 7 on my side", MID0, [I("KC", 7)]),
    ("on my end, E-B pays 2", MID0, [I("EB", 2)]),
    ("the loft is worth a whopping 9 to me", MID0, [I("EA", 9)]),
    ("my haul from E to C would be 4", MID0, [I("EC", 4)]),
    ("got 6 coins on the way to the bathroom", MID0, [I("EB", 6)]),
    ("heads up: zero for me on K-A", MID0, [I("KA", 0)]),
    ("I score 3 between the kitchen and the bathroom", MID0, [I("KB", 3)]),
    # ambiguous: a conditional amount ("if we go") is still the speaker's coins on that hallway
    ("there's 8 in it for me if we go E to A", MID0, [I("EA", 8)]),
    ("for me: kitchen 2, loft 5", MID0, [I("EK", 2), I("EA", 5)]),
    ("E-C gets me fifteen coins", MID0, [I("EC", 15)]),
    ("I'd pocket 4 from the attic to the kids room", MID0, [I("AC", 4)]),
    ("bathroom->kitchen, 1 coin for me", MID0, [I("BK", 1)]),
    ("mine for E-A is 7", MID0, [I("EA", 7)]),
    ("I make 2 going to the kitchen, 8 going to the attic", MID0, [I("EK", 2), I("EA", 8)]),
    ("just so you know, E-B has 5 for me", MID0, [I("EB", 5)]),
    ("L to E: 3 coins here", START, [I("LE", 3)]),
]

SUGGEST: list[Case] = [
    ("let's swing by the kitchen", MID0, [S("EK")]),
    ("attic, maybe?", MID0, [S("EA")]),
    ("feel like going to the bathroom", MID0, [S("EB")]),
    ("next stop: kids room", MID0, [S("EC")]),
    ("wanna do the attic next?", MID0, [S("EA")]),
    ("I reckon the kitchen is our best bet", MID0, [S("EK")]),
    ("how bout the loft", MID0, [S("EA")]),
    ("we oughta hit the bathroom", MID0, [S("EB")]),
    ("let's check the kitchen then the kids room", MID0, [S("EKC")]),
    ("maybe bathroom, then attic, then kitchen?", MID0, [S("EBAK")]),
    ("plan: E → A → C", MID0, [S("EAC")]),
    ("I'd head over to the nursery", MID0, [S("EC")]),
    ("take us to the attic pls", MID0, [S("EA")]),
    ("let's hit up K", MID0, [S("EK")]),
    ("i'd say kitchen", MID0, [S("EK")]),
    ("my vote's for the attic", MID0, [S("EA")]),
    ("let's kick off with the empty room", START, [S("LE")]),
    ("we could do B, then K", MID0, [S("EBK")]),
    # a path that starts with our whole suggestion accepts it and goes on from its end
    ("kids room and then home", LATE, [Y("KC"), S("CL")]),
    ("let's go to the kitchen, I think it's the best", MID0, [S("EK")]),
    ("garden after this?", EIGHT, [S("EG")]),
    ("playroom pls", EIGHT, [S("EP")]),
]

END: list[Case] = [
    ("final route L-E-B-K-C-A-L, submitting", START, [E("LEBKCAL")]),
    ("that's it, we're finished: L E A B K C L", START, [E(TOUR)]),
    ("locking in L, E, A, B, K, C, L", START, [E(TOUR)]),
    ("all done, let's submit", DONE, [E(TOUR)]),
    ("wrapping up now", DONE, [E(TOUR)]),
    ("that's a wrap!", DONE, [E(TOUR)]),
    (
        "submitted: living room, empty room, attic, bathroom, kitchen, kids room, living room",
        START,
        [E(TOUR)],
    ),
    ("we're all set, submitting the tour", DONE, [E(TOUR)]),
    ("L E A B K C L is my final answer", START, [E(TOUR)]),
    # ambiguous: slang for "finished"; with every room visited it ends the tour
    ("finito 🏁", DONE, [E(TOUR)]),
    # ambiguous: "send in" is read as submitting
    ("I'll send in L-E-A-B-K-C-L", START, [E(TOUR)]),
]

CHATTER: list[Case] = [
    ("haha this is fun", START, []),
    ("one sec, phone", MID0, []),
    ("sorry, got distracted", MID0, []),
    ("how are you today?", START, []),
    ("nice weather huh", START, []),
    ("🤔", MID0, []),
    ("hmm", MID0, []),
    ("let me think", MID0, []),
    ("i'm new to this game", START, []),
    ("what's your name?", START, []),
    ("good luck!", START, []),
    ("this map is confusing lol", MID0, []),
    ("thanks for the info", MID0, []),
    ("give me a minute to add things up", MID0, []),
    ("are you a bot?", START, []),
    ("interesting", MID0, []),
    ("gg", START, []),
    ("ty!", MID0, []),
]

MIXED: list[Case] = [
    ("yeh kichen is good", MID, [Y("EK")]),
    ("noo, not the kitchin", MID, [N("EK")]),
    ("whre to next?", MID0, [BEST]),
    ("how many coins u get for E to A", MID0, [Q("EA")]),
    # ambiguous: a heavy typo (two letters dropped) a human still reads as the bathroom
    ("lets go to the bathrm", MID0, [S("EB")]),
    ("agred", MID, [Y()]),
    ("sounds gud", MID, [Y()]),
    ("wat do u get on K-C", MID0, [Q("KC")]),
    ("i get 4 on E-K, how bout u?", MID0, [I("EK", 4), Q("EK")]),
    ("yes! and I get 5 coins going there", MID, [Y(), I("EK", 5)]),
    ("nah, I'd get nothing there. bathroom?", MID, [N(), I("EK", 0), S("EB")]),
    ("sure, what do you want after that?", MID, [Y(), BEST]),
    ("no way. where would you go instead?", MID, [N(), BEST]),
    ("cool. where next?", MID, [Y(), BEST]),
    ("hello! which room first for you?", START, [BEST]),
    ("I get 3 to the attic and 1 to the kitchen — let's do the attic", MID0, [I("EA", 3), I("EK", 1), S("EA")]),
]

EVAL_SET: list[Case] = AGREE + REJECT + BEST_NEXT + ASK_EDGE + INFORM + SUGGEST + END + CHATTER + MIXED
