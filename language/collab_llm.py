"""The CAC agent's prompts for Collab Capture and Collab Escape (LLM-Coordination, seed 002, section 3
and Appendix C; the wording of the original ``collab_capture_agent.py`` and ``collab_escape_agent.py``).

| CAC part | prompt | answer read by |
| --- | --- | --- |
| long-term memory | :data:`CAPTURE_RULES` / :data:`ESCAPE_RULES`: the game, the map, the rules | |
| working memory | :func:`describe_state`: rooms, doors or generators, the killer's intent, as the original's state text | |
| reasoning (action chooser) | :meth:`CollabPrompts.chooser_messages`: "Analysis/Explanation: ... Action: ..." over lettered legal moves | :func:`planners.cac.ground` with :class:`language.collab.CollabParser` |
| theory of mind | :meth:`CollabPrompts.tom_messages`: the escape agent's "partner interpreter" (what my partner intends next) | :meth:`CollabPrompts.read_tom` |
| verifier | :meth:`CollabPrompts.verifier_messages` (Appendix C.3 with the game's safety sentence) | :func:`language.cac.read_verdict` |

:func:`scripted_answer` is the scripted server's test double for these prompts (plumbing, not a model).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from games.collab import CollabAction, action_name
from language.cac import GOT_IT, verifier_prompt
from language.choices import action_list
from language.collab import CollabContext, CollabParser

CAPTURE_RULES = """I {me} am playing the game "Collab Capture" with {partner}. I want to coordinate with {partner} to catch the thief in the environment in the minimum number of steps. Coordination between {partner} and {me} is important to trap the thief.
Rules:
1. A thief is caught if a player is in the same room as the thief or if the thief and a player in connected rooms move towards each other.
2. The environment is fully visible to all three entities. In each turn, player and the thief simultaneously perform one action.
3. The thief always takes the greediest action to move away from the player closest to him.
4. Doors can be either open or closed.
5. If the door is closed, no one can pass, creating a dead end.
6. Pressing the button closes an open door and opens a closed door.
7. A button in a room can only be pressed if player is in that room.
8. All rooms are connected by pathways with same length, and everyone can only move to connected rooms in each turn.
Environment Layout:
{layout}
{doors}"""

ESCAPE_RULES = """In the game Collab Escape, we must cooperate with each other to repair generators and escape the map. We win even if only one of us escapes the map.
Environment Details: There are {rooms} rooms. Only {generators} have generators, and room {exit} has the exit gate. The rooms are connected by pathways, and you can only move to adjacent rooms. {layout}
As a survivor, my goal is to avoid the killer and move to rooms with generators, repair the generators, and reach the exit gate to escape. To fully repair a generator, it needs two consecutive fix actions (i.e. one must spend two consecutive turns fixing the generator in order for it be repaired). Survivors must also avoid being in the same room as the killer or an adjacent room, as the killer will move to catch any survivors they see in adjacent rooms. Being in the same room with the Killer results in an immediate loss.
In each turn, survivors and the killer simultaneously perform one action. We cannot know each other's actions ahead of time but can make educated guesses. We should coordinate in order to fix generators, protect each other by luring the killer away, etc.."""

CHOOSER = "{rules}\nHelp me {me} select my next action. Format your response as:\nExplanation: <brief explanation for your next action>.\nAction: <your selected action from the list>."
TOM = (
    "{rules}\nYou are a Theory of Mind inference agent for the game. You will be provided with the current state "
    "including my location, my partner's location, and the adversary's situation. You will provide me with a short "
    "explanation about what my partner intends to do next based on the available information. Format your response "
    "as:\nPartner Intention: <one sentence>"
)
VERIFIERS = {
    "capture": verifier_prompt("the action, where the thief can go, and which doors are open"),
    "escape": verifier_prompt("the action, where the killer is, and whether it will certainly move to a room"),
}

Game = Literal["capture", "escape"]


def _game(observation: Any) -> Game:
    return "escape" if hasattr(observation, "killer") else "capture"


def _names(observation: Any) -> tuple[str, str]:
    names = ("Alice", "Bob")
    return names[observation.seat], names[1 - observation.seat]


def rules_text(observation: Any) -> str:
    """The long-term memory: the game's rules and map, names filled in."""
    me, partner = _names(observation)
    adjacency = {int(room): near for room, near in observation.adjacency.items()}
    if _game(observation) == "capture":
        layout = "\n".join(
            f"- Room {room} directly connects to {', '.join(f'Room {r}' for r in near)}."
            for room, near in sorted(adjacency.items())
        )
        doors = " ".join(
            f"There is a door between Room {d.between[0]} and Room {d.between[1]} controlled by a button in Room {d.button_room}."
            for d in observation.doors
        )
        return CAPTURE_RULES.format(me=me, partner=partner, layout=layout, doors=doors)
    layout = " ".join(
        f"Room {room} is connected to {' and '.join(f'room {r}' for r in near)};"
        for room, near in sorted(adjacency.items())
    )
    generators = " and ".join(f"room {g.room}" for g in observation.generators)
    return ESCAPE_RULES.format(rooms=len(adjacency), generators=generators, exit=observation.exit_room, layout=layout)


