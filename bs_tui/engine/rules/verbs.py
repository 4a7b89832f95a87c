"""The effect vocabulary: each verb checks its card data, runs, and (in `text.py`) says
what it does. Targets are chosen by the effect's controller among legal cards only.

Wording rules (000 Q&A 关于效果整体):
- A5 "by doing X, Y" (`by`): X only if Y can happen; the player chooses whether to do X.
- A6 "you may X; if you do, Y" (`if_you_do`): Y as far as possible once X is done.
- A7 "after this effect" (`afterwards`): what follows waits for the effects the earlier
  part caused; "then" is simply the next step, with nothing in between.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from itertools import combinations
from typing import Any

from ..core.decision import Decision, Kind
from ..core.machine import op
from ..core.registry import VERBS, Question, card_event, question, verb
from ..data.cards import COLOURS, CardDataError, Step
from ..data.text import named, plural, step_text, steps_text, target_phrase
from ..model.braving import hosts_of, never_exhausted
from ..model.derived import armored, count_of, forbidden, player_forbidden
from ..model.game import Game
from ..model.modifiers import PER
from ..model.predicates import counts_as, is_spirit
from ..model.state import EXHAUSTED, HEAVY, REFRESHED, SOUL_RESERVE, SOUL_TRASH, Mod
from . import costs, timings
from .effects import Trigger, announce, destroy, draw, hand_added, leave_each, on_field, step_at, this_card
from .keywords import discard_deck, seal, seal_depletes, unaffected

TARGETS = (
    "this",
    "event",
    "opponent_spirit",
    "own_spirit",
    "other_own_spirit",
    "spirit",
    "opponent_nexus",
    "own_nexus",
    "opponent_ultimate",
    "opponent_spirit_or_ultimate",
    "opponent_card",
    "opponent_grandwalker",
    "own_ultimate",
    "own_spirit_or_ultimate",
    "opponent_astral_stone",
    "opponent_brave",
    "own_soul_state",
    "opponent_soul_state",
)
# What a target counts as (`predicates.counts_as`): an ultimate is no spirit (000 ch.2 §4).
TARGET_CLASS = {
    "opponent_nexus": "nexus",
    "own_nexus": "nexus",
    "opponent_ultimate": "ultimate",
    "own_ultimate": "ultimate",
    "opponent_spirit_or_ultimate": "spirit_or_ultimate",
    "own_spirit_or_ultimate": "spirit_or_ultimate",
    "opponent_card": "field",  # "a card on the field": spirits, ultimates, nexuses (ch.2 §4)
    "opponent_grandwalker": "walker",  # effects that name grandwalker nexuses (ch.2 §6)
    "opponent_astral_stone": "astral_stone",  # and those that name astral stone nexuses (§6)
    # a brave in spirit state or braved to a spirit or ultimate (ch.2 §1, 003 合体しているブレイヴ)
    "opponent_brave": "brave",
    # a contract card in soul state, reached only by effects aimed at soul state (001, 000 ch.2 §8)
    "own_soul_state": "soul_state",
    "opponent_soul_state": "soul_state",
}
# The classes that reach a grandwalker or astral stone nexus: only effects naming them do
# (000 ch.2 §6, lines 587 and 604), preventable or not.
WALKER_CLASSES = ("walker", "astral_stone")
Path = tuple[Any, ...]
LIMIT = 100_000  # the largest number a step may hold (BP amounts are the largest printed)


def eligible(g: Game, trig: Trigger, s: Step) -> list[int]:
    """The cards a step may choose, never cards unaffected by it (Armor, Heavy Armor)."""
    src, _, ctrl, event = trig
    t = s.get("target", "opponent_spirit")
    if t == "this":
        me = this_card(g, trig)
        return [me] if me in g.field and g.field[me].host < 0 else []
    if t == "event":
        return [event] if event in g.field and g.field[event].host < 0 else []
    if t in ("own_spirit", "other_own_spirit") and given_to_walker(g, trig):
        # 000 ch.2 §6 (line 631): a myth brave's [Spirit Braved] effect aimed at "your
        # spirits", given to an ascended grandwalker, works on the grandwalker itself alone
        me = this_card(g, trig)
        return [me] if t == "own_spirit" and me in g.field and not g.field[me].leaving else []
    if t.startswith("opponent_"):
        pool = g.players[1 - ctrl].field
    elif t.startswith(("own_", "other_own_")):
        pool = g.players[ctrl].field
    else:
        pool = g.players[0].field + g.players[1].field
    what = TARGET_CLASS.get(t, "spirit")
    max_bp = s.get("max_bp")
    max_cost = s.get("max_cost")
    min_cost = s.get("min_cost")
    state = s.get("state")
    colour = s.get("colour")
    only = s.get("only_colours")
    family = s.get("family")
    named = s.get("name")
    whole = s.get("card_name")
    token = s.get("token")
    unpreventable = bool(s.get("unpreventable", False))
    me = this_card(g, trig)
    out = []
    for cid in pool:
        fc = g.field[cid]
        d = g.defs[cid]
        # Q&A 状态 A1: a destroyed spirit in standby can still be chosen by ordinary effects;
        # a braved brave is part of its spirit, reached only by effects aimed at braves
        if (fc.leaving and fc.leaving != "destroyed") or (fc.host >= 0 and what != "brave"):
            continue
        if not counts_as(g, cid, what):
            continue
        if t == "other_own_spirit" and cid == me:
            continue
        if max_bp is not None and costs.bp_of(g, cid) > max_bp:
            continue
        if max_cost is not None and costs.cost_of(g, cid) > max_cost:
            continue
        if min_cost is not None and costs.cost_of(g, cid) < min_cost:
            continue
        if state == "exhausted" and fc.state == REFRESHED:
            continue
        if state == "refreshed" and fc.state != REFRESHED:
            continue
        if only is not None and set(costs.colours_of(g, cid)) != set(only):
            continue
        if colour is not None and colour not in costs.colours_of(g, cid):
            continue
        if family is not None and family not in costs.families_of(g, cid):
            continue
        if named is not None and named not in d.name:
            continue
        if whole is not None and whole != d.name:
            continue  # 卡名：「○○○」 names the whole card name (001; Q&A 描述的变更 A6)
        if token is not None and d.token != token:
            continue  # effects aimed at tokens reach token spirits (000 ch.2 §9)
        if fc.soul_state and cid != src and what != "soul_state":
            continue  # 001: a card in soul state is chosen only by soul-state effects
        if d.walker and what not in WALKER_CLASSES and cid != src and not fc.soul_state:
            continue  # 000 ch.2 §6: only effects that name grandwalkers reach one, preventable or not
        if what == "soul_state":  # aimed at soul state: Armor alone may still keep it out
            if not unpreventable and g.static.owner[cid] != ctrl and armored(g, cid, set(g.defs[src].colours)):
                continue
        elif not (unpreventable or what in WALKER_CLASSES) and shielded(g, cid, src, ctrl):
            continue
        if g.static.continuous and g.static.owner[cid] != ctrl and forbidden(g, "be_targeted", cid):
            continue  # "cannot be chosen by your opponent's effects"
        out.append(cid)
    return out


def shielded(g: Game, cid: int, src: int, ctrl: int) -> bool:
    """Is `cid` unaffected by the effect (Armor, Heavy Armor)? A braved brave shares the
    Armor of the spirit it is braved to (003 合体しているブレイヴ, line 59)."""
    if unaffected(g, cid, src, ctrl):
        return True
    return any(unaffected(g, h, src, ctrl) for h in hosts_of(g, cid))


# The parts of a step's target that say what a card is (not how it stands now): a lasting
# change made through such a target carries over a rebirth only while the card still meets
# them (000 ch.2 §7, line 677). "own"/"opponent" never changes, BP and state are not kept.
LASTING = ("colour", "only_colours", "family", "name", "card_name", "max_cost", "min_cost")


def lasting_condition(s: Step) -> tuple[tuple[str, object], ...]:
    t = s.get("target", "opponent_spirit")
    cond: list[tuple[str, object]] = []
    if t not in ("this", "event"):
        cond.append(("class", TARGET_CLASS.get(t, "spirit")))
    cond.extend((k, s.get(k)) for k in LASTING if s.get(k) is not None)
    return tuple(cond)


def still_meets(g: Game, cid: int, cond: tuple[tuple[str, object], ...]) -> bool:
    """Does field card `cid` still meet what a lasting change asked of it?"""
    for k, v in cond:
        if k == "class" and not counts_as(g, cid, str(v)):
            return False
        if k == "colour" and v not in costs.colours_of(g, cid):
            return False
        if k == "only_colours" and set(costs.colours_of(g, cid)) != set(v):  # type: ignore[arg-type]
            return False
        if k == "family" and v not in costs.families_of(g, cid):
            return False
        if k == "name" and str(v) not in g.defs[cid].name:
            return False
        if k == "card_name" and str(v) != g.defs[cid].name:
            return False
        if k == "max_cost" and costs.cost_of(g, cid) > int(v):  # type: ignore[call-overload]
            return False
        if k == "min_cost" and costs.cost_of(g, cid) < int(v):  # type: ignore[call-overload]
            return False
    return True


def given_to_walker(g: Game, trig: Trigger) -> bool:
    """Is this a brave's effect given to a grandwalker nexus it is braved to (a myth
    brave's, 000 ch.2 §1, §6)?"""
    src = trig[0]
    fc = g.field.get(src)
    return fc is not None and fc.host >= 0 and trig[1] >= 0 and g.defs[this_card(g, trig)].walker


