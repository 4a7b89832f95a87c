"""The vocabulary of continuous effects (常在効果): what an effect changes or forbids for
as long as its conditions hold ("while this is on the field, your red spirits get BP
+1000"; "[Lv2] your spirits cannot be blocked by spirits with 5000 BP or less"; "the
opponent cannot draw"). Each modifier is defined once here: its parameters (checked when
the cards load), its text, and the change it makes; `model.derived` finds the effects that
hold now and applies them whenever a value is read, so nothing is ever stored where it
could go stale (a level change, an advent, a rebirth or a card leaving re-checks them all).

Precedence (000 Q&A 关于效果整体): "cannot" beats "must" beats "do" beats "may" (A3), so a
forbid wins over Clash's "must block"; "cannot be prevented" beats "unaffected" beats
"cannot activate" (A4): Armor keeps a card out of an opposing continuous effect unless it
cannot be prevented.

Layers, so that no value is read in the middle of its own making (as Magic's rules 613 and
XMage order theirs): colours and symbols are changed first, choosing their cards by what
the cards are printed as; then families (choosing by colours as changed); then costs; then
BP; forbids read everything.
"""

from __future__ import annotations

from typing import Any

from ..core.registry import MODIFIERS
from ..data.cards import COLOURS, KEYWORDS, KINDS, CardDataError, Keyword, Step
from ..data.text import keyword_text

# The layers, in the order they are applied.
COLOUR, FAMILY, COST, BP, FORBID = range(5)

# Whom a modifier reaches: cards on the field by side and class, cards in a hand, or a player.
TARGETS = {
    "this": "this card (for a [Braved] effect, the spirit it is braved to)",
    "own_spirit": "your spirits",
    "other_own_spirit": "your other spirits",
    "opponent_spirit": "opposing spirits",
    "spirit": "all spirits",
    "own_ultimate": "your ultimates",
    "opponent_ultimate": "opposing ultimates",
    "own_spirit_or_ultimate": "your spirits and ultimates",
    "opponent_spirit_or_ultimate": "opposing spirits and ultimates",
    "own_nexus": "your nexuses",
    "opponent_nexus": "opposing nexuses",
    "own_brave": "your braves",
    "opponent_brave": "opposing braves",
    "own_hand": "cards in your hand",
    "opponent_hand": "cards in your opponent's hand",
    "you": "you",
    "opponent": "your opponent",
}
PLAYER_TARGETS = ("you", "opponent")
HAND_TARGETS = ("own_hand", "opponent_hand")
# The filters a target may have; they choose cards by what they are now (within the layers).
FILTERS: dict[str, tuple[type | tuple[type, ...], Any]] = {
    "colour": (str, None),
    "family": (str, None),
    "name": (str, None),  # a part of the card's name, written "○○○" (001)
    "card_name": (str, None),  # the whole card name (001: 卡名：「○○○」)
    "kind": (str, None),  # for cards in a hand: spirit, magic, ...
    "max_cost": (int, None),
    "min_cost": (int, None),
    "token": (bool, None),  # true: tokens only (000 ch.2 §9)
    "vanilla": (bool, None),  # true: cards with no effect text; false: with some (003)
}
# What "for each" counts (`per`), on your side or the opponent's.
PER = {
    "opponent_spirit": "for each opposing spirit",
    "own_spirit": "for each of your spirits",
    "own_nexus": "for each of your nexuses",
    "opponent_nexus": "for each opposing nexus",
    "hand": "for each card in your hand",
    "opponent_hand": "for each card in your opponent's hand",
    "source": "for each advent source under it",
    "under": "for each card face down under it",
}
# What a forbid keeps from happening, and how the card text says it.
FORBIDS = {
    "attack": "cannot attack",
    "block": "cannot block",
    "be_blocked": "cannot be blocked",
    "be_braved": "cannot be braved",
    "activate": "effects cannot activate",
    "be_targeted": "cannot be chosen by your opponent's effects",
    "be_destroyed": "cannot be destroyed by your opponent's effects",
    "be_returned": "cannot be returned to the hand",
    "draw": "cannot draw cards",
    "increase_hand": "cannot add cards to the hand by effects",
    # 003 カードの効果以外でコアを置く (l.91-102): the cores a card takes as it enters the field,
    # or a brave as it separates, are no putting of cores: a summon with 3 cores still works
    "put_cores": "cannot put cores on cards on the field (a card coming onto it still takes its cores)",
}
PLAYER_FORBIDS = ("draw", "increase_hand", "put_cores")
# "cannot be blocked by …": the blocker's filters
BY_FILTERS: dict[str, tuple[type | tuple[type, ...], Any]] = {
    "max_bp": (int, None),
    "min_bp": (int, None),
    "colour": (str, None),
    "max_cost": (int, None),
}


