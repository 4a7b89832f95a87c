"""Cards as the screen shows them: a line in the hand or on the field, the counts of a
player's side, and a card in full with its keywords explained.

Colours carry meaning, so they are always named in words or letters too: with NO_COLOR
(or a 16-colour terminal) nothing is told by a colour alone."""

from __future__ import annotations

from rich.text import Text

from bs_tui.engine.data.cards import CardDef, load_cards
from bs_tui.engine.data.text import card_summary, card_text, effect_text
from bs_tui.engine.view import CardView, FieldCardView, SideView
from bs_tui.practice.catalogue import Entry
from bs_tui.practice.links import lesson_for_keyword

from .glossary import KEY_OF, keywords_of

COLOUR_STYLE = {
    "red": "bold red",
    "purple": "bold magenta",
    "green": "bold green",
    "white": "bold",  # white text vanishes on a light theme; the letter W says it
    "yellow": "bold yellow",
    "blue": "bold blue",
}
COLOUR_LETTER = {"red": "R", "purple": "P", "green": "G", "white": "W", "yellow": "Y", "blue": "B"}
STATE_GLYPH = {"refreshed": "↑", "exhausted": "→", "heavily exhausted": "↓"}

_colour = {"on": True}


def use_colour(on: bool) -> None:
    """Off under NO_COLOR: card colours are then told by their names and letters alone
    (a colour turned grey would be grey on grey)."""
    _colour["on"] = on


def colour_style(c: CardDef) -> str:
    if not _colour["on"]:
        return "bold"
    return COLOUR_STYLE.get(c.colours[0], "") if c.colours else ""


def colour_names(c: CardDef) -> str:
    return "/".join(c.colours) or "colourless"


def colour_letters(c: CardDef) -> str:
    return "".join(COLOUR_LETTER.get(x, "?") for x in c.colours) or "-"


def cores_text(n: int) -> str:
    return f"{n} core" if n == 1 else f"{n} cores"


