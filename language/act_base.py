"""The base class of every dialogue act, in a module of its own so that each game's acts can
subclass it without importing the other games' acts (:mod:`language.acts` collects them)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ActBase(BaseModel):
    """A frozen dialogue act; subclasses add a literal ``act`` tag and their fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @property
    def tag(self) -> str:
        """The act's ``act`` tag (``suggest``, ``opt_cell`` ...): every act type declares one."""
        return str(getattr(self, "act", type(self).__name__))

    def to_json(self) -> dict:
        """The act as a plain JSON object, without unset optional fields."""
        return self.model_dump(mode="json", exclude_none=True)
