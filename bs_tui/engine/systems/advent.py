"""Advent (煌临; rulebook 000 chapter 2 §5 and its Q&A): a card from the hand (or the open
area) is put on top of one of your spirits or ultimates that meets its advent condition,
using the Soul Core and paying no cost. It is not a summon; the card may still be summoned
normally instead.

The procedure (000 ch.2 §5, lines 560–575):
① reveal it;
② choose the target that meets the condition. Effects that work while you perform an advent
  may be used to meet it (lines 566–568): `Game.adventing` names the player from ② to the end
  of ④, and while the targets an advent may have are computed, so that a continuous effect
  with `during = "advent"` ("while you perform an advent, your spirits are also of the family
  X") holds then and only then;
③ resolve the effects that work "when you perform an advent" (the timing `adventing`: those
  of your field cards and the adventing card's own), then move the Soul Core where the card
  says (line 570; from life that reduces life: "life reduced" bursts can fire, Q&A A4);
④ put the card on top, with no core moves;
⑤ the advent ends: "when this spirit advents".

The field object keeps its id, cores, state and the effects applied to it (a battling spirit
goes on battling); its old top card becomes an advent source under it, whose own effects
stop; [During Advent] effects work while a source is under it; when it leaves the field its
sources go with it (`effects.leave_field`). Never onto a brave or nexus treated as a spirit
(A2), nor onto a spirit that would be depleted when the advent ends (A1); an adventing
spirit may be advented onto again (A5).

Its variants all count as 《煌临》 (Q&A 关于煌临 A7, line 912): "when advents" effects work for
them, and the card is one with 《煌临》.
- 《契约煌临》 Contract advent (`contract = true`, 001): also straight onto your card in soul
  state. The official common text of contract spirits (/work/coverage/official.md, G-R5) puts
  "any number" of cores from your field and reserve on the adventing card; the seeds' Q&A A1
  (an advent never ends with the spirit depleted) sets the least at its Lv1 cores (counting a
  Soul Core a super contract advent gathers with them), the most is all you have.
- 《神煌临》 God Advent (`god = N`): the seeds give no procedure and no stored page gives its
  text (official.md: searched batspi, fandom and the official rule manual). Read here, as the
  unverified recollection there has it, as 《煌临》 with a second way to pay at ③: N cores of
  one of your grandwalker nexuses go to the void instead of the Soul Core moving (as a grand
  skill pays with them, ch.2 §6). The player chooses the way: an option for each.
- 《超煌临》 Super Advent (`super = true`): from the official Q&A on 《超契約煌臨》 (batspi Q&A
  list, official.md): the card is stacked from the hand onto a spirit meeting the condition
  (or a card in soul state, for 《超契約煌臨》) "and your Soul Core from your life, field,
  reserve or trash is put onto this spirit". Nothing is spent at ③; at ④ the Soul Core comes
  onto the spirit with the card (from life that reduces life, as A4 has it). A Soul Core
  removed from the game (Soul Drive) cannot be gathered: no super advent then.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import CoreSource
from ..core.machine import op
from ..core.registry import FLASH_ACTIONS, FLASH_OPTIONS, MAIN_ACTIONS, MAIN_OPTIONS, Timing, label, needs, timing
from ..data.cards import CardDef
from ..model.game import Game
from ..model.predicates import fights
from ..model.state import SOUL_LIFE, SOUL_PLACES, SOUL_REMOVED, SOUL_RESERVE, SOUL_TRASH
from ..rules import costs
from ..rules.effects import collect, collect_player, life_reduced_by_soul
from ..rules.flow import take_card

TIMINGS = ("main", "flash")
SOUL_DESTINATIONS = {"trash": SOUL_TRASH, "reserve": SOUL_RESERVE}
SOUL = -1  # how an advent is paid: with the Soul Core (a super advent: nothing); a card id: a grandwalker's cores


def meets(g: Game, adv: CardDef, oid: int) -> bool:
    """The advent condition written beside 《煌临》: cost and family of the target, as
    continuous effects make them now (line 568: they may meet it)."""
    if costs.cost_of(g, oid) < adv.advent_min_cost:
        return False
    return not adv.advent_family or adv.advent_family in costs.families_of(g, oid)


def soul_usable(g: Game, player: int, adv: CardDef) -> bool:
    """Can the Soul Core do its part in `adv`'s advent now: be moved where the card says
    (not already there), or be gathered onto the new spirit (a super advent)? Never once a
    Soul Drive has removed it from the game."""
    p = g.players[player]
    if p.soul == SOUL_REMOVED:
        return False
    if adv.advent_super:
        return p.soul < 0 or not g.field[p.soul].leaving
    return p.soul != SOUL_DESTINATIONS[adv.advent_soul]


def god_payers(g: Game, player: int, adv: CardDef) -> list[int]:
    """Your grandwalker nexuses holding the cores a God Advent may be paid with."""
    if not adv.advent_god or adv.advent_super:
        return []
    return [
        w
        for w in g.players[player].field
        if g.defs[w].grandwalker
        and not g.field[w].leaving
        and not g.field[w].soul_state
        and g.field[w].cores >= adv.advent_god
    ]


def targets(g: Game, player: int, cid: int, pay: int = SOUL) -> list[int]:
    """Your spirits and ultimates card `cid` may advent onto now, paid with the Soul Core
    (`SOUL`) or with the cores of grandwalker `pay` (God Advent)."""
    adv = g.static.defs[cid]
    if pay == SOUL and not soul_usable(g, player, adv):
        return []  # the Soul Core cannot do its part: nothing to use
    before = g.adventing
    # ② an effect that works while you perform an advent may meet the condition (line 568)
    g.adventing = player
    try:
        return [oid for oid in g.players[player].field if _target(g, player, adv, oid, pay)]
    finally:
        g.adventing = before


def _target(g: Game, player: int, adv: CardDef, oid: int, pay: int) -> bool:
    fc = g.field[oid]
    if fc.leaving:
        return False
    if fc.soul_state:
        # 《契约煌临》 (001): straight onto your card in soul state, if the cores the advent
        # ends with reach its Lv1 (A1)
        return adv.advent_contract and placeable(g, player, adv, pay) >= lv1_to_place(adv)
    if not fights(g, oid) or g.defs[oid].kind in ("brave", "nexus"):
        return False  # A2: never a brave (or a nexus) treated as a spirit
    if not meets(g, adv, oid):
        return False
    return cores_after(g, player, adv, oid, pay) >= adv.lv1_cores  # A1


def cores_after(g: Game, player: int, adv: CardDef, oid: int, pay: int) -> int:
    """The cores spirit `oid` holds when the advent ends (A1): the Soul Core on it leaves
    for a plain advent and comes onto it for a super one; a God Advent paid by a grandwalker
    leaves it as it is."""
    p = g.players[player]
    n = costs.cores_on(g, oid)
    if pay != SOUL:
        return n
    if adv.advent_super:
        return n + (p.soul != oid)
    return n - (p.soul == oid)


def lv1_to_place(adv: CardDef) -> int:
    """The plain cores a contract advent onto soul state must place: its Lv1's, one fewer
    when the Soul Core is gathered onto it at the same time (a super contract advent)."""
    return max(0, adv.lv1_cores - 1) if adv.advent_super else adv.lv1_cores


def placeable(g: Game, player: int, adv: CardDef, pay: int) -> int:
    """The cores of your field and reserve that can be placed on a card in soul state once
    the Soul Core has done its part at ③ (spent elsewhere, gathered, or left alone)."""
    p = g.players[player]
    usable = costs.usable_cores(g, player)
    if pay != SOUL:
        return usable  # the Soul Core stays where it is, usable as any core
    counted = p.soul == SOUL_RESERVE or (p.soul >= 0 and not g.field[p.soul].leaving and not g.defs[p.soul].walker)
    plain = usable - counted
    if adv.advent_super:
        return plain  # the Soul Core is gathered onto it anyway (`lv1_to_place` counts it)
    return plain + (SOUL_DESTINATIONS[adv.advent_soul] == SOUL_RESERVE)


def advent_options(g: Game, player: int, timing: str, unavailable: list[Any] | None = None) -> list[tuple[Any, ...]]:
    """("advent", card, target) paid with the Soul Core (a super advent: gathering it), and
    ("advent", card, target, grandwalker) for a God Advent paid with that grandwalker's cores."""
    p = g.players[player]
    opts: list[tuple[Any, ...]] = []
    seen: set[str] = set()
    for cid in p.hand + p.open_area if p.open_area else p.hand:
        d = g.static.defs[cid]
        if not d.advent_timings or timing not in d.advent_timings or d.id in seen:
            continue
        seen.add(d.id)
        n = len(opts)
        opts.extend(("advent", cid, oid) for oid in targets(g, player, cid))
        for gw in god_payers(g, player, d):
            opts.extend(("advent", cid, oid, gw) for oid in targets(g, player, cid, gw))
        why = why_no_target(g, player, d) if len(opts) == n and unavailable is not None else ""
        if why and unavailable is not None:
            unavailable.append((("advent", cid, -1), why))
    return opts