def cards_text(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def hand_line(c: CardView, width: int = 0) -> Text:
    """`R  Cinder Pup  spirit · cost 1` in about 46 columns: colour letters, name, kind,
    the cost after reduction, the printed one beside it only when something was reduced.
    Given the pane's `width`, a line that would wrap leaves out the kind (the Card pane
    tells it), so one card stays one line."""
    t = Text()
    letters = f"{colour_letters(c.card)} "
    t.append(letters, style=colour_style(c.card))
    t.append(c.card.name)
    cost = str(c.card.cost) if c.cost_now in (-1, c.card.cost) else f"{c.cost_now} (of {c.card.cost})"
    rest = f"  {c.card.kind} · cost {cost}"
    if width and len(letters) + len(c.card.name) + len(rest) > width:
        rest = f"  cost {cost}"
    t.append(rest, style="dim" if _colour["on"] else "")
    return t


def cores_mark(f: FieldCardView) -> str:
    """● a core, ◆ the Soul Core; ○ a core of a grandwalker or astral stone, its own (000
    ch.2 §6: never paid, moved or counted with the field's)."""
    return ("○" if f.card.walker else "●") * f.cores + ("◆" if f.soul else "")


def fitted_name(f: FieldCardView, width: int) -> str:
    """The card's name as the log and the pickers say it ("Cinder Pup #2" beside another Cinder
    Pup), cut to `width` columns keeping the copy's number."""
    name = f.name or f.card.name
    if len(name) <= width:
        return name
    copy = name[len(f.card.name) :] if name.startswith(f.card.name) else ""
    return f.card.name[: max(1, width - len(copy))] + copy


def field_line(
    f: FieldCardView, attacker: int = -1, blocker: int = -1, host: FieldCardView | None = None, name_width: int = 21
) -> Text:
    """One field card in about 46 columns (more with a wider `name_width`): state, colour
    letters, name, level, BP, cores.
    A braved brave is a line under its spirit (under each of an imagine brave's two, with
    the side; a myth brave braved to a grandwalker gives it no BP)."""
    t = Text()
    if f.host >= 0:
        t.append("   ↳ ", style="bold")
        t.append(f"{f.card.name[: name_width + 1]}", style=colour_style(f.card))
        given = "braved: no BP to a nexus" if host is not None and host.card.kind == "nexus" else "braved: BP"
        bp = "" if given.endswith("nexus") else f" +{f.card.brave_bp}"
        side = f" ({host.side})" if host is not None and host.side else ""
        t.append(f"  {given}{bp}{side}", style="dim" if _colour["on"] else "")
        return t
    # a card in soul state is neither refreshed nor exhausted for play: it does nothing but its [Soul State] effects
    t.append(("·" if f.soul_state else STATE_GLYPH.get(f.state, "?")) + " ", style="bold")
    t.append(f"{colour_letters(f.card)} ", style=colour_style(f.card))
    t.append(f"{fitted_name(f, name_width):<{name_width + 1}}", style="strike" if f.leaving else "")
    if f.soul_state:  # 001: no level, no BP, no cores: only its [Soul State] effects work
        t.append(" soul state", style="bold")
    elif f.card.kind == "nexus" and f.bp:  # an ascended grandwalker: a spirit too this turn
        t.append(f" Lv{f.level} {f.bp:>5}", style="bold")
    elif f.card.kind == "nexus":
        t.append(f" Lv{f.level} {'walker' if f.card.walker else 'nexus'}", style="bold")
    else:
        t.append(f" Lv{f.level} {f.bp:>5}", style="bold")
    t.append(f" {cores_mark(f)}")
    if f.brave >= 0:
        t.append(" +B", style="bold")
    mark = kind_mark(f.card)
    if mark:
        t.append(f" {mark}", style="bold")
    if f.over_count:
        t.append(" OC", style="bold reverse")  # 001: shown live as the count moves
    if f.cid == attacker:
        t.append(" ⚔", style="bold reverse")
    if f.cid == blocker:
        t.append(" ▣", style="bold reverse")
    return t


def kind_mark(c: CardDef) -> str:
    """A field line's mark for what its name may not tell: U an ultimate, T a token, ↻ a
    rebirth card turned to its back face (its name is then the back face's)."""
    marks = (
        ("U", c.kind == "ultimate"),
        ("T", c.token),
        ("↻", c.is_back),
        ("GW", c.grandwalker),
        ("AS", c.astral_stone),
    )
    return "".join(m for m, on in marks if on)


def kind_words(c: CardDef) -> str:
    """ "Spirit", "Token spirit", "Spirit (back face)": the kind as the Card pane names it."""
    words = ("Token " + c.kind) if c.token else c.kind.title()
    return words + (" (back face)" if c.is_back else "")


def front_of(c: CardDef) -> CardDef | None:
    """The front face of a back face (000 ch.2 §7: face up on the field, both faces may be
    seen), from the card set; None when the set does not hold it."""
    db = load_cards()
    front = db[c.id] if c.is_back and c.id in db else None
    return front if front is not None and front.back is not None and front.back.name == c.name else None


def soul_count(total: int, soul_here: bool) -> str:
    """Plain cores, then +◆ when the Soul Core is among them."""
    return f"{total - 1}+◆" if soul_here else str(total)


def side_counts(side: SideView, yours: bool, width: int = 80) -> Text:
    """A player's counts, packed into lines of `width`; cores and cards never share a
    word ("Trash: 3 cores · 0 cards")."""
    trash_cores = trash_cores_text(side.trash_cores, side.soul == "trash")
    burst = "Burst: set" if side.burst else "no burst"
    if yours and side.burst and not isinstance(side.burst[0], str):
        burst = "Burst: " + side.burst[0].card.name[:22]  # you may look at your own burst (Q&A 爆裂 A1)
    parts: list[Text] = [
        Text.assemble(
            (side.name, "bold underline" if yours else "bold"),
            "  Life ",
            (soul_count(side.life, side.soul == "life"), "bold"),
        ),
        Text(f"Reserve {soul_count(side.reserve, side.soul == 'reserve')}"),
        Text(f"Deck {side.deck}"),
        Text(f"Hand {side.hand_count}"),
        Text(f"Trash: {trash_cores} · {cards_text(len(side.trash))}"),
        Text(burst),
    ]
    if side.count:
        parts.append(Text(f"Count {side.count}"))
    if side.tokens:
        parts.append(Text(f"Token stock {side.tokens}"))
    if side.removed:
        parts.append(Text(f"Removed {len(side.removed)}"))
    if side.soul == "removed":  # a Soul Drive took it out of the game for good
        parts.append(Text("Soul Core removed"))
    t = Text()
    used = 0
    for p in parts:
        sep = 3 if used else 0
        if used and used + sep + p.cell_len > width:
            t.append("\n")
            used, sep = 0, 0
        if sep:
            t.append(" · ")
        t.append_text(p)
        used += sep + p.cell_len
    return t


def trash_cores_text(total: int, soul_here: bool) -> str:
    """ "3 cores", "2+◆ cores", and "the Soul Core ◆" alone rather than "0+◆ core"."""
    if soul_here and total == 1:
        return "the Soul Core ◆"
    return f"{soul_count(total, soul_here)} {'core' if total == 1 else 'cores'}"


def card_detail(c: CardDef, f: FieldCardView | None = None, cost_now: int = -1, rules: bool = True) -> Text:
    """A card in full: kind, colours, cost, families, levels, symbols, its text, where it
    stands on the field, and (with `rules`) each of its keywords explained."""
    t = Text()
    t.append(c.name + "\n", style="bold")
    t.append(f"{kind_words(c)} · {colour_names(c)} · {c.id}\n", style=colour_style(c))
    cost = f"Cost {c.cost}" + (f", {cost_now} now after reduction" if 0 <= cost_now != c.cost else "")
    if c.reduction:
        red = ", ".join(f"{n} {col}" for col, n in _counted(c.reduction))
        cost += f" · reduction symbols: {red}"
    t.append(cost + "\n")
    if c.families:
        t.append("Families: " + ", ".join(c.families) + "\n")
    if c.kind in ("spirit", "ultimate", "brave"):
        for lv, n in zip(c.levels, c.lv_cores, strict=True):  # an ultimate's start at Lv3
            t.append(f"  Lv{lv}: {cores_text(n)} · BP {c.bp_at(lv)}\n")
    elif c.kind == "nexus":
        for i, n in enumerate(c.lv_cores):
            t.append(f"  Lv{i + c.first_level}: {cores_text(n)}\n")
    if c.symbols:
        t.append("Symbols: " + " ".join("+".join(s) for s in c.symbols) + "\n")
    for line in card_text(c):
        t.append("• " + line + "\n")
    front = front_of(c)
    if front is not None:
        t.append(f"• Front face (before rebirth): {card_summary(front)}\n")
        for line in card_text(front):
            if line.startswith("Back face"):
                break  # the back face is this card, read above
            t.append("•   " + line + "\n")
    if f is not None and f.soul_state:
        t.append("On the field in soul state: ", style="bold")
        t.append("no level, BP or cores; it cannot attack or block, its symbols reduce nothing, and only its own")
        t.append(" effects and those naming soul state reach it.\n")
    elif f is not None:
        t.append("On the field: ", style="bold")
        t.append(f"Lv{f.level}" + (f" · BP {f.bp}" if c.kind != "nexus" else ""))
        t.append(f" · {cores_text(f.cores)}" + (" + the Soul Core" if f.soul else ""))
        if c.kind != "nexus" and f.host < 0:
            t.append(f" · {f.symbols} symbol{'s' if f.symbols != 1 else ''}")
        t.append(f" · {f.state}\n")
        if f.over_count:  # 001: shown as the count moves
            t.append("Over Count met: ", style="bold")
            t.append(f"BP +{c.oc_bp} and its [OC] effects, while its controller's count is {c.oc} or more\n")
        for note in f.notes:  # what the engine's systems say of it now (continuous effects, ...)
            t.append("• " + note + "\n", style="italic")
        if f.sources:
            t.append("Advent sources under it: ", style="bold")
            t.append(", ".join(s.card.name for s in f.sources) + "\n")
        for s in f.sources if c.advent_contract else ():
            # 001: a contract card under a 《契约煌临》 spirit gives it its [Contract Advent Source] effects
            for e in s.card.effects:
                if e.contract_source:
                    t.append(f"From {s.card.name}: ", style="bold")
                    t.append(effect_text(e, s.card.kind) + "\n")
    if rules:
        for r in keywords_of(c):
            t.append(f"{r.name}: ", style="bold")
            t.append(f"{r.text} ")
            t.append(f"({r.source})", style="italic")
            lesson = lesson_for_keyword(KEY_OF.get(r.name, ""))
            if lesson is not None:  # "why?" a lesson away: L opens it
                t.append(f" Lesson (L): {lesson.title}", style="underline")
            t.append("\n")
    return t


def card_lesson(c: CardDef) -> Entry | None:
    """The first lesson a keyword of `c` links to (what L opens from the Card pane)."""
    for r in keywords_of(c):
        lesson = lesson_for_keyword(KEY_OF.get(r.name, ""))
        if lesson is not None:
            return lesson
    return None


def _counted(xs: tuple[str, ...]) -> list[tuple[str, int]]:
    out: dict[str, int] = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return list(out.items())