class Modifier:
    """One kind of continuous change. `attr` is what it changes ("bp", "cost", "colours",
    "symbols", "families", "forbid"), `layer` when."""

    name = ""
    attr = ""
    layer = BP
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}

    def check(self, raw: dict[str, Any], where: str) -> None:
        allowed = {"target": (str, "this"), **FILTERS, **self.params}
        for k, v in raw.items():
            if k not in allowed:
                raise CardDataError(f"{where}: {self.name} takes no parameter {k!r}")
            typ = allowed[k][0]
            if not isinstance(v, typ) or (isinstance(v, bool) and typ is int):
                raise CardDataError(f"{where}: {self.name}.{k} has the wrong type")
        for k, (_, default) in self.params.items():
            if default is ... and k not in raw:
                raise CardDataError(f"{where}: {self.name} needs {k!r}")
        t = raw.get("target", "this")
        if t not in TARGETS:
            raise CardDataError(f"{where}: a continuous effect reaches one of {tuple(TARGETS)}, not {t!r}")
        if (t in PLAYER_TARGETS) != (self.attr == "forbid" and raw.get("what") in PLAYER_FORBIDS):
            raise CardDataError(f"{where}: 'you' and 'opponent' go with forbid what = {PLAYER_FORBIDS}")
        if t in HAND_TARGETS and self.attr != "cost":
            raise CardDataError(f"{where}: only a cost change reaches cards in a hand")
        if "kind" in raw and raw["kind"] not in KINDS:
            raise CardDataError(f"{where}: kind is one of {KINDS}")
        if "colour" in raw and raw["colour"] not in COLOURS:
            raise CardDataError(f"{where}: unknown colour {raw['colour']!r}")
        for k in ("max_cost", "min_cost"):
            if k in raw and not 0 <= raw[k] <= 99:
                raise CardDataError(f"{where}: {k} is from 0 to 99")

    def arg(self, s: Step, key: str) -> Any:
        return s.get(key, self.params[key][1])

    def text(self, s: Step) -> str:
        raise NotImplementedError

    def change(self, value: Any, s: Step, per: int) -> Any:
        """The value (BP, cost, colours, ...) as this modifier leaves it; `per` is the count
        of a "for each"."""
        return value


def _colours(raw: Any, where: str, name: str, empty_ok: bool) -> None:
    if not isinstance(raw, list) or not all(isinstance(c, str) and c in COLOURS for c in raw):
        raise CardDataError(f"{where}: {name} is a list of colours ({', '.join(COLOURS)})")
    if not raw and not empty_ok:
        raise CardDataError(f"{where}: {name} names at least one colour")


def _amount(raw: dict[str, Any], where: str, name: str, limit: int) -> None:
    a = raw.get("amount")
    if isinstance(a, int) and not (a and -limit <= a <= limit):
        raise CardDataError(f"{where}: {name}.amount is not 0, from {-limit} to {limit}")


class BPMod(Modifier):
    name = "bp"
    attr = "bp"
    layer = BP
    params = {"amount": (int, ...), "per": (str, "")}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        _amount(raw, where, "bp", 100_000)
        if raw.get("per", "") not in ("", *PER):
            raise CardDataError(f"{where}: bp.per is one of {tuple(PER)}")

    def text(self, s: Step) -> str:
        per = f" {PER[self.arg(s, 'per')]}" if self.arg(s, "per") else ""
        return f"{subject(s)} {verb_for(s, 'get')} BP {s.get('amount'):+d}{per}."

    def change(self, value: Any, s: Step, per: int) -> Any:
        return value + s.get("amount") * (per if self.arg(s, "per") else 1)


