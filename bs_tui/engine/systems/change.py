"""【变换】 Change (000 Q&A 关于描述的变更 A3, line 936; 003 line 117). The seeds name it and rule on
its battle; its procedure is the official text (/work/coverage/official.md, from
battle-spirits.fandom.com/wiki/Change and the official Q&A it translates):

    [Main/Flash] 【Change】 cost X (reduction) (this effect can be used from your hand): effect.
    After it resolves, either discard this card, or exchange it with one of your [condition]
    spirits, putting this card on the field refreshed; if that spirit was battling, this one
    continues the battle.

- It is a spirit card's effect used from the hand (or the open area, used as if in hand: 003)
  at its timing: a Main one in your Main Step, a Flash one there and in flash timing. It
  costs the Change's own cost, reduced by the symbols on your field as any cost is (000 ch.1
  §5 ④); effects that change the cost of spirit cards in the hand do not change it (the
  official Q&A). It is paid as a magic is; the card is shown and stays in the hand while its
  effect resolves (it is not on the field: "this spirit" in it reaches nothing).
- Afterwards (once its effect and what that caused have resolved, as "after this effect",
  Q&A 关于效果整体 A7) its controller discards it, or exchanges it with one of their spirits
  meeting the condition (`rules.exchange.swap`): the card comes onto the field refreshed in
  that spirit's place, with its cores, Soul Core and brave, is not summoned, and goes on with
  its battle (Q&A A3: the new spirit continues the battle though today's text omits it). The
  spirit returns to the hand with its advent sources, which is no "the hand increased" (003
  line 117). A spirit that cannot be returned to the hand cannot be exchanged (Q&A 关于效果整体
  A11); with no spirit to exchange, the card is discarded.
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import FLASH_ACTIONS, FLASH_OPTIONS, MAIN_ACTIONS, MAIN_OPTIONS, Question, label, needs, question
from ..data.cards import ChangeSpec, Effect
from ..data.text import COLOUR_LETTERS
from ..model.derived import forbidden, works
from ..model.game import Game
from ..model.predicates import is_spirit
from ..model.state import REFRESHED, Trigger
from ..rules import costs
from ..rules.effects import begin_effect, once_key
from ..rules.exchange import swap
from ..rules.verbs import choose_one


def change_cost(g: Game, player: int, ch: ChangeSpec) -> int:
    """The Change's own cost less the reduction the player's field symbols give (never the
    hand cost of the spirit card, which other effects may change)."""
    return max(0, ch.cost - costs.match_reduction(costs.field_symbols(g, player), ch.reduction))


def change_options(
    g: Game,
    player: int,
    timings: tuple[str, ...],
    unavailable: list[Any] | None,
    hand: costs.HandCosts | None = None,
) -> list[tuple[Any, ...]]:
    """("change", card, effect) for each Change of a card in the hand or open area that can be
    paid for now at one of `timings`."""
    p = g.players[player]
    opts: list[tuple[Any, ...]] = []
    seen: set[tuple[str, int]] = set()
    hand = hand or costs.HandCosts(g, player)
    avail = hand.usable
    for cid in p.hand + p.open_area if p.open_area else p.hand:
        d = g.static.defs[cid]  # a card in the hand shows its front face (ch.2 §7)
        for timing in timings:
            for idx in d.effects_for("change:" + timing):
                if (d.id, idx) in seen:
                    continue
                seen.add((d.id, idx))
                e = d.effects[idx]
                # no level in the hand; its conditions (`if`, `during`) must hold
                if not works(g, cid, e, player, 0, True):
                    continue
                why = ""
                if e.once and once_key(g, cid, idx, e, player) in g.once_used:
                    why = "once per turn: used this turn"
                elif (cost := max(0, _spec(e).cost - hand.reduction(_spec(e).reduction))) > avail:  # `change_cost`
                    why = f"Change: costs {cost}; you can pay {avail}"
                if not why:
                    opts.append(("change", cid, idx))
                elif unavailable is not None:
                    unavailable.append((("change", cid, idx), why))
    return opts


def _spec(e: Effect) -> ChangeSpec:
    assert e.change is not None
    return e.change


def spirits_for(g: Game, player: int, ch: ChangeSpec) -> list[int]:
    """Your spirits the card may be exchanged with: on the field on their own, not leaving,
    meeting the condition as they are now, and not kept from returning to the hand (A11)."""
    return [
        oid
        for oid in g.players[player].field
        if is_spirit(g, oid)
        and not g.field[oid].leaving
        and ch.fits(costs.cost_of(g, oid), costs.families_of(g, oid))
        and not forbidden(g, "be_returned", oid)
    ]


@op("use_change")
def use_change(g: Game, cid: int, idx: int, window: tuple[int, int] | None = None) -> None:
    """Pay the Change's cost (cancellable: nothing is used until it is paid)."""
    player = g.static.owner[cid]
    d = g.static.defs[cid]
    amount = change_cost(g, player, _spec(d.effects[idx]))
    prompt = f"Pay {costs.cores(amount)} to use the Change of {d.name}."
    costs.ask_payment(g, player, cid, amount, prompt, "change_paid", idx, window)