def run_steps(g: Game, trig: Trigger, path: Path, key: str) -> None:
    """Schedule the steps held under `key` by the step at `path`, in order."""
    inner = step_at(g, trig, path).get(key)
    g.push(*[("step", trig, (*path, key, j)) for j in range(len(inner))])


def distinct_sets(g: Game, cards: list[int] | tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """The ways to choose `k` of `cards`, two copies of a card being one choice."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for combo in combinations(cards, k):
        key = tuple(sorted(g.static.defs[c].id for c in combo))
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return tuple(out)


class Verb(ABC):
    """One instruction of the effect vocabulary. `params` names each parameter with its
    type and default (a default of ... marks it required); `nested` names parameters
    that hold steps."""

    name = ""
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}
    nested: tuple[str, ...] = ()

    def check(self, raw: dict[str, Any], where: str) -> None:
        for k, v in raw.items():
            if k not in self.params:
                raise CardDataError(f"{where}: {self.name} takes no parameter {k!r}")
            typ = self.params[k][0]
            if not isinstance(v, typ) or (isinstance(v, bool) and typ is int):
                raise CardDataError(f"{where}: {self.name}.{k} has the wrong type")
            # bounded as every user file is: no count or amount beyond any a card prints
            if isinstance(v, int) and not isinstance(v, bool) and not -LIMIT <= v <= LIMIT:
                raise CardDataError(f"{where}: {self.name}.{k} is from {-LIMIT} to {LIMIT}")
            if isinstance(v, str) and len(v) > 80:
                raise CardDataError(f"{where}: {self.name}.{k} is at most 80 characters")
        for k, (_, default) in self.params.items():
            if default is ... and k not in raw:
                raise CardDataError(f"{where}: {self.name} needs {k!r}")
        t = raw.get("target")
        if t is not None and t not in TARGETS:
            raise CardDataError(f"{where}: unknown target {t!r}")
        only = raw.get("only_colours")
        if only is not None and (not only or len(only) > 6 or any(c not in COLOURS for c in only)):
            raise CardDataError(f"{where}: only_colours is a list of colours")

    def arg(self, s: Step, key: str) -> Any:
        return s.get(key, self.params[key][1])

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        """Whether the step can do anything now (for "by doing X, Y")."""
        return True

    @abstractmethod
    def text(self, s: Step) -> str:
        """What the step does, as the card reads (`data.text.step_text` asks the verb)."""

    @abstractmethod
    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        """Do the step now, or ask the decision it needs."""


TARGET_PARAMS: dict[str, tuple[type | tuple[type, ...], Any]] = {
    "target": (str, "opponent_spirit"),
    "count": (int, 1),
    "all": (bool, False),
    "up_to": (bool, False),
    "max_bp": (int, None),
    "max_cost": (int, None),
    "state": (str, None),
    "colour": (str, None),
    # exactly these colours, no other (Q&A 关于效果整体 A13: "mono-red", "red-white": a card of
    # other colours too does not meet it)
    "only_colours": ((list, tuple), None),
    "family": (str, None),
    "name": (str, None),  # a part of the card's name, written "○○○" (001)
    "card_name": (str, None),  # the whole card name, 卡名：「○○○」 (001 line 106)
    "min_cost": (int, None),
    "token": (bool, None),  # true: tokens only (000 ch.2 §9, line 750); false: no tokens
    "unpreventable": (bool, False),
}


class Targeted(Verb):
    """A verb acting on chosen cards; the effect's controller chooses."""

    def acts_on(self, g: Game, cid: int) -> bool:
        """Whether it would change `cid` (exhausting an exhausted spirit does nothing)."""
        return True

    def protected(self, g: Game, cid: int, ctrl: int) -> bool:
        """Whether a continuous effect keeps `cid` out of this verb ("cannot be destroyed by
        your opponent's effects", "cannot be returned to the hand"): it cannot be chosen."""
        return False

    def candidates(self, g: Game, trig: Trigger, s: Step) -> list[int]:
        cands = eligible(g, trig, s)
        if g.static.continuous:
            cands = [c for c in cands if not self.protected(g, c, trig[2])]
        return cands

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return any(self.acts_on(g, c) for c in self.candidates(g, trig, s))

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        cands = self.candidates(g, trig, s)
        if "cost" in path:
            # Q&A A5/A6: as the X of "by doing X" or "you may X; if you do", only a card it
            # acts on counts as doing X (003: exhausting is from refreshed to exhausted)
            cands = [c for c in cands if self.acts_on(g, c)]
        if not cands:
            g.say(f"{g.card_name(trig[0])}: no card can be chosen.")
            return
        count = self.arg(s, "count")
        if self.arg(s, "all") or s.get("target") in ("this", "event"):
            self.apply(g, trig, s, tuple(cands), path)
            return
        up_to = self.arg(s, "up_to")
        k = min(count, len(cands))
        if len(cands) == k and not up_to:
            self.apply(g, trig, s, tuple(cands), path)
            return
        sizes = range(0, k + 1) if up_to else (k,)
        options = tuple(c for n in sizes for c in combinations(cands, n))
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
            path,
        )

    @abstractmethod
    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        """Act on the chosen cards."""


