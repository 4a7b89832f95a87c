"""Keywords, each defined once: Clash, Armor, Heavy Armor, Crush, Swift, Awaken, Assault
and Seal (Chain is the `chain` verb).

- Clash (激突): when this spirit attacks, the opponent must block if able.
- Armor (装甲: colours): this card is unaffected by the opponent's effects of those colours.
- Heavy Armor (重装甲: colours): all your field cards are unaffected by them.
- Crush (粉砕): when this spirit attacks, discard cards from the top of the opponent's
  deck, as many as its level.
- Swift (神速): can be summoned in flash timing, paying from the reserve only.
- Awaken (覚醒): when summoned, you may move any number of cores from your other field
  cards onto it.
- Assault (強襲: n): when this spirit attacks, by exhausting one of your nexuses you may
  refresh it; up to n times a turn.
- Seal (封印): when summoned, your Soul Core goes to your life.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.decision import Allocation, CoreSource, Decision, Kind
from ..core.machine import op
from ..core.registry import announce, card_event
from ..model.derived import activation_forbidden, armored, forbidden, keyword, player_forbidden
from ..model.game import Game
from ..model.predicates import fights, is_nexus, levelled
from ..model.state import EXHAUSTED, REFRESHED, SOUL_LIFE, Trigger
from . import costs


def unaffected(g: Game, target: int, source: int, controller: int) -> bool:
    """Armor / Heavy Armor: is `target` unaffected by an effect of `source`, used by
    `controller`? Only the opponent's effects are kept out."""
    td = g.defs[target]
    if td.contract and target != source and (tf := g.field.get(target)) is not None and tf.soul_state:
        return True  # 001: a card in soul state takes only its own effects and soul-state ones
    if g.defs[target].walker and target != source and target in g.field:
        # 000 ch.2 §6: a grandwalker or astral stone takes only its own effects and those
        # that name such nexuses (`verbs.eligible` lets those through)
        return True
    if g.static.owner[target] == controller:
        return False
    cols = set(g.defs[source].colours)
    sf = g.field.get(source)
    if sf is not None:
        # a [Braved] effect is an effect of the braved spirit, with both cards' colours
        cols |= set(costs.colours_of(g, sf.host if sf.host >= 0 else source))
    return armored(g, target, cols)


def silenced(g: Game, cid: int, when: str = "summoned") -> bool:
    """Are the effects of `cid` at timing `when` kept from activating (Q&A A4: armor wins
    over "cannot activate" unless that cannot be prevented)? An effect's own "cannot be
    prevented" does not help it activate (A4's last sentence): only the card's Armor does."""
    if not g.static.continuous and not g.forbids:
        return False  # nothing in this game can keep an effect from activating now
    owner = g.static.owner[cid]
    fc = g.field.get(cid)
    if fc is not None and fc.host >= 0 and g.defs[fc.host].walker:
        # 000 ch.2 §1 神话合体: braved to a grandwalker a myth brave takes only effects that
        # name grandwalkers, so its "when this brave is summoned" works all the same
        return False
    if activation_forbidden(g, cid, when):
        return True
    if when != "summoned":
        return False
    for kind, who, _dur, cols, unpreventable in g.forbids:
        if kind != "silence_summoned" or who != owner:
            continue
        if not unpreventable and armored(g, cid, set(cols)):
            continue
        return True
    return False


def _ready(g: Game, cid: int, what: str) -> bool:
    """A refreshed spirit of its own (not braved, not leaving) that no effect forbids."""
    fc = g.field[cid]
    if fc.state != REFRESHED or fc.leaving or fc.host >= 0:
        return False
    if not fights(g, cid) or g.defs[cid].imagine:  # an imagine brave as a spirit (000 ch.2 §1)
        return False
    return not forbidden(g, what, cid)