@op("change_paid")
def change_paid(g: Game, answer: Any, cid: int, amount: int, idx: int, window: tuple[int, int] | None) -> None:
    player = g.static.owner[cid]
    if not costs.paid(g, player, answer, amount):
        if window is not None:
            g.push(("flash", *window))  # nothing was used: the same player still holds priority
        return
    p = g.players[player]
    d = g.static.defs[cid]
    zone = "hand" if cid in p.hand else "open_area"
    g.reveal(cid, zone)  # a card used from the hand is shown
    e = d.effects[idx]
    g.say(
        f"{g.name(player)} uses the Change of {d.name} ({e.when.title()}) from the"
        f" {'hand' if zone == 'hand' else 'open area'}, paying {costs.cores(amount)}.",
        tag="change",
    )
    after = (("flash", 1 - window[0], 0),) if window is not None else ()
    g.push(("change_effect", cid, idx), ("change_after", cid, idx), *after)


@op("change_effect")
def change_effect(g: Game, cid: int, idx: int) -> None:
    begin_effect(g, (cid, idx, g.static.owner[cid], cid))


@op("change_after")
def change_after(g: Game, cid: int, idx: int) -> None:
    """After the effect: discard the card, or exchange it with one of your spirits."""
    player = g.static.owner[cid]
    p = g.players[player]
    d = g.static.defs[cid]
    if cid not in p.hand and cid not in p.open_area:
        g.say(f"{d.name} is no longer in the hand: nothing more of its Change.")
        return
    ch = _spec(d.effects[idx])
    olds = spirits_for(g, player, ch)
    if not olds:
        g.say(f"No spirit of {g.name(player)}'s can be exchanged with {d.name}.")
        discard(g, cid)
        return
    g.ask_yes_no(
        player,
        "change",
        f"Change of {d.name}: exchange it with one of your spirits (it comes onto the field refreshed"
        " and that spirit returns to your hand), or discard it?",
        {"card": cid},
        "change_answer",
        cid,
        idx,
    )


@op("change_answer")
def change_answer(g: Game, answer: bool, cid: int, idx: int) -> None:
    player = g.static.owner[cid]
    d = g.static.defs[cid]
    olds = spirits_for(g, player, _spec(d.effects[idx])) if answer else []
    if not olds:
        discard(g, cid)
        return
    trig: Trigger = (cid, idx, player, cid)
    if len(olds) == 1:
        exchange(g, player, olds[0], cid)
        return
    choose_one(g, trig, olds, f"choose the spirit to exchange with {d.name}.", "change_spirit", cid)


@op("change_spirit")
def change_spirit(g: Game, answer: tuple[int, ...], trig: Trigger, cid: int) -> None:
    exchange(g, trig[2], answer[0], cid)


def exchange(g: Game, player: int, old: int, cid: int) -> None:
    g.say(f"Change: {g.static.defs[cid].name} takes the place of {g.card_name(old)}.", tag="change_exchange")
    swap(g, player, old, cid, REFRESHED)


def discard(g: Game, cid: int) -> None:
    player = g.static.owner[cid]
    p = g.players[player]
    if cid in p.hand:
        p.hand.remove(cid)
    elif cid in p.open_area:
        p.open_area.remove(cid)
    else:
        return
    p.trash.append(cid)
    g.say(f"{g.name(player)} discards {g.static.defs[cid].name} after its Change.", tag="change_discard")


def _main(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    return change_options(g, player, ("main", "flash"), unavailable, hand)


def _flash(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    return change_options(g, player, ("flash",), unavailable, hand)


def _in_main(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(("use_change", answer[1], answer[2], None))


def _in_flash(g: Game, answer: tuple[Any, ...], priority: int, passes: int) -> None:
    g.push(("use_change", answer[1], answer[2], (priority, passes)))


MAIN_OPTIONS.append(needs("change")(_main))
FLASH_OPTIONS.append(needs("change")(_flash))
MAIN_ACTIONS["change"] = _in_main
FLASH_ACTIONS["change"] = _in_flash
question("change", Question(yes="Exchange it with one of your spirits", no="Discard it"))


@label("change", "Use the Change of {}")
def _change_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    """("change", hand card, effect): its Change cost as printed (field symbols reduce it)."""
    c = w.hand_card(v, o[1])
    name = (c.card.name if c else w.name(v, o[1])) + w.from_open(v, o[1])
    if c is None or not 0 <= o[2] < len(c.card.effects) or c.card.effects[o[2]].change is None:
        return f"Use the Change of {name}"
    ch = c.card.effects[o[2]].change
    red = "".join(COLOUR_LETTERS.get(x, x[0].upper()) for x in ch.reduction)
    return f"Use the Change of {name} (cost {ch.cost}{' [' + red + ']' if red else ''}, then exchange or discard)"