def check_per(raw: dict[str, Any], where: str, verb_name: str) -> None:
    """`per`: "for each …", counted from the effect's controller's side (`modifiers.PER`)."""
    if raw.get("per", "") not in ("", *PER):
        raise CardDataError(f"{where}: {verb_name}.per is one of {tuple(PER)}")


def per_words(s: Step) -> str:
    per = s.get("per", "")
    return f" {PER[per]}" if per else ""


def times(g: Game, trig: Trigger, s: Step) -> int:
    """How many times a "for each" step's amount counts, as the step resolves (1 without `per`)."""
    per = s.get("per", "")
    return count_of(g, trig[2], this_card(g, trig), per) if per else 1


class Draw(Verb):
    name = "draw"
    params = {"n": (int, ...), "per": (str, "")}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        check_per(raw, where, self.name)

    def text(self, s: Step) -> str:
        return f"Draw {plural(s.get('n'), 'card')}{per_words(s)}."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(g.players[trig[2]].deck) and times(g, trig, s) > 0

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        n = s.get("n") * times(g, trig, s)
        if s.get("per") and not n:
            g.say(f"{g.card_name(trig[0])}: nothing to count{per_words(s)}; no card is drawn.")
            return
        draw(g, trig[2], n, by_effect=True)


class Destroy(Targeted):
    name = "destroy"
    params = dict(TARGET_PARAMS)

    def text(self, s: Step) -> str:
        return f"Destroy {target_phrase(s)}."

    def protected(self, g: Game, cid: int, ctrl: int) -> bool:
        # "cannot be destroyed by your opponent's effects"
        return g.static.owner[cid] != ctrl and forbidden(g, "be_destroyed", cid)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        destroy(g, cids, f"effect of {g.card_name(trig[0])}", by=trig[2])


