"""The Traveling Adventurers renderer: an :class:`~language.acts.Intent` in varied template
wording that the parser reads back exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from games.traveling_adventurers import ROOM_CATALOGUE
from language.act_base import ActBase
from language.acts import Agree, Ask, End, Inform, Intent, Reject, Suggest
from language.text import number_words
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.rooms import _AMBIGUOUS_LETTERS

_ALT_NAMES = {"L": "lounge", "A": "loft", "B": "washroom", "C": "kids' room"}
_WORDS = {v: k for k, v in number_words(0, 20).items()}


class _Say:
    """Small helpers shared by the templates of one message."""

    def __init__(self, context: DialogueContext, rng: np.random.Generator) -> None:
        self.ctx = context
        self.rng = rng

    def pick(self, options: Sequence[str]) -> str:
        return options[int(self.rng.integers(len(options)))]

    def chance(self, p: float) -> bool:
        return bool(self.rng.random() < p)

    def style(self) -> str:
        return self.pick(("name", "name", "name_letter", "letter"))

    def name(self, room: str) -> str:
        name = self.ctx.rooms.get(room) or ROOM_CATALOGUE.get(room, room)
        if room in _ALT_NAMES and name == ROOM_CATALOGUE.get(room) and self.chance(0.15):
            return _ALT_NAMES[room]
        return name

    def ref(self, room: str, style: str) -> str:
        if style == "letter":
            return room
        if style == "name_letter":
            return f"the {self.name(room)} ({room})"
        return f"the {self.name(room)}"

    def chain(self, rooms: Sequence[str], style: str) -> str:
        """Destinations one after another: "the kitchen, then the attic"."""
        refs = [self.ref(r, style) for r in rooms]
        joiner = self.pick((", then ", " and then ", " then "))
        return joiner.join(refs)

    def arrows(self, rooms: Sequence[str], style: str) -> str:
        arrow = self.pick((" -> ", " --> ", " → ")) if style != "letter" else self.pick((" -> ", "-", " → "))
        return arrow.join(self.ref(r, style) for r in rooms)

    def coins(self, n: int, kind: str) -> str:
        if n == 0:
            return self.pick((f"no {kind} coins", f"0 {kind} coins", f"zero {kind} coins"))
        if n == 1:
            return self.pick((f"1 {kind} coin", f"one {kind} coin", f"a single {kind} coin"))
        if n in _WORDS and self.chance(0.3):
            return f"{_WORDS[n]} {kind} coins"
        return f"{n} {kind} coins"

    def amount(self, n: int) -> str:
        return str(n) if n > 1 or self.chance(0.5) else _WORDS[n]


def _cap(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:] if sentence else sentence


class TravelingAdventurersRenderer:
    """Template renderer: one short chat message per intent, worded by ``rng``.

    Every act becomes its own sentence (runs of informs or of edge questions share one), so the
    :class:`TravelingAdventurersParser` reads the message back into the same acts. Coins are named
    with the speaker's coin kind (``context.speaker_coins``); questions use the listener's.
    """

    def render(self, intent: Intent, context: DialogueContext, rng: np.random.Generator) -> str:
        """Say ``intent`` as one message.

        Args:
            intent: the acts to say (formal actions are not mentioned).
            context: the speaker's context (``speaker_coins`` is the speaker's own coin kind).
            rng: picks among paraphrases; the same state gives the same text.

        Returns:
            The message text ("" for an intent without acts).
        """
        say = _Say(context, rng)
        acts = list(intent.acts)
        sentences: list[str] = []
        i = 0
        while i < len(acts):
            act = acts[i]
            if isinstance(act, Inform):
                run = [act]
                while i + len(run) < len(acts):
                    nxt = acts[i + len(run)]
                    if not isinstance(nxt, Inform):
                        break
                    run.append(nxt)
                sentences += self._informs(run, say)
                i += len(run)
                continue
            if isinstance(act, Ask) and act.edge is not None:
                run_a = [act]
                while i + len(run_a) < len(acts):
                    nxt = acts[i + len(run_a)]
                    if not (isinstance(nxt, Ask) and nxt.edge is not None):
                        break
                    run_a.append(nxt)
                sentences += self._asks(run_a, say)
                i += len(run_a)
                continue
            sentences.append(self._one(act, say))
            i += 1
        text, previous = "", ""
        for sentence in (s for s in sentences if s):
            sep = "\n" if "\n" in previous else " "  # a bullet list ends its line
            text = f"{text}{sep}{_cap(sentence)}" if text else _cap(sentence)
            previous = sentence
        return text

    # -- single acts --------------------------------------------------------------------------------

    def _one(self, act: ActBase, say: _Say) -> str:
        if isinstance(act, Suggest):
            return self._suggest(list(act.path), say)
        if isinstance(act, Agree):
            return self._agree(list(act.path) if act.path else None, say)
        if isinstance(act, Reject):
            return self._reject(list(act.path) if act.path else None, say)
        if isinstance(act, Ask):
            return say.pick(
                (
                    "What would be your best next move?",
                    "Where would you go next?",
                    "What's your best next step?",
                    "Which room would you pick next?",
                )
            )
        if isinstance(act, End):
            return self._end(list(act.path), say)
        return ""

    def _suggest(self, path: list[str], say: _Say) -> str:
        style = say.style()
        if path[0] == say.ctx.current and say.chance(0.6):
            chain = say.chain(path[1:], style)
            return say.pick(
                (
                    f"Let's go to {chain}.",
                    f"How about we go to {chain}?",
                    f"I suggest we head to {chain}.",
                    f"Shall we go to {chain}?",
                    f"I'd go to {chain}.",
                    f"How about {chain}?",
                    f"My suggestion: go to {chain}.",
                )
            )
        a, rest = say.ref(path[0], style), say.chain(path[1:], style)
        return say.pick(
            (
                f"Let's go from {a} to {rest}.",
                f"How about going from {a} to {rest}?",
                f"From {a}, let's go to {rest}.",
                f"I suggest {say.arrows(path, style)}.",
                f"We could go from {a} to {rest}.",
                f"My proposal: {say.arrows(path, style)}.",
            )
        )

    def _agree(self, path: list[str] | None, say: _Say) -> str:
        if path is None or len(path) < 2:
            return say.pick(
                (
                    "Sounds good!",
                    "Yes, that works for me.",
                    "Sure, let's do that.",
                    "Deal!",
                    "Agreed.",
                    "I agree.",
                    "Perfect, I'm in.",
                    "Great, fine by me.",
                )
            )
        style = say.style()
        options = [
            f"Sounds good, let's go from {say.ref(path[0], style)} to {say.chain(path[1:], style)}.",
            f"Agreed: {say.arrows(path, style)}.",
        ]
        if path[-1] != say.ctx.current:
            dest = say.ref(path[-1], "name" if style == "letter" and path[-1] in _AMBIGUOUS_LETTERS else style)
            options += [f"Yes, {dest} it is.", f"Sure, {dest} works for me."]
        return say.pick(options)

    def _reject(self, path: list[str] | None, say: _Say) -> str:
        if path is None or len(path) < 2:
            return say.pick(
                (
                    "No, I'd rather not.",
                    "Hmm, that's bad for me.",
                    "Sorry, that doesn't work for me.",
                    "I disagree.",
                    "Not great for me, sorry.",
                )
            )
        style = say.style()
        if path[0] == say.ctx.current and say.chance(0.4):
            chain = say.chain(path[1:], style)
            return say.pick((f"I'd rather not go to {chain}.", f"Let's not go to {chain}."))
        a, rest = say.ref(path[0], style), say.chain(path[1:], style)
        return say.pick(
            (
                f"I'd rather not go from {a} to {rest}.",
                f"Let's not go from {a} to {rest}.",
                f"Going from {a} to {rest} is bad for me.",
            )
        )

    def _end(self, path: list[str], say: _Say) -> str:
        style = say.pick(("plain", "plain", "letter", "letter", "name_letter"))
        if style == "plain":
            tour = say.pick((" --> ", " -> ")).join(say.name(r) for r in path)
        elif style == "letter":
            tour = say.pick(("-", " ", " -> ", ", ")).join(path)
        else:
            tour = " -> ".join(say.ref(r, "name_letter") for r in path)
        return say.pick(
            (
                f"Then it's settled and we are done - the path we decided on is {tour}.",
                f"Let's finalize: {tour}.",
                f"I'll submit {tour}.",
                f"Our final path is {tour}.",
                f"Final tour: {tour}.",
            )
        )

    # -- runs ---------------------------------------------------------------------------------------

    def _informs(self, run: list[Inform], say: _Say) -> list[str]:
        kind = say.ctx.speaker_coins
        if len(run) >= 2 and say.chance(0.25):
            lines = [f"My {kind} coins:"]
            for act in run:
                style = say.pick(("letter", "name"))
                a, b = say.ref(act.edge[0], style), say.ref(act.edge[1], style)
                sep = "-" if style == "letter" else " to "
                lines.append(f"- {a}{sep}{b}: {act.coins}")
            return ["\n".join(lines)]
        if len(run) >= 2 and say.chance(0.5):
            style = say.style()
            parts = []
            for k, act in enumerate(run):
                a, b = say.ref(act.edge[0], style), say.ref(act.edge[1], style)
                amount = say.coins(act.coins, kind) if k == 0 else say.amount(act.coins)
                parts.append(f"{amount} from {a} to {b}")
            return [f"I get {', '.join(parts[:-1])} and {parts[-1]}."]
        return [self._inform(act, say) for act in run]

    def _inform(self, act: Inform, say: _Say) -> str:
        style = say.style()
        (x, y), cp = act.edge, say.coins(act.coins, say.ctx.speaker_coins)
        a, b = say.ref(x, style), say.ref(y, style)
        options = [
            f"I get {cp} from {a} to {b}.",
            f"{a} to {b} gives me {cp}.",
            f"From {a} to {b} I'd collect {cp}.",
            f"Between {a} and {b} I have {cp}.",
            f"I can collect {cp} between {a} and {b}.",
            f"{a}-{b}: {cp} for me." if style == "letter" else f"{a} to {b}: {cp} for me.",
        ]
        if x == say.ctx.current:
            options += [f"Going to {b} gives me {cp}.", f"I'd get {cp} going to {b}."]
        return say.pick(options)

    def _asks(self, run: list[Ask], say: _Say) -> list[str]:
        kind = say.ctx.listener_coins
        edges = [a.edge for a in run if a.edge is not None]
        style = say.style()
        if len(edges) >= 2 and say.chance(0.5):
            parts = [f"from {say.ref(x, style)} to {say.ref(y, style)}" for x, y in edges]
            return [f"How many {kind} coins do you get {', '.join(parts[:-1])} and {parts[-1]}?"]
        out = [self._ask(edges[0], say, style)]
        for x, y in edges[1:]:
            out.append(
                say.pick(
                    (
                        f"What about {say.ref(x, style)} to {say.ref(y, style)}?",
                        self._ask((x, y), say, style),
                    )
                )
            )
        return out

    def _ask(self, edge: tuple[str, str], say: _Say, style: str) -> str:
        kind = say.ctx.listener_coins
        x, y = edge
        a, b = say.ref(x, style), say.ref(y, style)
        options = [
            f"How many {kind} coins do you get from {a} to {b}?",
            f"What do you get between {a} and {b}?",
            f"Could you tell me your coins for {a} to {b}?",
            f"How much is {a} to {b} worth for you?",
        ]
        if x == say.ctx.current:
            options.append(f"How many {kind} coins would you get going to {b}?")
        return say.pick(options)
