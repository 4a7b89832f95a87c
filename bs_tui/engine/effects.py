"""Effects: triggers, their order, leaving the field, and the vocabulary of verbs.

Rulebook 000 chapter 1 "复数效果同时发挥时": simultaneous triggered effects are
ordered by the turn player, and effects caused while one resolves resolve first.
Q&A "关于战魂或究极等的状态" A1: a destroyed spirit waits in standby until the
effects its destruction caused have resolved, then goes to the trash.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from . import costs
from .cards import Step
from .decision import Decision, Kind
from .game import Game, op
from .state import EXHAUSTED, HEAVY, REFRESHED, SOUL_LIFE, SOUL_RESERVE, SOUL_TRASH, Mod

SPIRIT_KINDS = ("spirit", "ultimate", "brave")

# A trigger waiting to resolve: (source card, effect index, controller, event card)
Trigger = tuple[int, int, int, int]


# ----------------------------------------------------------------------- moving cards


def draw(g: Game, player: int, n: int, quiet: bool = False) -> int:
    p = g.players[player]
    drawn = 0
    for _ in range(n):
        if not p.deck:
            if not quiet:
                g.say(f"{g.name(player)} cannot draw: the deck is empty.")
            break
        cid = p.deck.pop()
        p.hand.append(cid)
        drawn += 1
        if not quiet:
            g.say(f"{g.name(player)} draws {g.card_name(cid)}.", player, f"{g.name(player)} draws a card.")
    return drawn


def on_field(g: Game, cid: int) -> bool:
    fc = g.field.get(cid)
    return fc is not None and not fc.leaving


def leave_field(g: Game, cid: int, dest: str) -> None:
    """Take a card off the field: its cores go to its owner's reserve (the Soul Core too)."""
    owner = g.static.owner[cid]
    p = g.players[owner]
    fc = g.field.pop(cid)
    p.field.remove(cid)
    p.reserve += fc.cores
    if p.soul == cid:
        p.soul = SOUL_RESERVE
    p.zone(dest).append(cid)
    if any(m.cid == cid for m in g.mods):
        g.mods = [m for m in g.mods if m.cid != cid]
    b = g.battle
    if b is not None:
        if b.attacker == cid:
            b.attacker = -1
        if b.blocker == cid:
            b.blocker = -1
    if cid in g.leaving:
        g.leaving.remove(cid)


def destroy(g: Game, cids: list[int] | tuple[int, ...], why: str) -> None:
    for cid in cids:
        fc = g.field.get(cid)
        if fc is None or fc.leaving:
            continue
        fc.leaving = "destroyed"
        g.leaving.append(cid)
        g.say(f"{g.card_name(cid)} is destroyed ({why}).")
        collect(g, "destroyed", cid)


@op("finish_leave")
def finish_leave(g: Game, cids: tuple[int, ...]) -> None:
    for cid in cids:
        if cid in g.field:
            leave_field(g, cid, "trash")
            g.say(f"{g.card_name(cid)} goes to the trash.")


def check_depletion(g: Game) -> None:
    """A spirit with fewer cores than its Lv1 cost is depleted: cores to the reserve,
    card to the trash (rulebook 000 §5 "消灭")."""
    g.cores_moved = False
    defs = g.static.defs
    gone = []
    for cid, fc in g.field.items():
        d = defs[cid]
        if d.kind in SPIRIT_KINDS and not fc.leaving and costs.cores_on(g, cid) < d.lv1_cores:
            gone.append(cid)
    for cid in gone:
        leave_field(g, cid, "trash")
        g.say(f"{g.card_name(cid)} has too few cores and is depleted.")


def reduce_life(g: Game, player: int, n: int, why: str) -> None:
    p = g.players[player]
    k = min(n, p.life_total)
    plain = min(k, p.life)
    p.life -= plain
    p.reserve += plain
    if k > plain and p.soul == SOUL_LIFE:
        p.soul = SOUL_RESERVE
    g.say(f"{g.name(player)} loses {k} life to {why} ({p.life_total} left).")
    if p.life_total == 0:
        g.finish(1 - player, f"{g.name(player)}'s life is 0")
        return
    if k:
        for cid in p.field:
            if not g.field[cid].leaving:
                _collect_from(g, cid, "life_reduced", cid)


# ----------------------------------------------------------------------- triggers