class BP(Targeted):
    name = "bp"
    params = dict(TARGET_PARAMS, amount=(int, ...), duration=(str, "turn"), per=(str, ""))

    def text(self, s: Step) -> str:
        dur = "this battle" if s.get("duration", "turn") == "battle" else "this turn"
        t = target_phrase(s)
        gets = "get" if s.get("all", False) or s.get("count", 1) > 1 else "gets"
        return f"{t[0].upper()}{t[1:]} {gets} BP {s.get('amount'):+d}{per_words(s)} {dur}."

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("duration", "turn") not in ("turn", "battle"):
            raise CardDataError(f"{where}: bp.duration is 'turn' or 'battle'")
        check_per(raw, where, self.name)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        # "for each …" is counted once, as the effect resolves: the change then lasts as made
        amount, duration = s.get("amount") * times(g, trig, s), self.arg(s, "duration")
        if s.get("per") and not amount:
            g.say(f"{g.card_name(trig[0])}: nothing to count{per_words(s)}; BP does not change.")
            return
        cond = lasting_condition(s)
        for cid in cids:
            g.mods.append(Mod(cid, "bp", amount, duration, cond))
            g.say(f"{g.card_name(cid)} gets BP {amount:+d} this {duration} (BP {costs.bp_of(g, cid)}).")


class Exhaust(Targeted):
    name = "exhaust"
    params = dict(TARGET_PARAMS)

    def text(self, s: Step) -> str:
        return f"Exhaust {target_phrase(s)}."

    def acts_on(self, g: Game, cid: int) -> bool:
        return g.field[cid].state == REFRESHED and not never_exhausted(g, cid)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        for cid in cids:
            fc = g.field[cid]
            if fc.state == REFRESHED and not never_exhausted(g, cid):
                fc.state = EXHAUSTED
                g.say(f"{g.card_name(cid)} is exhausted.")
                card_event(g, "exhausted", cid)


class HeavyExhaust(Targeted):
    name = "heavy_exhaust"
    params = dict(TARGET_PARAMS)

    def text(self, s: Step) -> str:
        return f"Heavily exhaust {target_phrase(s)}."

    def acts_on(self, g: Game, cid: int) -> bool:
        return g.field[cid].state != HEAVY and not never_exhausted(g, cid)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        for cid in cids:
            if never_exhausted(g, cid):
                continue
            was = g.field[cid].state
            g.field[cid].state = HEAVY
            g.say(f"{g.card_name(cid)} is heavily exhausted.")
            if was == REFRESHED:  # heavily exhausted counts as exhausted (Q&A 状态 A3)
                card_event(g, "exhausted", cid)


