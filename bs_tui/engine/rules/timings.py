"""Timings the seeds name, each defined here once: its words for the card loader and the
card text (`core.registry.timing`), and where it is collected (`effects.collect` for an
event of one card, `effects.collect_player` for a player's).

- `battles` "when this spirit battles": when it attacks or blocks (000 Q&A 关于描述的变更 A1,
  l.930): one effect at both moments, so "once per turn" counts the two together.
- `battle_end` "when this spirit's battle ends": the spirits still on the field that
  attacked or blocked, as the battle ends, before what lasts "this battle" ends (000 ch.1
  §6.7, l.387-392: it works even when the battle was cut short).
- `start_step` / `end_step` "at the start / end of your turn": the turn player's field
  cards, in the Start Step (000 ch.1 §4 l.169) and in the End Step before the turn's
  temporary effects end (l.402-405).
- `braved` "when a brave is braved to this spirit": the host's, each time a brave becomes
  braved to it (a brave summoned onto it, fused, moved onto it by a swap, or kept by the card
  an exchange puts in its place). The seeds have no such trigger: 【合体時】 is the old
  wording of the state 【合体中】 (Q&A 关于描述的变更 A2, l.933), written `braved = true`; a
  brave's [Braved] effect at this timing is the brave's "when braved" (合体したとき).
- `sealed` "when you seal": the sealing player's field cards, as their Soul Core goes to
  their life (000 glossary 封印, l.1028) by the `seal` verb or the Seal keyword (Q&A A2:
  《封印時》 is the state 《封印中》, `sealed = true`; this is the event).
- `cores_placed` "when cores are put on this spirit from the void": the `void_cores` verb
  onto a card; never a card's cores as it enters the field or a brave separates (003
  l.91-102), never a grandwalker or astral stone (000 l.594, 001 l.116: core charge and
  unseal), never "core +X" (000 l.984, the `core_plus` verb).
- `battle_resolution` "at battle resolution": the attacking and blocking spirits as the
  battle is resolved, resolving before the BP comparison or the life loss (000 ch.1 §6.5,
  l.369 and l.375: "在战斗解决时发挥的效果解决之后").
- `battle_destroyed` "when this spirit is destroyed by a BP comparison" and `destroys` "when
  this spirit destroys an opposing spirit by a BP comparison" (and survives it) (§6.6,
  l.383: "可以发挥进行BP比被破坏时的效果").
- `after_battle` "after this spirit's battle ends": once what lasts "this battle" has ended
  (§6.7, l.392: "之后，若有战斗终了后效果则进行发挥").
- `exhausted` / `refreshed` "when this spirit is exhausted / refreshed": it went from
  refreshed to exhausted (by attacking, blocking, an effect, heavily) or back to refreshed
  (the Refresh Step, an effect, Assault). Coming onto the field exhausted, or staying there
  exhausted or refreshed, is no exhausting or refreshing (Q&A 关于战魂或究极等的状态 A2; 003
  回復(疲労)することと回復(疲労)状態になることの違い), and fires nothing.
- `opponent_cores_to_reserve` "when your opponent's cores are moved to their reserve": their
  life reduced, or an effect moving cores off their cards to their reserve (the 革命幻境
  example, 000 ch.2 §3 l.519-522); not the cores a card leaving the field takes back (003
  l.102: no removing).
- `left_field` "after this left the field" (离开了战场时): once it has gone where it was going
  and its cores are in the reserve, after the "when this leaves the field" effects that
  resolved while it waited (Q&A 关于战魂或究极等的状态 A1, l.837; `effects.leave_field`).
- `depleted` "when this spirit is depleted": as it waits in standby, before it goes to the
  trash (000 ch.1 §5, l.249: it goes once the effects its depletion caused have resolved).
- `discarded` "when this card is discarded from your deck": resolved during the effect that
  discards it, before what follows it (003 デッキの破棄, l.72-74), by `keywords.discard_deck`.
- `opponent_hand_added` "when your opponent adds cards to their hand by their effect", and
  the burst condition of the same words (000 l.526, Q&A 关于效果整体 A12, 003 l.112-119):
  told by `effects.hand_added`; several cards one effect adds trigger once (003 l.118).
"""

from __future__ import annotations

from ..core.registry import CARD_EVENTS, EVENTS, Timing, burst_event, timing
from ..model.game import Game
from .effects import collect, collect_player, effect_of, on_field, trigger_label


def _told(g: Game, name: str, before: int) -> None:
    """A log line, tagged for self-play counts, for each effect the timing just triggered."""
    for t in g.collected[before:]:
        if t[1] >= 0 and effect_of(g, t).when == name:
            g.say(f"Triggered: {trigger_label(g, t)}", tag=name)


def battles(g: Game, cid: int) -> None:
    """`cid` attacks or blocks: its "when this spirit battles" effects (A1, l.930)."""
    if "battles" not in g.static.whens:
        return  # no card of this game has the timing (and no keyword or system uses it)
    before = len(g.collected)
    collect(g, "battles", cid)
    _told(g, "battles", before)