def effect_level(g: Game, cid: int) -> int:
    d = g.static.defs[cid]
    if d.kind == "magic":
        return 1
    return d.level_for(costs.cores_on(g, cid)) if cid in g.field else 1


def _collect_from(g: Game, src: int, key: str, event: int) -> None:
    idxs = g.static.defs[src].effects_for(key)
    if not idxs:
        return
    lv = effect_level(g, src)
    effects = g.static.defs[src].effects
    owner = g.static.owner[src]
    for i in idxs:
        if effects[i].active_at(lv):
            g.collected.append((src, i, owner, event))


def collect(g: Game, when: str, cid: int) -> None:
    """Collect the effects an event on card `cid` triggers: its own, and those of its
    controller's field cards that watch their spirits."""
    _collect_from(g, cid, when, cid)
    if g.static.defs[cid].kind not in SPIRIT_KINDS:
        return
    key = f"{when}:own_spirit"
    owner = g.static.owner[cid]
    for other in g.players[owner].field:
        if other != cid and not g.field[other].leaving:
            _collect_from(g, other, key, cid)


def flush(g: Game) -> None:
    """Schedule what has piled up: triggered effects first, then cards leaving the field."""
    if g.leaving:
        g.tasks.append(("finish_leave", tuple(g.leaving)))
        g.leaving = []
    if g.collected:
        g.tasks.append(("trigger_batch", tuple(g.collected)))
        g.collected = []


@op("trigger_batch")
def trigger_batch(g: Game, trigs: tuple[Trigger, ...]) -> None:
    if len(trigs) == 1:
        g.tasks.append(("resolve", trigs[0]))
        return
    from .text import effect_text

    labels = tuple(f"{g.card_name(t[0])}: {effect_text(g.static.defs[t[0]].effects[t[1]])}" for t in trigs)
    g.ask(
        Decision(
            g.active,
            Kind.ORDER_TRIGGERS,
            tuple(range(len(trigs))),
            "Several effects trigger at once: choose which resolves first.",
            context={"labels": labels},
        ),
        "batch_order",
        trigs,
    )


@op("batch_order")
def batch_order(g: Game, answer: int, trigs: tuple[Trigger, ...]) -> None:
    rest = trigs[:answer] + trigs[answer + 1 :]
    g.push(("resolve", trigs[answer]), ("trigger_batch", rest))


@op("resolve")
def resolve(g: Game, trig: Trigger) -> None:
    src, idx, ctrl, _ = trig
    eff = g.static.defs[src].effects[idx]
    if eff.may:
        from .text import effect_text

        g.ask(
            Decision(
                ctrl,
                Kind.YES_NO,
                (True, False),
                f"{g.card_name(src)}: use this effect? {effect_text(eff)}",
                context={"card": src},
            ),
            "may_answer",
            trig,
        )
        return
    begin_effect(g, trig)


@op("may_answer")
def may_answer(g: Game, answer: bool, trig: Trigger) -> None:
    if answer:
        begin_effect(g, trig)
    else:
        g.say(f"{g.name(trig[2])} does not use the effect of {g.card_name(trig[0])}.")


def begin_effect(g: Game, trig: Trigger) -> None:
    src, idx, ctrl, _ = trig
    eff = g.static.defs[src].effects[idx]
    g.depth += 1
    g.say(f"Effect of {g.card_name(src)} ({g.name(ctrl)}).")
    g.push(*[("step", trig, i) for i in range(len(eff.steps))], ("effect_end",))


@op("effect_end")
def effect_end(g: Game) -> None:
    g.depth -= 1


@op("step")
def step(g: Game, trig: Trigger, i: int) -> None:
    s = g.static.defs[trig[0]].effects[trig[1]].steps[i]
    VERBS[s.verb].run(g, trig, s, i)


@op("targets_chosen")
def targets_chosen(g: Game, answer: tuple[int, ...], trig: Trigger, i: int) -> None:
    s = g.static.defs[trig[0]].effects[trig[1]].steps[i]
    verb = VERBS[s.verb]
    assert isinstance(verb, Targeted)
    verb.apply(g, trig, s, answer)


# ----------------------------------------------------------------------- targets

TARGETS = ("this", "event", "opponent_spirit", "own_spirit", "spirit", "opponent_nexus")


