"""Words for what the screen shows: the decision in front of you with what is at stake,
its options (those you cannot take now too, with the reason), what `e` does now, and why
a card cannot be played. Built only from a player's view and own decision."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from bs_tui.engine import Decision, Kind, PlayerView
from bs_tui.engine.core.decision import Allocation
from bs_tui.engine.core.registry import OPTION_LABELS, QUESTIONS, UNAVAILABLE_WORDS, Question
from bs_tui.engine.data.cards import CardDef
from bs_tui.engine.data.text import level_tag
from bs_tui.engine.rules.costs import default_payment, default_placement
from bs_tui.engine.rules.flow import STEP_NAMES
from bs_tui.engine.view import CardView, FieldCardView

from .cardlines import (
    card_detail,
    cards_text,
    cores_mark,
    cores_text,
    field_line,
    hand_line,
    side_counts,
    soul_count,
)

STEP_LABEL = dict(STEP_NAMES, flash="Flash timing", block="Block", battle="Battle", setup="Setup", over="Game over")

WAITING = {
    "choose_order": "choosing who goes first",
    "main_action": "Main Step action",
    "pay_cost": "paying a cost",
    "place_cores": "placing cores",
    "move_cores": "moving cores",
    "attack": "choosing an attack",
    "block": "block or take the hit",
    "flash": "flash timing",
    "choose_targets": "choosing targets",
    "order_triggers": "ordering effects",
    "yes_no": "a yes/no choice",
    "choose_core": "choosing cores",
    "deciding": "deciding",
}

# What kind of moment a hand-over names: who decides and this, never the prompt.
MOMENT = {
    Kind.CHOOSE_ORDER: "choose who goes first",
    Kind.MAIN_ACTION: "Main Step",
    Kind.PAY_COST: "pay a cost",
    Kind.PLACE_CORES: "place cores",
    Kind.MOVE_CORES: "move cores",
    Kind.ATTACK: "Attack Step",
    Kind.BLOCK: "block or take the hit",
    Kind.FLASH: "flash timing",
    Kind.CHOOSE_TARGETS: "choose targets",
    Kind.ORDER_TRIGGERS: "order effects",
    Kind.YES_NO: "a yes/no choice",
    Kind.CHOOSE_CORE: "choose cores",
}

PLAYS = ("summon", "summon_braved", "deploy", "magic", "set_burst", "set_mirage")


def question_of(d: Decision) -> Question | None:
    """The words of a yes/no question, as the module that asks it registered them."""
    if d.kind != Kind.YES_NO:
        return None
    return QUESTIONS.get(d.context.get("question", ""), Question())


def moment(d: Decision) -> str:
    """The kind of moment of `d` as the other player may know it."""
    q = question_of(d)
    return q.moment if q is not None else MOMENT.get(d.kind, "a decision")


def decision_prompt(d: Decision) -> str:
    if d.kind == Kind.FLASH and d.options == (("pass",),):
        return "Flash timing: you have nothing to use; pass."
    return d.prompt


# ---------------------------------------------------------------------------- lookups


def cards_by_id(v: PlayerView) -> dict[int, CardDef]:
    out: dict[int, CardDef] = {}
    for side in v.sides:
        for f in side.field:
            out[f.cid] = f.card
        zones = (side.trash, side.hand or (), side.mirage, side.removed, side.known_hand, side.open_area)
        for zone in (*zones, side.open_down or ()):
            for c in zone:
                out[c.cid] = c.card
        for b in side.burst:
            if isinstance(b, CardView):
                out[b.cid] = b.card
    return out


def field_card(v: PlayerView, cid: int) -> FieldCardView | None:
    for side in v.sides:
        for f in side.field:
            if f.cid == cid:
                return f
    return None


def source_of(v: PlayerView, oid: int, cid: int) -> CardView | None:
    """Card `cid` among the advent sources of field card `oid`."""
    f = field_card(v, oid)
    return next((c for c in f.sources if c.cid == cid), None) if f is not None else None


def hand_card(v: PlayerView, cid: int) -> CardView | None:
    """A card of your hand, or of your open area (used as if in hand, 003)."""
    return next((c for c in (*(v.you.hand or ()), *v.you.open_area) if c.cid == cid), None)


def from_open(v: PlayerView, cid: int) -> str:
    """ " from the open area" for a card played from there (003 手元), else nothing: the
    options would otherwise not tell it from a hand card of the same name."""
    return " from the open area" if any(c.cid == cid for c in v.you.open_area) else ""


def has_levels(c: CardDef) -> bool:
    """Whether the card needs cores on it to stay on the field (its lowest level's)."""
    return c.kind in ("spirit", "brave", "ultimate")


def named(v: PlayerView, f: FieldCardView) -> str:
    """A field card's name, told from a card of the same name beside it (two tokens put out
    at once) as the log tells it: "Name #k" by its place among them in its side's field
    (the engine's one rule, `Game.card_name`, carried by the view)."""
    return f.name or f.card.name


def name_of(v: PlayerView, cid: int) -> str:
    c = cards_by_id(v).get(cid)
    return c.name if c else f"card {cid}"


def pay_note(c: CardView | None) -> str:
    """ "pay 2 + 1 for Lv1": the cost after reduction, and the cores a spirit needs on it."""
    if c is None:
        return ""
    lv1 = c.card.lv1_cores if has_levels(c.card) else 0
    lowest = f"Lv{c.card.first_level}"  # an ultimate's lowest level is Lv3 (000 ch.2 §4)
    if c.cost_now <= 0:
        return f"free, {cores_text(lv1)} for {lowest}" if lv1 else "free"
    return f"pay {c.cost_now}" + (f" + {lv1} for {lowest}" if lv1 else "")


def option_card(o: Any) -> int | None:
    """The card an option is about, if any (for the Card pane)."""
    if isinstance(o, tuple) and len(o) > 1 and isinstance(o[1], int) and not isinstance(o[1], bool):
        return o[1]
    if isinstance(o, tuple) and o and all(isinstance(x, int) and not isinstance(x, bool) for x in o):
        return o[0]
    return None


# ---------------------------------------------------------------------------- stakes


def life_after(life: int, lost: int) -> str:
    return f"{life} → {max(0, life - lost)}"


def hit_life(d: Decision, attacker: FieldCardView | None) -> int:
    """The life a hit of the attacker costs the defender, as the engine counts it."""
    life = d.context.get("life")
    if isinstance(life, int) and not isinstance(life, bool):
        return life
    return attacker.symbols if attacker is not None else 0


def attack_life(d: Decision, f: FieldCardView) -> int:
    life = d.context.get("life")
    if isinstance(life, dict) or hasattr(life, "get"):
        n = life.get(f.cid)
        if isinstance(n, int):
            return n
    return f.symbols


def bp_words(f: FieldCardView) -> str:
    braved = " with its brave" if f.brave >= 0 else ""
    return f"BP {f.bp}{braved}, {f.symbols} symbol{'s' if f.symbols != 1 else ''}"


def battle_outcome(blocker: FieldCardView, attacker: FieldCardView) -> str:
    """Who is destroyed when `blocker` blocks `attacker` (000 ch.1 §6.5-6.6)."""
    if blocker.bp > attacker.bp:
        out = f"{attacker.card.name} is destroyed"
    elif blocker.bp < attacker.bp:
        out = "it is destroyed"
    else:
        out = "both are destroyed"
    # the BP as they stand: the blocker's own "when blocks" effects come after the block
    return out + (" (before the blocker's own 'when blocks' effect)" if reacts(blocker, "blocks") else "")


def reacts(f: FieldCardView, when: str) -> bool:
    """Whether field card `f` has effects of its own for `when` (those its contract source
    gives a 《契约煌临》 spirit too)."""
    if f.card.effects_for(when):
        return True
    return f.card.advent_contract and any(s.card.effects_for("contract_source:" + when) for s in f.sources)


def attacker_of(v: PlayerView) -> FieldCardView | None:
    return field_card(v, v.attacker) if v.attacker >= 0 else None


def can_attack_later(v: PlayerView) -> bool:
    """Whether the Attack Step after this Main Step can have an attack in it, as far as the
    view tells: a refreshed spirit of your own, and not the very first turn."""
    if v.turn <= 1:
        return False
    return any(
        f.state == "refreshed" and f.host < 0 and not f.leaving and f.card.kind in ("spirit", "ultimate", "brave")
        for f in v.you.field
    )


# ---------------------------------------------------------------------------- options


def option_label(v: PlayerView, d: Decision, o: Any) -> str:
    k = d.kind
    if k == Kind.CHOOSE_ORDER:
        return "Go first" if o == "first" else "Go second"
    if k in (Kind.MAIN_ACTION, Kind.FLASH) and isinstance(o, tuple) and o:
        fn = OPTION_LABELS.get(o[0])
        if fn is not None:
            return fn(WORDS, v, o)
        # a kind of action whose module registered no label
        name = name_of(v, o[1]) if len(o) > 1 and isinstance(o[1], int) else ""
        return f"{str(o[0]).replace('_', ' ').capitalize()} {name}".strip()
    if k == Kind.ATTACK:
        if o[0] == "end":
            return "End the Attack Step: the turn ends"
        f = field_card(v, o[1])
        if f is None:
            return str(o)
        n = attack_life(d, f)
        return f"Attack with {named(v, f)} ({bp_words(f)}): a hit costs {cores_or_life(n)}"
    if k == Kind.BLOCK:
        a = attacker_of(v)
        if o[0] == "take":
            n = hit_life(d, a)
            return f"Take the hit: lose {cores_or_life(n)} ({life_after(v.you.life, n)})"
        f = field_card(v, o[1])
        if f is None:
            return str(o)
        if a is None:
            return f"Block with {named(v, f)} (BP {f.bp})"
        return f"Block with {named(v, f)} (BP {f.bp} vs {a.bp}): {battle_outcome(f, a)}"
    if k == Kind.CHOOSE_TARGETS:
        if not o:
            return "Choose none"
        parts = []
        pile = d.context.get("sources_of")  # advent sources of a field card (the bottom one bears its id)
        for cid in o:
            if isinstance(cid, str):  # a choice that is a word, not a card (a colour declared)
                parts.append(cid.capitalize())
                continue
            src = source_of(v, pile, cid) if pile is not None else None
            if src is not None:
                parts.append(f"{src.card.name} (advent source)")
                continue
            f = field_card(v, cid)
            owner = "yours" if f and f in v.you.field else f"{v.opponent.name}'s"
            if f is None:
                parts.append(name_of(v, cid))
            elif f.card.kind == "nexus":
                parts.append(f"{named(v, f)} (nexus Lv{f.level}, {owner})")
            else:  # its cores too: an effect moving cores off it depletes it or not by them
                held = cores_text(f.cores) + (" + the Soul Core" if f.soul else "")
                parts.append(f"{named(v, f)} (BP {f.bp}, {held}, {owner})")
        return ", ".join(parts)
    if k == Kind.ORDER_TRIGGERS:
        labels = d.context.get("labels", ())
        return labels[o] if o < len(labels) else f"Effect {o + 1}"
    if k == Kind.YES_NO:
        q = question_of(d) or Question()
        if d.options == (False,):
            return q.only_no
        if o:
            return q.yes
        return q.no(d.context) if callable(q.no) else q.no
    if k == Kind.CHOOSE_CORE:  # life lost with the Soul Core sealed in it: say what follows each way
        lost = d.context.get("life")
        if not isinstance(lost, int) or isinstance(lost, bool):
            return "Move plain cores only" if o == "core" else "Move the Soul Core among them"
        plain = v.you.life - 1  # the view's life counts the sealed Soul Core too
        if o == "core":
            return f"Move plain cores only: {plain - lost}+◆ life left, the Soul Core stays sealed"
        return f"Move the Soul Core among them: {plain - lost + 1} life left, the Soul Core to your reserve"
    return str(o)


def costly(v: PlayerView, c: CardView | None) -> str:
    """A warning when a card can be paid for only by depleting a spirit of yours."""
    if c is None:
        return ""
    return short(v, max(0, c.cost_now) + (c.card.lv1_cores if has_levels(c.card) else 0))


def short(v: PlayerView, need: int) -> str:
    """What paying `need` cores costs beyond them, as far as the view tells (issue 19: every
    option tells every consequence): a spirit depleted, else a level lost, else the Soul
    Core spent (the default payment keeps levels and the Soul Core while it can)."""
    spare = spare_cores(v)
    if need > spare:
        return " ⚠ only by depleting a spirit"
    if need > spare_keeping_levels(v):
        return " ⚠ a card of yours drops a level"
    if v.you.soul == "reserve" and need > spare - 1:
        return " ⚠ the Soul Core too"
    return ""


def spare_keeping_levels(v: PlayerView) -> int:
    """Cores that can pay without any card of yours losing a level."""
    spare = v.you.reserve
    for f in v.you.field:
        if f.host >= 0 or f.leaving or not f.card.lv_cores:
            continue
        i = f.level - f.card.first_level
        keep = f.card.lv_cores[i] if 0 <= i < len(f.card.lv_cores) else 0
        spare += max(0, f.total_cores - keep)
    return spare


def on_side(o: tuple[Any, ...], i: int) -> str:
    """ " on the left": the side of an imagine brave an option braves on, if it names one."""
    return f" on the {o[i]}" if len(o) > i and o[i] in ("left", "right") else ""


def cores_or_life(n: int) -> str:
    return "1 life" if n == 1 else f"{n} life"


# The words for actions the core rules offer that no module names (attacks and blocks).
UNAVAILABLE_VERB = {"attack": "Attack with {}", "block": "Block with {}"}


def unavailable(d: Decision) -> list[tuple[Any, str]]:
    """What the player cannot do now, with the reason, as the engine gives it: an action
    (or a card id) and a reason in plain words."""
    out = []
    for item in d.context.get("unavailable", ()) or ():
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], str):
            out.append((item[0], item[1]))
    return out


