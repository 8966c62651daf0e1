"""Offline language layer for Gnomes at Night: a rule-based flag parser and a template renderer.

In Gnomes at Night two players share one token in a maze whose walls differ on each side; their
chat is reduced to one intent :class:`~language.flags.Flag` per message. The parser reads free
human chat ("dwn", "could you move the gnome up one square?", "sorry, I can't go left, wall",
"the treasure is top left of you") into exactly one flag; the renderer says a flag back in short
template sentences that the parser reads into the same flag. Neither needs a network or a model.

Representation
--------------

| message                                         | flag                                                        |
|-------------------------------------------------|-------------------------------------------------------------|
| a move request ("go left", "can you go down?")  | ``left`` ... (``stay`` for "wait", "skip", "don't move")    |
| agreement ("ok", "sure", "on it", "👍")          | ``accept``                                                  |
| refusal, inability, a single wall               | ``reject`` (``move`` = the refused move when it is named)   |
| a question ("where's the treasure?")            | ``inquiry`` with ``treasure=None`` and ``blocked=None``     |
| an answer / statement of knowledge              | ``inquiry`` with ``treasure`` (or ``None``: not seen) and   |
|                                                 | ``blocked`` = the walled moves, a list (maybe empty)        |
| chit-chat, garbage, past-tense reports          | ``none``                                                    |

Lexicon scope
-------------

* directions: left/right/up/down, west/east/north/south, top/bottom, above/below/beneath, upward(s)
  ..., compounds (northwest, top-left, up-left), arrows (``<-``, ``->``, ``^``, ``←``, ``⬆️`` ...);
  a single letter L/R/U/D/N/S/E/W/V when it is the whole message (or follows "go"/"move");
  typos: one transposition or deletion in left/right/down/north/south (``lfet``, ``rigth``,
  ``dwn``), doubled letters (``upp``, ``dowwn``, ``leeeft``) and a few common slips;
* idioms that are not directions: "hurry up", "what's up", "up to you", "calm/slow down",
  "that's right", "right now/away/there/above ...", "all right", "I left", "moves left";
* stay: stay, wait, hold on, hang on, one sec, pause, pass, skip, stop, don't move, stay put ...;
* accept: yes/yep/ya, ok/okay/okie/k, sure, done, alright, of course, will do, on it, got it,
  can do, sounds good, thanks, 👍 ✅ 👌; first-person commitments ("moving now", "I'll go up");
* reject: no/nope/nah/nooo, 👎 ❌; inability (can't, cannot, unable, not possible, stuck, no way,
  dead end); walls (wall, blocked, obstacle);
* treasure words: treasure, gem, jewel, prize, goal, gold, chest, loot, diamond, target, and a
  sentence opening with "it's"/"it is" followed by a direction ("it's below us").

Precedence rules (one flag per message; the first rule that applies wins)
------------------------------------------------------------------------

1. Non-text, empty, control characters only, or a prompt injection ("ignore your instructions
   ...") -> ``none``.
2. Inability in a statement (not a question): "can't", "cannot", "unable", "not possible", "stuck",
   "no way" ... -> ``reject``, with ``move`` = the first direction of the same clause ("I can't go
   left, try down" -> reject left), even when the message also proposes another move. "I can't
   see / find / tell ..." is not an inability to move (see 3).
3. A statement of treasure knowledge -> ``inquiry`` answer: a treasure word followed in its sentence
   by directions gives ``treasure`` (first horizontal and first vertical direction; "on the token"
   gives ``(0, 0)``); a negated one ("I can't see the treasure", "it's not on my side", "I don't
   know where it is") gives ``treasure=None``. ``blocked`` collects the directions of the wall
   sentences of the message (``[]`` if none). A treasure word after a move request ("go left to get
   the treasure") is not a statement.
4. A description of walls -> ``inquiry`` answer with ``treasure=None``: plural walls ("there are
   walls to my left and below"), two or more walled directions, "no walls", "walls everywhere".
   A bare "no walls" next to a move request gives the request ("left please, there is no wall").
5. A single wall or blocked way ("there's a wall on my right", "left is blocked", "blocked") ->
   ``reject`` with that move.
6. Moves and questions, by position (the first mentioned wins):
   * a direction that is not negated, not in an idiom and not in a past-tense report ("I moved
     left already") is a request; "Up, then left." -> ``up``; "no, go up instead" -> ``up``;
   * a strong stay cue (stay, skip, pass, don't move, stop) is ``stay``; a weak one (wait, hold
     on, one sec) counts only when no direction is named;
   * a question (ends with "?", or opens with where/which/what/how/why/who/when, or with an
     auxiliary and a subject: "is the ...", "do you ...") is an ``inquiry`` question, unless it
     names a single move and asks no wh-question and is not about the treasure or walls: then it
     is a request ("can you go down?", "maybe left?"). "left or right?" stays a question.
   An accept cue or a first-person commitment ("yes, moving left", "ok I'll move up") whose move
   is the reader's own last request (``FlagContext.last_request``) is ``accept`` instead.
7. Only negated directions ("not down", "don't go left") -> ``reject`` of that move.
8. An accept cue -> ``accept`` (a bare "ok" / "yes" accepts whatever was asked).
9. A reject cue ("no", "nope", "nah", "👎") -> ``reject``.
10. Otherwise -> ``none`` (chit-chat, insults, past-tense reports, unknown words).

Known limits: the reading is local and lexical. Sarcasm, conditionals ("if you can't go left, go
down"), counts ("two squares" is one request), references to earlier turns ("the other way",
"back") and directions relative to the partner's facing are not resolved; a treasure statement
without a direction ("the treasure is close") gives ``none``; mixed messages keep only the flag of
the highest rule (a reject beats the treasure hint that follows it).

Modules
-------

| module         | what                                                                 |
|----------------|----------------------------------------------------------------------|
| ``tokens``     | normalization, tokens with sentence and clause numbers, cue look-ups |
| ``directions`` | move words, typos, letters, arrows and emoji                         |
| ``cues``       | treasure, wall, question, negation and idiom cues                    |
| ``agreement``  | agreement, refusal, inability and stay cues                          |
| ``reading``    | direction mentions, sentences, clauses, questions                    |
| ``parser``     | :class:`GnomesParser`                                                |
| ``renderer``   | :class:`GnomesRenderer`                                              |
"""

from __future__ import annotations

from language.gnomes_at_night.parser import GnomesParser
from language.gnomes_at_night.renderer import GnomesRenderer
from language.gnomes_at_night.tokens import MAX_CHARS

__all__ = ["GnomesParser", "GnomesRenderer", "MAX_CHARS"]