def eligible(g: Game, trig: Trigger, s: Step) -> list[int]:
    src, _, ctrl, event = trig
    t = s.get("target", "opponent_spirit")
    if t == "this":
        return [src] if src in g.field else []
    if t == "event":
        return [event] if event in g.field else []
    if t == "opponent_spirit":
        pool, kinds = g.players[1 - ctrl].field, SPIRIT_KINDS
    elif t == "own_spirit":
        pool, kinds = g.players[ctrl].field, SPIRIT_KINDS
    elif t == "opponent_nexus":
        pool, kinds = g.players[1 - ctrl].field, ("nexus",)
    else:
        pool, kinds = g.players[0].field + g.players[1].field, SPIRIT_KINDS
    defs = g.static.defs
    max_bp = s.get("max_bp")
    max_cost = s.get("max_cost")
    state = s.get("state")
    out = []
    for cid in pool:
        fc = g.field[cid]
        d = defs[cid]
        # Q&A 状态 A1: a destroyed spirit in standby can still be chosen by ordinary effects
        if (fc.leaving and fc.leaving != "destroyed") or d.kind not in kinds:
            continue
        if max_bp is not None and costs.bp_of(g, cid) > max_bp:
            continue
        if max_cost is not None and d.cost > max_cost:
            continue
        if state == "exhausted" and fc.state == REFRESHED:
            continue
        if state == "refreshed" and fc.state != REFRESHED:
            continue
        out.append(cid)
    return out


# ----------------------------------------------------------------------- verbs


class Verb:
    """One instruction of the effect vocabulary. `params` names each parameter with its
    type and default (a default of ... marks it required)."""

    name = ""
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}

    def check(self, raw: dict[str, Any], where: str) -> None:
        from .cards import CardDataError

        for k, v in raw.items():
            if k not in self.params:
                raise CardDataError(f"{where}: {self.name} takes no parameter {k!r}")
            typ = self.params[k][0]
            if not isinstance(v, typ) or (isinstance(v, bool) and typ is int):
                raise CardDataError(f"{where}: {self.name}.{k} has the wrong type")
        for k, (_, default) in self.params.items():
            if default is ... and k not in raw:
                raise CardDataError(f"{where}: {self.name} needs {k!r}")
        t = raw.get("target")
        if t is not None and t not in TARGETS:
            raise CardDataError(f"{where}: unknown target {t!r}")

    def arg(self, s: Step, key: str) -> Any:
        return s.get(key, self.params[key][1])

    def run(self, g: Game, trig: Trigger, s: Step, i: int) -> None:
        raise NotImplementedError


TARGET_PARAMS: dict[str, tuple[type | tuple[type, ...], Any]] = {
    "target": (str, "opponent_spirit"),
    "count": (int, 1),
    "all": (bool, False),
    "up_to": (bool, False),
    "max_bp": (int, None),
    "max_cost": (int, None),
    "state": (str, None),
}


class Targeted(Verb):
    """A verb acting on chosen cards; the effect's controller chooses."""

    def run(self, g: Game, trig: Trigger, s: Step, i: int) -> None:
        cands = eligible(g, trig, s)
        if not cands:
            g.say(f"{g.card_name(trig[0])}: no card can be chosen.")
            return
        count = self.arg(s, "count")
        if self.arg(s, "all") or s.get("target") in ("this", "event"):
            self.apply(g, trig, s, tuple(cands))
            return
        up_to = self.arg(s, "up_to")
        k = min(count, len(cands))
        if len(cands) == k and not up_to:
            self.apply(g, trig, s, tuple(cands))
            return
        sizes = range(0, k + 1) if up_to else (k,)
        options = tuple(c for n in sizes for c in combinations(cands, n))
        from .text import step_text

        g.ask(
            Decision(
                trig[2],
                Kind.CHOOSE_TARGETS,
                options,
                f"{g.card_name(trig[0])}: choose for \u201c{step_text(s)}\u201d",
                context={"card": trig[0], "count": k, "up_to": up_to, "candidates": tuple(cands)},
            ),
            "targets_chosen",
            trig,
            i,
        )

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...]) -> None:
        raise NotImplementedError


class Draw(Verb):
    name = "draw"
    params = {"n": (int, ...)}

    def run(self, g: Game, trig: Trigger, s: Step, i: int) -> None:
        draw(g, trig[2], s.get("n"))