def unavailable_card(what: Any) -> int | None:
    if isinstance(what, int) and not isinstance(what, bool):
        return what
    return option_card(what)


def unavailable_label(v: PlayerView, what: Any, reason: str) -> str:
    cid = unavailable_card(what)
    name = name_of(v, cid) if cid is not None else "That"
    key = what[0] if isinstance(what, tuple) and what else ""
    verb = UNAVAILABLE_WORDS.get(key) or UNAVAILABLE_VERB.get(key, "{}")
    return f"{verb.format(name)}: {reason}"


def negative_option(d: Decision) -> Any:
    """The answer meaning "nothing more": end the step, pass, take the hit, no."""
    for o in d.options:
        if o in (("end",), ("pass",), ("take",)) or o is False:
            return o
    if d.kind == Kind.CHOOSE_TARGETS and () in d.options:
        return ()
    return None


def e_label(v: PlayerView, d: Decision | None) -> str | None:
    """What `e` does now, for the footer ("end Main Step", "end Attack Step: the turn
    ends"); None when it does nothing."""
    if d is None:
        return None
    a = d.allocation
    if a is not None:
        return "cancel" if a.cancellable and d.kind != Kind.MOVE_CORES else None
    o = negative_option(d)
    if o is None:
        return None
    if d.kind == Kind.MAIN_ACTION:
        return "end Main Step" + ("" if can_attack_later(v) else ": the turn ends")
    if d.kind == Kind.ATTACK:
        return "end Attack Step: the turn ends"
    if d.kind == Kind.BLOCK:
        return f"take the hit (−{cores_or_life(hit_life(d, attacker_of(v)))})"
    if d.kind == Kind.FLASH:
        return "pass"
    if d.kind == Kind.CHOOSE_TARGETS:
        return "choose none"
    if d.kind == Kind.YES_NO:
        q = question_of(d) or Question()
        return "go on" if d.options == (False,) else q.negative
    return "end / pass"