class Refresh(Targeted):
    name = "refresh"
    params = dict(TARGET_PARAMS)

    def text(self, s: Step) -> str:
        return f"Refresh {target_phrase(s)}."

    def acts_on(self, g: Game, cid: int) -> bool:
        return g.field[cid].state != REFRESHED

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        for cid in cids:
            fc = g.field[cid]
            if fc.state != REFRESHED:
                fc.state = REFRESHED if fc.state == EXHAUSTED else EXHAUSTED
                g.say(f"{g.card_name(cid)} is refreshed.")
                if fc.state == REFRESHED:
                    card_event(g, "refreshed", cid)


def left_by(g: Game, cid: int, by: int) -> None:
    """ "After your spirit leaves the field because of the opponent" (a burst condition):
    `by`'s effect takes `cid` off the field (a token included, 000 ch.2 §9)."""
    owner = g.static.owner[cid]
    if by != owner and is_spirit(g, cid):
        announce(g, owner, "spirit_left")


class ReturnToHand(Targeted):
    name = "return_to_hand"
    params = dict(TARGET_PARAMS)
    dest = "hand"

    def text(self, s: Step) -> str:
        return f"Return {target_phrase(s)} to its owner's hand."

    def protected(self, g: Game, cid: int, ctrl: int) -> bool:
        # "cannot be returned to the hand"; and a hand that cannot increase (003: a return
        # to the hand increases it) keeps its owner's cards on the field
        if self.dest != "hand":
            return False
        return forbidden(g, "be_returned", cid) or player_forbidden(g, "increase_hand", g.static.owner[cid])

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        gone = tuple(c for c in cids if c in g.field)
        for cid in gone:
            left_by(g, cid, trig[2])
        leave_each(g, gone, self.dest, trig[2])


class ReturnToDeck(ReturnToHand):
    """To the bottom of its owner's deck (white's way of clearing the field)."""

    name = "return_to_deck"
    dest = "deck"

    def text(self, s: Step) -> str:
        return f"Put {target_phrase(s)} on the bottom of its owner's deck."


class Forbid(Targeted):
    """'Cannot attack' / 'cannot block' for a while (Q&A A3: "cannot" beats "must")."""

    name = "forbid"
    params = dict(TARGET_PARAMS, what=(str, ...), duration=(str, "turn"))

    def text(self, s: Step) -> str:
        dur = "this battle" if s.get("duration", "turn") == "battle" else "this turn"
        t = target_phrase(s)
        return f"{t[0].upper()}{t[1:]} cannot {s.get('what')} {dur}."

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("what") not in ("attack", "block"):
            raise CardDataError(f"{where}: forbid.what is 'attack' or 'block'")
        if raw.get("duration", "turn") not in ("turn", "battle"):
            raise CardDataError(f"{where}: forbid.duration is 'turn' or 'battle'")

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        what, duration = s.get("what"), self.arg(s, "duration")
        cond = lasting_condition(s)
        for cid in cids:
            g.mods.append(Mod(cid, f"cannot_{what}", 0, duration, cond))
            g.say(f"{g.card_name(cid)} cannot {what} this {duration}.")


def choose_one(g: Game, trig: Trigger, cands: list[int], what: str, cont: str, *args: object) -> None:
    """The effect's controller chooses one of `cands`; `cont` takes ((card,), trig, *args)."""
    g.ask(
        Decision(
            trig[2],
            Kind.CHOOSE_TARGETS,
            tuple((c,) for c in cands),
            f"{g.card_name(trig[0])}: {what}",
            context={"card": trig[0], "count": 1, "up_to": False, "candidates": tuple(cands)},
        ),
        cont,
        trig,
        *args,
    )


