"""Advent (煌临; rulebook 000 chapter 2 §5 and its Q&A): a card from the hand (or the open
area) is put on top of one of your spirits or ultimates that meets its advent condition,
using the Soul Core and paying no cost. It is not a summon; the card may still be summoned
normally instead.

The procedure: ① reveal it; ② choose the target that meets the condition; ③ move the Soul
Core where the card says (from life that reduces life: "life reduced" bursts can fire, Q&A
A4); ④ put the card on top, with no core moves; ⑤ "when this spirit advents".

The field object keeps its id, cores, state and the effects applied to it (a battling spirit
goes on battling); its old top card becomes an advent source under it, whose own effects
stop; [During Advent] effects work while a source is under it; when it leaves the field its
sources go with it (`effects.leave_field`). Never onto a brave or nexus treated as a spirit
(A2), nor onto a spirit that would be depleted when the advent ends (A1); an adventing
spirit may be advented onto again (A5).
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import FLASH_ACTIONS, FLASH_OPTIONS, MAIN_ACTIONS, MAIN_OPTIONS, label, needs
from ..data.cards import CardDef
from ..model.game import Game
from ..model.predicates import fights
from ..model.state import SOUL_LIFE, SOUL_RESERVE, SOUL_TRASH
from ..rules import costs
from ..rules.effects import collect, life_reduced_by_soul
from ..rules.flow import take_card

TIMINGS = ("main", "flash")
SOUL_DESTINATIONS = {"trash": SOUL_TRASH, "reserve": SOUL_RESERVE}


def meets(g: Game, adv: CardDef, oid: int) -> bool:
    """The advent condition written beside 《煌临》: cost and family of the target."""
    if costs.cost_of(g, oid) < adv.advent_min_cost:
        return False
    return not adv.advent_family or adv.advent_family in g.defs[oid].families


def targets(g: Game, player: int, cid: int) -> list[int]:
    """Your spirits and ultimates card `cid` may advent onto now."""
    adv = g.static.defs[cid]
    p = g.players[player]
    soul_to = SOUL_DESTINATIONS[adv.advent_soul]
    if p.soul == soul_to:
        return []  # the Soul Core is already where the advent would send it: nothing to use
    out = []
    for oid in p.field:
        fc = g.field[oid]
        if fc.soul_state and adv.advent_contract and not fc.leaving:
            # 《契约煌临》 (001): straight onto your card in soul state, if its cores can be placed
            # the Soul Core, used, is no longer there to place (unless it goes to the reserve)
            used = (p.soul == SOUL_RESERVE or p.soul >= 0) and soul_to != SOUL_RESERVE
            if costs.usable_cores(g, player) - used >= adv.lv1_cores:
                out.append(oid)
            continue
        if fc.leaving or not fights(g, oid) or g.defs[oid].kind in ("brave", "nexus"):
            continue  # A2: never a brave (or a nexus) treated as a spirit
        if not meets(g, adv, oid):
            continue
        left = costs.cores_on(g, oid) - (p.soul == oid)
        if left < adv.lv1_cores:
            continue  # A1: it would be depleted when the advent ends
        out.append(oid)
    return out


def advent_options(g: Game, player: int, timing: str, unavailable: list[Any] | None = None) -> list[tuple[Any, ...]]:
    p = g.players[player]
    opts: list[tuple[Any, ...]] = []
    seen: set[str] = set()
    for cid in p.hand + p.open_area if p.open_area else p.hand:
        d = g.static.defs[cid]
        if not d.advent_timings or timing not in d.advent_timings or d.id in seen:
            continue
        seen.add(d.id)
        found = targets(g, player, cid)
        opts.extend(("advent", cid, oid) for oid in found)
        why = why_no_target(g, player, d) if not found and unavailable is not None else ""
        if why:
            unavailable.append((("advent", cid, -1), why))
    return opts


def why_no_target(g: Game, player: int, adv: CardDef) -> str:
    """Why no card of yours can be advented onto now, in a player's words; "" when none
    meets its condition at all (then nothing needs telling: the card's text says it)."""
    p = g.players[player]
    if p.soul == SOUL_DESTINATIONS[adv.advent_soul]:
        return f"your Soul Core is already in the {adv.advent_soul}, where an advent would move it"
    for oid in p.field:
        fc = g.field[oid]
        if fc.soul_state and adv.advent_contract:
            return f"placing its Lv1 cores on {g.card_name(oid)} needs {adv.lv1_cores} you can use"
        if not fc.soul_state and fights(g, oid) and g.defs[oid].kind not in ("brave", "nexus") and meets(g, adv, oid):
            if p.soul == oid:  # A1
                return f"without the Soul Core {g.card_name(oid)} would have too few cores left"
            return f"{g.card_name(oid)} would have too few cores left for {adv.name}'s Lv1"
    return ""


@op("advent")
def advent(g: Game, cid: int, oid: int) -> None:
    player = g.static.owner[cid]
    p = g.players[player]
    d = g.static.defs[cid]
    g.say(f"{g.name(player)} reveals {d.name} and advents it onto {g.card_name(oid)}.")  # ① ②
    was = p.soul
    p.soul = SOUL_DESTINATIONS[d.advent_soul]  # ③ the Soul Core is used
    g.cores_moved = True
    g.say(f"{g.name(player)}'s Soul Core goes to the {d.advent_soul}.")
    if was == SOUL_LIFE:
        life_reduced_by_soul(g, player)  # A4: a Soul Core moved from life reduces life
    if g.field[oid].soul_state:
        # a spirit left with none but the Soul Core is depleted before the cores are placed
        g.push(("contract_advent_cores", cid, oid))
        return
    put_on_top(g, cid, oid)
    collect(g, "advents", oid)  # ⑤


@op("contract_advent_cores")
def contract_advent_cores(g: Game, cid: int, oid: int) -> None:
    """《契约煌临》 onto a card in soul state, which holds no cores: the spirit gets its lowest
    level's as a summoned one does (the seeds are silent; with none it would be depleted at
    once), chosen while it is still in the hand, so no state shows it without them."""
    d, player = g.static.defs[cid], g.static.owner[cid]
    sources = tuple(s for s in costs.core_sources(g, player) if s.source != oid)
    prompt = f"Place cores on {d.name} (at least {d.lv1_cores} for Lv{d.first_level})."
    g.ask(costs.place_decision(g, cid, prompt, sources), "contract_advent_placed", cid, oid)


def put_on_top(g: Game, cid: int, oid: int) -> None:
    """④ The adventing card goes on top of the field object; the old top becomes a source."""
    take_card(g, cid)
    fc = g.field[oid]
    base = g.card_name(oid)
    fc.soul_state = False  # a spirit again, with none of the effects it was under before (001)
    old = fc.top
    fc.sources = (*fc.sources, old)  # no core moves
    fc.top = cid
    if old in g.flipped:  # an advent source shows its front face again (ch.2 §7)
        g.flipped = g.flipped - {old}
    g.refresh_defs(oid, old)
    name = g.static.defs[cid].name
    g.say(f"{name} advents onto {base}; {base} becomes its advent source.", tag="advent")


@op("contract_advent_placed")
def contract_advent_placed(g: Game, answer: Any, cid: int, oid: int) -> None:
    player = g.static.owner[cid]
    put_on_top(g, cid, oid)
    g.say(f"{g.card_name(oid)} advents onto a card in soul state: a contract advent.", tag="contract_advent")
    n = costs.place(g, player, answer, oid, g.defs[oid].lv1_cores)
    where = f"{g.card_name(oid)} (Lv{costs.level_of(g, oid)})"
    g.say(f"{g.name(player)} places {costs.cores(n, answer[2] is True)} on {where}.")
    collect(g, "advents", oid)  # ⑤


def _main_advents(g: Game, player: int, unavailable: list[Any] | None = None) -> list[tuple[Any, ...]]:
    return advent_options(g, player, "main", unavailable) if g.static.advent else []


def _flash_advents(g: Game, player: int, unavailable: list[Any] | None = None) -> list[tuple[Any, ...]]:
    return advent_options(g, player, "flash", unavailable) if g.static.advent else []


def _advent_in_flash(g: Game, answer: tuple[Any, ...], priority: int, passes: int) -> None:
    g.push(("advent", answer[1], answer[2]), ("flash", 1 - priority, 0))  # then the other may respond


def _advent_in_main(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(answer)


MAIN_OPTIONS.append(needs("advent")(_main_advents))
FLASH_OPTIONS.append(needs("advent")(_flash_advents))
MAIN_ACTIONS["advent"] = _advent_in_main
FLASH_ACTIONS["advent"] = _advent_in_flash


@label("advent", "Advent {}")
def _advent_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    """("advent", card, target): 000 ch.2 §5, no cost paid, the Soul Core moved where the
    card says (short enough for one line at 80 columns with most names)."""
    c = w.hand_card(v, o[1])
    soul = c.card.advent_soul if c else "trash"
    return f"Advent {w.name(v, o[1])}{w.from_open(v, o[1])} onto {w.name(v, o[2])} (no cost; Soul Core → {soul})"