def playable_left(v: PlayerView, d: Decision) -> list[str]:
    """The cards of the hand that could still be played this Main Step without depleting
    a spirit."""
    if d.kind != Kind.MAIN_ACTION:
        return []
    names: list[str] = []
    for o in d.options:
        if isinstance(o, tuple) and o and o[0] in PLAYS:
            if o[0] != "set_burst" and costly(v, hand_card(v, o[1])):
                continue  # only by depleting a spirit: not worth a question
            n = name_of(v, o[1])
            if n not in names:
                names.append(n)
    return names


class Words:
    """What the label of an action needs from the table, handed to the labels the engine's
    modules register (`core.registry.OPTION_LABELS`): names as the view tells them, costs
    after reduction, the warnings the table gives."""

    name = staticmethod(name_of)
    hand_card = staticmethod(hand_card)
    field_card = staticmethod(field_card)
    named = staticmethod(named)
    pay_note = staticmethod(pay_note)
    costly = staticmethod(costly)
    short = staticmethod(short)
    from_open = staticmethod(from_open)
    on_side = staticmethod(on_side)
    can_attack_later = staticmethod(can_attack_later)


WORDS = Words()


# ---------------------------------------------------------------------------- the prompt


def decision_header(v: PlayerView, d: Decision) -> Text:
    """The prompt, and under it what is at stake: the attacker and the life a hit costs, a
    burst's follow-up and whether it can be paid, the cores there are to pay with."""
    t = Text(decision_prompt(d), style="bold")
    lines: list[str] = []
    if d.kind == Kind.ATTACK:
        guards = [
            f"{f.card.name} (BP {f.bp})"
            for f in v.opponent.field
            if f.state == "refreshed"
            and f.host < 0
            and not f.leaving
            and f.card.kind in ("spirit", "ultimate", "brave")
        ]
        lines.append(
            f"{v.opponent.name} can block with: {', '.join(guards)}."
            if guards
            else f"{v.opponent.name} has no refreshed spirit to block with: a hit goes through."
        )
    elif d.kind == Kind.CHOOSE_ORDER:
        lines.append("Going first, you act first, but skip the Core Step and the Attack Step on turn 1.")
    elif d.kind == Kind.BLOCK:
        a = attacker_of(v)
        if a is not None and ("take",) in d.options:
            n = hit_life(d, a)
            lines.append(
                f"Attacker: {a.card.name}, {bp_words(a)}. Taking the hit costs you "
                f"{cores_or_life(n)} ({life_after(v.you.life, n)})."
            )
        elif a is not None:  # no hit to take: only what attacks is worth saying
            lines.append(f"Attacker: {a.card.name}, {bp_words(a)}.")
        if ("take",) not in d.options:
            lines.append("Clash: you must block while you have a spirit that can.")
    elif d.kind == Kind.FLASH:
        a = attacker_of(v)
        if a is not None:
            side = "your" if a in v.you.field else f"{v.opponent.name}'s"
            lines.append(f"In battle: {side} {a.card.name}, {bp_words(a)}.")
    elif d.kind == Kind.YES_NO and d.context.get("question") == "burst" and d.options != (False,):
        lines.append(follow_up_words(v, d))
    elif d.allocation is not None and d.kind in (Kind.PAY_COST, Kind.PLACE_CORES):
        have = cores_text(sum(s.cores + s.soul for s in d.allocation.sources))
        lines.append(f"You can pay with {have}." if d.kind == Kind.PAY_COST else f"You have {have} to place.")
    for line in lines:
        if line:
            t.append("\n" + line, style="")
    return t


