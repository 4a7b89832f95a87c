"""Effects: triggers, their order, resolution, and cards leaving the field.

Rulebook 000 chapter 1 "复数效果同时发挥时": simultaneous triggered effects are
ordered by the turn player, and effects caused while one resolves resolve first.
Q&A "关于战魂或究极等的状态" A1: a destroyed spirit waits in standby until the
effects its destruction caused have resolved, then goes to the trash.
Chapter 2 §2: a burst whose condition is met is activated after the effects
resolving at that moment.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import Decision, Kind
from ..core.machine import SETTLE, op
from ..core.registry import KEEPERS, VERBS, Question, announce, card_event, question
from ..data.cards import Effect, Step
from ..data.text import effect_text, plural
from ..model.braving import detach, given_as, host_on, hosts_of, never_exhausted
from ..model.conditions import cond_text, holds
from ..model.derived import activation_forbidden, can_brave, draw_change, effect_level, player_forbidden, works
from ..model.game import Game
from ..model.predicates import LEVELLED, ascended, is_spirit
from ..model.state import REFRESHED, SOUL_LIFE, SOUL_RESERVE, Trigger
from .keywords import KEYWORD_EFFECTS, collect_keywords, silenced

# ----------------------------------------------------------------------- moving cards


def draw(g: Game, player: int, n: int, quiet: bool = False, by_effect: bool = False) -> int:
    """Draw `n` cards (`by_effect`: an effect's draw, which "the hand cannot increase" stops;
    the Draw Step's draw is no effect, 003)."""
    p = g.players[player]
    drawn = 0
    if by_effect and n and g.static.continuous:
        n += draw_change(g, player, "effect_more")  # 蛇皇龍ガルメジャード: by that effect too (003 l.116)
    if (
        n
        and g.static.continuous
        and (player_forbidden(g, "draw", player) or (by_effect and player_forbidden(g, "increase_hand", player)))
    ):
        g.say(f"{g.name(player)} cannot draw: an effect forbids it.")
        return 0
    for _ in range(n):
        if not p.deck:
            if not quiet:
                g.say(f"{g.name(player)} cannot draw: the deck is empty.")
            break
        cid = p.deck.pop()
        p.hand.append(cid)
        if g.known:
            g.forget((cid,))
        drawn += 1
        if not quiet:
            g.say(
                lambda: f"{g.name(player)} draws {g.card_name(cid)}.",  # noqa: B023 (`say` calls it at once)
                player,
                lambda: f"{g.name(player)} draws a card.",
            )
    if drawn and by_effect:
        hand_added(g, player, player)  # an effect's draw is the player's own effect's
    return drawn


def hand_added(g: Game, player: int, by: int) -> None:
    """Cards went straight into `player`'s hand by an effect of `by` (003 l.112-117): an
    effect's `draw`, a `recover`, a return to the hand (`leave_to`), a set burst taken into the
    hand (`remove_burst`). When the effect was the player's own, "your opponent adds cards to
    their hand by their effect" happens to the opponent (000 l.526 「对手以其效果增加了手牌」).
    Told for each card a return brings back, yet the cards one effect adds trigger once (003
    l.118): an effect already waiting is not collected again (`collect_player`), nor a burst
    already set off. Never called for the Draw Step's draw (no effect, 003 l.114), an exchange
    (Q&A 关于效果整体 A12, 关于煌临 A6) or a mirage replacement (ch.2 §3 l.526)."""
    if by == player:
        announce(g, 1 - player, "opponent_hand_added")


def on_field(g: Game, cid: int) -> bool:
    """On the field as a spirit, nexus or brave of its own (not braved, not leaving)."""
    fc = g.field.get(cid)
    return fc is not None and not fc.leaving and fc.host < 0


# Why a card waits in standby (待机状态, Q&A 关于战魂或究极等的状态 A1) before it goes, and
# where it then goes: destroyed or depleted, to the trash; returned, to the hand or deck;
# removed from the game (除外); a braved brave destroyed on its own, to the trash (003).
STANDBY = {
    "destroyed": "trash",
    "depleted": "trash",
    "to_hand": "hand",
    "to_deck": "deck",
    "to_removed": "removed",
    "brave_destroyed": "trash",
}


def standby(g: Game, cid: int, why: str, by: int) -> None:
    """`cid` enters standby (Q&A 状态 A1): its "when this leaves the field" effects trigger
    now, at the level it has, and resolve before it goes (`finish_leave`), so that a
    contract card is offered soul state only after they have resolved (001; 000 ch.2 §8)."""
    fc = g.field[cid]
    fc.leaving = why
    fc.left_by = by
    g.leaving.append(cid)
    _collect_from(g, cid, "leaves", cid)


def leave_field(g: Game, cid: int, dest: str) -> None:
    """Take a card off the field: its cores go to its owner's reserve (the Soul Core too).
    A brave braved to it may stay as a spirit (000 ch.2 §1 ③)."""
    owner = g.static.owner[cid]
    p = g.players[owner]
    if g.field[cid].leaving not in STANDBY:
        # "when this leaves the field", at its level as it was (a card that waited in
        # standby had them triggered as it entered it)
        _collect_from(g, cid, "leaves", cid)
    fc = g.field.pop(cid)
    p.field.remove(cid)
    if g.defs[cid].walker:
        p.void += fc.cores  # a grandwalker's cores go to the void (000 ch.2 §6)
    else:
        p.reserve += fc.cores
    if p.soul == cid:
        p.soul = SOUL_RESERVE
    cards = fc.cards
    for c in cards:
        # all the cards of the object go together (000 ch.2 §5); a token goes back to the
        # token stock wherever the others go (§9)
        if g.static.defs[c].token:
            p.tokens.append(c)
            g.say(f"{g.static.defs[c].name} returns to the token stock.")
            continue
        p.zone(dest).append(c)
        if dest == "hand":
            g.reveal(c, "hand")
    if fc.under:
        # cards put face down under it go to the trash when it leaves, wherever it goes (【毒刃】)
        for c in fc.under:
            g.players[g.static.owner[c]].trash.append(c)
        g.say(f"The {plural(len(fc.under), 'card')} face down under {g.card_name(cid)} go to the trash.")
    if g.flipped and any(c in g.flipped for c in cards):
        g.flipped = g.flipped - set(cards)  # back to the front face off the field (§7)
    if fc.top != cid or g.defs[cid] is not g.static.defs[cid]:
        g.refresh_defs(*cards)
    if any(m.cid == cid for m in g.mods):
        g.mods = [m for m in g.mods if m.cid != cid]
    was_attacker = False
    b = g.battle
    if b is not None:
        if b.attacker == cid:
            b.attacker = -1
            was_attacker = True
        if b.blocker == cid:
            b.blocker = -1
    if cid in g.leaving:
        g.leaving.remove(cid)
    if "left_field" in g.static.whens and fc.top not in g.field:
        # "after this left the field" (离开了战场时, Q&A 关于战魂或究极等的状态 A1, l.837): now that
        # it has moved and its cores are in the reserve; as the card it is off the field
        _collect_from(g, fc.top, "left_field", fc.top)
    if fc.brave >= 0 and fc.brave in g.field and detach(g, fc.brave, cid):
        # its last host: it may stay as a spirit (an imagine brave's other host keeps it)
        brave = g.field[fc.brave]
        brave.leaving = "detached"
        brave.state = REFRESHED if never_exhausted(g, fc.brave) else fc.state
        g.tasks.append(("brave_stays", fc.brave, dest, was_attacker))


def destroy(g: Game, cids: list[int] | tuple[int, ...], why: str, by: int = -1) -> None:
    """Destroy: standby until the effects it causes resolve. `by` is the player whose
    effect or spirit destroyed them (for bursts "after your spirit is destroyed")."""
    for cid in cids:
        fc = g.field.get(cid)
        if fc is None or fc.leaving:
            continue
        if fc.host >= 0:
            destroy_braved(g, cid, why, by)
            continue
        g.say(lambda: f"{g.card_name(cid)} is destroyed ({why}).")  # noqa: B023 (`say` calls it at once)
        standby(g, cid, "destroyed", by)
        collect(g, "destroyed", cid)
        owner = g.static.owner[cid]
        # a token never reaches the trash: "destroyed by the opponent" bursts cannot fire (§9)
        if by >= 0 and by != owner and is_spirit(g, cid):
            # a token never reaches the trash, and a contract card may stay in soul state:
            # its "destroyed by the opponent" bursts wait for it to go (001)
            if not g.defs[cid].token and not g.defs[cid].contract:
                announce(g, owner, "spirit_destroyed")
            announce(g, owner, "spirit_left")  # a token leaves the field too (§9)


def destroy_braved(g: Game, cid: int, why: str, by: int) -> None:
    """A brave destroyed while braved ("destroy 1 opposing brave"): its information and
    effects stop at once, so it is braved to nothing from now and its "when destroyed" and
    "when this leaves" effects do not trigger; it goes to the trash once the effects
    resolving at that moment and those they cause are done (003 合体しているブレイヴ, line 61).
    The spirit or ultimate it was braved to stays on the field (000 ch.2 §1)."""
    fc = g.field[cid]
    hosts = hosts_of(g, cid)
    names = " and ".join(g.card_name(h) for h in hosts)
    g.say(f"{g.card_name(cid)} is destroyed ({why}) and separates from {names}.", tag="brave_destroyed")
    for h in hosts:
        detach(g, cid, h)
    fc.leaving, fc.left_by = "brave_destroyed", by
    g.leaving.append(cid)
    g.cores_moved = True  # what the hosts lost (BP, cost, colours) is re-read at once


@op("finish_leave")
def finish_leave(g: Game, cids: tuple[int, ...]) -> None:
    """Cards in standby go where they were going, one by one, once the effects their
    leaving caused have resolved: a system may keep one on the field instead (soul state,
    001), asking its owner first; the rest wait for the answer."""
    for i, cid in enumerate(cids):
        fc = g.field.get(cid)
        if fc is None or fc.leaving not in STANDBY:
            continue  # gone already, or it stays: turned over by rebirth (000 ch.2 §7 ④)
        dest = STANDBY[fc.leaving]
        for keep in KEEPERS:  # a system may keep it on the field (soul state: 001), asking first
            if keep(g, cid, dest):
                if cids[i + 1 :]:
                    g.tasks.append(("finish_leave", cids[i + 1 :]))  # once its owner has chosen
                return
        leave_to(g, cid, dest)


def leave_each(g: Game, cids: tuple[int, ...], dest: str, by: int) -> None:
    """Cards an effect of `by` takes off the field to `dest` ("hand", or the bottom of the
    "deck"): each waits in standby (Q&A 状态 A1) until the effects its leaving causes
    have resolved, then goes (`finish_leave`)."""
    for cid in cids:
        fc = g.field.get(cid)
        if fc is not None and not fc.leaving:
            standby(g, cid, "to_" + dest, by)


def leave_to(g: Game, cid: int, dest: str) -> None:
    """`cid` leaves the field for `dest`, as the log tells."""
    owner = g.static.owner[cid]
    if dest == "trash":
        to_trash(g, cid)
    elif dest == "removed":
        g.say(f"{g.card_name(cid)} is removed from the game.", tag="removed")
        leave_field(g, cid, dest)
    elif dest == "deck":
        g.say(f"{g.card_name(cid)} goes to the bottom of {g.name(owner)}'s deck.")
        deck = g.players[owner].deck
        before = len(deck)
        leave_field(g, cid, "deck")
        went = deck[before:]  # its cards (a token went to its stock instead)
        del deck[before:]
        deck[:0] = went
    else:
        g.say(lambda: f"{g.card_name(cid)} returns to {g.name(owner)}'s hand.")
        hand = g.players[owner].hand
        before, by = len(hand), g.field[cid].left_by
        leave_field(g, cid, dest)
        if len(hand) > before:  # a token went back to its stock instead (ch.2 §9)
            hand_added(g, owner, by)


def to_trash(g: Game, cid: int) -> None:
    """A destroyed (or depleted) card leaves the field for the trash."""
    fc = g.field[cid]
    by, owner, destroyed = fc.left_by, g.static.owner[cid], fc.leaving == "destroyed"
    leave_field(g, cid, "trash")
    g.say(lambda: f"{g.card_name(cid)} goes to the trash.")
    if destroyed and by >= 0 and by != owner and g.defs[cid].contract and g.defs[cid].kind in ("spirit", "brave"):
        announce(g, owner, "spirit_destroyed")  # deferred in `destroy`: it did go


def check_depletion(g: Game) -> None:
    """A spirit with fewer cores than its Lv1 cost is depleted (rulebook 000 ch.1 §5 "消灭",
    line 249): in standby, where only effects about its depletion can choose it, its "when
    depleted" (and "when this leaves the field") effects trigger, and once the effects its
    depletion caused have resolved it goes to the trash, its cores to the reserve."""
    g.cores_moved = False
    gone = []
    braved = []  # read in the same walk of the field: most checks deplete nothing
    defs, owner, players = g.defs, g.static.owner, g.players
    for cid, fc in g.field.items():
        if fc.brave >= 0:
            braved.append((cid, fc))
        d = defs[cid]
        if (
            d.kind in LEVELLED
            and not fc.leaving
            and fc.host < 0
            and not fc.soul_state  # a card in soul state holds no cores (001)
            and fc.cores + (players[owner[cid]].soul == cid) < d.lv1_cores  # `cores_on`
        ):
            gone.append(cid)
        elif fc.left_by >= 0 and not fc.leaving:
            fc.left_by = -1  # it kept enough cores: nothing of the opponent's makes it leave
    for cid in gone:
        g.say(lambda: f"{g.card_name(cid)} has too few cores and is depleted.")  # noqa: B023 (called at once)
        # when an opposing effect took its cores it leaves because of the opponent, and a
        # system may keep it as it goes (soul state: 000 ch.2 §8 "被对手破坏或消灭"), once its
        # "when this leaves the field" effects have resolved (001)
        standby(g, cid, "depleted", g.field[cid].left_by)
        card_event(g, "depleted", cid)
    if gone:  # what was depleted has changed the field: read the braved cards again
        braved = [(cid, fc) for cid, fc in g.field.items() if fc.brave >= 0]
    # (a card is never braved to during the loop: those braved now are all it can separate)
    for cid, fc in braved:
        # 000 ch.2 §1: a brave whose spirit no longer meets its condition is separated;
        # it stays as a spirit only if its Lv1 cores are placed on it
        if fc.brave >= 0 and not fc.leaving and not can_brave(g, fc.brave, cid, fc.side):
            b = g.field[fc.brave]
            g.say(f"{g.card_name(b.cid)} no longer meets its brave condition and separates from {g.card_name(cid)}.")
            if detach(g, b.cid, cid):
                b.leaving, b.state = "detached", REFRESHED if never_exhausted(g, b.cid) else fc.state
                g.tasks.append(("brave_stays", b.cid, "trash", False, True))


@op("life_loss")
def life_loss(g: Game, player: int, n: int, why: str) -> None:
    """Life is reduced. With the Soul Core sealed in life and plain cores enough either way,
    its owner chooses whether it is among the cores lost (Q&A 灵魂晶核 A3)."""
    p = g.players[player]
    k = min(n, p.life_total)
    if p.soul == SOUL_LIFE and 1 <= k <= p.life:
        g.ask(
            Decision(
                player,
                Kind.CHOOSE_CORE,
                ("core", "soul"),
                f"You lose {k} life: is your sealed Soul Core among the cores that leave?",
                context={"life": k},
            ),
            "life_core_chosen",
            player,
            n,
            why,
        )
        return
    reduce_life(g, player, n, why)


@op("life_core_chosen")
def life_core_chosen(g: Game, answer: str, player: int, n: int, why: str) -> None:
    reduce_life(g, player, n, why, soul_first=answer == "soul")


def reduce_life(g: Game, player: int, n: int, why: str, soul_first: bool = False) -> None:
    p = g.players[player]
    k = min(n, p.life_total)
    soul = p.soul == SOUL_LIFE and (soul_first or k > p.life)
    plain = k - soul
    p.life -= plain
    p.reserve += plain
    if soul:
        p.soul = SOUL_RESERVE
    g.say(lambda: f"{g.name(player)} loses {k} life to {why} ({p.life_words} left).")
    if p.life_total == 0:
        g.finish(1 - player, f"{g.name(player)}'s life is 0")
    elif k:
        life_was_reduced(g, player)
        announce(g, 1 - player, "opponent_cores_to_reserve")  # life's cores went to the reserve


def life_reduced_by_soul(g: Game, player: int) -> None:
    """The Soul Core just left life (an advent used it, Q&A 煌临 A4): life was reduced."""
    p = g.players[player]
    g.say(f"{g.name(player)}'s life is reduced ({p.life_words} left).")
    if p.life_total == 0:
        g.finish(1 - player, f"{g.name(player)}'s life is 0")
    else:
        life_was_reduced(g, player)


def life_was_reduced(g: Game, player: int) -> None:
    """ "When your life is reduced" effects and "after your life is reduced" bursts."""
    for cid in g.players[player].field:
        fc = g.field[cid]
        # 003: a braved brave's effects as a spirit do not work; its [Braved] ones do
        if not fc.leaving and fc.host < 0:
            _collect_from(g, cid, "life_reduced", cid)
            if fc.brave >= 0:
                _collect_braved(g, cid, "life_reduced", cid)
    announce(g, player, "life_reduced")


# ----------------------------------------------------------------------- triggers


def once_key(g: Game, src: int, idx: int, e: Effect, owner: int) -> tuple[Any, ...] | None:
    """Q&A A9: "once per turn" counts per card on the field (a card that left and came
    back is another), "[once per turn: same name]" per name for its controller."""
    if e.once == "turn":
        fc = g.field.get(src)
        if fc is None:  # an advent source higher up: the visit of the object it is in
            fc = next((o for o in g.field.values() if src in o.sources), None)
        return ("i", src, fc.serial if fc else -1, idx)
    if e.once == "turn_name":
        return ("n", owner, g.defs[src].name, idx)
    if e.once == "game_name":  # 每次对战1次: kept when the turn ends (`flow`)
        return ("g", owner, g.defs[src].name, idx)
    # 001 (l.109): 〔每回合1次：【霸导】〕 / 〔每次对战1次：【C破裂】〕: every effect of its controller
    # bearing that keyword shares the one use, whatever card it is on
    if e.once == "turn_tag":
        return ("k", owner, e.once_tag, -1)
    if e.once == "game_tag":
        return ("g", owner, "【" + e.once_tag + "】", -1)
    return None


def _collect_from(g: Game, src: int, key: str, event: int, level_of: int = -1, prefix: str = "") -> None:
    """Collect `src`'s effects registered under `key` (its own, [Braved] or [Set] ones)."""
    d = g.defs[src]
    idxs = d.effects_for(prefix + key)
    if not idxs:
        return
    lv = effect_level(g, level_of if level_of >= 0 else src)
    owner = g.static.owner[src]
    for i in idxs:
        e = d.effects[i]
        if not works(g, src, e, owner, lv, bool(prefix)):
            continue
        if e.once:
            k = once_key(g, src, i, e, owner)
            if k in g.once_used:
                continue
        if e.no_duplicates and any(
            g.defs[t[0]].name == d.name and t[1] == i and t[3] == event and t[2] == owner for t in g.collected
        ):
            continue
        g.collected.append((src, i, owner, event))


def _collect_braved(g: Game, host: int, key: str, event: int) -> None:
    """What `host`'s brave gives it: its [Braved] effects, and those for the side it is
    braved on or for its kind of host (000 ch.2 §1: imagine and myth braves)."""
    brave = g.field[host].brave
    _collect_from(g, brave, key, event, prefix="braved:")
    given = given_as(g, host)
    if given:
        _collect_from(g, brave, key, event, prefix=f"braved_{given}:")
    if given == "nexus" and ascended(g, host):
        # 000 ch.2 §6: braved to an ascended grandwalker, a myth brave gives its [Spirit Braved]
        # effects too ("this spirit" in them is the grandwalker)
        _collect_from(g, brave, key, event, prefix="braved_spirit:")


def _collect_sources(g: Game, sources: tuple[int, ...], when: str, cid: int) -> None:
    """001: a contract card under a 《契约煌临》 spirit gives it its [Contract Advent Source]
    effects, whatever the level (never to a spirit with plain 《煌临》)."""
    owner = g.static.owner[cid]
    for src in sources:
        d = g.card(src)
        if d.contract:
            for i in d.effects_for("contract_source:" + when):
                e = d.effects[i]
                if e.once and once_key(g, src, i, e, owner) in g.once_used:
                    continue  # used this turn in another form (Q&A 关于契约卡 A3)
                g.collected.append((src, i + SOURCE, owner, cid))


def collect(g: Game, when: str, cid: int) -> None:
    """Collect the effects an event on card `cid` triggers: its own, its brave's [Braved]
    ones, its keywords', and those of its controller's field cards and mirage that watch
    their spirits."""
    owner = g.static.owner[cid]
    fc = g.field.get(cid)
    if not silenced(g, cid, when):
        _collect_from(g, cid, when, cid)
        if fc is not None and fc.brave >= 0:
            _collect_braved(g, cid, when, cid)
        if fc is not None and fc.sources and g.defs[cid].advent_contract:
            _collect_sources(g, fc.sources, when, cid)
        collect_keywords(g, when, cid)
    for system in g.static.collectors:
        system(g, when, cid)
    if when not in g.static.own_whens:
        return  # no card of this game has a "when one of your spirits …" effect at `when`
    kind = g.defs[cid].kind
    # §5.1: a brave summoned, even as a spirit, is not a spirit summoned
    if not is_spirit(g, cid) or (when == "summoned" and kind == "brave"):
        return
    key = f"{when}:own_spirit"
    p = g.players[owner]
    for other in p.field:
        ofc = g.field[other]
        # "one of your spirits": itself too; a card whose effects cannot activate watches in
        # vain (Q&A 关于效果整体 A4: "its effects cannot activate" is all of them)
        if not ofc.leaving and ofc.host < 0 and not activation_forbidden(g, other, "watch"):
            _collect_from(g, other, key, cid)
            if ofc.brave >= 0:
                _collect_braved(g, other, key, cid)
            if ofc.sources and g.defs[other].advent_contract:
                _collect_sources(g, ofc.sources, key, cid)
    for m in p.mirage:
        _collect_from(g, m, key, cid, prefix="mirage:")


def collect_player(g: Game, player: int, when: str, event: int = -1, extra: tuple[int, ...] = ()) -> None:
    """Collect the effects that an event of `player`'s, not of one card, triggers at `when`
    ("at the start of your turn", "when you seal", "when you perform an advent"): those of
    their field cards (a braved spirit's with its brave's [Braved] ones, a 《契约煌临》 spirit's
    with its contract source's), of their set mirage ([Set]), and of cards `extra` off the
    field whose own act it is (the card being advented, 000 ch.2 §5 ③). `event` is the card
    the effects' "that spirit" names (the spirit advented onto), else each card itself. An
    effect already waiting to be ordered is not collected again: one event told twice before
    its triggers resolve triggers it once."""
    p = g.players[player]
    before = len(g.collected)
    for cid in p.field:
        fc = g.field[cid]
        # 003: a braved brave's effects as a spirit do not work; its [Braved] ones do
        if fc.leaving or fc.host >= 0 or silenced(g, cid, when):
            continue
        ev = cid if event < 0 else event
        _collect_from(g, cid, when, ev)
        if fc.brave >= 0:
            _collect_braved(g, cid, when, ev)
        if fc.sources and g.defs[cid].advent_contract:
            _collect_sources(g, fc.sources, when, ev)
    for m in p.mirage:
        _collect_from(g, m, when, m if event < 0 else event, prefix="mirage:")
    for c in extra:
        _collect_from(g, c, when, c if event < 0 else event)
    if len(g.collected) > before:
        new = g.collected[before:]
        del g.collected[before:]
        for t in new:
            if t not in g.collected:
                g.collected.append(t)


# Tasks that mean effects are still resolving: a burst waits until none is left (ch.2 §2).
RESOLVING = frozenset(
    (
        "trigger_batch",
        "resolve",
        "step",
        "effect_end",
        "afterwards_go",
        "finish_leave",
        "brave_stays",
        "remove_rest",
    )
)


def flush(g: Game) -> None:
    """Schedule what has piled up, to run in this order: triggered effects, then cards
    leaving the field, then, once every effect resolving at that moment is done, bursts
    whose conditions were met."""
    if g.bursts_pending and not g.collected and not g.leaving and not any(t[0] in RESOLVING for t in g.tasks):
        g.tasks.append(("burst_check", tuple(g.bursts_pending)))
        g.bursts_pending = []
    if g.leaving:
        g.tasks.append(("finish_leave", tuple(g.leaving)))
        g.leaving = []
    if g.collected:
        g.tasks.append(("trigger_batch", tuple(g.collected)))
        g.collected = []


# A trigger's effect index from here on names an effect of an advent source card itself (not
# of the object's top card, whose id the base card shares): a [Contract Advent Source] effect.
SOURCE = 1000


def effect_of(g: Game, trig: Trigger) -> Effect:
    src, idx = trig[0], trig[1]
    if idx >= SOURCE:
        return g.card(src).effects[idx - SOURCE]
    return g.defs[src].effects[idx]


def trigger_label(g: Game, t: Trigger) -> str:
    if t[1] < 0:
        return f"{g.card_name(t[0])}: {KEYWORD_EFFECTS[t[1]].label}"
    name = g.card(t[0]).name if t[1] >= SOURCE else g.card_name(t[0])
    return f"{name}: {effect_text(effect_of(g, t))}"


@op("trigger_batch")
def trigger_batch(g: Game, trigs: tuple[Trigger, ...]) -> None:
    if len(trigs) == 1:
        g.tasks.append(("resolve", trigs[0]))
        return
    labels = tuple(trigger_label(g, t) for t in trigs)
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
    if idx < 0:
        KEYWORD_EFFECTS[idx].run(g, trig)
        return
    eff = effect_of(g, trig)
    if eff.may:
        g.ask_yes_no(
            ctrl, "may", f"{g.card_name(src)}: use this effect? {effect_text(eff)}", {"card": src}, "may_answer", trig
        )
        return
    begin_effect(g, trig)


@op("may_answer")
def may_answer(g: Game, answer: bool, trig: Trigger) -> None:
    if answer:
        begin_effect(g, trig)
    else:
        g.say(lambda: f"{g.name(trig[2])} does not use the effect of {g.card_name(trig[0])}.")


def begin_effect(g: Game, trig: Trigger) -> None:
    src, idx, ctrl, _ = trig
    eff = effect_of(g, trig)
    if eff.cond and not holds(g, ctrl, eff.cond, this_card(g, trig)):
        # "If …, …": read as the effect resolves, whatever made it resolve (a triggered
        # effect's was also read as it triggered, `works`; a magic's or burst's only now)
        g.say(f"{g.card_name(src)}: the effect does nothing (not so: {cond_text(eff.cond)}).")
        return
    if eff.once:
        # 001 (Q&A 关于契约卡 A3): one key whatever form the card uses it in
        k = once_key(g, src, idx % SOURCE, eff, ctrl)
        if k in g.once_used:
            when = "this game" if eff.once in ("game_name", "game_tag") else "this turn"
            g.say(f"The effect of {g.card_name(src)} was already used {when}.")
            return
        g.once_used = g.once_used | {k}
    g.depth += 1
    g.say(lambda: f"Effect of {g.card_name(src)} ({g.name(ctrl)}).")
    g.push(*[("step", trig, (i,)) for i in range(len(eff.steps))], ("effect_end",))


@op("effect_end")
def effect_end(g: Game) -> None:
    g.depth -= 1


def step_at(g: Game, trig: Trigger, path: tuple[Any, ...]) -> Step:
    """The step at `path`: (i,) at the top of the effect, (i, key, j, ...) inside a step
    that holds steps (by, chain, afterwards)."""
    s = effect_of(g, trig).steps[path[0]]
    for k in range(1, len(path), 2):
        s = s.get(path[k])[path[k + 1]]
    return s


@op("step")
def step(g: Game, trig: Trigger, path: tuple[Any, ...]) -> None:
    s = step_at(g, trig, path)
    VERBS[s.verb].run(g, trig, s, path)


@op("targets_chosen")
def targets_chosen(g: Game, answer: tuple[int, ...], trig: Trigger, path: tuple[Any, ...]) -> None:
    s = step_at(g, trig, path)
    VERBS[s.verb].apply(g, trig, s, answer, path)


def this_card(g: Game, trig: Trigger) -> int:
    """ "This spirit": for a [Braved] effect, the spirit the brave is braved to."""
    src = trig[0]
    if trig[1] >= SOURCE:  # an advent source's effect given to the spirit on it
        return next((oid for oid, o in g.field.items() if src in o.sources), src)
    fc = g.field.get(src)
    if fc is not None and fc.host >= 0:
        # an imagine brave's: the host the effect is given to, or whose event it was
        given = g.defs[src].effects[trig[1]].braved if trig[1] >= 0 else ""
        if given in ("left", "right") and host_on(g, src, given) >= 0:
            return host_on(g, src, given)
        return trig[3] if trig[3] in hosts_of(g, src) else fc.host
    return src


SETTLE.check_depletion = check_depletion
SETTLE.flush = flush


question("may", Question(yes="Use the effect", no="Do not use it"))  # Q&A 关于效果整体 A2: "may"
