"""Verbs that change what a field card is for a while (one-shot effects making lasting
changes, `Mod`s in `Game.mods`, read by `model.derived` when a colour, symbol or family is
asked for; they end with the turn or the battle, `flow`):

- `declare_colour`: "declare a colour: this spirit is also treated as that colour (its
  symbols too)" (003 lines 14, 21): one of the six colours; ultimate and god are no colours
  and cannot be declared (003 line 27);
- `set_colour`: "treated as <colour>", or with no colour "treated as colourless" (003 lines
  24–25): its colours and its symbols' are replaced;
- `no_families` / `add_family`: families taken away or given. Printed nexus and magic
  families are no effect, yet an effect can still take families away (001 lines 103–104).

The continuous forms of these changes (while a card is on the field) are modifiers of the
same names (`model.modifiers`); these are the one-shot ones.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import Decision, Kind
from ..core.machine import op
from ..core.registry import verb
from ..data.cards import COLOURS, CardDataError, Step
from ..data.text import target_phrase
from ..model.game import Game
from ..model.state import Mod, Trigger
from .effects import step_at
from .verbs import TARGET_PARAMS, Path, Targeted, lasting_condition

DURATIONS = {"turn": "this turn", "battle": "this battle"}


def _subject(s: Step) -> str:
    t = target_phrase(s)
    return t[0].upper() + t[1:]


def _many(s: Step) -> bool:
    return bool(s.get("all", False)) or s.get("count", 1) > 1


class Change(Targeted):
    """A lasting change of kind `kind` to each chosen card, for `duration`; `words` says it of
    one card or of several (`many`)."""

    kind = ""
    params = dict(TARGET_PARAMS, duration=(str, "turn"))

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("duration", "turn") not in DURATIONS:
            raise CardDataError(f"{where}: {self.name}.duration is 'turn' or 'battle'")

    def words(self, value: str, many: bool) -> str:
        raise NotImplementedError

    tail = ""  # what follows the duration: "(its symbols too)" for a change of colours (003)

    def text(self, s: Step) -> str:
        words = self.words(str(s.get("value", "")), _many(s))
        return f"{_subject(s)} {words} {DURATIONS[self.arg(s, 'duration')]}{self.tail}."

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        self.change(g, s, cids, str(s.get("value", "")))

    def change(self, g: Game, s: Step, cids: tuple[int, ...], value: str, tag: str = "") -> None:
        duration = self.arg(s, "duration")
        cond = lasting_condition(s)
        for cid in cids:
            if cid in g.field:
                g.mods.append(Mod(cid, self.kind, 0, duration, cond, value))
                words = f"{self.words(value, False)} {DURATIONS[duration]}{self.tail}"
                g.say(f"{g.card_name(cid)} {words}.", tag=tag or self.name)


class DeclareColour(Change):
    """Its controller declares one of the six colours as the effect resolves (after the
    cards are chosen); the colour is added to each chosen card and to its symbols."""

    name = "declare_colour"
    kind = "add_colour"
    tail = " (its symbols too)"

    def text(self, s: Step) -> str:
        also = "are also" if _many(s) else "is also"
        dur = DURATIONS[self.arg(s, "duration")]
        return f"Declare a colour: {target_phrase(s)} {also} treated as that colour {dur} (its symbols too)."

    def words(self, value: str, many: bool) -> str:
        return f"{'are' if many else 'is'} also treated as {value}"

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        g.ask(
            Decision(
                trig[2],
                Kind.CHOOSE_TARGETS,
                tuple((c,) for c in COLOURS),
                f"{g.card_name(trig[0])}: declare a colour for {', '.join(g.card_name(c) for c in cids)}.",
                context={"card": trig[0], "count": 1, "up_to": False, "candidates": COLOURS},
            ),
            "colour_declared",
            trig,
            path,
            cids,
        )


@op("colour_declared")
def colour_declared(g: Game, answer: tuple[str, ...], trig: Trigger, path: Path, cids: tuple[int, ...]) -> None:
    g.say(f"{g.name(trig[2])} declares {answer[0]}.")
    DECLARE.change(g, step_at(g, trig, path), cids, answer[0], tag="declare_colour")


class SetColour(Change):
    """`value`: the colour it is treated as, or "" for colourless."""

    name = "set_colour"
    kind = "set_colour"
    tail = " (its symbols too)"
    params = dict(Change.params, value=(str, ""))

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("value", "") not in ("", *COLOURS):
            raise CardDataError(f"{where}: set_colour.value is a colour or '' (colourless)")

    def words(self, value: str, many: bool) -> str:
        return f"{'are' if many else 'is'} treated as {value or 'colourless'}"


class NoFamilies(Change):
    name = "no_families"
    kind = "no_families"

    def words(self, value: str, many: bool) -> str:
        return f"{'are' if many else 'is'} treated as having no family"


class AddFamily(Change):
    name = "add_family"
    kind = "add_family"
    params = dict(Change.params, value=(str, ...))

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if not 0 < len(raw["value"]) <= 40:
            raise CardDataError(f"{where}: add_family.value is a family name")

    def words(self, value: str, many: bool) -> str:
        return f"also {'have' if many else 'has'} the family {value}"


DECLARE = verb(DeclareColour())
for _v in (SetColour(), NoFamilies(), AddFamily()):
    verb(_v)