def follow_up_words(v: PlayerView, d: Decision) -> str:
    fu = d.context.get("follow_up")
    if not (isinstance(fu, tuple) and len(fu) == 3):
        return ""
    kind, cost, payable = fu
    if not kind:
        return "It has nothing to pay for afterwards: the burst effect is all."
    what = f"use its {kind} effect" if kind in ("flash", "main") else "summon it (with its Lv1 cores)"
    if payable:
        return f"Afterwards you may pay {cores_text(cost)} to {what}: you can pay that."
    return (
        f"⚠ Afterwards it would cost {cores_text(cost)} to {what}, and you can pay only "
        f"{cores_text(v.you.usable_cores)}: only the burst effect would happen; the card then goes to the trash."
    )


# ---------------------------------------------------------------------------- allocations


def levels_of(v: PlayerView) -> dict[Any, tuple[int, ...]]:
    return {f.cid: f.card.lv_cores for f in v.you.field}


def describe_take(v: PlayerView, pairs: tuple[tuple[Any, int], ...], soul: bool) -> str:
    """Where cores come from: "2 from the reserve, 1 from Cinder Pup (Lv2 → Lv1)"."""
    fields = {f.cid: f for f in v.you.field}
    parts = []
    for src, n in pairs:
        if src == "reserve":
            parts.append(f"{n} from the reserve")
            continue
        if src == "life":
            parts.append(f"{n} from your life")
            continue
        f = fields.get(src)
        if f is None:
            parts.append(f"{n} from card {src}")
            continue
        left = f.cores - n + (f.soul and not (soul and _soul_from(v, src)))
        lv = f.card.level_for(left)
        change = f" (Lv{f.level} → Lv{lv})" if lv != f.level and lv else (" (depleted!)" if lv == 0 else "")
        parts.append(f"{n} from {f.card.name}{change}")
    if soul:
        parts.append("the Soul Core")
    return ", ".join(parts) or "nothing"


