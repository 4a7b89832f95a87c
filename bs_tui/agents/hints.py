"""A hint: what the hard AI would answer from a player's own view, and one line saying why,
drawn from its search (`search.Stats`): what is at stake in the decision as the view shows
it, and what the searched games said of the chosen answer and of the next best one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bs_tui.engine import Decision, Kind, PlayerView
from bs_tui.engine.view import FieldCardView

from .search import Stats

CLOSE_CALL = 0.35  # a chosen answer with less of the search's visits than this: said so


@dataclass(frozen=True, slots=True)
class Hint:
    answer: Any
    text: str  # "<the answer's label>: <why>"
    confidence: float  # the chosen answer's share of the search's visits (1.0 when no search)


def _card(v: PlayerView, cid: Any) -> FieldCardView | None:
    for side in (v.you, v.opponent):
        for f in side.field:
            if f.cid == cid:
                return f
    return None


def _hit(d: Decision, attacker: FieldCardView | None) -> int:
    life = d.context.get("life")
    if isinstance(life, int) and not isinstance(life, bool):
        return life
    return max(1, attacker.symbols) if attacker is not None else 1


def _runner_up(st: Stats) -> Any:
    others = [(n, a) for a, (n, _) in st.answers.items() if a != st.chosen]
    return max(others, key=lambda x: x[0])[1] if others else None


def _stake(v: PlayerView, d: Decision, a: Any) -> str:
    """What the chosen answer does, as the view shows it."""
    attacker = _card(v, v.attacker) if v.attacker >= 0 else None
    if d.kind == Kind.BLOCK and attacker is not None:
        hit = _hit(d, attacker)
        if isinstance(a, tuple) and a and a[0] == "block":
            b = _card(v, a[1])
            if b is not None:
                if b.bp > attacker.bp:
                    fate = f"{b.card.name} survives {b.bp} vs {attacker.bp}"
                elif b.bp < attacker.bp:
                    fate = f"{b.card.name} is destroyed {b.bp} vs {attacker.bp}"
                else:
                    fate = f"both are destroyed at {b.bp}"
                return f"the hit would cost {hit} of your {v.you.life} life; {fate}"
        blockers = [f for f in v.you.field if f.state == "refreshed" and f.bp > 0 and f.host < 0]
        if v.you.life > hit and blockers and all(f.bp <= attacker.bp for f in blockers):
            return f"no blocker of yours survives {attacker.bp} BP; the hit costs {hit} of your {v.you.life} life"
        return f"the hit costs {hit} of your {v.you.life} life"
    if d.kind == Kind.ATTACK and isinstance(a, tuple) and a:
        if a[0] == "end":
            return "keep your spirits back to block"
        f = _card(v, a[1]) if len(a) > 1 else None
        if f is not None and _hit(d, f) >= v.opponent.life:
            return "a hit wins the game"
    if d.kind == Kind.MAIN_ACTION and isinstance(a, tuple) and a:
        if a[0] == "end":
            return "nothing else here is worth its cores now"
        mine = {c.cid: c for c in v.you.hand or ()}
        c = mine.get(a[1]) if len(a) > 1 else None
        if a[0] == "summon" and c is not None and c.card.bp_at(1):
            return f"{c.card.name} adds BP {c.card.bp_at(1)} at Lv1 to your field"
    if d.kind in (Kind.PAY_COST, Kind.PLACE_CORES, Kind.MOVE_CORES):
        return "the cores that keep your spirits' levels and your Soul Core where they are"
    return ""


def _outcome(st: Stats, a: Any, b: Any, label: Callable[[Any], str]) -> str:
    """What the searched games said: lethal found or avoided, life at the end of the next
    turn, against the next best answer (only what speaks for the answer chosen)."""
    ea, eb = st.ends.get(a), st.ends.get(b) if b is not None else None
    if ea is None:
        return ""
    if eb is None:
        return f"by the next turn's end you have about {ea[0]:.0f} life and the opponent about {ea[1]:.0f}"
    other = label(b)
    if ea[2] - eb[2] >= 0.2:
        return f"it wins {ea[2]:.0%} of the games searched by the next turn's end, '{other}' {eb[2]:.0%}"
    if eb[3] - ea[3] >= 0.2:
        return f"'{other}' loses {eb[3]:.0%} of the games searched by the next turn's end, this {ea[3]:.0%}"
    if (ea[0] - ea[1]) - (eb[0] - eb[1]) >= 0.5:
        return (
            f"by the next turn's end you have about {ea[0]:.0f} life and the opponent about {ea[1]:.0f}, "
            f"against {eb[0]:.0f} and {eb[1]:.0f} after '{other}'"
        )
    return f"the search scores this answer {st.answers[a][1]:.0%} and '{other}' {st.answers[b][1]:.0%}"


def explain(v: PlayerView, d: Decision, answer: Any, st: Stats | None, label: Callable[[Any], str]) -> Hint:
    """The hint for `answer`, chosen by a search with figures `st` (None: no search was
    needed, one answer or an obvious one). `label` names an answer as the table does."""
    name = label(answer)
    if st is None or not st.answers:
        return Hint(answer, f"{name}: the only sensible answer here", 1.0)
    b = _runner_up(st)
    parts = [p for p in (_stake(v, d, answer), _outcome(st, answer, b, label)) if p]
    why = "; ".join(parts) or "the search likes it best"
    if st.confidence < CLOSE_CALL:
        why += " (a close call)"
    return Hint(answer, f"{name}: {why}", st.confidence)