def describe_state(observation: Any) -> str:
    """The working memory: the position in the original agents' words."""
    me, partner = _names(observation)
    mine, theirs = observation.rooms[observation.seat], observation.rooms[1 - observation.seat]
    if _game(observation) == "capture":
        doors = " ".join(
            f"Door between Room {d.between[0]} and {d.between[1]} is {'open' if d.open else 'closed'}."
            for d in observation.doors
        )
        return (
            f"I ({me}) am in Room {mine}. {partner} is in Room {theirs}. Thief is in Room {observation.thief}.\n{doors}"
        )
    text = f"My name is {me}. I am in room {mine}. "
    if observation.fixing[observation.seat]:
        text += "I have started to fix the generator in this room. "
    text += f"{partner} is in room {theirs}. "
    if observation.fixing[1 - observation.seat]:
        text += f"{partner} was fixing the generator in room {theirs} last turn. "
    text += f"We have information that the killer is currently located in room {observation.killer}. "
    if observation.killer_target is None:
        text += "We don't know which room the killer will move to next, but we do know that he is unaware of our current location. "
    else:
        target = ("Alice", "Bob")[observation.killer_target]
        text += f"We also have information that the killer will certainly move to the room where {target} is. "
    for g in observation.generators:
        if g.repaired:
            text += f"Generator in room {g.room} is fully repaired. "
        else:
            text += f"Number of fixes still needed by the generator in room {g.room} is {g.needed - g.fixes}. "
    text += "The exit gate is open for escape." if observation.exit_open else "The exit gate is closed."
    return text


class CollabPrompts:
    """The Collab games' :class:`planners.cac.CACPrompts` (the game is read from the observation)."""

    def moves(self, observation: Any) -> list[CollabAction]:
        """The seat's legal moves in the game's order."""
        return list(observation.legal)

    def move_text(self, move: CollabAction, observation: Any) -> str:
        """A move as the original's option lists say it (``Move to room 5``, ``Press button in room 9``)."""
        return action_name(move, observation.rooms[observation.seat]).capitalize()

    def name_move(self, text: str, observation: Any) -> CollabAction | None:
        """The one move ``text`` names (:class:`CollabParser`), or None."""
        acts = CollabParser().parse(text, CollabContext.of(observation, observation.seat))
        return acts[0].action if len(acts) == 1 else None

    def chooser_messages(self, observation: Any, options: Sequence[str], notes: Sequence[str]) -> list[dict[str, str]]:
        """The chooser's chat: rules, "Got it!", then the state with the ToM notes and the options."""
        me, _ = _names(observation)
        extra = "\n".join(notes)
        state = describe_state(observation) + (f"\n\n{extra}" if extra else "") + action_list(options)
        return [
            {"role": "user", "content": CHOOSER.format(rules=rules_text(observation), me=me)},
            {"role": "assistant", "content": GOT_IT},
            {"role": "user", "content": state},
        ]

    def partner_move(self, observation: Any) -> str:
        """The partner's last move in words ('' before the first joint turn resolved)."""
        if not observation.rounds:
            return ""
        record = observation.rounds[-1]
        partner = 1 - observation.seat
        action = record.alice if partner == 0 else record.bob
        return f"{_names(observation)[1]} chose to {action_name(action, record.rooms[partner]).lower()}"

    def tom_messages(self, observation: Any, partner_move: str) -> list[dict[str, str]]:
        """The theory-of-mind chat: the partner's last move and the state now."""
        return [
            {"role": "user", "content": TOM.format(rules=rules_text(observation))},
            {"role": "assistant", "content": GOT_IT},
            {"role": "user", "content": f"My partner's last action: {partner_move}\n\n{describe_state(observation)}"},
        ]

    def read_tom(self, text: str) -> str:
        """The ToM answer as one note line (cut to 300 characters)."""
        said = " ".join((text or "").split())
        if not said:
            return ""
        body = said.split(":", 1)[1].strip() if said.lower().startswith("partner intention:") else said
        return f"Partner Intention: {body[:300]}"

    def verifier_messages(self, observation: Any, move: str) -> list[dict[str, str]]:
        """The verifier's chat (a system prompt): the state and the selected move."""
        return [
            {"role": "system", "content": VERIFIERS[_game(observation)]},
            {"role": "user", "content": f"{describe_state(observation)}\n\nSelected action: {move}"},
        ]


COLLAB = CollabPrompts()


def scripted_answer(messages: Sequence[dict[str, str]]) -> str | None:
    """How the scripted server answers these prompts (a test double): the verifier approves, the ToM
    module says the partner keeps to its course, the chooser takes option A. None for other prompts."""
    texts = [str(m.get("content", "")) for m in messages if isinstance(m, dict)]
    if any(t.startswith(v[:60]) for t in texts for v in VERIFIERS.values()) and any(
        "Selected action:" in t for t in texts
    ):
        if not any("Collab" in t or "Thief is in Room" in t or "the killer is currently" in t for t in texts):
            return None
        return "The move follows the rules. Verification: Okay"
    first = texts[0] if texts else ""
    if '"Collab Capture"' not in first and "In the game Collab Escape" not in first:
        return None
    if "Theory of Mind inference agent" in first:
        return "Partner Intention: my partner keeps to the plan it is on."
    return "Explanation: the first option keeps the plan.\nAction: A"
