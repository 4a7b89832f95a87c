"""What a card is now: its level, BP, cost, colours, symbols and families, and what it may
not do. Every value is derived when it is read, from the cards, the cores on them, the
lasting changes effects made (`Game.mods`) and the continuous effects that hold at this
moment (`actives`), never stored where it could go stale: a level change, an advent, a
rebirth or a card leaving the field re-checks every condition by itself, as Forge
re-applies its static abilities at each state check.

Continuous effects are applied in layers (`modifiers`): colours and symbols first, then
families, costs, BP; forbids read everything. A modifier choosing its cards by colour in the
colour layer reads the colours they are printed with, so no value depends on itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.registry import CONDITIONS, FIELD_NOTES, MODIFIERS
from ..data.cards import CardDataError, CardDef, Effect, Keyword, Step
from . import modifiers as _modifiers  # noqa: F401  (registers the vocabulary)
from .braving import given_as, hosts_of
from .conditions import Condition, during_holds, holds
from .modifiers import BP, COLOUR, COST, FAMILY, FORBID, HAND_TARGETS, PLAYER_TARGETS
from .predicates import ascended, fights, is_nexus, is_spirit, is_ultimate
from .state import SOUL_LIFE

if TYPE_CHECKING:
    from .game import Game

SPECIAL = ("ultimate", "god")  # symbols of no colour: a change of colours leaves them (003)


class Active(NamedTuple):
    """A continuous effect that holds now: the card whose effect it is, the effect, its
    controller, and "this spirit" for it (a brave's [Braved] effect: the spirit braved)."""

    src: int
    effect: Effect
    ctrl: int
    this: int


# ----------------------------------------------------------------------- cores and levels


def cores_on(g: Game, cid: int) -> int:
    fc = g.field[cid]
    return fc.cores + (g.players[g.static.owner[cid]].soul == cid)


def level_of(g: Game, cid: int) -> int:
    d = g.defs[cid]
    if d.contract and d.walker:  # a contract grandwalker's level reads your count (000 ch.2 §6)
        return d.level_for(g.players[g.static.owner[cid]].count)
    return d.level_for(cores_on(g, cid))


def effect_level(g: Game, cid: int) -> int:
    """The level a card's effects work at: a magic's, or a card's off the field, are its 1."""
    d = g.defs[cid]
    if d.kind == "magic" or cid not in g.field:
        return 1
    return level_of(g, cid)


def works(g: Game, src: int, e: Effect, owner: int, level: int, given: bool) -> bool:
    """Do the conditions written on effect `e` of card `src` hold now, for its controller
    `owner` at `level` (`given`: a [Braved], [Set] or source effect, which has no level)?"""
    fc = g.field.get(src) if g.defs[src].contract else None  # only a contract card takes soul state
    if fc is not None and fc.soul_state:
        if not e.soul:  # in soul state only [Soul State] effects work, with no level (001)
            return False
    elif not given and not e.active_at(level):
        return False
    p = g.players[owner]
    if e.oc and p.count < g.defs[src].oc:
        return False
    if e.sealed and p.soul != SOUL_LIFE:
        return False
    if e.min_count and p.count < e.min_count:
        return False
    if e.during_advent and not (src in g.field and g.field[src].sources):
        return False
    if e.during and not during_holds(g, owner, e.during, src):
        return False
    return not e.cond or holds(g, owner, e.cond, src)


# ----------------------------------------------------------------------- continuous effects


def _add(g: Game, out: list[Active], src: int, this: int, key: str, owner: int, given: bool) -> None:
    d = g.defs[src]
    idxs = d.effects_for(key)
    if not idxs:
        return
    lv = 0 if given else effect_level(g, src)
    for i in idxs:
        e = d.effects[i]
        if works(g, src, e, owner, lv, given):
            out.append(Active(src, e, owner, this))


def actives(g: Game) -> list[Active]:
    """The continuous effects that hold now: a field card's own (not in standby: a
    destroyed card's effects stop at once, 003), a brave's [Braved] ones given to the spirits
    it is braved to, a contract card's under a 《契约煌临》 spirit, and a set mirage's [Set]
    ones; in the order their cards came onto the field, so that where two contradict, the
    later card's wins (003 カードの効果はルールに勝つ: 後出ししたカードのテキストが優先)."""
    out: list[Active] = []
    if not g.static.continuous:
        return out
    for p in (0, 1):
        _actives_of(g, p, out)
    if any(g.field[a.this].serial for a in out if a.this in g.field):
        out.sort(key=lambda a: g.field[a.this].serial if a.this in g.field else g.serial + 1)  # stable
    return out


def _actives_of(g: Game, p: int, out: list[Active]) -> None:
    """One player's holding continuous effects (see `actives`)."""
    pl = g.players[p]
    for oid in pl.field:
        fc = g.field[oid]
        if fc.leaving:
            continue
        if fc.host >= 0:  # a braved brave works only through its hosts (003)
            for h in hosts_of(g, oid):
                _add(g, out, oid, h, "braved:continuous", p, True)
                side = given_as(g, h)
                if side:
                    _add(g, out, oid, h, f"braved_{side}:continuous", p, True)
                if side == "nexus" and ascended(g, h):
                    _add(g, out, oid, h, "braved_spirit:continuous", p, True)
            continue
        _add(g, out, oid, oid, "continuous", p, False)
        if fc.sources and g.defs[oid].advent_contract:
            for src in fc.sources:
                d = g.card(src)
                for i in d.effects_for("contract_source:continuous"):
                    out.append(Active(src, d.effects[i], p, oid))
    for m in pl.mirage:
        _add(g, out, m, m, "mirage:continuous", p, True)


def _steps(g: Game, attr: str) -> list[tuple[Active, Step, Any]]:
    """Each step of the holding continuous effects that changes `attr`, with its modifier."""
    out = []
    for a in actives(g):
        for s in a.effect.steps:
            m = MODIFIERS[s.verb]
            if m.attr == attr:
                out.append((a, s, m))
    return out


def affects(g: Game, a: Active, s: Step, cid: int, layer: int) -> bool:
    """Does step `s` of the holding effect `a` reach field card `cid`? Its filters read the
    card as the layers before `layer` have made it."""
    t = s.get("target", "this")
    if t == "this":
        return cid == a.this
    if t in PLAYER_TARGETS or t in HAND_TARGETS:
        return False
    fc = g.field.get(cid)
    if fc is None or (fc.leaving and fc.leaving != "destroyed"):
        return False  # a destroyed card in standby is still there for effects (Q&A 状态 A1)
    owner = g.static.owner[cid]
    if t.startswith("opponent_") == (owner == a.ctrl) and t != "spirit":
        return False
    d = g.defs[cid]
    if t.endswith("_brave"):
        if d.kind != "brave":
            return False
    elif fc.host >= 0:
        return False  # a braved brave is part of its spirit, reached through it
    elif t.endswith("spirit_or_ultimate"):
        if not fights(g, cid):
            return False
    elif t.endswith("spirit"):
        if not is_spirit(g, cid) or (t == "other_own_spirit" and cid == a.this):
            return False
    elif t.endswith("ultimate"):
        if not is_ultimate(g, cid):
            return False
    elif t.endswith("nexus") and not is_nexus(g, cid):
        return False
    if (fc.soul_state or d.walker) and cid != a.src:
        return False  # 001, 000 ch.2 §6: reached only by its own effects (and those naming it)
    if not _filters(g, s, cid, d, layer):
        return False
    if owner != a.ctrl and not s.get("unpreventable", False):
        return not armored(g, cid, set(g.defs[a.src].colours))  # Q&A A4: Armor keeps it out
    return True


def _filters(g: Game, s: Step, cid: int, d: CardDef, layer: int) -> bool:
    colour = s.get("colour")
    if colour is not None and colour not in colours_at(g, cid, layer):
        return False
    family = s.get("family")
    if family is not None and family not in families_at(g, cid, layer):
        return False
    if s.get("token") and not d.token:
        return False
    if s.get("vanilla") is not None and has_text(g, cid) == s.get("vanilla"):
        return False
    named = s.get("name")
    if named is not None and named not in d.name:
        return False
    whole = s.get("card_name")
    if whole is not None and whole != d.name:
        return False
    lo, hi = s.get("min_cost"), s.get("max_cost")
    if lo is not None or hi is not None:
        c = cost_at(g, cid, layer)
        if (lo is not None and c < lo) or (hi is not None and c > hi):
            return False
    return True


def hand_affects(g: Game, a: Active, s: Step, player: int, d: CardDef) -> bool:
    """Does step `s` reach a card `d` in `player`'s hand (a cost change)?"""
    t = s.get("target", "this")
    if t not in HAND_TARGETS or (t == "own_hand") != (player == a.ctrl):
        return False
    for k, ok in (
        ("colour", lambda v: v in d.colours),
        ("family", lambda v: v in d.families),
        ("kind", lambda v: v == d.kind),
        ("name", lambda v: v in d.name),
        ("card_name", lambda v: v == d.name),
        ("max_cost", lambda v: d.cost <= v),
        ("min_cost", lambda v: d.cost >= v),
    ):
        v = s.get(k)
        if v is not None and not ok(v):
            return False
    return True


# ----------------------------------------------------------------------- what a card is


def printed_text(d: CardDef) -> bool:
    """Whether card `d` has effect text (003 効果の記述を持たないカード): effects or keywords, an
    advent, an Over Count, a manifest or a core charge, not a brave's condition alone."""
    return bool(d.effects or d.keywords or d.advent_timings or d.oc or d.manifest or d.charge_kinds)


def has_text(g: Game, cid: int) -> bool:
    """Whether field card `cid` counts as having effect text now: a braved spirit has it when
    either card has any (003: the brave's having text is inherited; a brave with none leaves a
    vanilla spirit vanilla), unless an effect treats it as having none (its effects still
    work)."""
    fc = g.field.get(cid)
    d = g.defs[cid]
    text = printed_text(d) or (fc is not None and fc.brave >= 0 and printed_text(g.defs[fc.brave]))
    if text and g.static.continuous and fc is not None:
        for a in actives(g):
            for s in a.effect.steps:
                if s.verb == "no_text" and affects(g, a, s, cid, COLOUR):
                    return False
    return text


def colours_at(g: Game, cid: int, layer: int = FORBID) -> tuple[str, ...]:
    """A field card's colours: its own, a braved spirit's brave's too (000 ch.2 §1), as
    lasting changes and the continuous effects of the colour layer leave them."""
    fc = g.field.get(cid)
    cols = g.defs[cid].colours
    if fc is not None and fc.brave >= 0:
        cols = cols + tuple(c for c in g.defs[fc.brave].colours if c not in cols)
    if g.mods:
        cols = _mod_colours(g, cid, cols)
    if layer > COLOUR and g.static.continuous and fc is not None:
        for a, s, m in _steps(g, "colours"):
            if affects(g, a, s, cid, COLOUR):
                cols = m.change(cols, s, 0)
    return cols


def _mod_colours(g: Game, cid: int, cols: tuple[str, ...]) -> tuple[str, ...]:
    for m in g.mods:
        if m.cid == cid:
            if m.kind == "add_colour" and m.value not in cols:
                cols = cols + (m.value,)
            elif m.kind == "set_colour":
                cols = (m.value,) if m.value else ()
    return cols


def colours_of(g: Game, cid: int) -> tuple[str, ...]:
    return colours_at(g, cid)


def card_symbols(g: Game, cid: int) -> tuple[tuple[str, ...], ...]:
    """The symbols printed on card `cid`, coloured as the colours of the object it is part of
    are changed (003: "also treated as red" adds red to each of its symbols, "treated as red"
    makes each of them red, "treated as colourless" takes their colours; ultimate and god
    symbols keep theirs), and the symbols effects add to the object (without a colour of the
    card's). Each change is made to each symbol itself, in the order the colours are changed,
    not read off the colours it leaves: "also treated as white" makes a green spirit's symbol
    green and white even when a white brave already makes the spirit white (003, 要塞蟲ラルバ)."""
    d = g.defs[cid]
    fc = g.field.get(cid)
    if fc is None or (not g.static.continuous and not g.mods):
        return d.symbols
    obj = fc.host if fc.host >= 0 else cid
    changes = []
    if g.static.continuous:
        changes = [(s, m) for a, s, m in _steps(g, "colours") if affects(g, a, s, obj, COLOUR)]
    syms = d.symbols
    if changes or any(m.cid == obj for m in g.mods):
        out = []
        for sym in syms:
            if not any(x in SPECIAL for x in sym):
                if g.mods:
                    sym = _mod_colours(g, obj, sym)  # a lasting change, as `colours_at` makes it
                for s, m in changes:
                    sym = m.change(sym, s, 0)
            out.append(sym)
        syms = tuple(out)
    if obj == cid and g.static.continuous:
        for a, s, m in _steps(g, "symbols"):
            if affects(g, a, s, cid, COLOUR):
                syms = m.change(syms, s, 0)
    return syms


def symbols_of(g: Game, cid: int) -> tuple[tuple[str, ...], ...]:
    """A braved spirit has its own symbols and the brave's."""
    fc = g.field.get(cid)
    if not g.static.continuous and not g.mods:  # nothing changes symbols: the printed ones
        d = g.defs
        return d[cid].symbols + d[fc.brave].symbols if fc is not None and fc.brave >= 0 else d[cid].symbols
    sy = card_symbols(g, cid)
    if fc is not None and fc.brave >= 0:
        sy = sy + card_symbols(g, fc.brave)
    return sy


def field_symbols(g: Game, player: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    field = g.field
    if not g.static.continuous and not g.mods:  # the printed symbols: nothing changes them
        defs = g.defs
        for cid in g.players[player].field:
            fc = field[cid]
            if not (fc.leaving or fc.soul_state):  # a soul-state card's symbols reduce nothing (001)
                out.extend(defs[cid].symbols)
        return out
    for cid in g.players[player].field:
        fc = field[cid]
        if not (fc.leaving or fc.soul_state):
            out.extend(card_symbols(g, cid))
    return out


def families_at(g: Game, cid: int, layer: int = FORBID) -> tuple[str, ...]:
    fams = g.defs[cid].families
    for m in g.mods:
        if m.cid == cid:
            if m.kind == "no_families":
                fams = ()
            elif m.kind == "add_family" and m.value not in fams:
                fams = fams + (m.value,)
    if layer > FAMILY and g.static.continuous and cid in g.field:
        for a, s, m in _steps(g, "families"):
            if affects(g, a, s, cid, FAMILY):
                fams = m.change(fams, s, 0)
    return fams


def families_of(g: Game, cid: int) -> tuple[str, ...]:
    return families_at(g, cid)


def cost_at(g: Game, cid: int, layer: int = FORBID) -> int:
    """A braved spirit's cost is both cards' costs added (000 ch.2 §1: the brave's 「费用」 is
    added), the brave's as effects change it ("opposing braves cost 1 more"), then changed."""
    fc = g.field.get(cid)
    c = g.defs[cid].cost
    if fc is not None and fc.brave >= 0:
        c += cost_at(g, fc.brave, layer)
    if layer > COST and g.static.continuous and fc is not None:
        for a, s, m in _steps(g, "cost"):
            if affects(g, a, s, cid, COST):
                c = m.change(c, s, 0)
    return max(0, c)


def cost_of(g: Game, cid: int) -> int:
    return cost_at(g, cid)


def can_brave(g: Game, brave: int, host: int, side: str = "") -> bool:
    """Does field card `host` meet `brave`'s brave condition now (000 ch.2 §1), with the cost
    and families effects give it (its own cost: not a brave's added to it)?"""
    d, hd = g.defs[brave], g.defs[host]
    if not g.static.continuous and not g.mods:
        return d.can_brave(hd, side)
    fc = g.field[host]
    # never below 0, as any cost (`cost_at`): a host whose effects bring its cost under 0 costs
    # 0 braved or not, or a brave offered to it would separate at once, and again, for ever
    cost = max(0, cost_at(g, host) - (cost_at(g, fc.brave) if fc.brave >= 0 else 0))
    return d.can_brave(hd, side, cost, families_of(g, host))


def hand_cost(g: Game, player: int, d: CardDef) -> int:
    """The cost of card `d` in `player`'s hand (or open area) as continuous effects change it,
    before reduction ("your opponent's magic costs 1 more")."""
    c = d.cost
    if g.static.continuous:
        for a, s, m in _steps(g, "cost"):
            if hand_affects(g, a, s, player, d):
                c = m.change(c, s, 0)
    return max(0, c)


def bp_of(g: Game, cid: int) -> int:
    """Level BP, plus the brave's BP+ when braved (never to a nexus: a myth brave gives a
    grandwalker none, 000 ch.2 §1), plus lasting and continuous effects."""
    cdef = g.defs[cid]
    bp = cdef.bp_at(cdef.level_for(cores_on(g, cid)))
    fc = g.field.get(cid)
    if cdef.oc and g.players[g.static.owner[cid]].count >= cdef.oc and not (fc is not None and fc.soul_state):
        bp += cdef.oc_bp  # Over Count (001): like a brave's BP+, whatever its level
    if fc is not None and fc.brave >= 0 and (cdef.kind != "nexus" or ascended(g, cid)):
        bp += g.defs[fc.brave].brave_bp  # an ascended grandwalker is a spirit too: it gets BP+ (ch.2 §6)
    for m in g.mods:
        if m.cid == cid and (m.kind == "bp" or m.kind == "ascended"):  # an ascension says its BP
            bp += m.amount
    if g.static.continuous and fc is not None:
        for a, s, m in _steps(g, "bp"):
            if affects(g, a, s, cid, BP):
                bp = m.change(bp, s, per_count(g, a, s))
    return max(0, bp)


def per_count(g: Game, a: Active, s: Step) -> int:
    """The count of a "for each" (`per`), from the effect's controller's side."""
    per = s.get("per", "")
    return count_of(g, a.ctrl, a.this, per) if per else 1


def count_of(g: Game, player: int, this: int, per: str) -> int:
    if per == "hand":
        return len(g.players[player].hand)
    if per == "opponent_hand":
        return len(g.players[1 - player].hand)
    if per in ("source", "under"):
        fc = g.field.get(this)
        return 0 if fc is None else len(fc.sources if per == "source" else fc.under)
    side = player if per.startswith("own_") else 1 - player
    test = is_spirit if per.endswith("spirit") else is_nexus
    return sum(1 for c in g.players[side].field if not g.field[c].leaving and test(g, c))


# ----------------------------------------------------------------------- forbids


def forbidden(g: Game, what: str, cid: int) -> bool:
    """May field card `cid` not do `what` ("attack", "block", "be_braved", "be_targeted",
    "be_destroyed", "be_returned", "activate") now? A lasting change (an effect's "cannot
    attack this turn") or a continuous effect says so (Q&A A3: "cannot" beats "must")."""
    if not g.mods and not g.static.continuous:
        return False
    kind = f"cannot_{what}"
    for m in g.mods:
        if m.cid == cid and m.kind == kind:
            return True
    if g.static.continuous:
        for a, s, m in _steps(g, "forbid"):
            if m.forbids(s, what) and affects(g, a, s, cid, FORBID):
                return True
    return False


def player_forbidden(g: Game, what: str, player: int) -> bool:
    """May `player` not do `what` ("draw", "increase_hand") now?"""
    if any(f[0] == f"cannot_{what}" and f[1] == player for f in g.forbids):
        return True
    if g.static.continuous:
        for a, s, m in _steps(g, "forbid"):
            if m.forbids(s, what):
                t = s.get("target", "this")
                if (t == "you" and player == a.ctrl) or (t == "opponent" and player != a.ctrl):
                    return True
    return False


def draw_change(g: Game, player: int, how: str) -> int:
    """How many more cards `player` draws (`how` "step_more" / "effect_more"), or whether their
    Draw Step adds instead of drawing ("step_instead": 1 or 0)."""
    if not g.static.continuous:
        return 0
    n = 0
    for a, s, m in _steps(g, "draws"):
        if s.get("how") == how and (s.get("target") == "you") == (player == a.ctrl):
            n += m.arg(s, "amount") if how != "step_instead" else 1
    return n if how != "step_instead" else min(n, 1)


def enters_exhausted(g: Game, player: int) -> bool:
    """Do the spirits `player` summons come onto the field exhausted (003: a state replaced,
    no exhausting)?"""
    if not g.static.continuous:
        return False
    for a, s, _m in _steps(g, "enters"):
        t = s.get("target")
        if (t == "you") == (player == a.ctrl):
            return True
    return False


def block_forbidden(g: Game, attacker: int, blocker: int) -> bool:
    """Is `attacker` one that `blocker` may not block ("cannot be blocked by spirits with 5000
    BP or less")?"""
    if not g.static.continuous or attacker not in g.field:
        return False
    for a, s, m in _steps(g, "forbid"):
        if m.forbids(s, "be_blocked") and affects(g, a, s, attacker, FORBID):
            by = dict(s.get("by") or ())
            if _blocker_fits(g, blocker, by):
                return True
    return False


def _blocker_fits(g: Game, blocker: int, by: dict[str, Any]) -> bool:
    if "max_bp" in by and bp_of(g, blocker) > by["max_bp"]:
        return False
    if "min_bp" in by and bp_of(g, blocker) < by["min_bp"]:
        return False
    if "colour" in by and by["colour"] not in colours_of(g, blocker):
        return False
    return not ("max_cost" in by and cost_of(g, blocker) > by["max_cost"])


def activation_forbidden(g: Game, cid: int, when: str) -> bool:
    """Are the effects of `cid` at timing `when` kept from activating by a continuous effect
    ("the effects of this spirit cannot activate")? Armor lets them activate unless that
    cannot be prevented (Q&A A4), through `affects`."""
    if not g.static.continuous or cid not in g.field:
        return False
    brave = g.defs[cid].kind == "brave"
    for a, s, m in _steps(g, "forbid"):
        if m.forbids(s, "activate") and (s.get("effects", "all") == "all" or when == "summoned"):
            # Q&A 关于合体 A2: a brave summoned as a spirit is a spirit, yet its "when this brave is
            # summoned" stays the brave's effect: what stops spirits' effects does not stop it
            if brave and when == "summoned" and not s.get("target", "this").endswith(("brave", "this")):
                continue
            if affects(g, a, s, cid, FORBID):
                return True
    return False


# ----------------------------------------------------------------------- keywords, Armor


def keyword(g: Game, cid: int, name: str) -> Keyword | None:
    """The keyword if `cid` has it working now (at its level, on the field). A braved
    spirit shares its brave's Armor and Heavy Armor (003 合体しているブレイヴ); a
    brave's other keywords stay with the brave."""
    fc = g.field.get(cid)
    d = g.defs[cid]
    k = d.keyword(name)
    if k is not None and (fc is None or k.active_at(level_of(g, cid))):
        return k
    if fc is not None and fc.brave >= 0 and name in ("armor", "heavy_armor", "super_armor"):
        k = g.defs[fc.brave].keyword(name)
        if k is not None:
            return k
    if fc is not None and g.static.continuous:  # a keyword an effect gives it (003 l.46)
        for a, s, m in _steps(g, "keywords"):
            if s.get("keyword") == name and affects(g, a, s, cid, COLOUR):
                return m.keyword(s)
    return None


def armored(g: Game, target: int, cols: set[str]) -> bool:
    """Does Armor on `target`, or Heavy Armor on its owner's field, keep out these colours?"""
    owner = g.static.owner[target]
    if not cols:
        return False
    for name in ("armor", "super_armor"):  # 超装甲 keeps out burst and mirage effects too (000 l.500, 524)
        k = keyword(g, target, name)
        if k is not None and cols & set(k.colours):
            return True
    for cid in g.players[owner].field:
        fc = g.field[cid]
        if fc.leaving or fc.host >= 0:
            continue
        h = keyword(g, cid, "heavy_armor")
        if h is not None and cols & set(h.colours):
            return True
    return False


# ----------------------------------------------------------------------- what the table shows

FORBID_NOTES = {
    "attack": "cannot attack",
    "block": "cannot block",
    "be_braved": "cannot be braved",
    "activate": "its effects cannot activate",
    "be_targeted": "cannot be chosen by the opponent's effects",
    "be_destroyed": "cannot be destroyed by the opponent's effects",
    "be_returned": "cannot be returned to the hand",
}


def continuous_notes(g: Game, cid: int, viewer: int) -> str:
    """What lasting and continuous effects make of field card `cid` now, in a line: its
    colours, families and cost where they differ from the card's, symbols added, and what it
    may not do (all public: the field is, 003)."""
    fc = g.field[cid]
    if fc.host >= 0 or not (g.static.continuous or g.mods):
        return ""
    d = g.defs[cid]
    out = []
    printed = d.colours + (tuple(c for c in g.defs[fc.brave].colours if c not in d.colours) if fc.brave >= 0 else ())
    cols = colours_of(g, cid)
    if cols != printed:
        out.append("colours " + ("/".join(cols) if cols else "none (colourless)"))
    fams = families_of(g, cid)
    if fams != d.families:
        out.append("families " + (", ".join(fams) if fams else "none"))
    cost = cost_of(g, cid)
    base = d.cost + (g.defs[fc.brave].cost if fc.brave >= 0 else 0)
    if cost != base:
        out.append(f"cost {cost}")
    n = len(symbols_of(g, cid)) - len(d.symbols) - (len(g.defs[fc.brave].symbols) if fc.brave >= 0 else 0)
    if n > 0:
        out.append(f"{n} symbol{'s' if n > 1 else ''} more")
    out.extend(words for what, words in FORBID_NOTES.items() if forbidden(g, what, cid))
    return ("By effects: " + "; ".join(out) + ".") if out else ""


FIELD_NOTES.append(continuous_notes)


# ----------------------------------------------------------------------- conditions on a card
# (here, beside the derived values they read: `conditions` is below this module)


class ThisCost(Condition):
    """ "If this spirit's cost is 3 or 4" (003 【不死】/「守護者」: resolvable only at the stated
    cost, read as the effect resolves; a continuous effect changing the cost counts, l.120-125)."""

    name = "this_cost"

    def check(self, value: Any, where: str) -> None:
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99 for v in value)
        ):
            raise CardDataError(f"{where}: if.this_cost is a list of costs from 0 to 99")

    def holds(self, g: Game, player: int, value: Any, this: int = -1) -> bool:
        return this in g.field and cost_of(g, this) in value

    def text(self, value: Any) -> str:
        costs = " or ".join(str(v) for v in value)
        return f"this spirit's cost is {costs}"


CONDITIONS[ThisCost.name] = ThisCost()
