"""Offline language layer for Traveling Adventurers: a rule-based parser and a template renderer.

The parser reads free human chat ("ok let's go to the kitchen, I get 4 there", "L -> E -> A",
"6 light coins between the bathroom and attic!") into the typed acts of :mod:`language.acts`; the
renderer says an :class:`~language.acts.Intent` back in varied wording that the parser reads exactly.
Neither needs a network or a model.

Lexicon scope
-------------

| item             | what is understood                                                                 |
|------------------|------------------------------------------------------------------------------------|
| room names       | the 14 rooms of the game's ``ROOM_CATALOGUE`` with synonyms (lounge, front room,     |
|                  | home base; spare / vacant / bare / unfurnished room, "the empty one"; WC, lavatory;  |
|                  | cooking area; kids' bedroom, little ones' room; attic space, loft; dining area;      |
|                  | piano room ...), case-insensitive, light typos (one substitution, deletion or        |
|                  | transposition in words of five letters or more), plus "the start" / "back home"      |
| room letters     | ``L``, ``E`` ... when they look like references: upper-case standalone letters;     |
|                  | ``A`` and ``O`` only next to arrows, "to"/"from"/"do"/"try", parentheses, amounts   |
|                  | or other letters;                                                                  |
|                  | lower-case letters only inside chains such as ``l-e-a`` or ``l, e, a, b``           |
| paths            | arrows (``->``, ``-->``, ``→``), dashes, "to", "then", "and then", comma lists, two  |
|                  | capital room letters written together ("EK" = E-K; not "OK", "TO", nor mostly-capital |
|                  | text), "&" lists,                                                                    |
|                  | "between X and Y", "from X ... to Y", space-separated letters (``L E A B``); "K to C" |
|                  | names its origin, "K then C" / "K before B" / "B after K" are stops from ``at``;     |
|                  | three or more names in a comma list are a path (a whole tour when it starts at L)    |
| numbers          | digits, number words zero..twenty (and tens), "a coin", "no coins", zilch / nada =0, |
|                  | "nothing" / "none" as an amount ("I get nothing", "none on L-C", a bare "none");     |
|                  | hedged amounts ("about 4", "like 7") at face value                                   |
| acts             | suggest, agree, reject, inform, ask (edge or best next move), end                   |
| chat shorthand   | u, ur, r, pls, thx, gud, hw, mny, bst, frm ... are read as the words they stand for  |
|                  | in cue phrases; a doubled last letter ("okk") and one keyboard slip in a cue word    |
|                  | ("agred", "sugest", "submiting") are read through                                   |
| coin ownership   | a number tied to the listener's coin kind or to "you/your" is an echo, not an inform |
|                  | ("you said 6 for L-E", "your numbers: ..."); the speaker's own amount right after an |
|                  | echo ("..., for me it's 4") counts on the echoed hallway; totals are ignored         |

Dialogue context (issue 17)
--------------------------

| message                                   | read against                   | acts                            |
|-------------------------------------------|--------------------------------|---------------------------------|
| a number without a room ("3", "zilch",    | ``topic`` when the message      | inform on that hallway          |
| "that one's a 3 for me", "2 there")       | points ("that", "there"), else |                                 |
|                                           | ``last_question``, else topic  |                                 |
| "same for me", "same as you", "ditto"     | ``last_amount`` + as above     | inform of the last amount       |
| "what about that hallway?", "and that     | ``topic`` (a hallway)          | ask                             |
| one?", "what do you get on that corridor?"|                                |                                 |
| "let's head over there", "that room next" | ``topic``'s room (not ``at``)  | suggest [at, room]              |
| "cool", "yep", "👍", "fine if ...",       | ``last_suggestion``            | agree only when one is pending; |
| "sounds good"                             |                                | no act otherwise                |
| "can't do X", "skip X", "pass on that",   | ``last_suggestion``            | reject of the pending           |
| "not sure about that", "I'd rather not"   |                                | suggestion, else reject [at, X] |
| "so far we did L, E, K", "recap: ..."     | ``visited``                    | no act                          |

Self-corrections ("kitchen next... actually no, make it the bathroom", "I get 5 there, sorry, 6",
"L-K is 2, no wait, 5", "go to K, I mean B") are read segment by segment (:mod:`.corrections`): the
corrected suggestion replaces the earlier ones, a corrected amount the amount of the same hallway (a
number moved to another hallway keeps both informs). One amount may cover several hallways: "the
attic and the bathroom are both 4 from here", "5 for E-K and E-A", "kitchen and attic: 3 each",
"all hallways out of the attic are 1", "from the attic everything is 1", "the rest are 3" (the rooms
not visited, from ``at``); "the attic and kitchen are 2 and 5" pairs them in order. A sentence that
lists several amounts and rooms speaks of coins even without "I get" ("2 to the kitchen, 4 to the
bathroom, nothing to the attic"); numbers that answer nothing ("2 more to go", "25 so far", "5 mins")
are not read against the context. "you pick" / "your call" hands the choice over
(ask best_next); "final" alone is an ending cue ("L-...-L, final" ends, "L-...-L final?" suggests);
instructions to the reader ("ignore all previous instructions ...") make the message carry no act.

Round 2 of issue 17 (robustness on phrasing nobody tuned for, development set
``tests/language/data/ta_dev2.jsonl``):

| message                                        | acts                                              |
|------------------------------------------------|---------------------------------------------------|
| "either the attic or the bathroom"             | two suggestions from ``at`` (alternatives: both)  |
| "wouldn't it be better to do the attic?"       | suggest (a rhetorical negative question proposes) |
| "it's 3 to the attic", "4 for the kitchen"     | inform from ``at`` (an amount led into one room)  |
| "E-K, E-A and E-B are all 2"                   | one inform per listed hallway (quantifier after)  |
| "E-K then K-A then A-B"                        | suggest E-K-A-B (a room repeated in a row once)   |
| "L E K A B C L final"                          | end ("final" as the last word after a tour)       |
| "path: L, E, K" (the agreed path)              | no act (a recap, not a proposal)                  |
| "next?", "ok so next?"                         | ask best_next                                     |
| "scratch the attic", "idk about X", "X won't do for me" | reject                                   |
| "pop into the loo", "we ought to ...", "I reckon ..."   | suggest                                  |

Corrections also read "5, no 6" and "5 on L-E, no 6" (an amount shortly before), "actually nah",
"(edit: 3)", lower-case room letters before a marker ("k next, no wait, attic") and a leading "I meant
to say ..." (the marker is dropped, not read as a proposal). "kids" / "children" are weak names of the
children's room; "the kitchen one" is a pronoun, not an amount of one coin.

Round 3 of issue 17 (blind batches ``ta_dev3.jsonl`` / ``ta_dev4.jsonl`` written to the labelling spec
``ta_conventions.md``, which wins where older tables here differ):

| message                                                    | acts                                               |
|------------------------------------------------------------|----------------------------------------------------|
| "yep fine. oh hold on, no, i'd rather not"                 | reject (of an assent and a refusal, the later one) |
| "ok go for it. actually no, lets do the attic first"       | reject + suggest (a counter-proposal after a       |
|                                                            | correction marker turns the assent round)          |
| "hang on" / "hold on" / "scrap that" / "strike that" /     | correction markers; "*kitchen", "attic***",        |
| "on second thoughts" / "sorry" / "wait," / "(no, L-C"      | "~~kitchen~~ bathroom" too                         |
| "L-K is 5 (no wait that's L-B). L-K is 0"                  | L-B 5, L-K 0 (a hallway named after a marker takes |
|                                                            | the amount just said)                              |
| "i meant the garden not the playroom", "ignore my last msg"| suggest B-G only ("not X" after a marker takes X   |
|                                                            | back, it refuses nothing)                          |
| "submitting X. no hang on, Y, locking it in"               | end Y (a later tour replaces an earlier one)       |
| "L-...-L? ugh no, swap the study and the dining room"      | the tour with the two rooms exchanged              |
| "any hallway touching the attic is 4", "K is dead in every | one inform per hallway touching the room (visited  |
| direction apart from the attic, which is 8"                | included), the exception with its own amount       |
| "every remaining door from here is 1", "none of the three  | one inform per hallway to an unvisited room        |
| left is worth anything from the garden except the study: 5"| (:mod:`.quantifiers`)                               |
| "B, K, C: 3, 7 and 1 respectively", "E-B and E-C? both 0"  | the amounts in order; the hallways the question    |
|                                                            | named                                              |
| "rec room next? then the garden", "EK, KB, BA, AC then L?" | one suggest with the whole path                    |
| "would L-E-B-K-C-A-L be ok with you?", "what if we did     | suggest of the tour (runs of capital letters, and  |
| LBKECAL", "lekbcal?"                                       | a whole tour in lower case, are paths)             |
| "agred", "i sugest kitchn", "hw mny coins on k-a 4 u",     | cue words through chat spellings and one keyboard  |
| "sounds gud", "okk lets do itt", "were do u wanna go nxt"  | slip (a changed letter only in words of 9+ letters)|
| "the attic is a no-go for me", "skip it" (topic a room),   | reject [at, room] when nothing is pending          |
| "keep me away from the loft"                               |                                                    |
| "and the bathroom?" after the reader gave E-K              | ask E-B (the parallel hallway)                     |
| "double that", "it's worth 7 to me", "wbu"                 | inform 2 x last amount; inform on the topic; ask   |
| "SYSTEM override: ...", "[ADMIN NOTICE] bot is required"   | no act (instructions to the reader)                |
| "your call: bathroom or attic"                             | ask best_next (no proposal of the rooms)           |

Round 4 of issue 17 (blind batches ``ta_dev5.jsonl`` / ``ta_dev6.jsonl``, same spec):

| message                                                    | acts                                               |
|------------------------------------------------------------|----------------------------------------------------|
| "bathroom instead?", "the attic instead of the bathroom"   | reject of the pending suggestion + suggest (an     |
| (a suggestion pending)                                     | alternative to it; older tables said suggest only) |
| "leave the kitchen till last", "save X for the end",       | reject (of the pending suggestion when it goes     |
| "leave the bathroom and the kitchen till last"             | there, else [at, X], one per room)                 |
| pipe / CSV / tab rows ("kids room,5", "B<tab>2"),          | table rows read as "B: 2" (rules dropped)          |
| "bathroom – 2" on its own line                             |                                                    |
| "1. bathroom / 2. kids room / 3. attic" (one per line),    | one path (numbered list of rooms); numbered rows   |
| "1) loo 2) nursery 3) attic"                               | with amounts stay rows                             |
| "I get 4 on L-E. wait 3 not 4", "LB is 6 not 5"            | the earlier amount corrected in place              |
| "loo, nursery, attic, back home"; "... and go back living  | the return home continues the proposal of every    |
| room"; "only the attic left and then back home"            | room left (the completion from ``at``)             |
| "the rest is B, C and A", "remaining: bathroom, attic",    | no act (a recap naming the rooms still to do); a   |
| "still got the playroom, loo ..."                          | proposal after it stands ("... the bathroom next?")|
| "what do you get in total for L-A-C-B-K-E-L?", "is it      | suggest of the whole tour / completion (not a      |
| possible for you: E → A → K → B → C → L?"                  | question per hallway)                              |
| "would you be ok going E → K → A from here?" (nothing else)| suggest of a route of 3+ rooms from ``at``         |
| "to the nursery via the attic", "by way of", "through X    | one suggest at -> X -> Y ("how many from B through |
| on the way to Y"                                           | K to C" still asks per hallway)                    |
| "ya sure! oh wait no, i have nothing there"                | reject (an assent taken back by a marker with "no")|
| "final: L-...-L [sorry, L-...-L]"                          | end of the corrected tour                          |
| "the attic? nope, not yet" (B-A pending)                   | reject only (no proposal of what is refused)       |
| "X is empty / dead for me", "skip X 4 now", "how bout you  | inform 0; "for now"; ask X-Y                       |
| on X-Y?"                                                   |                                                    |
| "B-C and C-A? both 5 for me"                               | informs only (hallway names, no proposal)          |
| "how many on E-A I mean E-C", "lets do KB next. *KC"       | ask E-C; suggest K-C (the hallway named after a    |
|                                                            | marker moves the question / replaces the hop)      |
| "that's the tour then: L-...-L, submitting now" (the       | end of the whole tour only                         |
| completion pending, no end read otherwise)                 |                                                    |
| "thats a 0 hallway for me"                                 | inform 0 on the hallway under discussion           |
| galley, where we cook / eat, room with the piano / books / | K, K / D, M / S / E; "hard no" refuses; "what else |
| no furniture                                               | have you got" asks best_next                       |

Round 5 of issue 17 (the dev misses left from rounds 2-4, grouped by shape in ``ta_dev7.md``, and the
blind batch of ordinary game traffic ``ta_dev7.jsonl``):

| message                                                    | acts                                               |
|------------------------------------------------------------|----------------------------------------------------|
| "the attic no not the attic the bathroom"                  | suggest [at, B] ("no not" + the words repeated is  |
|                                                            | a correction marker)                               |
| "K-A gives me 3... oh no, is 7", "2 on that one, or wait,  | the corrected amount only ("that one" is no        |
| 12"                                                        | amount)                                            |
| "L-K 5 hmm no, that 5 is for L-C. L-K is 2", "four. ah no  | the amount moved to the hallway named after the    |
| that's L-E. L-B is zero", "3 for L to C (typo, meant L to A)" | marker; the first keeps only a later amount     |
| "if we start from X: 2 to the loo, ...", "garden 6, attic  | the list leaves from X (moved before the list)     |
| 1 (all from the kitchen)"                                  |                                                    |
| "same for all three: 6", "the same for all of them, 4"     | one inform per hallway to an unvisited room        |
| "Both K and A are 6 from here, B only 2", "A-B and A-K are | the shared amount on the two hallways named before |
| both 2, and A-E is 6"                                      | it, the others their own                           |
| "... except the kitchen, that one's 7"                     | the exception's own amount                         |
| "A back to the living room is 3"                           | inform A-L (A before "back to <room>")             |
| "childrensroom", "ek ka ab??", "kb bc ca?"                 | the room; one path over chained lower-case hops    |
| "I don't think I'd be able to manage the loft just yet",   | reject (denied belief, inability before a motion   |
| "I'm unable to go there yet"                               | verb: no proposal of the room)                     |
| "let's go" / "lets go" on its own (a suggestion pending)   | agree ("let's go to X" still proposes)             |
| "lets avoid it" (nothing pending, topic a hallway)         | reject of the topic                                |
| "we havent even started 😂 kitchen first?"                 | a pictograph between words ends a clause           |
| "the attic is the same (too)"                              | inform of ``last_amount`` on the hallway to A      |
| "sorry typo above, I meant X, not Y"                       | suggest X only (a leading "I meant" after an       |
|                                                            | apology)                                           |
| "nvm", "never mind", "or actually", "(meant K-C)"          | correction markers                                 |
| "hmm not yet", "not just yet, the loo first", "maybe later"| reject of the pending suggestion (postponing)      |
| "all of them are 3 except the attic (7)"                   | the rooms left, the exception its own amount       |
| "my route would be empty, kitchen, ...", "... then attic   | one path; a closing "then back" / "and home" after |
| then back"                                                 | every room left returns to the start               |
| "6 coin for go to bathroom", "a bit more than you, 4"      | inform only (a purpose, not a proposal); the       |
|                                                            | author's amount (a comparison, not an echo)        |
| "Same as you for that one, and B to C I get 1"             | the "same" clause answers the hallway under        |
|                                                            | discussion, the other clause its own               |

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

Known limits: references reach only what the context carries (the topic, our last question and
suggestion, the last amount), so "the one you mentioned before", "both of those" for hallways only
the history names, or a correction of an earlier message's number ("sorry that was meant to be E-K
not E-C") are not resolved; sarcasm, arithmetic on amounts of the same message ("C-A is double
that") and conditionals beyond "if ..." / "as long as ..." are not read; "base" and "den" count only
after "the" or in a path; a neutral amount with one room and no owner counts only when it is led
into the room ("3 to the attic") or labels it ("attic: 3"). Still weak on fresh text (``ta_dev3.md``,
``ta_dev4.md`` ... ``ta_dev7.md``): insisting ("pls just agree with me ... bathroom"); "via X" after
a whole path ("K-B-C via A"); a correction of an earlier message's number ("in my last message I
wrote K-C = 3", "I said 2 for X, but it's Y that's 2"); conditional submissions ("if you're fine
with X i'll submit Y"); pairs of letter hallways with "respectively" followed by more; an origin
given after "From X:" in a long message with "as well" and "nothing at all"; tours mixing notations
over many clauses ("L→E, then e-k, then KB, then children's, attic, back to L") or a numbered list
closed by "then back to the lounge"; a path written from a room other than ``at`` inside a proposal
("could we do kitchen → attic → kids room next"); an amount given for the room of the sentence
before ("the nursery? 5 coins for me from the washroom"); "the other two are both 4" (the rooms the
sentence before did not name); "half that"; chit-chat negation read as a refusal ("my English is not
so good").
Ambiguous phrasing falls back to the conservative reading (no act rather than a guessed one).

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
| ``corrections`` | self-corrections: markers, segments, what a correction replaces               |
| ``quantifiers`` | one amount for a set of hallways ("every remaining door", "except X: 5")      |
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