class VoidCores(Verb):
    """Cores from the void onto a spirit, the reserve or life (never the Soul Core)."""

    name = "void_cores"
    params = {"n": (int, ...), "to": (str, "reserve")}
    DESTS = ("reserve", "life", "this", "own_spirit")

    def text(self, s: Step) -> str:
        to = s.get("to", "reserve")
        n = plural(s.get("n"), "core")
        if to in ("this", "own_spirit"):
            return f"Put {n} from the void on {'this spirit' if to == 'this' else '1 of your spirits'}."
        return f"Put {n} from the void into {'your reserve' if to == 'reserve' else 'your life'}."

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("to", "reserve") not in self.DESTS:
            raise CardDataError(f"{where}: void_cores.to is one of {self.DESTS}")

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        to = self.arg(s, "to")
        if to in ("reserve", "life"):
            self.move(g, trig, s, to, -1)
        elif to == "this":
            me = this_card(g, trig)
            if on_field(g, me):
                self.move(g, trig, s, "card", me)
            else:
                g.say(f"{g.card_name(trig[0])} is no longer on the field.")
        else:
            cands = eligible(g, trig, Step("void_cores", (("target", "own_spirit"),)))
            if not cands:
                g.say(f"{g.card_name(trig[0])}: no spirit to put cores on.")
            elif len(cands) == 1:
                self.move(g, trig, s, "card", cands[0])
            else:
                choose_one(
                    g, trig, cands, f"choose a spirit to put {s.get('n')} core(s) on.", "void_cores_target", path
                )

    def move(self, g: Game, trig: Trigger, s: Step, where: str, cid: int) -> None:
        p = g.players[trig[2]]
        n = min(s.get("n"), p.void)
        p.void -= n
        if where == "reserve":
            p.reserve += n
            g.say(f"{g.name(trig[2])} puts {costs.cores(n)} from the void into the reserve.")
        elif where == "life":
            p.life += n
            g.say(f"{g.name(trig[2])} puts {costs.cores(n)} from the void into life ({p.life_total}).")
        else:
            if g.static.continuous and player_forbidden(g, "put_cores", g.static.owner[cid]):
                p.void += n  # nothing moved: an effect forbids putting cores on that card (003)
                g.say(f"An effect forbids putting cores on {g.card_name(cid)}.")
                return
            g.field[cid].cores += n
            g.say(f"{g.name(trig[2])} puts {costs.cores(n)} from the void on {g.card_name(cid)}.")
            if n:
                timings.cores_placed(g, cid)


@op("void_cores_target")
def void_cores_target(g: Game, answer: tuple[int, ...], trig: Trigger, path: Path) -> None:
    VERBS["void_cores"].move(g, trig, step_at(g, trig, path), "card", answer[0])


class RemoveCores(Targeted):
    """Cores from a spirit to its owner's reserve, trash or the void (Q&A A14: never to
    another player's areas). The Soul Core never goes to the void; when the effect
    could take either, the cores' owner chooses (Q&A 灵魂晶核 A2, A3)."""

    name = "remove_cores"
    params = dict(TARGET_PARAMS, n=(int, ...), to=(str, "reserve"))

    def text(self, s: Step) -> str:
        to = s.get("to", "reserve")
        where = "the void" if to == "void" else f"its owner's {to}"
        return f"Move {plural(s.get('n'), 'core')} from {target_phrase(s)} to {where}."

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("to", "reserve") not in ("reserve", "trash", "void"):
            raise CardDataError(f"{where}: remove_cores.to is reserve, trash or void")

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        # Q&A 灵魂晶核 A4: an effect paid by moving cores off a spirit must not deplete it
        n = s.get("n")
        for cid in eligible(g, trig, s):
            left = costs.cores_on(g, cid) - n
            if costs.cores_on(g, cid) >= n and (left >= g.defs[cid].lv1_cores or s.get("target") != "this"):
                return True
        return False

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        n, to = s.get("n"), self.arg(s, "to")
        for i, cid in enumerate(cids):
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
                        f"{costs.cores(n)} leave {g.card_name(cid)}: move the Soul Core among them?",
                        context={"card": cid},
                    ),
                    "soul_choice",
                    cid,
                    n,
                    to,
                    trig[2],
                )
                rest = cids[i + 1 :]
                if rest:  # one card at a time: the rest continue after the choice
                    g.push(("remove_rest", trig, path, rest))
                return
            take_soul = has_soul and to != "void" and plain < n
            self.take(g, cid, min(n - take_soul, plain), take_soul, to, trig[2])

    @staticmethod
    def take(g: Game, cid: int, plain: int, soul: bool, to: str, by: int) -> None:
        owner = g.static.owner[cid]
        p = g.players[owner]
        fc = g.field[cid]
        fc.cores -= plain
        if by != owner:  # depleted now, it leaves because of the opponent (000 ch.2 §8: 消灭)
            fc.left_by = by
        if to == "reserve":
            p.reserve += plain
            if plain or soul:  # "when the opponent's cores are moved to their reserve" (000 l.521)
                announce(g, 1 - owner, "opponent_cores_to_reserve")
        elif to == "trash":
            p.trash_cores += plain
        else:
            p.void += plain
        if soul:
            p.soul = SOUL_RESERVE if to == "reserve" else SOUL_TRASH
        g.cores_moved = True
        n = plain + soul
        extra = " (the Soul Core among them)" if soul else ""
        where = "the void" if to == "void" else f"{g.name(owner)}'s {to}"
        g.say(f"{costs.cores(n)} {'moves' if n == 1 else 'move'} from {g.card_name(cid)} to {where}{extra}.")