def not_ready(g: Game, cid: int, what: str) -> str:
    """Why a spirit of the field cannot attack or block now, in a player's words ("" if it
    can, or if it is no spirit at all: a nexus is never offered)."""
    fc = g.field[cid]
    if not levelled(g, cid) or fc.leaving:
        return ""
    if fc.host >= 0:
        return f"braved to {g.card_name(fc.host)}: they act as one"
    if g.defs[cid].imagine:
        return "an imagine brave as a spirit neither attacks nor blocks"
    if fc.state != REFRESHED:
        return "exhausted" if fc.state == EXHAUSTED else "heavily exhausted"
    if forbidden(g, what, cid):
        return "an effect forbids it" if what == "attack" else "an effect forbids blocking"
    return ""


def can_block(g: Game, cid: int) -> bool:
    return _ready(g, cid, "block")


def can_attack(g: Game, cid: int) -> bool:
    return _ready(g, cid, "attack")


# ----------------------------------------------------------------------- keyword effects


@dataclass(frozen=True, slots=True)
class KeywordEffect:
    keyword: str
    when: str
    label: str
    run: Callable[[Game, Trigger], None]


def _crush(g: Game, trig: Trigger) -> None:
    cid = trig[0]
    n = costs.level_of(g, cid) if cid in g.field else 1
    g.say(f"Crush: {g.card_name(cid)} (Lv{n}).")
    discard_deck(g, 1 - trig[2], n)


def _seal(g: Game, trig: Trigger) -> None:
    g.say(f"Seal: {g.card_name(trig[0])}.")
    seal(g, trig[2], trig[0])


def _awaken(g: Game, trig: Trigger) -> None:
    cid = trig[0]
    if cid not in g.field:
        return
    player = trig[2]
    if g.static.continuous and player_forbidden(g, "put_cores", player):
        g.say(f"Awaken: an effect forbids putting cores on {g.card_name(cid)}.")  # 003 l.91-102
        return
    sources = tuple(s for s in costs.core_sources(g, player) if s.source not in ("reserve", cid))
    if not any(s.cores or s.soul for s in sources):
        g.say(f"Awaken: {g.card_name(cid)} has no cores to draw in.")
        return
    g.ask(
        Decision(
            player,
            Kind.PLACE_CORES,
            prompt=f"Awaken: move any cores from your other field cards onto {g.card_name(cid)}.",
            allocation=Allocation(sources, 0, cid, False),
            context={"card": cid, "awaken": True},
        ),
        "awakened",
        cid,
    )


@op("awakened")
def awakened(g: Game, answer: tuple, cid: int) -> None:
    n = costs.place(g, g.static.owner[cid], answer, cid, 0)
    g.say(f"Awaken: {costs.cores(n, answer[2] is True)} move onto {g.card_name(cid)} (Lv{costs.level_of(g, cid)}).")


def _assault_nexuses(g: Game, player: int) -> tuple[tuple[int], ...]:
    return tuple(
        (n,)
        for n in g.players[player].field
        if is_nexus(g, n) and g.field[n].state == REFRESHED and not g.field[n].leaving and not g.defs[n].walker
    )


def _assault_ready(g: Game, cid: int) -> bool:
    k = keyword(g, cid, "assault")
    return k is not None and g.field[cid].assaults < k.n and bool(_assault_nexuses(g, g.static.owner[cid]))


def _assault(g: Game, trig: Trigger) -> None:
    cid = trig[0]
    if cid not in g.field:
        return
    fc = g.field[cid]
    nexuses = _assault_nexuses(g, trig[2])
    if not _assault_ready(g, cid) or fc.state == REFRESHED:
        return
    g.ask(
        Decision(
            trig[2],
            Kind.CHOOSE_TARGETS,
            nexuses + ((),),
            f"Assault: exhaust one of your nexuses to refresh {g.card_name(cid)}? (choose none to skip)",
            context={"card": cid, "count": 1, "up_to": True, "candidates": tuple(n[0] for n in nexuses)},
        ),
        "assaulted",
        cid,
    )