def _soul_from(v: PlayerView, src: Any) -> bool:
    return v.you.soul == f"card {src}"


def depleted_by(v: PlayerView, pairs: tuple[tuple[Any, int], ...], soul: bool) -> list[str]:
    """The spirits a payment or placement would leave below their Lv1 cores."""
    fields = {f.cid: f for f in v.you.field}
    out = []
    for src, n in pairs:
        f = fields.get(src)
        if f is not None and f.card.kind != "nexus":
            left = f.cores - n + (f.soul and not (soul and _soul_from(v, src)))
            if f.card.level_for(left) == 0:
                out.append(f.card.name)
    if soul and v.you.soul.startswith("card "):  # the Soul Core taken from a card not in pairs
        f = fields.get(int(v.you.soul[5:]))
        if f is not None and f.card.kind != "nexus" and f.card.name not in out and f.cid not in dict(pairs):
            if f.card.level_for(f.cores) == 0:
                out.append(f.card.name)
    return out


def depletes(v: PlayerView, pairs: tuple[tuple[Any, int], ...], soul: bool) -> bool:
    return bool(depleted_by(v, pairs, soul))


def depletion_warning(names: list[str]) -> str:
    if not names:
        return ""
    who = " and ".join(names)
    return f" ⚠ {who} {'is' if len(names) == 1 else 'are'} depleted"


