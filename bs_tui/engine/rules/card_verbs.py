"""Verbs on the cards that make up a field object, and on where a field card goes:

- `remove_source`: advent sources (000 ch.2 §5) taken from under this spirit to the trash or
  the hand; with none left it is no longer [During Advent] (line 577: `derived.works` reads
  the sources as they are);
- `put_under`: the top cards of a deck put face down under a spirit (【毒刃】): no advent
  sources, and they make it no [During Advent] (Q&A 关于煌临 A3, line 900); their content is
  known only to their owner (003 line 159; Q&A A10, line 788: you may look at your own
  face-down cards), their count is public; they go to the trash when it leaves the field
  (`effects.leave_field`);
- `remove_from_game`: 除外 (000 glossary, line 996), kept apart and unusable for the rest of
  the game (`Player.removed`, public: 003 line 147).

A field object bears the id of its bottom card (`state.FieldCard`); `rekey` lets that card
leave the object while the object stays.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.decision import Decision, Kind
from ..core.machine import op
from ..core.registry import FIELD_NOTES, verb
from ..data.cards import CardDataError, Step
from ..data.text import plural, target_phrase
from ..model.game import Game
from ..model.state import Trigger
from .effects import leave_each, on_field, step_at, this_card
from .verbs import TARGET_PARAMS, Path, Targeted, Verb, distinct_sets, left_by


def rekey(g: Game, old: int, new: int, follow: bool = False) -> None:
    """The field object `old` goes on under the id of `new`, one of its cards, so that the
    card `old` may stand apart. With `follow`, the object stays on the field as itself: the
    lasting changes it is under, its once-per-turn uses (Q&A A9: per card on the field) and
    the effects of its own that are resolving or waiting (their source or event card) go on
    with it."""
    fc = g.field.pop(old)
    fc.cid = new
    g.field[new] = fc
    p = g.players[g.static.owner[old]]
    p.field[p.field.index(old)] = new
    if p.soul == old:
        p.soul = new
    b = g.battle
    if b is not None:
        b.attacker = new if b.attacker == old else b.attacker
        b.blocker = new if b.blocker == old else b.blocker
    for o in g.field.values():
        o.host = new if o.host == old else o.host
        o.host2 = new if o.host2 == old else o.host2
    g.leaving = [new if c == old else c for c in g.leaving]
    if follow:
        if any(m.cid == old for m in g.mods):
            g.mods = [replace(m, cid=new) if m.cid == old else m for m in g.mods]
        g.once_used = frozenset((k[0], new, *k[2:]) if k[0] == "i" and k[1] == old else k for k in g.once_used)
        # in place: the running loop holds the task list (`Game.run`)
        g.tasks[:] = [(t[0], *(_follow(a, old, new) for a in t[1:])) for t in g.tasks]
        g.collected[:] = [_follow(t, old, new) for t in g.collected]
    g.refresh_defs(old, new)


def _is_trigger(x: Any) -> bool:
    return isinstance(x, tuple) and len(x) == 4 and all(type(v) is int for v in x)


def _follow(x: Any, old: int, new: int) -> Any:
    """A trigger (source, effect, controller, event card) naming the object by its old id, or
    a tuple of them (a batch of triggers), as the re-keyed object is named now."""
    if _is_trigger(x):
        return (new if x[0] == old else x[0], x[1], x[2], new if x[3] == old else x[3])
    if isinstance(x, tuple) and x and all(_is_trigger(t) for t in x):
        return tuple(_follow(t, old, new) for t in x)
    return x


class RemoveSource(Verb):
    """Put N of this spirit's advent sources into the trash (or the hand): its controller
    chooses which (they are face up, public). As far as there are; for "by doing X" it needs
    all N (Q&A 关于效果整体 A5)."""

    name = "remove_source"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"n": (int, 1), "to": (str, "trash")}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("n", 1) < 1:
            raise CardDataError(f"{where}: remove_source.n is at least 1")
        if raw.get("to", "trash") not in ("trash", "hand"):
            raise CardDataError(f"{where}: remove_source.to is 'trash' or 'hand'")

    def text(self, s: Step) -> str:
        n = self.arg(s, "n")
        what = "1 advent source" if n == 1 else f"{n} advent sources"
        return f"Put {what} of this spirit into your {self.arg(s, 'to')}."

    def sources(self, g: Game, trig: Trigger) -> tuple[int, ...]:
        me = this_card(g, trig)
        return g.field[me].sources if on_field(g, me) else ()

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return len(self.sources(g, trig)) >= self.arg(s, "n")

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        me, sources = this_card(g, trig), self.sources(g, trig)
        if not sources:
            g.say(f"{g.card_name(trig[0])}: no advent source is under it.")
            return
        k = min(self.arg(s, "n"), len(sources))
        options = distinct_sets(g, sources, k)
        if len(options) == 1:
            remove_sources(g, me, options[0], self.arg(s, "to"))
            return
        g.ask(
            Decision(
                trig[2],
                Kind.CHOOSE_TARGETS,
                options,
                f"{g.card_name(trig[0])}: choose {plural(k, 'advent source')} to put into your {self.arg(s, 'to')}.",
                # the options are cards under a field card (the bottom one bears its id)
                context={"card": trig[0], "count": k, "up_to": False, "candidates": sources, "sources_of": me},
            ),
            "sources_chosen",
            trig,
            path,
        )


@op("sources_chosen")
def sources_chosen(g: Game, answer: tuple[int, ...], trig: Trigger, path: Path) -> None:
    me = this_card(g, trig)
    if on_field(g, me):
        remove_sources(g, me, answer, VERBS_REMOVE.arg(step_at(g, trig, path), "to"))


def remove_sources(g: Game, oid: int, chosen: tuple[int, ...], to: str) -> None:
    owner = g.static.owner[oid]
    p = g.players[owner]
    for src in chosen:
        fc = g.field[oid]
        if src not in fc.sources:
            continue
        if src == oid:
            # the bottom card, whose id the object bears, leaves: the object goes on under
            # the id of the card now at its bottom
            oid = next(c for c in fc.cards if c != src)
            rekey(g, src, oid, follow=True)
            fc = g.field[oid]
        fc.sources = tuple(c for c in fc.sources if c != src)
        g.refresh_defs(src, oid)
        p.zone(to).append(src)
        if to == "hand":
            g.reveal(src, "hand")
        g.say(
            f"{g.name(owner)} puts {g.card_name(src)} from under {g.card_name(oid)} into the {to}.",
            tag="remove_source",
        )
    if not g.field[oid].sources:
        g.say(f"{g.card_name(oid)} has no advent source left: it is no longer [During Advent].")


class PutUnder(Targeted):
    """【毒刃】-like: the top cards of the chosen card's owner's deck face down under it (an
    opposing spirit: the opponent's deck; yours: your own), so that the cards under a spirit
    are always its owner's. Not a discard from the deck (official.md, 毒刃)."""

    name = "put_under"
    params = dict(TARGET_PARAMS, n=(int, 1))

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("n", 1) < 1:
            raise CardDataError(f"{where}: put_under.n is at least 1")

    def text(self, s: Step) -> str:
        n = self.arg(s, "n")
        t = s.get("target", "opponent_spirit")
        whose = "your opponent's" if t.startswith("opponent_") else "its owner's" if t == "spirit" else "your"
        what = "the top card" if n == 1 else f"the top {n} cards"
        return f"Put {what} of {whose} deck face down under {target_phrase(s)}."

    def acts_on(self, g: Game, cid: int) -> bool:
        return bool(g.players[g.static.owner[cid]].deck)

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        n = self.arg(s, "n")
        for cid in cids:
            fc = g.field.get(cid)
            if fc is None:
                continue
            owner = g.static.owner[cid]
            deck = g.players[owner].deck
            cards = tuple(deck.pop() for _ in range(min(n, len(deck))))
            if not cards:
                g.say(f"{g.name(owner)}'s deck is empty: nothing goes under {g.card_name(cid)}.")
                continue
            fc.under = (*fc.under, *cards)
            names = ", ".join(g.card_name(c) for c in cards)
            public = f"{plural(len(cards), 'card')} from the top of {g.name(owner)}'s deck go face down under"
            g.say(
                f"{names} from the top of your deck go face down under {g.card_name(cid)}.",
                owner,
                f"{public} {g.card_name(cid)}.",
                tag="put_under",
            )


class RemoveFromGame(Targeted):
    """除外: the chosen cards leave the field (after the effects their leaving causes, like a
    return: Q&A 状态 A1) to their owner's removed cards, their advent sources with them; a
    token to its stock (ch.2 §9), cards under it to the trash."""

    name = "remove_from_game"
    params = dict(TARGET_PARAMS)

    def text(self, s: Step) -> str:
        return f"Remove {target_phrase(s)} from the game."

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        gone = tuple(c for c in cids if c in g.field)
        for cid in gone:
            left_by(g, cid, trig[2])
        leave_each(g, gone, "removed", trig[2])


def under_note(g: Game, cid: int, viewer: int) -> str:
    """The cards face down under a field card: their number for anyone, their names only for
    their owner (003 line 159; Q&A A10)."""
    under = g.field[cid].under
    if not under:
        return ""
    head = f"{plural(len(under), 'card')} face down under it"
    if viewer >= 0 and all(g.static.owner[c] == viewer for c in under):
        return f"{head}: {', '.join(g.card_name(c) for c in under)}."
    return f"{head}."


VERBS_REMOVE = verb(RemoveSource())
verb(PutUnder())
verb(RemoveFromGame())
FIELD_NOTES.append(under_note)