def why_no_target(g: Game, player: int, adv: CardDef) -> str:
    """Why no card of yours can be advented onto now, in a player's words; "" when none
    meets its condition at all (then nothing needs telling: the card's text says it)."""
    p = g.players[player]
    god = f" and no grandwalker of yours holds {adv.advent_god} cores" if adv.advent_god else ""
    if not soul_usable(g, player, adv) and not god_payers(g, player, adv):
        if p.soul == SOUL_REMOVED:
            return f"your Soul Core was removed from the game by a Soul Drive{god}"
        if adv.advent_super:
            return "your Soul Core cannot be moved from where it is"
        return f"your Soul Core is already in the {adv.advent_soul}, where an advent would move it{god}"
    before = g.adventing
    g.adventing = player  # the condition as it reads while adventing (line 568)
    try:
        for oid in p.field:
            fc = g.field[oid]
            if fc.soul_state and adv.advent_contract:
                return f"placing its Lv1 cores on {g.card_name(oid)} needs {adv.lv1_cores} you can use"
            plain = not fc.soul_state and fights(g, oid) and g.defs[oid].kind not in ("brave", "nexus")
            if plain and meets(g, adv, oid):
                if p.soul == oid:  # A1
                    return f"without the Soul Core {g.card_name(oid)} would have too few cores left"
                return f"{g.card_name(oid)} would have too few cores left for {adv.name}'s Lv1"
    finally:
        g.adventing = before
    return ""