@op("soul_choice")
def soul_choice(g: Game, answer: str, cid: int, n: int, to: str, by: int) -> None:
    soul = answer == "soul"
    RemoveCores.take(g, cid, n - soul, soul, to, by)


@op("remove_rest")
def remove_rest(g: Game, trig: Trigger, path: Path, rest: tuple[int, ...]) -> None:
    s = step_at(g, trig, path)
    VERBS["remove_cores"].apply(g, trig, s, rest, path)


class DiscardDeck(Verb):
    """Cards from the top of a deck to the trash, one at a time (003 デッキの破棄)."""

    name = "discard_deck"
    params = {"n": (int, ...), "player": (str, "opponent")}

    def text(self, s: Step) -> str:
        whose = "your" if s.get("player", "opponent") == "own" else "your opponent's"
        return f"Discard {plural(s.get('n'), 'card')} from the top of {whose} deck."

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        who = trig[2] if self.arg(s, "player") == "own" else 1 - trig[2]
        discard_deck(g, who, s.get("n"))


class Seal(Verb):
    """Seal (封印): your Soul Core to your life, from the reserve or a field card."""

    name = "seal"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}

    def text(self, s: Step) -> str:
        return "Seal: put your Soul Core in your life."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return costs.soul_movable(g, trig[2]) and not seal_depletes(g, trig[2], this_card(g, trig))

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        seal(g, trig[2], this_card(g, trig))


class Silence(Verb):
    """'Your opponent's "when summoned" effects cannot activate this turn.' Armor lets a
    card's effects activate anyway unless this cannot be prevented (Q&A A4)."""

    name = "silence"
    params = {"what": (str, "summoned"), "duration": (str, "turn"), "unpreventable": (bool, False)}

    def text(self, s: Step) -> str:
        extra = " This cannot be prevented." if s.get("unpreventable", False) else ""
        return f"Your opponent's 'when summoned' effects cannot activate this turn.{extra}"

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("what", "summoned") != "summoned":
            raise CardDataError(f"{where}: silence.what is 'summoned'")

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        cols = g.defs[trig[0]].colours
        g.forbids.append(("silence_summoned", 1 - trig[2], self.arg(s, "duration"), cols, self.arg(s, "unpreventable")))
        g.say(f"{g.name(1 - trig[2])}'s 'when summoned' effects cannot activate this turn.")


class Chain(Verb):
    """Chain (連鎖): more when you have a symbol of a colour on your field."""

    name = "chain"
    params = {"colour": (str, ...)}
    nested = ("do",)

    def text(self, s: Step) -> str:
        return f"Chain ({s.get('colour')} symbol on your field): {steps_text(s.get('do'))}"

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        colour = s.get("colour")
        if any(colour in sym for sym in costs.field_symbols(g, trig[2])):
            g.say(f"Chain: {g.name(trig[2])} has a {colour} symbol.")
            run_steps(g, trig, path, "do")
        else:
            g.say(f"Chain: no {colour} symbol on {g.name(trig[2])}'s field.")


class By(Verb):
    """A5: by doing X (`cost`), Y (`do`). Only if both can happen; the player chooses."""

    name = "by"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}
    nested = ("cost", "do")
    strict = True

    def text(self, s: Step) -> str:
        body = steps_text(s.get("do"))
        if self.strict:
            return f"{steps_text(s.get('cost'))} By doing so, {body[0].lower()}{body[1:]}"
        return f"You may {steps_text(s.get('cost'))[:-1].lower()}. If you do, {body[0].lower()}{body[1:]}"

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        """A5: X can be done, and (for "by doing X, Y") Y can happen too; A6: "you may X; if
        you do, Y" does something only when X can be done."""
        if not all(VERBS[x.verb].feasible(g, trig, x) for x in s.get("cost")):
            return False
        return not self.strict or all(VERBS[x.verb].feasible(g, trig, x) for x in s.get("do"))

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        can_pay = all(VERBS[x.verb].feasible(g, trig, x) for x in s.get("cost"))
        can_do = all(VERBS[x.verb].feasible(g, trig, x) for x in s.get("do"))
        if not can_pay or (self.strict and not can_do):
            g.say(f"{g.card_name(trig[0])}: \u201c{steps_text(s.get('cost'))}\u201d cannot be done; nothing happens.")
            return
        g.ask_yes_no(
            trig[2],
            "by",
            f"{g.card_name(trig[0])}: {steps_text(s.get('cost'))} "
            f"{'By doing so' if self.strict else 'If you do'}: {steps_text(s.get('do'))} Do it?",
            {"card": trig[0]},
            "by_answer",
            trig,
            path,
        )


class IfYouDo(By):
    """A6: you may X; if you do, Y (as far as it can)."""

    name = "if_you_do"
    strict = False