class Destroy(Targeted):
    name = "destroy"
    params = dict(TARGET_PARAMS)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...]) -> None:
        destroy(g, cids, f"effect of {g.card_name(trig[0])}")


class BP(Targeted):
    name = "bp"
    params = dict(TARGET_PARAMS, amount=(int, ...), duration=(str, "turn"))

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("duration", "turn") not in ("turn", "battle"):
            from .cards import CardDataError

            raise CardDataError(f"{where}: bp.duration is 'turn' or 'battle'")

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...]) -> None:
        amount, duration = s.get("amount"), self.arg(s, "duration")
        for cid in cids:
            g.mods.append(Mod(cid, "bp", amount, duration))
            g.say(f"{g.card_name(cid)} gets BP {amount:+d} this {duration} (BP {costs.bp_of(g, cid)}).")


class Exhaust(Targeted):
    name = "exhaust"
    params = dict(TARGET_PARAMS)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...]) -> None:
        for cid in cids:
            fc = g.field[cid]
            if fc.state == REFRESHED:
                fc.state = EXHAUSTED
                g.say(f"{g.card_name(cid)} is exhausted.")


class HeavyExhaust(Targeted):
    name = "heavy_exhaust"
    params = dict(TARGET_PARAMS)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...]) -> None:
        for cid in cids:
            g.field[cid].state = HEAVY
            g.say(f"{g.card_name(cid)} is heavily exhausted.")


class Refresh(Targeted):
    name = "refresh"
    params = dict(TARGET_PARAMS)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...]) -> None:
        for cid in cids:
            fc = g.field[cid]
            if fc.state != REFRESHED:
                fc.state = REFRESHED if fc.state == EXHAUSTED else EXHAUSTED
                g.say(f"{g.card_name(cid)} is refreshed.")


class ReturnToHand(Targeted):
    name = "return_to_hand"
    params = dict(TARGET_PARAMS)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...]) -> None:
        for cid in cids:
            if cid in g.field:
                leave_field(g, cid, "hand")
                g.say(f"{g.card_name(cid)} returns to {g.name(g.static.owner[cid])}'s hand.")


class VoidCores(Verb):
    """Cores from the void onto a spirit, the reserve or life (never the Soul Core)."""

    name = "void_cores"
    params = {"n": (int, ...), "to": (str, "reserve")}
    DESTS = ("reserve", "life", "this", "own_spirit")

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("to", "reserve") not in self.DESTS:
            from .cards import CardDataError

            raise CardDataError(f"{where}: void_cores.to is one of {self.DESTS}")

    def run(self, g: Game, trig: Trigger, s: Step, i: int) -> None:
        to = self.arg(s, "to")
        if to in ("reserve", "life"):
            self.move(g, trig, s, to, -1)
        elif to == "this":
            if on_field(g, trig[0]):
                self.move(g, trig, s, "card", trig[0])
            else:
                g.say(f"{g.card_name(trig[0])} is no longer on the field.")
        else:
            cands = eligible(g, trig, Step("void_cores", (("target", "own_spirit"),)))
            if not cands:
                g.say(f"{g.card_name(trig[0])}: no spirit to put cores on.")
            elif len(cands) == 1:
                self.move(g, trig, s, "card", cands[0])
            else:
                g.ask(
                    Decision(
                        trig[2],
                        Kind.CHOOSE_TARGETS,
                        tuple((c,) for c in cands),
                        f"{g.card_name(trig[0])}: choose a spirit to put {s.get('n')} core(s) on.",
                        context={"card": trig[0], "count": 1, "up_to": False, "candidates": tuple(cands)},
                    ),
                    "void_cores_target",
                    trig,
                    i,
                )

    def move(self, g: Game, trig: Trigger, s: Step, where: str, cid: int) -> None:
        p = g.players[trig[2]]
        n = min(s.get("n"), p.void)
        p.void -= n
        if where == "reserve":
            p.reserve += n
            g.say(f"{g.name(trig[2])} puts {n} core(s) from the void into the reserve.")
        elif where == "life":
            p.life += n
            g.say(f"{g.name(trig[2])} puts {n} core(s) from the void into life ({p.life_total}).")
        else:
            g.field[cid].cores += n
            g.say(f"{g.name(trig[2])} puts {n} core(s) from the void on {g.card_name(cid)}.")


