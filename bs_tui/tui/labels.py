"""Words for what the screen shows: decision options, card lines and details, and why
a card cannot be played now. Built only from a player's view."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from bs_tui.engine import Decision, Kind, PlayerView
from bs_tui.engine.cards import CardDef
from bs_tui.engine.flow import STEP_NAMES
from bs_tui.engine.text import card_text, level_tag
from bs_tui.engine.view import CardView, FieldCardView

COLOUR_STYLE = {
    "red": "bold red",
    "purple": "bold magenta",
    "green": "bold green",
    "white": "bold white",
    "yellow": "bold yellow",
    "blue": "bold blue",
}
COLOUR_LETTER = {"red": "R", "purple": "P", "green": "G", "white": "W", "yellow": "Y", "blue": "U"}
STATE_MARK = {"refreshed": "↑ ready", "exhausted": "→ exhausted", "heavily exhausted": "↓ heavy"}

STEP_LABEL = dict(STEP_NAMES, flash="Flash timing", block="Block", battle="Battle", setup="Setup", over="Game over")

WAITING = {
    "choose_order": "choosing who goes first",
    "main_action": "main step action",
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


def moment(d: Decision) -> str:
    """The kind of moment of `d` as the other player may know it."""
    if d.kind == Kind.YES_NO and d.context.get("burst"):
        return "burst window"
    return MOMENT.get(d.kind, "a decision")


def decision_prompt(d: Decision) -> str:
    if d.kind == Kind.FLASH and d.options == (("pass",),):
        return "Flash timing: you have nothing to use. Pass."
    return d.prompt


def cards_by_id(v: PlayerView) -> dict[int, CardDef]:
    out: dict[int, CardDef] = {}
    for side in v.sides:
        for f in side.field:
            out[f.cid] = f.card
        for c in side.trash:
            out[c.cid] = c.card
        for c in side.hand or ():
            out[c.cid] = c.card
        for b in side.burst:
            if isinstance(b, CardView):
                out[b.cid] = b.card
        for m in side.mirage:
            out[m.cid] = m.card
    return out


def field_card(v: PlayerView, cid: int) -> FieldCardView | None:
    for side in v.sides:
        for f in side.field:
            if f.cid == cid:
                return f
    return None


def hand_card(v: PlayerView, cid: int) -> CardView | None:
    return next((c for c in v.you.hand or () if c.cid == cid), None)


def name_of(v: PlayerView, cid: int) -> str:
    c = cards_by_id(v).get(cid)
    return c.name if c else f"card {cid}"


def pay_note(c: CardView | None) -> str:
    if c is None:
        return ""
    extra = f" + {c.card.lv1_cores} for Lv1" if c.card.kind in ("spirit", "brave") and c.card.lv1_cores else ""
    return f"pay {c.cost_now}{extra}"


def option_label(v: PlayerView, d: Decision, o: Any) -> str:
    k = d.kind
    if k == Kind.CHOOSE_ORDER:
        return "Go first" if o == "first" else "Go second"
    if k == Kind.MAIN_ACTION:
        what = o[0]
        if what == "end":
            return "End the Main Step"
        if what == "move_cores":
            return "Move cores…"
        if what == "fuse":
            return f"Brave {name_of(v, o[1])} to {name_of(v, o[2])}"
        if what == "separate":
            f = field_card(v, o[1])
            return f"Separate {name_of(v, f.brave) if f else 'the brave'} from {name_of(v, o[1])}…"
        if what == "swap":
            f = field_card(v, o[1])
            return f"Move {name_of(v, f.brave) if f else 'the brave'} from {name_of(v, o[1])} to {name_of(v, o[2])}"
        c = hand_card(v, o[1])
        name = c.card.name if c else name_of(v, o[1])
        if what == "summon":
            return f"Summon {name} ({pay_note(c)})"
        if what == "summon_braved":
            return f"Summon {name} braved to {name_of(v, o[2])} (pay {c.cost_now if c else '?'})"
        if what == "deploy":
            return f"Deploy {name} ({pay_note(c)})"
        if what == "set_burst":
            return f"Set {name} as your burst (face down)"
        if what == "set_mirage":
            return f"Set {name} as a mirage (mirage cost {c.card.mirage_cost if c else '?'})"
        return f"Use {name}: {o[2].title()} ({pay_note(c)})"
    if k == Kind.ATTACK:
        if o[0] == "end":
            return "End the Attack Step"
        f = field_card(v, o[1])
        return f"Attack with {f.card.name} (BP {f.bp}, {len(f.card.symbols)} symbol(s))" if f else str(o)
    if k == Kind.BLOCK:
        if o[0] == "take":
            return "Take the hit"
        f = field_card(v, o[1])
        return f"Block with {f.card.name} (BP {f.bp})" if f else str(o)
    if k == Kind.FLASH:
        if o[0] == "pass":
            return "Pass"
        c = hand_card(v, o[1])
        if o[0] == "swift":
            return f"Summon {c.card.name} with Swift ({pay_note(c)}, from the reserve)" if c else str(o)
        return f"Use {c.card.name}: Flash ({pay_note(c)})" if c else str(o)
    if k == Kind.CHOOSE_TARGETS:
        if not o:
            return "Choose none"
        parts = []
        for cid in o:
            f = field_card(v, cid)
            owner = "yours" if f and f in v.you.field else "opponent's"
            parts.append(f"{f.card.name} (BP {f.bp}, {owner})" if f else name_of(v, cid))
        return ", ".join(parts)
    if k == Kind.ORDER_TRIGGERS:
        labels = d.context.get("labels", ())
        return labels[o] if o < len(labels) else f"Effect {o + 1}"
    if k == Kind.YES_NO:
        if d.context.get("burst") and d.options == (False,):
            return "Go on (the burst stays set)"
        return "Yes" if o else "No"
    if k == Kind.CHOOSE_CORE:
        return "Move plain cores only" if o == "core" else "Move the Soul Core among them"
    return str(o)


def negative_option(d: Decision) -> Any:
    """The answer meaning "nothing more": end the step, pass, take the hit, no."""
    for o in d.options:
        if o in (("end",), ("pass",), ("take",)) or o is False:
            return o
    return None


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
    if d.kind == Kind.FLASH:
        if card.kind != "magic":
            return f"{card.name} is a {card.kind}: only Flash effects can be used in flash timing."
        if not card.effects_for("flash"):
            return f"{card.name} has no Flash effect: its Main effect works only in your Main Step."
    elif d.kind == Kind.MAIN_ACTION:
        if card.kind == "magic" and not (card.effects_for("main") or card.effects_for("flash")):
            return f"{card.name} has no effect usable in the Main Step."
    else:
        return f"Not now: {d.prompt}"
    need = c.cost_now + (card.lv1_cores if card.kind in ("spirit", "brave") else 0)
    if need > v.you.usable_cores:
        lv = f" + {card.lv1_cores} core(s) for Lv1" if card.kind in ("spirit", "brave") else ""
        return f"{card.name} costs {c.cost_now} after reduction{lv}; you can pay {v.you.usable_cores}."
    return f"{card.name} cannot be played now."


def card_line(c: CardDef) -> Text:
    t = Text()
    t.append("■ ", style=COLOUR_STYLE.get(c.colours[0], "") if c.colours else "")
    t.append(c.name)
    red = "".join(COLOUR_LETTER.get(x, "U") for x in c.reduction)
    t.append(f"  {c.kind} · cost {c.cost}" + (f" ({red})" if red else ""), style="dim")
    return t


def hand_line(c: CardView) -> Text:
    t = Text()
    t.append("■ ", style=COLOUR_STYLE.get(c.card.colours[0], "") if c.card.colours else "")
    t.append(c.card.name)
    cost = f"{c.cost_now}" if c.cost_now == c.card.cost else f"{c.cost_now} (of {c.card.cost})"
    t.append(f"  {c.card.kind} · cost {cost}", style="dim")
    return t


def cores_mark(f: FieldCardView) -> str:
    return "●" * f.cores + ("◆" if f.soul else "")


STATE_GLYPH = {"refreshed": "↑", "exhausted": "→", "heavily exhausted": "↓"}


def field_line(f: FieldCardView, attacker: int = -1, blocker: int = -1) -> Text:
    """One field card in about 45 columns: state, name, level, BP, cores. A braved
    brave is a line under its spirit."""
    t = Text()
    if f.host >= 0:
        t.append("   ↳ ", style="bold")
        t.append(f"{f.card.name[:22]}", style=COLOUR_STYLE.get(f.card.colours[0], "") if f.card.colours else "")
        t.append(f"  braved: BP +{f.card.brave_bp}", style="dim")
        return t
    t.append(STATE_GLYPH.get(f.state, "?") + " ", style="bold")
    t.append("■ ", style=COLOUR_STYLE.get(f.card.colours[0], "") if f.card.colours else "")
    t.append(f"{f.card.name[:22]:<22}", style="strike" if f.leaving else "")
    if f.card.kind == "nexus":
        t.append(f" Lv{f.level} nexus", style="bold")
    else:
        t.append(f" Lv{f.level} {f.bp:>5}", style="bold")
    t.append(f" {cores_mark(f)}")
    if f.brave >= 0:
        t.append(" +B", style="bold")
    if f.cid == attacker:
        t.append(" ⚔", style="bold reverse")
    if f.cid == blocker:
        t.append(" ⛨", style="bold reverse")
    return t


def card_detail(c: CardDef, f: FieldCardView | None = None, cost_now: int = -1) -> Text:
    t = Text()
    t.append(c.name + "\n", style="bold")
    colours = "/".join(c.colours) or "colourless"
    t.append(f"{c.kind.title()} · {colours} · {c.id}\n", style=COLOUR_STYLE.get(c.colours[0], "") if c.colours else "")
    red = " ".join(COLOUR_LETTER.get(x, x) for x in c.reduction) or "none"
    cost = f"Cost {c.cost}" + (f" (now {cost_now})" if 0 <= cost_now != c.cost else "")
    t.append(f"{cost} · reduction {red}\n")
    if c.families:
        t.append("Families: " + ", ".join(c.families) + "\n")
    if c.kind in ("spirit", "ultimate", "brave"):
        for i, (n, bp) in enumerate(zip(c.lv_cores, c.lv_bp, strict=True)):
            t.append(f"  Lv{i + 1}: {n} core(s) · BP {bp}\n")
    elif c.kind == "nexus":
        for i, n in enumerate(c.lv_cores):
            t.append(f"  Lv{i + 1}: {n} core(s)\n")
    if c.symbols:
        t.append("Symbols: " + " ".join("+".join(s) for s in c.symbols) + "\n")
    for line in card_text(c):
        t.append("• " + line + "\n")
    if f is not None:
        t.append("\nOn the field: ", style="bold")
        t.append(f"Lv{f.level}" + (f" · BP {f.bp}" if c.kind != "nexus" else ""))
        t.append(f" · {f.cores} core(s)" + (" + Soul Core" if f.soul else ""))
        t.append(f" · {f.state}\n")
    return t


__all__ = ["level_tag", "option_label", "why_not", "card_detail", "field_line", "hand_line", "negative_option"]