@op("assaulted")
def assaulted(g: Game, answer: tuple, cid: int) -> None:
    if not answer or cid not in g.field:
        return
    g.field[answer[0]].state = EXHAUSTED
    card_event(g, "exhausted", answer[0])
    fc = g.field[cid]
    fc.state = REFRESHED
    card_event(g, "refreshed", cid)
    fc.assaults += 1
    g.say(f"Assault: {g.card_name(answer[0])} is exhausted and {g.card_name(cid)} is refreshed.")


KEYWORD_EFFECTS: dict[int, KeywordEffect] = {
    -1: KeywordEffect("crush", "attacks", "Crush (discard the opponent's deck by level)", _crush),
    -2: KeywordEffect("awaken", "summoned", "Awaken (gather cores onto this spirit)", _awaken),
    -3: KeywordEffect("assault", "attacks", "Assault (exhaust a nexus to refresh)", _assault),
    -4: KeywordEffect("seal", "summoned", "Seal (the Soul Core to your life)", _seal),
}


def collect_keywords(g: Game, when: str, cid: int) -> None:
    if not g.static.continuous and not g.defs[cid].keywords:
        return  # no keyword printed on it, and no effect in this game gives one (`keyword`)
    for idx, ke in KEYWORD_EFFECTS.items():
        if ke.when != when or keyword(g, cid, ke.keyword) is None:  # "": a system's, not a keyword's
            continue
        if ke.keyword == "assault" and not _assault_ready(g, cid):
            continue  # spent for this turn, or no nexus to exhaust: nothing to order
        g.collected.append((cid, idx, g.static.owner[cid], cid))


def swift_sources(g: Game, player: int) -> tuple[CoreSource, ...]:
    p = g.players[player]
    return (CoreSource("reserve", p.reserve, p.soul == -1),)


def discard_deck(g: Game, who: int, n: int) -> None:
    """The top `n` cards of `who`'s deck to the trash, looked at one by one (003 デッキの破棄).
    A discarded card's "when this card is discarded from the deck" effects resolve during the
    discarding effect, before anything after it (003: the one kind of effect resolved while
    another resolves), in the order the cards were discarded."""
    p = g.players[who]
    names = []
    found = []
    for _ in range(n):
        if not p.deck:
            break
        cid = p.deck.pop()
        p.trash.append(cid)
        names.append(g.card_name(cid))
        if "discarded" in g.static.whens:
            found.extend((cid, i, who, cid) for i in g.defs[cid].effects_for("discarded"))
    shown = ", ".join(names) if names else "nothing (the deck is empty)"
    g.say(f"{g.name(who)} discards from the top of the deck: {shown}.")
    if found:
        for t in found:
            g.say(f"{g.card_name(t[0])} was discarded from the deck: its effect resolves now.", tag="discarded")
        g.push(*[("resolve", t) for t in found])


def seal_depletes(g: Game, player: int, source: int) -> bool:
    """Q&A 灵魂晶核 A4: an effect that would deplete its own spirit by moving that spirit's
    Soul Core cannot be used."""
    p = g.players[player]
    return p.soul == source and costs.cores_on(g, source) - 1 < g.defs[source].lv1_cores


def seal(g: Game, player: int, source: int = -1) -> None:
    p = g.players[player]
    if not costs.soul_movable(g, player):
        g.say(f"{g.name(player)}'s Soul Core cannot be sealed from where it is.")
        return
    if source >= 0 and seal_depletes(g, player, source):
        g.say(f"Sealing would leave {g.card_name(source)} with too few cores: the Soul Core stays (Q&A A4).")
        return
    p.soul = SOUL_LIFE
    g.cores_moved = True
    g.say(f"{g.name(player)} seals: the Soul Core goes to life ({p.life_total}).")
    announce(g, player, "sealed")  # "when you seal" (`rules.timings`)