def battle_end(g: Game) -> None:
    """The battle ends (§6.7): the attacking and the blocking spirit, those still on the field."""
    b = g.battle
    if b is None or "battle_end" not in g.static.whens:
        return
    before = len(g.collected)
    for cid in (b.attacker, b.blocker):
        if cid >= 0 and on_field(g, cid):
            collect(g, "battle_end", cid)
    _told(g, "battle_end", before)


def turn_step(g: Game, name: str) -> None:
    """The Start Step or End Step of the turn player (`name` "start_step" / "end_step")."""
    if g.over or name not in g.static.whens:
        return
    before = len(g.collected)
    collect_player(g, g.active, name)
    _told(g, name, before)


def braved(g: Game, host: int) -> None:
    """A brave has just become braved to `host` (a spirit, an ultimate or, a myth brave's, a
    grandwalker nexus)."""
    if "braved" not in g.static.whens:
        return
    before = len(g.collected)
    collect(g, "braved", host)
    _told(g, "braved", before)


def cores_placed(g: Game, cid: int) -> None:
    """Cores were put on field card `cid` from the void by an effect (`void_cores`)."""
    if g.defs[cid].walker or "cores_placed" not in g.static.whens:
        return  # 000 l.594: cores from the void onto a grandwalker or astral stone fire nothing
    before = len(g.collected)
    collect(g, "cores_placed", cid)
    _told(g, "cores_placed", before)


def battle_resolution(g: Game) -> None:
    """The battle is being resolved (§6.5): the spirits in it, still on the field."""
    b = g.battle
    if b is None or "battle_resolution" not in g.static.whens:
        return
    before = len(g.collected)
    for cid in (b.attacker, b.blocker):
        if cid >= 0 and on_field(g, cid):
            collect(g, "battle_resolution", cid)
    _told(g, "battle_resolution", before)


def bp_destroyed(g: Game, losers: list[int], winners: list[int]) -> None:
    """A BP comparison destroyed `losers` (§6.6); `winners` destroyed them and stayed."""
    if "battle_destroyed" not in g.static.whens and "destroys" not in g.static.whens:
        return
    before = len(g.collected)
    for cid in losers:
        collect(g, "battle_destroyed", cid)
    for cid in winners:
        collect(g, "destroys", cid)
    _told(g, "battle_destroyed", before)
    _told(g, "destroys", before)


def after_battle(g: Game, fighters: tuple[int, ...]) -> None:
    """The battle has ended and what lasted "this battle" with it (§6.7, l.392)."""
    if "after_battle" not in g.static.whens:
        return
    before = len(g.collected)
    for cid in fighters:
        if cid >= 0 and on_field(g, cid):
            collect(g, "after_battle", cid)
    _told(g, "after_battle", before)


def _card_event(g: Game, when: str, cid: int) -> None:
    """An event of one card told from below (`core.registry.card_event`)."""
    if when in ("exhausted", "refreshed", "depleted") and when in g.static.whens and cid in g.field:
        before = len(g.collected)
        collect(g, when, cid)
        _told(g, when, before)


def _watch(g: Game, player: int, event: str) -> None:
    """Events told by modules below this one (`core.registry.announce`)."""
    if event in ("sealed", "opponent_hand_added", "opponent_cores_to_reserve") and event in g.static.whens:
        before = len(g.collected)
        collect_player(g, player, event)
        _told(g, event, before)


timing(
    "battles",
    Timing("When this spirit battles (attacks or blocks)", "When one of your spirits battles (attacks or blocks)"),
)
timing("battle_end", Timing("When this spirit's battle ends", "When a battle of one of your spirits ends"))
timing("battle_resolution", Timing("At battle resolution", "At the battle resolution of one of your spirits"))
timing("battle_destroyed", Timing("When this spirit is destroyed by a BP comparison"))
timing("destroys", Timing("When this spirit destroys an opposing spirit by a BP comparison"))
timing("after_battle", Timing("After this spirit's battle ends", "After a battle of one of your spirits ends"))
timing("exhausted", Timing("When this spirit is exhausted", "When one of your spirits is exhausted"))
timing("refreshed", Timing("When this spirit is refreshed", "When one of your spirits is refreshed"))
timing("discarded", Timing("When this card is discarded from your deck"))
timing("left_field", Timing("After this card left the field"))
timing("depleted", Timing("When this spirit is depleted", "When one of your spirits is depleted"))
timing("opponent_cores_to_reserve", Timing("When your opponent's cores are moved to their reserve"))
timing("start_step", Timing("At the start of your turn (Start Step)"))
timing("end_step", Timing("At the end of your turn (End Step)"))
timing("braved", Timing("When a brave is braved to this spirit", "When a brave is braved to one of your spirits"))
timing("sealed", Timing("When you seal (your Soul Core goes to your life)"))
timing(
    "cores_placed",
    Timing(
        "When cores are put on this spirit from the void", "When cores are put on one of your spirits from the void"
    ),
)
timing("opponent_hand_added", Timing("When your opponent adds cards to their hand by their effect"))
burst_event("opponent_hand_added", "after your opponent adds cards to their hand by their effect")
EVENTS.append(_watch)
CARD_EVENTS.append(_card_event)