@op("advent")
def advent(g: Game, cid: int, oid: int, pay: int = SOUL) -> None:
    """① reveal, ② the target chosen (the option), ③ the effects "when you perform an
    advent" first; the Soul Core moves once they have resolved (`advent_soul`)."""
    player = g.static.owner[cid]
    d = g.static.defs[cid]
    what = "super advents" if d.advent_super else "god advents" if pay != SOUL else "advents"
    g.say(f"{g.name(player)} reveals {d.name} and {what} it onto {g.card_name(oid)}.")  # ① ②
    g.adventing = player  # ② to ④ (lines 566–572)
    before = len(g.collected)
    collect_player(g, player, "adventing", oid, (cid,))  # ③ "when you perform an advent" (line 570)
    if len(g.collected) > before:
        n = len(g.collected) - before
        g.say(f"{n} effect{'s' * (n != 1)} work as {g.name(player)} performs an advent.", tag="adventing")
    g.push(("advent_soul", cid, oid, pay))


def stop(g: Game, why: str) -> None:
    g.adventing = -1
    g.say(f"The advent stops: {why}.")


@op("advent_soul")
def advent_soul(g: Game, cid: int, oid: int, pay: int) -> None:
    """③ after its effects: the Soul Core moves where the card says (a God Advent may pay
    with a grandwalker's cores instead, a super advent moves nothing yet); then ④."""
    player = g.static.owner[cid]
    p = g.players[player]
    d = g.static.defs[cid]
    fc = g.field.get(oid)
    if (cid not in p.hand and cid not in p.open_area) or fc is None or fc.leaving or g.static.owner[oid] != player:
        stop(g, f"{d.name} or the spirit it was to go onto is no longer there")
        return
    if pay != SOUL:
        gw = g.field.get(pay)
        if gw is None or gw.leaving or gw.cores < d.advent_god:
            stop(g, "the grandwalker no longer holds the cores to pay for it")
            return
        gw.cores -= d.advent_god
        p.void += d.advent_god
        g.cores_moved = True
        g.say(
            f"God advent: {costs.cores(d.advent_god)} of {g.card_name(pay)} go to the void instead of the Soul Core.",
            tag="god_advent",
        )
    elif not d.advent_super:
        if not soul_usable(g, player, d):
            stop(g, "the Soul Core can no longer be used")
            return
        was = p.soul
        p.soul = SOUL_DESTINATIONS[d.advent_soul]  # ③ the Soul Core is used
        g.cores_moved = True
        g.say(f"{g.name(player)}'s Soul Core goes to the {d.advent_soul}.")
        if was == SOUL_LIFE:
            life_reduced_by_soul(g, player)  # A4: a Soul Core moved from life reduces life
            if g.over:
                return
    if fc.soul_state:
        # a card in soul state holds no cores: they are placed as it turns into the new spirit
        g.push(("contract_advent_cores", cid, oid))
        return
    put_on_top(g, cid, oid)  # ④
    if d.advent_super:
        gather_soul(g, player, oid)
    end_advent(g, oid)


def end_advent(g: Game, oid: int) -> None:
    """⑤ the advent ends (`Game.adventing` no longer set), then "when this spirit advents"."""
    g.adventing = -1
    if not g.over and oid in g.field:
        collect(g, "advents", oid)