def spare_cores(v: PlayerView) -> int:
    """Cores that can pay without leaving a spirit below its Lv1 cores."""
    spare = v.you.reserve
    for f in v.you.field:
        if f.host >= 0 or f.leaving:
            continue
        keep = f.card.lv1_cores if f.card.kind != "nexus" else 0
        spare += max(0, f.total_cores - keep)
    return spare


def allocation_choices(v: PlayerView, d: Decision) -> list[tuple[str, str, Any]]:
    """Ready-made answers for paying a cost or placing cores, the sensible default first:
    (id, label, answer). The allocation screen (a custom layout) is one more choice."""
    a = d.allocation
    assert a is not None
    levels = levels_of(v)
    out: list[tuple[str, str, Any]] = []
    if d.kind == Kind.PAY_COST:
        ans = default_payment(a, levels)
        if sum(n for _, n in ans[1]) + ans[2] == a.amount:
            warn = depletion_warning(depleted_by(v, ans[1], ans[2]))
            out.append(("alloc:default", f"Pay {cores_text(a.amount)}: {describe_take(v, ans[1], ans[2])}{warn}", ans))
    elif d.kind == Kind.PLACE_CORES:
        card = cards_by_id(v).get(a.card)
        have = sum(s.cores + s.soul for s in a.sources)
        if d.context.get("awaken"):
            out.append(("alloc:none", "Move no cores onto it", ("place", (), False)))
        elif card is None and a.amount <= have:
            # a card the view does not hold yet (a token coming from the stock): its lowest
            # level's cores, which the prompt names, are still the sensible default
            ans = default_placement(a, levels)
            warn = depletion_warning(depleted_by(v, ans[1], ans[2]))
            label = f"Place {cores_text(a.amount)} for its lowest level: {describe_take(v, ans[1], ans[2])}{warn}"
            out.append((f"alloc:place:{a.amount}", label, ans))
        elif card is not None:
            thresholds = [n for n in card.lv_cores if n >= a.amount] or [a.amount]
            for i, n in enumerate(thresholds):
                if n > have:
                    break
                ans = default_placement(Allocation(a.sources, n, a.card, False), levels)
                if i and depletes(v, ans[1], ans[2]):
                    break
                lv = card.level_for(n)
                bp = f", BP {card.bp_at(lv)}" if card.kind != "nexus" and lv else ""
                what = f"Lv{lv}{bp}" if lv else "no level"
                warn = depletion_warning(depleted_by(v, ans[1], ans[2]))
                if n == 0:
                    label = f"Place no cores ({what})"
                else:
                    label = f"Place {cores_text(n)} for {what}: {describe_take(v, ans[1], ans[2])}{warn}"
                out.append((f"alloc:place:{n}", label, ans))
    out.append(("alloc:custom", "Choose the cores yourself… (c)", None))
    if a.cancellable:
        undone = "no core moves" if d.kind == Kind.MOVE_CORES else "nothing is paid"
        out.append(("alloc:cancel", f"Cancel ({undone})", ("cancel",)))
    return out