class CostMod(Modifier):
    name = "cost"
    attr = "cost"
    layer = COST
    params = {"amount": (int, ...)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        _amount(raw, where, "cost", 20)

    def text(self, s: Step) -> str:
        a = s.get("amount")
        return f"The cost of {lower(subject(s))} is {'increased' if a > 0 else 'reduced'} by {abs(a)}."

    def change(self, value: Any, s: Step, per: int) -> Any:
        return value + s.get("amount")


class AddColour(Modifier):
    """ "Also treated as a <colour> spirit" (003): the colour is added to the card and to
    each of its symbols."""

    name = "add_colour"
    attr = "colours"
    layer = COLOUR
    params = {"colours": (list, ...)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        _colours(raw.get("colours"), where, "add_colour.colours", False)

    def text(self, s: Step) -> str:
        cols = "/".join(s.get("colours"))
        return f"{subject(s)} {verb_for(s, 'is')} also treated as {cols} ({its(s)} symbols too)."

    def change(self, value: Any, s: Step, per: int) -> Any:
        return value + tuple(c for c in s.get("colours") if c not in value)


class SetColour(Modifier):
    """ "Treated as <colour>" replaces the colours (and its symbols' colours); with no colour,
    "treated as colourless": it is no longer of any colour and its symbols reduce nothing (003)."""

    name = "set_colour"
    attr = "colours"
    layer = COLOUR
    params = {"colours": (list, ...)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        _colours(raw.get("colours"), where, "set_colour.colours", True)

    def text(self, s: Step) -> str:
        cols = "/".join(s.get("colours"))
        if not cols:
            return f"{subject(s)} {verb_for(s, 'is')} treated as colourless ({its(s)} symbols too)."
        return f"{subject(s)} {verb_for(s, 'is')} treated as {cols} only ({its(s)} symbols too)."

    def change(self, value: Any, s: Step, per: int) -> Any:
        return tuple(s.get("colours"))


class AddSymbol(Modifier):
    """ "Symbol +1": more symbols, of these colours; the card's colour does not change (003)."""

    name = "add_symbol"
    attr = "symbols"
    layer = COLOUR
    params = {"symbols": (list, ...)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        _colours(raw.get("symbols"), where, "add_symbol.symbols", False)

    def text(self, s: Step) -> str:
        syms = " and ".join(f"one more {c} symbol" for c in s.get("symbols"))
        return f"{subject(s)} {verb_for(s, 'get')} {syms}."

    def change(self, value: Any, s: Step, per: int) -> Any:
        return value + tuple((c,) for c in s.get("symbols"))


class AddFamily(Modifier):
    name = "add_family"
    attr = "families"
    layer = FAMILY
    params = {"families": (list, ...)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        fams = raw.get("families")
        if not fams or not all(isinstance(x, str) and 0 < len(x) <= 40 for x in fams):
            raise CardDataError(f"{where}: add_family.families is a list of family names")

    def text(self, s: Step) -> str:
        return f"{subject(s)} also {verb_for(s, 'has', 'have')} the family {'/'.join(s.get('families'))}."

    def change(self, value: Any, s: Step, per: int) -> Any:
        return value + tuple(f for f in s.get("families") if f not in value)


class NoFamilies(Modifier):
    """Families negated: treated as having no family (its printed ones are not effects, 001,
    but an effect can still take them away)."""

    name = "no_families"
    attr = "families"
    layer = FAMILY

    def text(self, s: Step) -> str:
        return f"{subject(s)} {verb_for(s, 'is')} treated as having no family."

    def change(self, value: Any, s: Step, per: int) -> Any:
        return ()


class Forbid(Modifier):
    name = "forbid"
    attr = "forbid"
    layer = FORBID
    params = {
        "what": (str, ...),
        "by": (dict, None),  # be_blocked: which blockers
        "effects": (str, "all"),  # activate: "all" or "summoned" (its 'when summoned' effects)
        "unpreventable": (bool, False),
    }

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        what = raw.get("what")
        if what not in FORBIDS:
            raise CardDataError(f"{where}: forbid.what is one of {tuple(FORBIDS)}")
        by = raw.get("by")
        if by is not None:
            if what != "be_blocked":
                raise CardDataError(f"{where}: forbid.by goes with what = 'be_blocked'")
            for k, v in by.items():
                if k not in BY_FILTERS or not isinstance(v, BY_FILTERS[k][0]) or isinstance(v, bool):
                    raise CardDataError(f"{where}: forbid.by takes {tuple(BY_FILTERS)}")
        if raw.get("effects", "all") not in ("all", "summoned"):
            raise CardDataError(f"{where}: forbid.effects is 'all' or 'summoned'")
        if "effects" in raw and what != "activate":
            raise CardDataError(f"{where}: forbid.effects goes with what = 'activate'")

    def text(self, s: Step) -> str:
        what = s.get("what")
        extra = " This cannot be prevented." if self.arg(s, "unpreventable") else ""
        if what == "activate":
            which = "'when summoned' effects" if self.arg(s, "effects") == "summoned" else "effects"
            return f"The {which} of {lower(subject(s))} cannot activate.{extra}"
        words = FORBIDS[what]
        if what == "be_blocked" and s.get("by"):
            words += " by " + blocker_phrase(dict(s.get("by")))
        if what == "increase_hand":  # a player's own hand: "your hand", "their hand"
            words = words.replace("the hand", "your hand" if s.get("target") == "you" else "their hand")
        return f"{subject(s)} {words}.{extra}"

    def forbids(self, s: Step, what: str) -> bool:
        return s.get("what") == what


def blocker_phrase(by: dict[str, Any]) -> str:
    words = "spirits"
    if "colour" in by:
        words = f"{by['colour']} spirits"
    quals = []
    if "max_bp" in by:
        quals.append(f"{by['max_bp']} BP or less")
    if "min_bp" in by:
        quals.append(f"{by['min_bp']} BP or more")
    if "max_cost" in by:
        quals.append(f"cost {by['max_cost']} or less")
    return words + (" with " + " and ".join(quals) if quals else "")


def subject(s: Step) -> str:
    """Who or what the modifier reaches, as the sentence's subject."""
    t = s.get("target", "this")
    if t == "this":
        return "This spirit"
    if t in PLAYER_TARGETS:
        return "You" if t == "you" else "Your opponent"
    base = TARGETS[t]
    noun = {"own_hand": "cards in your hand", "opponent_hand": "cards in your opponent's hand"}.get(t)
    if s.get("kind") is not None:
        kind = s.get("kind")
        plural = "magic cards" if kind == "magic" else f"{kind} cards"
        base = f"{plural} in {'your' if t == 'own_hand' else 'your opponent' + chr(39) + 's'} hand"
    elif noun:
        base = noun
    if s.get("colour") is not None:
        for n in ("spirits", "ultimates", "nexuses", "braves", "cards"):
            if n in base:
                base = base.replace(n, f"{s.get('colour')} {n}", 1)
                break
    if s.get("token"):
        base = base.replace("spirits", "token spirits", 1)
    if s.get("vanilla") is not None:
        base += " with no effect text" if s.get("vanilla") else " with effect text"
    if s.get("card_name") is not None:
        base += f' named "{s.get("card_name")}"'
    if s.get("name") is not None:
        base += f' with "{s.get("name")}" in the name'
    if s.get("family") is not None:
        base += f" of the family {s.get('family')}"
    if s.get("max_cost") is not None:
        base += f" with cost {s.get('max_cost')} or less"
    if s.get("min_cost") is not None:
        base += f" with cost {s.get('min_cost')} or more"
    return base[0].upper() + base[1:]


def lower(text: str) -> str:
    return text[0].lower() + text[1:] if text and not text.startswith("This") else text.lower()


def its(s: Step) -> str:
    """ "its" for this spirit, "their" for a group (a change of colour reaches each one's symbols)."""
    return "its" if s.get("target", "this") == "this" else "their"


def verb_for(s: Step, singular: str, plural: str = "") -> str:
    """ "gets" for this spirit, "get" for a group."""
    if s.get("target", "this") == "this":
        return {"get": "gets", "is": "is", "has": "has"}.get(singular, singular)
    return plural or {"get": "get", "is": "are", "has": "have"}.get(singular, singular)


class GrantKeyword(Modifier):
    """ "This spirit gets Clash" / "your spirits get Armor: purple": a keyword given by an
    effect works as a printed one does, yet gives the card no effect text (003 効果の記述を持た
    ないカード, l.46: text given in quotes leaves a card with no effect text as it was).
    Only your own cards: a keyword given to the opponent's would read Armor through itself."""

    name = "grant_keyword"
    attr = "keywords"
    layer = COLOUR
    params = {"keyword": (str, ...), "colours": (list, None), "n": (int, 1)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("keyword") not in KEYWORDS:
            raise CardDataError(f"{where}: grant_keyword.keyword is one of {KEYWORDS}")
        if raw.get("target", "this") not in ("this", "own_spirit", "other_own_spirit", "own_spirit_or_ultimate"):
            raise CardDataError(f"{where}: grant_keyword reaches this card or your spirits")
        armour = raw["keyword"] in ("armor", "heavy_armor", "super_armor")
        if armour != ("colours" in raw):
            raise CardDataError(f"{where}: grant_keyword takes colours with armor keywords, and only then")
        if "colours" in raw:
            _colours(raw["colours"], where, "grant_keyword.colours", False)
        if not 1 <= raw.get("n", 1) <= 10:
            raise CardDataError(f"{where}: grant_keyword.n is from 1 to 10")

    def keyword(self, s: Step) -> Keyword:
        return Keyword(s.get("keyword"), (), tuple(s.get("colours") or ()), self.arg(s, "n"))

    def text(self, s: Step) -> str:
        return f"{subject(s)} {verb_for(s, 'get')} {keyword_text(self.keyword(s)).split(' (')[0]}."


class DrawChange(Modifier):
    """How a player draws (003 「効果で手札が増える」, l.112-117), reaching a player:
    - `step_more`: the Draw Step draws `amount` more: still no effect, so "the hand increased
      by an effect" does not happen (百識の谷);
    - `effect_more`: each draw by an effect draws `amount` more, all of it by that effect;
    - `step_instead`: in the Draw Step the top card is added to the hand by this effect instead
      of drawn, which is the hand increased by an effect (アイツのカード)."""

    name = "draw_change"
    attr = "draws"
    layer = FORBID
    params = {"how": (str, ...), "amount": (int, 1)}
    HOW = ("step_more", "effect_more", "step_instead")

    def check(self, raw: dict[str, Any], where: str) -> None:
        if raw.get("target") not in PLAYER_TARGETS:
            raise CardDataError(f"{where}: draw_change reaches a player: target = 'you' or 'opponent'")
        rest = {k: v for k, v in raw.items() if k not in ("target", "how", "amount")}
        if rest:
            raise CardDataError(f"{where}: draw_change takes no parameter {next(iter(rest))!r}")
        if raw.get("how") not in self.HOW:
            raise CardDataError(f"{where}: draw_change.how is one of {self.HOW}")
        a = raw.get("amount", 1)
        if not isinstance(a, int) or isinstance(a, bool) or not 1 <= a <= 5:
            raise CardDataError(f"{where}: draw_change.amount is from 1 to 5")

    def text(self, s: Step) -> str:
        who = "you" if s.get("target") == "you" else "your opponent"
        whose = "your" if s.get("target") == "you" else "their"
        n = self.arg(s, "amount")
        more = f"{n} more card{'s' if n > 1 else ''}"
        how = s.get("how")
        if how == "step_more":
            return f"In {whose} Draw Step, {who} {'draw' if who == 'you' else 'draws'} {more}."
        if how == "effect_more":
            mine = "yours" if who == "you" else "theirs"
            verb = "draw" if who == "you" else "draws"
            return f"Whenever an effect of {mine} makes {who} draw, {who} {verb} {more}."
        return (
            f"In {whose} Draw Step, instead of drawing, {who} {'add' if who == 'you' else 'adds'} the top card "
            f"of {whose} deck to {whose} hand by this effect."
        )


class EntersExhausted(Modifier):
    """ "Spirits are summoned exhausted" (003 回復(疲労)状態になること: セフィロ・アリエス): a rule
    change, not an exhausting: the spirit comes onto the field exhausted and nothing that
    watches exhausting fires. Reaches a player ("you" / "opponent"): the spirits they summon."""

    name = "enters_exhausted"
    attr = "enters"
    layer = FORBID

    def check(self, raw: dict[str, Any], where: str) -> None:
        if raw.get("target") not in PLAYER_TARGETS:
            raise CardDataError(f"{where}: enters_exhausted reaches a player: target = 'you' or 'opponent'")
        rest = {k: v for k, v in raw.items() if k != "target"}
        if rest:
            raise CardDataError(f"{where}: enters_exhausted takes no parameter {next(iter(rest))!r}")

    def text(self, s: Step) -> str:
        whose = "you summon" if s.get("target") == "you" else "your opponent summons"
        return f"The spirits {whose} come onto the field exhausted (no exhausting: nothing triggers)."


class NoText(Modifier):
    """ "Treated as having no effect text" (003 効果の記述を持たないカード): it counts as a card
    with no effect text, and its effects still work."""

    name = "no_text"
    attr = "no_text"
    layer = COLOUR

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if "vanilla" in raw:  # it would choose its cards by what it changes
            raise CardDataError(f"{where}: no_text takes no vanilla filter")

    def text(self, s: Step) -> str:
        return f"{subject(s)} {verb_for(s, 'is')} treated as having no effect text (its effects still work)."


for _m in (
    BPMod(),
    CostMod(),
    AddColour(),
    SetColour(),
    AddSymbol(),
    AddFamily(),
    NoFamilies(),
    Forbid(),
    NoText(),
    EntersExhausted(),
    GrantKeyword(),
    DrawChange(),
):
    MODIFIERS[_m.name] = _m
