"""Bursts and mirages (rulebook 000 chapter 2 §2, §3).

A burst is set face down in the Main Step, once a turn, replacing an earlier one (to the
trash). When its condition is met, its owner may activate it once the effects resolving
at that moment are done; its burst effect is free, then the owner may pay the cost to
use its flash effect or summon it. The burst area is not the field.

A mirage is set face up by paying its mirage cost, once a turn, over the burst, replacing
an older mirage (which goes back to the hand); its [Set] effects work while it is set.
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import BURST_EVENTS, EVENTS, MAIN_ACTIONS, MAIN_OPTIONS, Question, label, question, verb
from ..data.cards import BURST_CONDITIONS, CardDataError, Step
from ..data.text import effect_text
from ..model.game import Game
from ..rules import costs
from ..rules.effects import Trigger, begin_effect, hand_added
from ..rules.hand_verbs import burst_resolving, set_burst_card
from ..rules.verbs import Path, Verb


def burst_event(g: Game, player: int, condition: str) -> None:
    """Something happened that may set off `player`'s burst.

    In games with people (`ask_every_flash`) the owner of a face-down burst is given a
    burst window at every event that is a burst condition, whether or not the burst
    matches: stopping to decide only when it matches would tell the opponent what it is."""
    p = g.players[player]
    if not p.burst or (condition not in BURST_CONDITIONS and condition not in BURST_EVENTS):
        return
    cid = p.burst[0]
    if burst_resolving(g, cid):
        return
    eff = g.defs[cid].burst
    matched = eff is not None and eff.condition == condition
    if not matched and not g.ask_every_flash:
        return
    for i, (who, card, was) in enumerate(g.bursts_pending):
        if who == player and card == cid:
            if matched and not was:
                g.bursts_pending[i] = (who, card, True)
            return
    g.bursts_pending.append((player, cid, matched))


def burst_options(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    """Setting a burst or a mirage from the hand; with `unavailable`, also (action, reason)
    for those that cannot be set now."""
    p = g.players[player]
    opts: list[tuple[Any, ...]] = []
    hand = hand or costs.HandCosts(g, player)
    for cid, d, _, in_hand in hand.cards():
        if not in_hand:
            continue  # a burst or mirage is set from the hand, never from the open area
        if "burst" in d.triggers:  # it has a burst effect (`CardDef.burst`)
            if p.burst_set_turn != g.turn:
                opts.append(("set_burst", cid))
            elif unavailable is not None:
                unavailable.append((("set_burst", cid), "once per turn: you set a burst this turn"))
        if d.mirage_cost >= 0:
            avail = hand.usable
            cost = max(0, d.mirage_cost - hand.reduction(d.reduction))  # `mirage_cost`
            if p.mirage_set_turn != g.turn and cost <= avail:
                opts.append(("set_mirage", cid))
            elif unavailable is not None:
                why = (
                    "once per turn: you set a mirage this turn"
                    if p.mirage_set_turn == g.turn
                    else f"mirage cost {cost}; you can pay {avail}"
                )
                unavailable.append((("set_mirage", cid), why))
    return opts


def mirage_cost(g: Game, player: int, cid: int) -> int:
    d = g.defs[cid]
    r = costs.match_reduction(costs.field_symbols(g, player), d.reduction)
    return max(0, d.mirage_cost - r)


@op("set_burst")
def set_burst(g: Game, cid: int) -> None:
    set_burst_card(g, g.static.owner[cid], cid)


@op("set_mirage")
def set_mirage_op(g: Game, cid: int) -> None:
    player = g.static.owner[cid]
    amount = mirage_cost(g, player, cid)
    d = g.defs[cid]
    prompt = f"Pay {costs.cores(amount)} to set {d.name} as a mirage (mirage cost {d.mirage_cost})."
    costs.ask_payment(g, player, cid, amount, prompt, "mirage_paid")


@op("mirage_paid")
def mirage_paid(g: Game, answer: Any, cid: int, amount: int) -> None:
    player = g.static.owner[cid]
    if not costs.paid(g, player, answer, amount):
        return
    p = g.players[player]
    p.hand.remove(cid)
    if p.mirage:
        # 000 ch.2 §3: a replacement: the earlier mirage goes back to the hand
        old = p.mirage.pop()
        p.hand.append(old)
        g.reveal(old, "hand")
        g.say(f"{g.name(player)}'s earlier mirage, {g.card_name(old)}, returns to the hand.")
    p.mirage.append(cid)
    p.mirage_set_turn = g.turn
    g.say(f"{g.name(player)} sets {g.card_name(cid)} as a mirage, paying {costs.cores(amount)}.")


@op("burst_check")
def burst_check(g: Game, pending: tuple[tuple[int, int, bool], ...]) -> None:
    """Offer each burst whose condition was met, in the order they were set off; a burst
    window that its burst does not match can only be passed."""
    (player, cid, matched), rest = pending[0], pending[1:]
    if rest:
        g.tasks.append(("burst_check", rest))
    if cid not in g.players[player].burst or burst_resolving(g, cid):
        return
    eff = g.defs[cid].burst
    if not matched or eff is None:
        g.ask_yes_no(
            player,
            "burst",
            f"Burst window: your burst {g.card_name(cid)} is not set off by this; it stays set.",
            {"card": cid},
            "burst_answer",
            cid,
            only_no=True,
        )
        return
    d = g.defs[cid]
    cost = costs.reduced_cost(g, player, d)
    if eff.follow_up in ("flash", "main") and d.effects_for(eff.follow_up):
        follow_up = (eff.follow_up, cost, cost <= costs.usable_cores(g, player))
    elif eff.follow_up == "summon":
        follow_up = ("summon", cost + d.lv1_cores, cost + d.lv1_cores <= costs.usable_cores(g, player))
    else:
        follow_up = ("", 0, False)
    g.ask_yes_no(
        player,
        "burst",
        f"Your burst {g.card_name(cid)} can be activated: {effect_text(eff)} Activate it?",
        {"card": cid, "follow_up": follow_up},
        "burst_answer",
        cid,
    )


@op("burst_answer")
def burst_answer(g: Game, answer: bool, cid: int) -> None:
    player = g.static.owner[cid]
    if not answer:
        g.say(f"{g.name(player)}'s burst stays set.", player, "")  # (not "keeps": often nobody chose it)
        return
    d = g.defs[cid]
    idx = d.effects_for("burst")[0]
    # tagged by its condition, for self-play counts of each burst condition
    g.say(f"{g.name(player)} activates the burst {d.name}!", tag="burst_" + d.effects[idx].condition)
    g.tasks.append(("burst_follow", cid))
    begin_effect(g, (cid, idx, player, cid))


@op("burst_follow")
def burst_follow(g: Game, cid: int) -> None:
    """After the burst effect: pay the cost to use the flash effect or summon the card."""
    player = g.static.owner[cid]
    d = g.defs[cid]
    eff = d.burst
    assert eff is not None
    g.tasks.append(("burst_done", cid))
    amount = costs.reduced_cost(g, player, d)
    avail = costs.usable_cores(g, player)
    if eff.follow_up in ("flash", "main") and d.effects_for(eff.follow_up) and amount <= avail:
        # 000 ch.2 §2 ③: by paying its cost, its Main or Flash effect (whoever's turn it is)
        which = eff.follow_up
        prompt = f"Pay {costs.cores(amount)} to use the {which} effect of {d.name} too? (cancel: no)"
        g.ask(costs.pay_decision(g, player, cid, amount, prompt), "burst_flash_paid", cid, amount, which)
    elif eff.follow_up == "summon" and amount + d.lv1_cores <= avail:
        prompt = f"Pay {costs.cores(amount)} to summon {d.name} from the burst area? (cancel: no)"
        g.ask(costs.pay_decision(g, player, cid, amount, prompt), "summon_paid", cid, amount)


@op("burst_flash_paid")
def burst_flash_paid(g: Game, answer: Any, cid: int, amount: int, which: str = "flash") -> None:
    player = g.static.owner[cid]
    if answer == ("cancel",):
        return
    costs.pay(g, player, answer, amount)
    g.say(f"{g.name(player)} pays {costs.cores(amount)} for the {which} effect of {g.card_name(cid)}.")
    for idx in reversed(g.defs[cid].effects_for(which)):
        g.tasks.append(("resolve", (cid, idx, player, cid)))


@op("burst_done")
def burst_done(g: Game, cid: int) -> None:
    p = g.players[g.static.owner[cid]]
    if cid in p.burst:
        p.burst.remove(cid)
        p.trash.append(cid)
        g.say(f"{g.card_name(cid)} goes to the trash.")


class RemoveBurst(Verb):
    """A set burst, or a set mirage, moved off the burst area by an effect: to its owner's
    trash, hand or the bottom of the deck. A set card that goes to the hand or the deck is
    shown to both players (000 ch.2 §2, line 483), and the trash is public: whoever it was
    hidden from sees it now. A set mirage is affected only by effects aimed at mirages or at
    set cards (§3, line 515): this is one (`what = "mirage"`)."""

    name = "remove_burst"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {
        "to": (str, "trash"),
        "player": (str, "opponent"),
        "what": (str, "burst"),
    }

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("to", "trash") not in ("trash", "hand", "deck"):
            raise CardDataError(f"{where}: remove_burst.to is trash, hand or deck")
        if raw.get("player", "opponent") not in ("opponent", "own"):
            raise CardDataError(f"{where}: remove_burst.player is opponent or own")
        if raw.get("what", "burst") not in ("burst", "mirage"):
            raise CardDataError(f"{where}: remove_burst.what is burst or mirage")

    def text(self, s: Step) -> str:
        whose = "your opponent's" if self.arg(s, "player") == "opponent" else "your"
        their = "their" if self.arg(s, "player") == "opponent" else "your"
        what = self.arg(s, "what")
        to = self.arg(s, "to")
        if to == "trash":
            return f"Put {whose} set {what} into {their} trash."
        where = f"{their} hand" if to == "hand" else f"the bottom of {their} deck"
        shown = " (shown to both players)" if what == "burst" else ""  # a mirage is face up already
        return f"Put {whose} set {what} into {where}{shown}."

    def cards(self, g: Game, trig: Trigger, s: Step) -> tuple[int, list[int]]:
        who = 1 - trig[2] if self.arg(s, "player") == "opponent" else trig[2]
        p = g.players[who]
        if self.arg(s, "what") == "mirage":
            return who, list(p.mirage)
        return who, [c for c in p.burst if not burst_resolving(g, c)]  # one activated is resolving: it stays

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(self.cards(g, trig, s)[1])

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        who, cards = self.cards(g, trig, s)
        what = self.arg(s, "what")
        if not cards:
            g.say(f"{g.name(who)} has no set {what} to move.")
            return
        cid = cards[0]
        p = g.players[who]
        (p.mirage if what == "mirage" else p.burst).remove(cid)
        to = self.arg(s, "to")
        shown = "is shown and " if what == "burst" else ""
        g.say(f"{g.name(who)}'s set {what}, {g.card_name(cid)}, {shown}goes to the {to}.", tag=f"{what}_removed")
        if to == "trash":
            p.trash.append(cid)
        elif to == "hand":
            p.hand.append(cid)
            g.reveal(cid, "hand")  # shown to both: known until it is hidden again (003)
            hand_added(g, who, trig[2])  # added to the hand by an effect (003 l.113)
        else:
            p.deck.insert(0, cid)


verb(RemoveBurst())


class RevealBurst(Verb):
    """An effect that reads the opponent's face-down burst (its cost): the card stays set and
    face down, yet what it is becomes public (003 公開情報として扱われる裏向きのカード, l.168-169);
    then, if its cost is `max_cost` or less, it may go to the trash."""

    name = "reveal_burst"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"max_cost": (int, None)}

    def text(self, s: Step) -> str:
        tail = ""
        if s.get("max_cost") is not None:
            tail = f" If its cost is {s.get('max_cost')} or less, put it into their trash."
        return f"Reveal your opponent's set burst (both players learn it; it stays set face down).{tail}"

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(g.players[1 - trig[2]].burst)

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        who = 1 - trig[2]
        p = g.players[who]
        if not p.burst:
            g.say(f"{g.name(who)} has no set burst.")
            return
        cid = p.burst[0]
        g.reveal(cid, "burst")  # public from now on, though face down (003 l.169)
        cost = g.defs[cid].cost
        g.say(f"{g.name(who)}'s set burst is {g.card_name(cid)} (cost {cost}).", tag="burst_revealed")
        limit = s.get("max_cost")
        if limit is not None and cost <= limit and not burst_resolving(g, cid):
            p.burst.remove(cid)
            p.trash.append(cid)
            g.say(f"{g.card_name(cid)} goes to the trash.")


verb(RevealBurst())


def _push_answer(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(answer)


# A burst window is "deciding" to anyone but its owner: what it asks would tell the burst (003).
question(
    "burst",
    Question(
        yes="Activate the burst",
        no="Keep the burst set",
        only_no="Go on (the burst stays set)",
        negative="keep the burst set",
        moment="burst window",
        private=True,
    ),
)
EVENTS.append(burst_event)
MAIN_OPTIONS.append(burst_options)
MAIN_ACTIONS["set_burst"] = MAIN_ACTIONS["set_mirage"] = _push_answer


@label("set_burst", "Set {} as your burst")
def _set_burst_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    return f"Set {w.name(v, o[1])} as your burst (face down)"


@label("set_mirage", "Set {} as a mirage")
def _set_mirage_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    c = w.hand_card(v, o[1])
    return f"Set {w.name(v, o[1])} as a mirage (mirage cost {c.card.mirage_cost if c else '?'})"