# ---------------------------------------------------------------------------- why not


def why_not(v: PlayerView, cid: int) -> str:
    """Why the hand card `cid` cannot be played right now."""
    c = hand_card(v, cid)
    if c is None:
        return "That card is not in your hand."
    d = v.decision
    if d is None:
        who = v.sides[v.waiting_for].name if v.waiting_for >= 0 else "nobody"
        return f"It is not your decision now: waiting for {who}."
    card = c.card
    for what, reason in unavailable(d):
        if unavailable_card(what) == cid:
            return f"{card.name}: {reason}."
    if d.kind == Kind.FLASH:
        if card.kind != "magic" and card.keyword("swift") is None:
            return f"{card.name} is a {card.kind}: only Flash effects and Swift spirits can be used in flash timing."
        if card.kind == "magic" and not card.effects_for("flash"):
            return f"{card.name} has no Flash effect: its Main effect works only in your Main Step."
    elif d.kind == Kind.MAIN_ACTION:
        if card.kind == "magic" and not (card.effects_for("main") or card.effects_for("flash")):
            return f"{card.name} has no effect usable in the Main Step."
    else:
        return f"Not now: {d.prompt}"
    need = c.cost_now + (card.lv1_cores if has_levels(card) else 0)
    if need > v.you.usable_cores:
        lv = f" + {card.lv1_cores} for Lv{card.first_level}" if has_levels(card) else ""
        return f"{card.name} costs {c.cost_now}{lv}; you can pay {v.you.usable_cores}."
    return f"{card.name} cannot be played now."


__all__ = [
    "level_tag",
    "option_label",
    "why_not",
    "card_detail",
    "field_line",
    "hand_line",
    "negative_option",
    "side_counts",
    "soul_count",
    "cores_mark",
    "cards_text",
]
