"""Activated effects of field cards: the Main and Flash effects of spirits, braves, nexuses
and ultimates on the field, used when their controller chooses (000 ch.1 §5.5, lines 263–265:
in the Main Step "effects designated Flash other than magic cards', or effects that may be
used at will in your Main Step"; flash timing, lines 336–356: "a spirit's effect that says
'do ○○' may be chosen too"). A magic's effects are used from the hand (`flow`), a
grandwalker's skills by their own payment (`systems/grandwalkers`), a 【变换】 from the hand
(`systems/change`); this module offers the rest.

An effect is offered while its card is on the field on its own (a braved brave works only
through its host, 003), the effect works now (`model.derived.works`: its level, soul state,
[OC], conditions, `during`), its activation is not forbidden, its once-per-turn is unused,
and it would do something: the cost of a "by doing X, Y" (`by`) or "you may X; if you do"
(`if_you_do`) written in it can be paid ("by exhausting this spirit", "by moving 1 core
from this spirit to the void": Q&A 关于效果整体 A5, 灵魂晶核 A4), or else some step can act.
Main effects are offered in the Main Step, Flash effects in the Main Step and in flash
windows; after one resolves in a flash window the other player may respond.
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import FLASH_ACTIONS, FLASH_OPTIONS, MAIN_ACTIONS, MAIN_OPTIONS, VERBS, label, needs
from ..data.cards import Effect
from ..data.text import effect_text
from ..model.derived import activation_forbidden, effect_level, works
from ..model.game import Game
from . import costs
from .effects import begin_effect, once_key

# Verbs holding the cost of an effect: "by doing X, Y" and "you may X; if you do, Y".
COSTED = ("by", "if_you_do")


def why_not(g: Game, cid: int, idx: int, e: Effect, player: int, timing: str) -> str:
    """Why effect `idx` of field card `cid` cannot be used now ("" when it can)."""
    if activation_forbidden(g, cid, timing):
        return "an effect keeps its effects from activating"
    k = once_key(g, cid, idx, e, player) if e.once else None
    if k is not None and k in g.once_used:
        return "once per turn: used this turn" if e.once != "game_name" else "once per game: used"
    trig = (cid, idx, player, cid)
    costed = [s for s in e.steps if s.verb in COSTED]
    if costed and not all(VERBS[s.verb].feasible(g, trig, s) for s in costed):
        return "its cost cannot be paid now, or it would do nothing"
    if not costed and not any(VERBS[s.verb].feasible(g, trig, s) for s in e.steps):
        return "it would do nothing now"
    return ""


def activated_options(
    g: Game, player: int, timings: tuple[str, ...], unavailable: list[Any] | None
) -> list[tuple[Any, ...]]:
    """("activate", card, effect) for each usable Main/Flash effect of `player`'s field cards."""
    opts: list[tuple[Any, ...]] = []
    for cid in g.players[player].field:
        fc = g.field[cid]
        if fc.leaving or fc.host >= 0:
            continue
        d = g.defs[cid]
        if d.kind == "magic":
            continue
        level = effect_level(g, cid)
        for timing in timings:
            for idx in d.effects_for(timing):
                e = d.effects[idx]
                if e.skill or not works(g, cid, e, player, level, False):
                    continue  # a grandwalker's skill is paid its own way; an effect not working now is not there
                why = why_not(g, cid, idx, e, player, timing)
                if not why:
                    opts.append(("activate", cid, idx))
                elif unavailable is not None:
                    unavailable.append((("activate", cid, idx), why))
    return opts


@op("activate")
def activate(g: Game, cid: int, idx: int) -> None:
    fc = g.field.get(cid)
    if fc is None or fc.leaving:
        return
    player = g.static.owner[cid]
    e = g.defs[cid].effects[idx]
    g.say(f"{g.name(player)} uses the {e.when.title()} effect of {g.card_name(cid)}.", tag="activated")
    begin_effect(g, (cid, idx, player, cid))


def _main(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    return activated_options(g, player, ("main", "flash"), unavailable)


def _flash(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    return activated_options(g, player, ("flash",), unavailable)


def _in_main(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(("activate", answer[1], answer[2]))


def _in_flash(g: Game, answer: tuple[Any, ...], priority: int, passes: int) -> None:
    g.push(("activate", answer[1], answer[2]), ("flash", 1 - priority, 0))  # then the other may respond


MAIN_OPTIONS.append(needs("activated")(_main))
FLASH_OPTIONS.append(needs("activated")(_flash))
MAIN_ACTIONS["activate"] = _in_main
FLASH_ACTIONS["activate"] = _in_flash


@label("activate", "Use the effect of {}")
def _activate_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    """("activate", field card, effect): 000 ch.1 §5.5, its cost written in the effect."""
    f = w.field_card(v, o[1])
    if f is None or not 0 <= o[2] < len(f.card.effects):
        return str(o)
    text = effect_text(f.card.effects[o[2]], f.card.kind)
    if f.card.kind in ("nexus", "ultimate"):  # as the card's text reads it (`text._face_text`)
        text = text.replace("this spirit", f"this {f.card.kind}")
    return f"{w.named(v, f)}: {text}"