def gather_soul(g: Game, player: int, oid: int) -> None:
    """Super advent ④: your Soul Core comes onto the new spirit from your life, field,
    reserve or trash (from life that reduces life, as A4 has it for an advent)."""
    p = g.players[player]
    was = p.soul
    if was == oid:
        g.say(f"Super advent: the Soul Core is already on {g.card_name(oid)}.", tag="super_advent")
        return
    if was == SOUL_REMOVED or (was >= 0 and (was not in g.field or g.field[was].leaving)):
        g.say("Super advent: the Soul Core cannot be moved; it stays where it is.")
        return
    where = f"the {SOUL_PLACES[was]}" if was < 0 else g.card_name(was)
    p.soul = oid
    g.cores_moved = True
    g.say(f"Super advent: {g.name(player)}'s Soul Core goes from {where} onto {g.card_name(oid)}.", tag="super_advent")
    if was == SOUL_LIFE:
        life_reduced_by_soul(g, player)


@op("contract_advent_cores")
def contract_advent_cores(g: Game, cid: int, oid: int) -> None:
    """《契约煌临》 onto a card in soul state, which holds no cores: the new spirit gets any
    number from your field and reserve (the official common text), at least its Lv1's so
    that the advent does not end with it depleted (Q&A A1), a super contract advent's Soul
    Core counting among them; chosen while the card is still in the hand, so no state shows
    it without them."""
    d, player = g.static.defs[cid], g.static.owner[cid]
    sources = tuple(s for s in costs.core_sources(g, player) if s.source != oid)
    if d.advent_super:  # the Soul Core comes onto it anyway: it is no core to choose
        sources = tuple(CoreSource(s.source, s.cores, False) for s in sources)
    least = lv1_to_place(d)
    plus = " besides the Soul Core" if d.advent_super else ""
    prompt = f"Place any number of cores on {d.name}{plus} (at least {least} for Lv{d.first_level})."
    g.ask(costs.place_decision(g, cid, prompt, sources, at_least=least), "contract_advent_placed", cid, oid)


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
    d = g.static.defs[cid]
    costs.check_place(g, player, answer, oid, lv1_to_place(d))  # before the advent changes anything
    put_on_top(g, cid, oid)
    g.say(f"{g.card_name(oid)} advents onto a card in soul state: a contract advent.", tag="contract_advent")
    n = costs.place(g, player, answer, oid, lv1_to_place(d))
    if d.advent_super:
        gather_soul(g, player, oid)  # at once with the cores (batspi Q&A on 《超契約煌臨》)
    where = f"{g.card_name(oid)} (Lv{costs.level_of(g, oid)})"
    g.say(f"{g.name(player)} places {costs.cores(n, answer[2] is True)} on {where}.")
    end_advent(g, oid)  # ⑤


def _main_advents(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    return advent_options(g, player, "main", unavailable) if g.static.advent else []


def _flash_advents(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    return advent_options(g, player, "flash", unavailable) if g.static.advent else []


def _advent_in_flash(g: Game, answer: tuple[Any, ...], priority: int, passes: int) -> None:
    g.push(("advent", *answer[1:]), ("flash", 1 - priority, 0))  # then the other may respond


def _advent_in_main(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(answer)


MAIN_OPTIONS.append(needs("advent")(_main_advents))
FLASH_OPTIONS.append(needs("advent")(_flash_advents))
MAIN_ACTIONS["advent"] = _advent_in_main
FLASH_ACTIONS["advent"] = _advent_in_flash
# ③ (line 570): "when you perform an advent", of your field cards and of the adventing card
timing("adventing", Timing("When you perform an advent"))


@label("advent", "Advent {}")
def _advent_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    """("advent", card, target[, grandwalker]): 000 ch.2 §5, no cost paid, the Soul Core moved
    where the card says, gathered onto the spirit (Super) or a grandwalker's cores paid
    (God); short enough for one line at 80 columns with most names."""
    c = w.hand_card(v, o[1])
    target = w.field_card(v, o[2])  # two spirits of one name are told apart by their cores
    onto = w.named(v, target) if target is not None else w.name(v, o[2])
    name = f"{w.name(v, o[1])}{w.from_open(v, o[1])}"
    if len(o) > 3:
        n = c.card.advent_god if c else 0
        return f"God advent {name} onto {onto} (no cost; {n} cores of {w.name(v, o[3])} → void)"
    if c is not None and c.card.advent_super:
        return f"Super advent {name} onto {onto} (no cost; Soul Core → onto it)"
    soul = c.card.advent_soul if c else "trash"
    return f"Advent {name} onto {onto} (no cost; Soul Core → {soul})"