@op("by_answer")
def by_answer(g: Game, answer: bool, trig: Trigger, path: Path) -> None:
    if not answer:
        g.say(f"{g.name(trig[2])} does not.")
        return
    s = step_at(g, trig, path)
    g.push(
        *[("step", trig, (*path, "cost", j)) for j in range(len(s.get("cost")))],
        *[("step", trig, (*path, "do", j)) for j in range(len(s.get("do")))],
    )


class Afterwards(Verb):
    """A7 "after this effect": the effects caused so far resolve first, then `do`."""

    name = "afterwards"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}
    nested = ("do",)

    def text(self, s: Step) -> str:
        return f"After this effect: {steps_text(s.get('do'))}"

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        g.depth -= 1  # let what this effect caused so far resolve first
        g.push(("afterwards_go", trig, path))


@op("afterwards_go")
def afterwards_go(g: Game, trig: Trigger, path: Path) -> None:
    g.depth += 1
    run_steps(g, trig, path, "do")


class Recover(Verb):
    """Purple's revival: cards from your trash back to your hand."""

    name = "recover"
    params = {
        "count": (int, 1),
        "kind": (str, "spirit"),
        "max_cost": (int, None),
        "family": (str, None),
        "name": (str, None),
        "up_to": (bool, False),
    }

    def text(self, s: Step) -> str:
        kind = s.get("kind", "spirit")
        noun = "card" if kind == "any" else f"{kind} card"
        what = f"{'up to ' if s.get('up_to', False) else ''}{plural(s.get('count', 1), noun)}"
        if s.get("name") is not None:
            what = named(what, s.get("name"))
        if s.get("family") is not None:
            what += f" of the family {s.get('family')}"
        if s.get("max_cost") is not None:
            what += f" with cost {s.get('max_cost')} or less"
        return f"Return {what} from your trash to your hand."

    def candidates(self, g: Game, trig: Trigger, s: Step) -> list[int]:
        kind, max_cost, family, named = self.arg(s, "kind"), s.get("max_cost"), s.get("family"), s.get("name")
        if g.static.continuous and player_forbidden(g, "increase_hand", trig[2]):
            return []  # "you cannot add cards to the hand by effects"
        out = []
        for cid in g.players[trig[2]].trash:
            d = g.defs[cid]
            if kind != "any" and d.kind != kind:
                continue
            if max_cost is not None and d.cost > max_cost:
                continue
            if family is not None and family not in d.families:
                continue
            if named is not None and named not in d.name:
                continue
            out.append(cid)
        return out

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(self.candidates(g, trig, s))

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        cands = self.candidates(g, trig, s)
        if not cands:
            g.say(f"{g.card_name(trig[0])}: no card in the trash can be chosen.")
            return
        k = min(self.arg(s, "count"), len(cands))
        if len(cands) == k and not self.arg(s, "up_to"):
            self.apply(g, trig, s, tuple(cands), path)
            return
        sizes = range(0, k + 1) if self.arg(s, "up_to") else (k,)
        # the same card twice in the trash is one choice: offer distinct card sets
        seen: set[tuple[str, ...]] = set()
        options = []
        for n in sizes:
            for combo in combinations(cands, n):
                key = tuple(sorted(g.defs[c].id for c in combo))
                if key not in seen:
                    seen.add(key)
                    options.append(combo)
        g.ask(
            Decision(
                trig[2],
                Kind.CHOOSE_TARGETS,
                tuple(options),
                f"{g.card_name(trig[0])}: choose from your trash for \u201c{step_text(s)}\u201d",
                context={"card": trig[0], "count": k, "up_to": self.arg(s, "up_to"), "candidates": tuple(cands)},
            ),
            "targets_chosen",
            trig,
            path,
        )

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        p = g.players[trig[2]]
        added = False
        for cid in cids:
            if cid in p.trash:
                p.trash.remove(cid)
                p.hand.append(cid)
                g.reveal(cid, "hand")
                g.say(f"{g.name(trig[2])} returns {g.card_name(cid)} from the trash to the hand.")
                added = True
        if added:  # one event for the cards of one effect (003 l.118)
            hand_added(g, trig[2], trig[2])


for _v in (
    Draw(),
    Destroy(),
    BP(),
    Exhaust(),
    HeavyExhaust(),
    Refresh(),
    ReturnToHand(),
    ReturnToDeck(),
    Forbid(),
    VoidCores(),
    RemoveCores(),
    DiscardDeck(),
    Seal(),
    Silence(),
    Chain(),
    By(),
    IfYouDo(),
    Afterwards(),
    Recover(),
):
    verb(_v)


question("by", Question(yes="Do it", no="Do not"))  # Q&A A5/A6: "by doing X" / "you may X; if you do"