@op("void_cores_target")
def void_cores_target(g: Game, answer: tuple[int, ...], trig: Trigger, i: int) -> None:
    s = g.static.defs[trig[0]].effects[trig[1]].steps[i]
    VERBS["void_cores"].move(g, trig, s, "card", answer[0])  # type: ignore[attr-defined]


class RemoveCores(Targeted):
    """Cores from a spirit to its owner's reserve, trash or the void (Q&A A14: never to
    another player's areas). The Soul Core never goes to the void; when the effect
    could take either, the cores' owner chooses (Q&A 灵魂晶核 A2, A3)."""

    name = "remove_cores"
    params = dict(TARGET_PARAMS, n=(int, ...), to=(str, "reserve"))

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("to", "reserve") not in ("reserve", "trash", "void"):
            from .cards import CardDataError

            raise CardDataError(f"{where}: remove_cores.to is reserve, trash or void")

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...]) -> None:
        n, to = s.get("n"), self.arg(s, "to")
        for cid in cids:
            if cid not in g.field:
                continue
            owner = g.static.owner[cid]
            has_soul = g.players[owner].soul == cid
            plain = g.field[cid].cores
            if has_soul and to != "void" and plain >= n >= 1:
                g.ask(
                    Decision(
                        owner,
                        Kind.CHOOSE_CORE,
                        ("core", "soul"),
                        f"{n} core(s) leave {g.card_name(cid)}: move the Soul Core among them?",
                        context={"card": cid},
                    ),
                    "soul_choice",
                    cid,
                    n,
                    to,
                )
                # one card at a time: the rest continue after the choice
                rest = cids[cids.index(cid) + 1 :]
                if rest:
                    g.push(("remove_rest", trig, s.verb, rest, n, to))
                return
            take_soul = has_soul and to != "void" and plain < n
            self.take(g, cid, min(n - take_soul, plain), take_soul, to)

    @staticmethod
    def take(g: Game, cid: int, plain: int, soul: bool, to: str) -> None:
        owner = g.static.owner[cid]
        p = g.players[owner]
        g.field[cid].cores -= plain
        if to == "reserve":
            p.reserve += plain
        elif to == "trash":
            p.trash_cores += plain
        else:
            p.void += plain
        if soul:
            p.soul = SOUL_RESERVE if to == "reserve" else SOUL_TRASH
        g.cores_moved = True
        n = plain + soul
        extra = " (the Soul Core among them)" if soul else ""
        g.say(f"{n} core(s) move from {g.card_name(cid)} to {g.name(owner)}'s {to}{extra}.")


@op("soul_choice")
def soul_choice(g: Game, answer: str, cid: int, n: int, to: str) -> None:
    soul = answer == "soul"
    RemoveCores.take(g, cid, n - soul, soul, to)


@op("remove_rest")
def remove_rest(g: Game, trig: Trigger, verb: str, rest: tuple[int, ...], n: int, to: str) -> None:
    s = Step(verb, (("n", n), ("to", to)))
    VERBS["remove_cores"].apply(g, trig, s, rest)  # type: ignore[attr-defined]


class DiscardDeck(Verb):
    """Cards from the top of a deck to the trash, one at a time (003 デッキの破棄)."""

    name = "discard_deck"
    params = {"n": (int, ...), "player": (str, "opponent")}

    def run(self, g: Game, trig: Trigger, s: Step, i: int) -> None:
        who = trig[2] if self.arg(s, "player") == "own" else 1 - trig[2]
        p = g.players[who]
        names = []
        for _ in range(s.get("n")):
            if not p.deck:
                break
            cid = p.deck.pop()
            p.trash.append(cid)
            names.append(g.card_name(cid))
        shown = ", ".join(names) if names else "nothing (the deck is empty)"
        g.say(f"{g.name(who)} discards from the top of the deck: {shown}.")


VERBS: dict[str, Any] = {
    v.name: v
    for v in (
        Draw(),
        Destroy(),
        BP(),
        Exhaust(),
        HeavyExhaust(),
        Refresh(),
        ReturnToHand(),
        VoidCores(),
        RemoveCores(),
        DiscardDeck(),
    )
}


def effect_count(g: Game) -> int:  # the number of effects waiting, for views
    return len(g.collected)


__all__ = ["VERBS", "collect", "destroy", "reduce_life", "draw", "leave_field", "SOUL_TRASH", "Kind", "Any"]
