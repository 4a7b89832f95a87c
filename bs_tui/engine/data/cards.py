"""Card definitions: the static data of every card, read from TOML with tomli.

A card file holds `[[card]]` tables. Effects are data in a small vocabulary
(see `core.registry.VERBS`); the text a player reads is generated from that data by
`text.card_text`, so what is shown is what the engine executes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from bs_tui.files import CARD_DATA_LIMIT, FileProblem, decode, load_toml, read_bytes
from bs_tui.toml_lines import line_of, toml_lines

from ..core.registry import BURST_EVENTS, CONDITIONS, MODIFIERS, TIMINGS, VERBS

KINDS = ("spirit", "ultimate", "brave", "nexus", "magic")
# The families that make a nexus a grandwalker or an astral stone (000 ch.2 §6: a nexus with
# the family 创界神 / 创界石 is one; families printed on a nexus are not effects, 001).
GRANDWALKER, ASTRAL_STONE = "Grandwalker", "Astral Stone"
COLOURS = ("red", "purple", "green", "white", "yellow", "blue")
# The family that makes a brave an imagine brave (异魔神, 000 ch.2 §1): braved to up to two
# spirits, one on each side.
IMAGINE = "Imagine"
# Which host an effect with `braved` is given to: any host, one side of an imagine brave, or
# one kind of host of a myth brave (000 ch.2 §1: [Left/Right Braved], [Spirit/Nexus Braved]).
BRAVED = ("any", "left", "right", "spirit", "nexus")
# Symbols that are not a colour: they never reduce a coloured cost (003, カードの色とシンボルの色).
SPECIAL_SYMBOLS = ("ultimate", "god")

TRIGGERS = (
    "summoned",
    "attacks",
    "blocks",
    "destroyed",
    "life_reduced",
    "main",
    "flash",
    "burst",
    "advents",
    "reborn",
    "leaves",
    "manifests",
    "continuous",  # 常在: works while its conditions hold (`model.modifiers`, `model.derived`)
)
# The spans of the game `during` may name (`model.conditions.DURING`).
DURINGS = ("your_turn", "opponent_turn", "advent", "battle", "attack_step")
# Whose event an effect listens to: the card itself, or any of its controller's spirits.
SCOPES = ("this", "own_spirit")
# What sets off a burst (000 ch.2 §2): the events after which its owner may activate it.
BURST_CONDITIONS = ("life_reduced", "spirit_destroyed", "spirit_left", "opponent_summons", "opponent_attacks")
# After a burst's effect: optionally pay the cost to use its flash effect, or summon the card.
BURST_FOLLOW_UPS = ("", "flash", "main", "summon")
# Keywords, each defined once in `keywords.py`.
KEYWORDS = ("clash", "armor", "heavy_armor", "super_armor", "crush", "swift", "awaken", "assault", "seal")
ONCE = ("", "turn", "turn_name", "game_name", "turn_tag", "game_tag")

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "cards"


class CardDataError(ValueError):
    """A card file that cannot be used, with the file and card named."""


@dataclass(frozen=True, slots=True)
class Step:
    """One instruction of an effect: a verb and its parameters."""

    verb: str
    params: tuple[tuple[str, Any], ...]

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class ChangeSpec:
    """【变换】 Change (000 Q&A 关于描述的变更 A3; official text in /work/coverage/official.md): a
    Main/Flash effect of a spirit card used from the hand by paying this cost (reduced by field
    symbols as usual; effects changing the cost of spirit cards in hand do not change it);
    afterwards the card is discarded, or exchanged with one of your spirits meeting this
    condition (family, cost range)."""

    cost: int
    reduction: tuple[str, ...] = ()
    family: str = ""
    min_cost: int = 0
    max_cost: int = -1  # -1: no upper bound

    def fits(self, cost: int, families: tuple[str, ...]) -> bool:
        """Does a spirit of this cost and these families meet the exchange condition?"""
        if cost < self.min_cost or (self.max_cost >= 0 and cost > self.max_cost):
            return False
        return not self.family or self.family in families


@dataclass(frozen=True, slots=True)
class Effect:
    """A triggered or used effect of a card."""

    when: str
    steps: tuple[Step, ...]
    levels: tuple[int, ...] = ()  # empty: at every level
    may: bool = False
    scope: str = "this"
    # a [Braved] effect: given to the spirit the brave is braved to ("any"), or only to the
    # host on one side ("left", "right") or of one kind ("spirit", "nexus"); "": not braved
    braved: str = ""
    mirage: bool = False  # a [Set] effect: works while the card is set as a mirage
    condition: str = ""  # a burst's condition
    follow_up: str = ""  # a burst's follow-up: "flash" or "summon" by paying the cost
    once: str = ""  # "turn": once per turn; "turn_name"/"game_name": [once per turn/game: same name]
    no_duplicates: bool = False  # [no duplicates]: same-name copies do not add up
    sealed: bool = False  # works only while your Soul Core is in your life
    min_count: int = 0  # [Count N]: works only while its controller's count is N or more (002)
    soul: bool = False  # [Soul State]: works in soul state too, whatever the level (001)
    oc: bool = False  # [OC]: works only while its card's Over Count is met (001)
    contract_source: bool = False  # [Contract Advent Source]: given to a 《契约煌临》 spirit on it (001)
    during_advent: bool = False  # [During Advent]: works while an advent source is under it (ch.2 §5)
    # [Grand Skill: N] / [Ascension: N] (000 ch.2 §6): used by moving N cores from this
    # grandwalker to the void
    skill: int = 0
    # conditions it works under (`if`: ((name, value), ...), `model.conditions`) and the span
    # of the game it works in (`during`: "your_turn", "advent", ...)
    cond: tuple[tuple[str, Any], ...] = ()
    during: str = ""
    # the keyword a "once per turn/game: 【keyword】" limit is shared by (001, l.109)
    once_tag: str = ""
    change: ChangeSpec | None = None  # 【变换】: used from the hand (systems/change.py)

    def active_at(self, level: int) -> bool:
        return not self.levels or level in self.levels


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability: its name, the levels it works at, and its parameter."""

    name: str
    levels: tuple[int, ...] = ()
    colours: tuple[str, ...] = ()  # armor, heavy armor
    n: int = 1  # assault: times a turn

    def active_at(self, level: int) -> bool:
        return not self.levels or level in self.levels


@dataclass(frozen=True, slots=True)
class BraveCondition:
    """One brave condition: a host of this cost or more, of this family (000 ch.2 §1)."""

    min_cost: int = 0
    family: str = ""

    def fits(self, host: CardDef, cost: int | None = None, families: tuple[str, ...] | None = None) -> bool:
        cost = host.cost if cost is None else cost
        families = host.families if families is None else families
        return cost >= self.min_cost and (not self.family or self.family in families)

    def words(self) -> str:
        cond = []
        if self.min_cost:
            cond.append(f"cost {self.min_cost} or more")
        if self.family:
            cond.append(f"family {self.family}")
        return " with " + " and ".join(cond) if cond else ""


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    kind: str
    colours: tuple[str, ...]
    cost: int
    reduction: tuple[str, ...] = ()
    families: tuple[str, ...] = ()
    # Each symbol is a tuple of the colours it counts as (a multi-colour symbol has several).
    symbols: tuple[tuple[str, ...], ...] = ()
    lv_cores: tuple[int, ...] = ()
    lv_bp: tuple[int, ...] = ()
    effects: tuple[Effect, ...] = ()
    flavor: str = ""
    contract: bool = False
    brave_bp: int = 0
    brave_min_cost: int = 0  # brave condition: a spirit of this cost or more
    brave_family: str = ""  # brave condition: a spirit of this family
    mirage_cost: int = -1  # >= 0: the card can be set as a mirage for this cost
    keywords: tuple[Keyword, ...] = ()
    text: tuple[str, ...] = ()  # optional: the text the designer wrote, checked against the generated text
    back: CardDef | None = None  # a rebirth card's back face (000 ch.2 §7): only ever up on the field
    is_back: bool = False  # this is a back face (same id as its front)
    brave_ultimate: bool = False  # brave condition: names ultimates too (000 ch.1 §2, ch.2 §4)
    # an imagine brave's condition for its right side, when it is not that of its left
    brave_right: BraveCondition | None = None
    # a myth brave's second condition, for a grandwalker nexus (神话合体, 000 ch.2 §1)
    brave_nexus: BraveCondition | None = None
    # summon condition (ultimates, 000 ch.2 §4): `summon_count` or more of your spirits of
    # `summon_colour` (any colour when empty) on the field
    summon_colour: str = ""
    summon_count: int = 0
    trigger_counter: bool = False  # [Trigger Counter]: guards an opponent's U-trigger that reveals it
    token: bool = False  # a token card (000 ch.2 §9): outside the deck, only put onto the field by effects
    # 《煌临》 (000 ch.2 §5): the timings it may advent at ("main", "flash"; none: no advent),
    # the condition (a target of this cost or more, of this family) and where the Soul Core goes
    advent_timings: tuple[str, ...] = ()
    advent_min_cost: int = 0
    advent_family: str = ""
    advent_soul: str = "trash"
    advent_contract: bool = False  # 《契约煌临》 (001): also straight onto your card in soul state
    # 《神煌临》 God Advent: N cores of one of your grandwalker nexuses to the void may pay for
    # it instead of the Soul Core (0: plain advent); 《超煌临》 Super Advent: the Soul Core is
    # put onto the new spirit from your life, field, reserve or trash instead (systems/advent.py)
    advent_god: int = 0
    advent_super: bool = False
    # Core Charge (神托, 000 ch.2 §6): the cards that charge this grandwalker: kinds, and
    # cost at least / any of the families (a condition naming no brave or ultimate counts
    # spirit cards only)
    charge_kinds: tuple[str, ...] = ()
    charge_min_cost: int = 0
    charge_families: tuple[str, ...] = ()
    # 《显现》 Manifest (ch.2 §6): summoned paying one core of your grandwalker whose name
    # holds this (the rest from your life, field and reserve)
    manifest: str = ""
    # Over Count (OC, 001): while its controller's count is `oc` or more, BP +`oc_bp` and its
    # [OC] effects work
    oc: int = 0
    oc_bp: int = 0
    revival: bool = False  # 【复活】 Revival (000 ch.2 §6): deployed again from soul state by paying its cost
    # 识别番号 (000 ch.1 §1, line 30): cards of one name with different identification numbers
    # are different cards (3 of each in a deck)
    ident: str = ""
    # "any number of this card may be in a deck": the card's effect beats the rule of 3 (003)
    any_number: bool = False
    # What the families and kind make it, set once as the card is read (asked in hot loops):
    # a grandwalker or astral stone nexus (000 ch.2 §6: a nexus of the family Grandwalker /
    # Astral Stone; `walker`: either, whose cores are its own: no cores on deploy, none moved
    # or paid from it, none counted as field cores, to the void when it leaves), an imagine
    # brave (异魔神合体: up to two spirits, left and right), a myth brave (神话合体: a spirit
    # or ultimate, or a grandwalker nexus).
    grandwalker: bool = False
    astral_stone: bool = False
    walker: bool = False
    imagine: bool = False
    myth: bool = False
    triggers: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False, hash=False)

    def charges(self, other: CardDef) -> bool:
        """Does `other` meet this grandwalker's core charge condition?"""
        return (
            bool(self.charge_kinds)
            and other.kind in self.charge_kinds
            and other.cost >= self.charge_min_cost
            and (not self.charge_families or any(f in other.families for f in self.charge_families))
        )

    @property
    def lv1_cores(self) -> int:
        """The cores its lowest level needs (Lv1; Lv3 for an ultimate)."""
        return self.lv_cores[0] if self.lv_cores else 0

    @property
    def first_level(self) -> int:
        """An ultimate's levels start at Lv3 (000 ch.2 §4; 002: Lv3 to Lv6)."""
        return 3 if self.kind == "ultimate" else 1

    def level_for(self, cores: int) -> int:
        """The level this card has with `cores` cores on it; 0 means below its lowest."""
        level = 0
        for i, need in enumerate(self.lv_cores):
            if cores >= need:
                level = i + self.first_level
        return level

    def bp_at(self, level: int) -> int:
        i = level - self.first_level
        return self.lv_bp[i] if level > 0 and 0 <= i < len(self.lv_bp) else 0

    @property
    def levels(self) -> tuple[int, ...]:
        return tuple(range(self.first_level, self.first_level + len(self.lv_cores)))

    def effects_for(self, when: str) -> tuple[int, ...]:
        return self.triggers.get(when, ())

    def keyword(self, name: str) -> Keyword | None:
        for k in self.keywords:
            if k.name == name:
                return k
        return None

    @property
    def burst(self) -> Effect | None:
        idx = self.triggers.get("burst")
        return self.effects[idx[0]] if idx else None

    def can_brave(
        self, host: CardDef, side: str = "", cost: int | None = None, families: tuple[str, ...] | None = None
    ) -> bool:
        """The brave condition (rulebook 000 ch.2 §1): a spirit meeting it, or an ultimate
        when the condition names ultimates (ch.1 §2, ch.2 §4); an imagine brave's right
        `side` may have a condition of its own; a myth brave also braves a grandwalker
        nexus meeting its nexus condition (either condition is enough). `cost` and `families`:
        the host's as effects make them now, when they differ from its card's."""
        if host.grandwalker:
            return self.brave_nexus is not None and self.brave_nexus.fits(host, cost, families)
        if host.kind != "spirit" and not (host.kind == "ultimate" and self.brave_ultimate):
            return False
        if side == "right" and self.brave_right is not None:
            return self.brave_right.fits(host, cost, families)
        # the card's own condition (`BraveCondition` of brave_min_cost and brave_family), read
        # here without making one: every Main Step asks it of each brave and possible host
        cost = host.cost if cost is None else cost
        families = host.families if families is None else families
        return cost >= self.brave_min_cost and (not self.brave_family or self.brave_family in families)


def _symbol(raw: str, where: str) -> tuple[str, ...]:
    parts = tuple(raw.split("+"))
    for p in parts:
        if p not in COLOURS and p not in SPECIAL_SYMBOLS:
            raise CardDataError(f"{where}: unknown symbol colour {p!r}")
    return parts


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def parse_steps(raw: Any, where: str, vocabulary: dict[str, Any] | None = None) -> tuple[Step, ...]:
    """Steps of an effect; verbs that hold steps (chain, by, if_you_do, afterwards) have
    them parsed too. A continuous effect's steps are modifiers (`MODIFIERS`), not verbs."""
    words = VERBS if vocabulary is None else vocabulary
    if not isinstance(raw, list):
        raise CardDataError(f"{where}: do is a list of steps")
    steps = []
    for s in raw:
        if not isinstance(s, dict):
            raise CardDataError(f"{where}: each step is a table")
        s = dict(s)
        verb = s.pop("verb", None)
        if not isinstance(verb, str) or verb not in words:
            what = "a continuous effect has no modifier" if vocabulary is not None else "the engine has no verb"
            raise CardDataError(f"{where}: {what} {str(verb)[:40]!r}")
        v = words[verb]
        nested = {k: parse_steps(s.pop(k), where) for k in getattr(v, "nested", ()) if k in s}
        v.check(s, where)
        for k in getattr(v, "nested", ()):
            if k not in nested:
                raise CardDataError(f"{where}: {verb} needs {k!r} (a list of steps)")
        steps.append(Step(verb, tuple(sorted(list(_freeze(s)) + list(nested.items())))))
    return tuple(steps)


# The fields each table of card data may have: anything else is a typo, refused with its name.
CARD_FIELDS = frozenset(
    (
        "id", "name", "kind", "colours", "cost", "reduction", "families", "symbols", "levels",
        "keywords", "effect", "flavor", "contract", "brave_bp", "brave_condition", "summon_condition",
        "brave_condition_right", "brave_condition_nexus",
        "trigger_counter", "token", "advent", "mirage_cost", "text", "back", "core_charge", "manifest", "oc", "revival",
        "ident", "any_number",
    )
)  # fmt: skip
EFFECT_FIELDS = frozenset(
    (
        "when", "scope", "do", "levels", "condition", "follow_up", "once", "may", "braved", "mirage",
        "no_duplicates", "sealed", "min_count", "during_advent", "skill", "soul_state", "oc", "contract_source",
        "if", "during", "change", "once_tag",
    )
)  # fmt: skip
PART_FIELDS = {
    "levels": frozenset(("cores", "bp")),
    "keywords": frozenset(("name", "levels", "colours", "n")),
    "brave_condition": frozenset(("min_cost", "family", "ultimate")),
    "brave_condition_right": frozenset(("min_cost", "family")),
    "brave_condition_nexus": frozenset(("min_cost", "family")),
    "summon_condition": frozenset(("colour", "count")),
    "advent": frozenset(("min_cost", "family", "timings", "soul", "contract", "god", "super")),
    "change": frozenset(("cost", "reduction", "family", "min_cost", "max_cost")),
    "core_charge": frozenset(("kinds", "min_cost", "families")),
    "oc": frozenset(("count", "bp")),
}
# Timings an effect of scope "own_spirit" (one of your spirits) may have: those the engine
# collects for a controller's spirits and the card text can say.
OWN_SPIRIT_TIMINGS = ("summoned", "attacks", "blocks", "destroyed", "advents", "reborn")


# What each field of card data may hold, bounded as decks and saves are (a card file is a
# user's file too): ("int", lo, hi), ("str", shortest, longest), ("bool",), ("list", item,
# most), ("table", its schema) or ("bool_or_str", longest). Fields a rule module adds and
# this does not list are checked by that module.
INT = lambda lo, hi: ("int", lo, hi)  # noqa: E731
STR = lambda lo, hi: ("str", lo, hi)  # noqa: E731
BOOL = ("bool",)
NAME = STR(1, 80)
FAMILY = STR(1, 40)
COST = INT(0, 99)
BIG = 1_000_000  # BP and BP+: far above any printed
PART_SCHEMA: dict[str, dict[str, Any]] = {
    "levels": {"cores": COST, "bp": INT(0, BIG)},
    "keywords": {"name": STR(1, 20), "levels": ("list", INT(1, 10), 10), "colours": ("list", STR(1, 20), 6),
                 "n": INT(1, 10)},
    "brave_condition": {"min_cost": COST, "family": FAMILY, "ultimate": BOOL},
    "brave_condition_right": {"min_cost": COST, "family": FAMILY},
    "brave_condition_nexus": {"min_cost": COST, "family": FAMILY},
    "summon_condition": {"colour": STR(1, 20), "count": INT(0, 10)},
    "advent": {"min_cost": COST, "family": FAMILY, "timings": ("list", STR(1, 20), 4), "soul": STR(1, 20),
               "contract": BOOL, "god": INT(0, 20), "super": BOOL},
    "change": {"cost": INT(0, 20), "reduction": ("list", STR(1, 20), 12), "family": FAMILY, "min_cost": COST,
               "max_cost": INT(-1, 99)},
    "core_charge": {"kinds": ("list", STR(1, 20), 3), "min_cost": COST, "families": ("list", FAMILY, 10)},
    "oc": {"count": INT(1, 99), "bp": INT(0, BIG)},
}  # fmt: skip
EFFECT_SCHEMA: dict[str, Any] = {
    "when": STR(1, 40), "scope": STR(1, 40), "do": ("list", ("table", None), 20), "levels": ("list", INT(1, 10), 10),
    "condition": STR(0, 40), "follow_up": STR(0, 20), "once": STR(0, 20), "may": BOOL, "braved": ("bool_or_str", 20),
    "mirage": BOOL, "no_duplicates": BOOL, "sealed": BOOL, "min_count": INT(0, 99), "during_advent": BOOL,
    "skill": INT(0, 99), "soul_state": BOOL, "oc": BOOL, "contract_source": BOOL, "if": ("table", None),
    "during": STR(0, 40), "change": ("table", PART_SCHEMA["change"]), "once_tag": STR(1, 20),
}  # fmt: skip
CARD_SCHEMA: dict[str, Any] = {
    "id": STR(1, 40), "name": NAME, "kind": STR(1, 20), "cost": COST, "colours": ("list", STR(1, 20), 6),
    "reduction": ("list", STR(1, 20), 12), "families": ("list", FAMILY, 10), "symbols": ("list", STR(1, 60), 10),
    "levels": ("list", ("table", PART_SCHEMA["levels"]), 10),
    "keywords": ("list", ("table", PART_SCHEMA["keywords"]), 20),
    "effect": ("list", ("table", EFFECT_SCHEMA), 30), "flavor": STR(0, 500), "contract": BOOL, "brave_bp": INT(0, BIG),
    "brave_condition": ("table", PART_SCHEMA["brave_condition"]),
    "summon_condition": ("table", PART_SCHEMA["summon_condition"]),
    "brave_condition_right": ("table", PART_SCHEMA["brave_condition_right"]),
    "brave_condition_nexus": ("table", PART_SCHEMA["brave_condition_nexus"]), "trigger_counter": BOOL, "token": BOOL,
    "advent": ("table", PART_SCHEMA["advent"]), "mirage_cost": COST, "text": ("list", STR(0, 500), 40),
    "back": ("table", None), "core_charge": ("table", PART_SCHEMA["core_charge"]), "manifest": NAME,
    "oc": ("table", PART_SCHEMA["oc"]), "revival": BOOL, "ident": STR(1, 20), "any_number": BOOL,
}  # fmt: skip


def check_value(value: Any, spec: Any, where: str, key: str) -> None:
    """Raise a CardDataError naming `key` when `value` is not what `spec` allows."""
    kind = spec[0]
    if kind == "int":
        if not isinstance(value, int) or isinstance(value, bool) or not spec[1] <= value <= spec[2]:
            raise CardDataError(f"{where}: {key} is a whole number from {spec[1]} to {spec[2]}")
    elif kind == "str":
        if not isinstance(value, str) or not spec[1] <= len(value) <= spec[2]:
            raise CardDataError(f"{where}: {key} is text of {spec[1]} to {spec[2]} characters")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise CardDataError(f"{where}: {key} is true or false")
    elif kind == "bool_or_str":
        if not (isinstance(value, bool) or (isinstance(value, str) and len(value) <= spec[1])):
            raise CardDataError(f"{where}: {key} is true, false or a short word")
    elif kind == "list":
        if not isinstance(value, list) or len(value) > spec[2]:
            raise CardDataError(f"{where}: {key} is a list of at most {spec[2]}")
        for i, item in enumerate(value):
            check_value(item, spec[1], where, f"{key}[{i + 1}]")
    elif kind == "table":
        if not isinstance(value, dict):
            raise CardDataError(f"{where}: {key} is a table")
        for k, v in (spec[1] or {}).items():
            if k in value:
                check_value(value[k], v, where, f"{key}.{k}" if key else k)


def known_fields(t: Any, allowed: frozenset[str], where: str, what: str) -> None:
    if not isinstance(t, dict):
        raise CardDataError(f"{where}: {what} is a table")
    for k in t:
        if k not in allowed:
            raise CardDataError(f"{where}: {what} has no field {str(k)[:40]!r}")


def _walker(t: dict[str, Any], kind: str, where: str) -> dict[str, Any]:
    """Core charge on a grandwalker and manifest on a spirit (000 ch.2 §6)."""
    out: dict[str, Any] = {}
    raw = t.get("core_charge")
    if raw is not None:
        known_fields(raw, PART_FIELDS["core_charge"], where, "core_charge")
        if kind != "nexus" or GRANDWALKER not in t.get("families", ()):
            raise CardDataError(f"{where}: only a grandwalker nexus has core_charge")
        kinds = tuple(str(x) for x in raw.get("kinds", ("spirit",)))
        if not kinds or any(k not in ("spirit", "brave", "ultimate") for k in kinds):
            raise CardDataError(f"{where}: core_charge.kinds are 'spirit', 'brave' and/or 'ultimate'")
        out["charge_kinds"] = kinds
        out["charge_min_cost"] = int(raw.get("min_cost", 0))
        out["charge_families"] = tuple(str(x) for x in raw.get("families", ()))
    if "oc" in t:
        known_fields(t["oc"], PART_FIELDS["oc"], where, "oc")
        if kind not in ("spirit", "ultimate") or int(t["oc"].get("count", 0)) < 1:
            raise CardDataError(f"{where}: oc = {{ count = N (1 or more), bp = X }}, on a spirit or ultimate")
        out["oc"] = int(t["oc"]["count"])
        out["oc_bp"] = int(t["oc"].get("bp", 0))
    if t.get("revival"):
        if not (t.get("contract") and kind == "nexus" and GRANDWALKER in t.get("families", ())):
            raise CardDataError(f"{where}: revival is a contract grandwalker's")
        out["revival"] = True
    if "manifest" in t:
        if kind != "spirit" or not str(t["manifest"]):
            raise CardDataError(f"{where}: manifest names a grandwalker, on a spirit")
        out["manifest"] = str(t["manifest"])
    return out


def _advent(raw: Any, where: str) -> dict[str, Any]:
    if raw is None:
        return {}
    known_fields(raw, PART_FIELDS["advent"], where, "advent")
    timings = tuple(str(x) for x in raw.get("timings", ("main",)))
    soul = str(raw.get("soul", "trash"))
    if not timings or any(x not in ("main", "flash") for x in timings):
        raise CardDataError(f"{where}: advent.timings are 'main' and/or 'flash'")
    if soul not in ("trash", "reserve"):
        raise CardDataError(f"{where}: advent.soul is 'trash' or 'reserve'")
    god = raw.get("god", 0)
    if not isinstance(god, int) or isinstance(god, bool) or not 0 <= god <= 20:
        raise CardDataError(f"{where}: advent.god is a number of grandwalker cores from 1 to 20")
    sup = raw.get("super", False)
    if not isinstance(sup, bool):
        raise CardDataError(f"{where}: advent.super is true or false")
    if sup and ("soul" in raw or god):
        # Super Advent gathers the Soul Core onto the spirit: it sends it nowhere, and is paid by nothing else
        raise CardDataError(f"{where}: a super advent has no soul destination and no god payment")
    return {
        "advent_timings": timings,
        "advent_min_cost": int(raw.get("min_cost", 0)),
        "advent_family": str(raw.get("family", "")),
        "advent_soul": soul,
        "advent_contract": bool(raw.get("contract", False)),
        "advent_god": god,
        "advent_super": sup,
    }


def _change(raw: Any, kind: str, when: str, where: str) -> ChangeSpec | None:
    """`change = { cost = 3, reduction = ["red"], family = "...", min_cost, max_cost }` on a
    spirit card's Main or Flash effect: 【变换】 Change."""
    if raw is None:
        return None
    known_fields(raw, PART_FIELDS["change"], where, "change")
    if kind != "spirit" or when not in ("main", "flash"):
        raise CardDataError(f"{where}: change is a spirit card's Main or Flash effect")
    cost = raw.get("cost")
    if not isinstance(cost, int) or isinstance(cost, bool) or not 0 <= cost <= 20:
        raise CardDataError(f"{where}: change.cost is a number from 0 to 20")
    reduction = tuple(raw.get("reduction", ()))
    for c in reduction:
        if c not in COLOURS and c not in SPECIAL_SYMBOLS:
            raise CardDataError(f"{where}: unknown reduction symbol {c!r} in change")
    lo, hi = raw.get("min_cost", 0), raw.get("max_cost", -1)
    for k, v in (("min_cost", lo), ("max_cost", hi)):
        if not isinstance(v, int) or isinstance(v, bool) or not -1 <= v <= 99:
            raise CardDataError(f"{where}: change.{k} is a number from 0 to 99")
    return ChangeSpec(cost, reduction, str(raw.get("family", "")), lo, hi)


def card_from_table(t: dict[str, Any], where: str, is_back: bool = False) -> CardDef:
    if not isinstance(t, dict):
        raise CardDataError(f"{where}: a card is a table")
    for k, spec in CARD_SCHEMA.items():
        if k in t:
            check_value(t[k], spec, f"{where} card {str(t.get('id', '?'))[:40]}", k)
    try:
        cid = str(t["id"])
        name = str(t["name"])
        kind = str(t["kind"])
        cost = int(t["cost"])
    except KeyError as e:
        raise CardDataError(f"{where}: missing field {e.args[0]!r}") from None
    where = f"{where} card {cid}"
    known_fields(t, CARD_FIELDS, where, "a card")
    for part in ("brave_condition", "summon_condition", "brave_condition_right", "brave_condition_nexus"):
        if part in t:
            known_fields(t[part], PART_FIELDS[part], where, part)
    for part in ("levels", "keywords"):
        for x in t.get(part, ()):
            known_fields(x, PART_FIELDS[part], where, f"each of {part}")
    if kind not in KINDS:
        raise CardDataError(f"{where}: unknown kind {kind!r}")
    colours = tuple(t.get("colours", ()))
    for c in colours:
        if c not in COLOURS:
            raise CardDataError(f"{where}: unknown colour {c!r}")
    reduction = tuple(t.get("reduction", ()))
    for c in reduction:
        if c not in COLOURS and c not in SPECIAL_SYMBOLS:
            raise CardDataError(f"{where}: unknown reduction symbol {c!r}")
    symbols = tuple(_symbol(s, where) for s in t.get("symbols", ()))
    lv_cores: list[int] = []
    lv_bp: list[int] = []
    for lv in t.get("levels", ()):
        lv_cores.append(int(lv["cores"]))
        lv_bp.append(int(lv.get("bp", 0)))
    if kind in ("spirit", "ultimate", "brave") and not lv_cores:
        raise CardDataError(f"{where}: a {kind} needs levels")
    if kind == "nexus" and not lv_cores:
        lv_cores = [0]
        lv_bp = [0]
    if lv_cores != sorted(lv_cores):
        raise CardDataError(f"{where}: level core costs must rise")
    effects: list[Effect] = []
    for i, e in enumerate(t.get("effect", ())):
        ew = f"{where} effect {i + 1}"
        known_fields(e, EFFECT_FIELDS, ew, "an effect")
        when = e.get("when")
        if when not in TRIGGERS and when not in TIMINGS:  # TIMINGS: those rule modules add
            raise CardDataError(f"{ew}: unknown timing {str(when)[:40]!r}")
        scope = e.get("scope", "this")
        if scope not in SCOPES:
            raise CardDataError(f"{ew}: unknown scope {scope!r}")
        if scope == "own_spirit" and when not in OWN_SPIRIT_TIMINGS and not (when in TIMINGS and TIMINGS[when].own):
            raise CardDataError(f"{ew}: scope 'own_spirit' goes with one of {OWN_SPIRIT_TIMINGS}")
        continuous = when == "continuous"
        steps = parse_steps(e.get("do", []), ew, MODIFIERS if continuous else None)
        if not steps:
            raise CardDataError(f"{ew}: an effect needs at least one step")
        levels = tuple(int(x) for x in e.get("levels", ()))
        condition = str(e.get("condition", ""))
        follow_up = str(e.get("follow_up", ""))
        if when == "burst" and condition not in BURST_CONDITIONS and condition not in BURST_EVENTS:
            raise CardDataError(f"{ew}: a burst needs a condition, one of {(*BURST_CONDITIONS, *BURST_EVENTS)}")
        if follow_up not in BURST_FOLLOW_UPS:
            raise CardDataError(f"{ew}: unknown burst follow-up {follow_up!r}")
        if e.get("skill") and not (
            kind == "nexus" and GRANDWALKER in t.get("families", ()) and when in ("main", "flash")
        ):
            raise CardDataError(f"{ew}: a skill (Grand Skill, Ascension) is a grandwalker's, at main or flash")
        if e.get("soul_state") and not t.get("contract"):
            raise CardDataError(f"{ew}: a [Soul State] effect is a contract card's")
        if e.get("oc") and "oc" not in t:
            raise CardDataError(f"{ew}: an [OC] effect needs the card's oc = {{ count, bp }}")
        if e.get("contract_source") and not t.get("contract"):
            raise CardDataError(f"{ew}: a [Contract Advent Source] effect is a contract card's")
        once = str(e.get("once", ""))
        if once not in ONCE:
            raise CardDataError(f"{ew}: once is one of {ONCE[1:]}")
        if (once in ("turn_tag", "game_tag")) != bool(e.get("once_tag")):
            raise CardDataError(f"{ew}: once = 'turn_tag' / 'game_tag' goes with once_tag (the keyword)")
        if continuous and (once or e.get("may") or scope != "this" or e.get("skill") or condition):
            raise CardDataError(f"{ew}: a continuous effect has no once, may, scope, skill or condition")
        during = e.get("during", "")
        if during not in ("", *DURINGS):
            raise CardDataError(f"{ew}: during is one of {DURINGS}")
        cond = _conditions(e.get("if"), ew)
        change = _change(e.get("change"), kind, when, ew)
        if change is not None and (e.get("skill") or scope != "this" or e.get("braved") or e.get("mirage")):
            raise CardDataError(f"{ew}: a change effect is the card's own, used from the hand")
        effects.append(
            Effect(
                when,
                steps,
                levels,
                bool(e.get("may", False)),
                scope,
                braved=_braved(e.get("braved", False), ew),
                mirage=bool(e.get("mirage", False)),
                condition=condition,
                follow_up=follow_up,
                once=once,
                no_duplicates=bool(e.get("no_duplicates", False)),
                sealed=bool(e.get("sealed", False)),
                min_count=int(e.get("min_count", 0)),
                soul=bool(e.get("soul_state", False)),
                oc=bool(e.get("oc", False)),
                contract_source=bool(e.get("contract_source", False)),
                during_advent=bool(e.get("during_advent", False)),
                skill=int(e.get("skill", 0)),
                cond=cond,
                during=during,
                once_tag=str(e.get("once_tag", "")),
                change=change,
            )
        )
    if kind == "magic" and not any(e.when in ("main", "flash", "burst") for e in effects):
        raise CardDataError(f"{where}: a magic needs a main, flash or burst effect")
    if sum(e.when == "burst" for e in effects) > 1:
        raise CardDataError(f"{where}: a card has at most one burst effect")
    keywords = []
    for k in t.get("keywords", ()):
        if k.get("name") not in KEYWORDS:
            raise CardDataError(f"{where}: unknown keyword {k.get('name')!r}")
        cols = tuple(k.get("colours", ()))
        for c in cols:
            if c not in COLOURS:
                raise CardDataError(f"{where}: unknown colour {c!r} in keyword {k['name']}")
        if k["name"] in ("armor", "heavy_armor", "super_armor") and not cols:
            raise CardDataError(f"{where}: {k['name']} needs colours")
        keywords.append(Keyword(k["name"], tuple(int(x) for x in k.get("levels", ())), cols, int(k.get("n", 1))))
    if kind == "brave" and "brave_bp" not in t:
        raise CardDataError(f"{where}: a brave needs brave_bp (its BP+ when braved)")
    imagine = kind == "brave" and IMAGINE in t.get("families", ())
    if "brave_condition_right" in t and not imagine:
        raise CardDataError(f"{where}: only an imagine brave (family {IMAGINE}) has brave_condition_right")
    if "brave_condition_nexus" in t and (kind != "brave" or imagine):
        raise CardDataError(f"{where}: only a myth brave (not an imagine one) has brave_condition_nexus")
    for i, e in enumerate(effects):
        if e.braved in ("left", "right") and not imagine:
            raise CardDataError(f"{where} effect {i + 1}: braved = {e.braved!r} is for imagine braves")
        if e.braved in ("spirit", "nexus") and "brave_condition_nexus" not in t:
            raise CardDataError(f"{where} effect {i + 1}: braved = {e.braved!r} is for myth braves")
    triggers: dict[str, list[int]] = {}
    for i, e in enumerate(effects):
        key = e.when if e.scope == "this" else f"{e.when}:{e.scope}"
        if e.contract_source:  # as an advent source, and as a spirit (【契约煌临元】/【战魂】)
            triggers.setdefault("contract_source:" + key, []).append(i)
        if e.change is not None:
            key = "change:" + key  # used from the hand only, never by the card on the field
        elif e.braved:
            key = braved_key(e.braved) + key
        elif e.mirage:
            key = "mirage:" + key
        triggers.setdefault(key, []).append(i)
    return CardDef(
        id=cid,
        name=name,
        kind=kind,
        colours=colours,
        cost=cost,
        reduction=reduction,
        families=tuple(t.get("families", ())),
        symbols=symbols,
        lv_cores=tuple(lv_cores),
        lv_bp=tuple(lv_bp),
        effects=tuple(effects),
        flavor=str(t.get("flavor", "")),
        contract=bool(t.get("contract", False)),
        brave_bp=int(t.get("brave_bp", 0)),
        brave_min_cost=int(t.get("brave_condition", {}).get("min_cost", 0)),
        brave_family=str(t.get("brave_condition", {}).get("family", "")),
        brave_ultimate=bool(t.get("brave_condition", {}).get("ultimate", False)),
        brave_right=_condition(t.get("brave_condition_right")),
        brave_nexus=_condition(t.get("brave_condition_nexus")),
        summon_colour=str(t.get("summon_condition", {}).get("colour", "")),
        summon_count=int(t.get("summon_condition", {}).get("count", 0)),
        trigger_counter=bool(t.get("trigger_counter", False)),
        ident=str(t.get("ident", "")),
        any_number=bool(t.get("any_number", False)),
        token=bool(t.get("token", False)),
        **_advent(t.get("advent"), where),
        **_walker(t, kind, where),
        mirage_cost=int(t.get("mirage_cost", -1)),
        keywords=tuple(keywords),
        text=tuple(str(x) for x in t.get("text", ())),
        triggers={k: tuple(v) for k, v in triggers.items()},
        back=_back(t, cid, where),
        is_back=is_back,
        **_nature(kind, tuple(t.get("families", ())), t),
    )


def _conditions(raw: Any, where: str) -> tuple[tuple[str, Any], ...]:
    """`if = { have = "nexus", hand_max = 3 }`: every condition must hold (`model.conditions`)."""
    if raw is None:
        return ()
    if not isinstance(raw, dict) or not raw:
        raise CardDataError(f"{where}: if is a table of conditions ({', '.join(CONDITIONS)})")
    for k, v in raw.items():
        if k not in CONDITIONS:
            raise CardDataError(f"{where}: there is no condition {str(k)[:40]!r} ({', '.join(CONDITIONS)})")
        CONDITIONS[k].check(v, where)
    return tuple(sorted(raw.items()))


def _nature(kind: str, families: tuple[str, ...], t: dict[str, Any]) -> dict[str, bool]:
    gw = kind == "nexus" and GRANDWALKER in families
    stone = kind == "nexus" and ASTRAL_STONE in families
    return {
        "grandwalker": gw,
        "astral_stone": stone,
        "walker": gw or stone,
        "imagine": kind == "brave" and IMAGINE in families,
        "myth": "brave_condition_nexus" in t,
    }


def braved_key(braved: str) -> str:
    """The prefix an effect given to a brave's host is collected under."""
    return "braved:" if braved == "any" else f"braved_{braved}:"


def _braved(raw: Any, where: str) -> str:
    """`braved = true` (any host) or the side or kind of host it is given to."""
    if raw is True:
        return "any"
    if raw is False:
        return ""
    if raw not in BRAVED[1:]:
        raise CardDataError(f"{where}: braved is true or one of {BRAVED[1:]}")
    return str(raw)


def _condition(raw: Any) -> BraveCondition | None:
    if raw is None:
        return None
    return BraveCondition(int(raw.get("min_cost", 0)), str(raw.get("family", "")))


def _back(t: dict[str, Any], cid: str, where: str) -> CardDef | None:
    """A rebirth card's back face (000 ch.2 §7): a card table of its own under `back`, with
    the front's id."""
    raw = t.get("back")
    if raw is None:
        return None
    if not isinstance(raw, dict) or "back" in raw:
        raise CardDataError(f"{where}: back is one card table (with no back of its own)")
    if t.get("kind") == "magic":
        raise CardDataError(f"{where}: a magic has no back face")
    return card_from_table({**raw, "id": cid}, f"{where} back", is_back=True)


def _pickled_by_fields(cls: type) -> None:
    """Pickled as a call of the class with its fields' values: the card cache is read at
    every start, and a frozen slots dataclass's own unpickling looks its fields up again
    for each of the thousand objects (half the cache's read time)."""
    names = tuple(f.name for f in fields(cls))

    def __reduce__(self: Any) -> tuple[type, tuple[Any, ...]]:
        return cls, tuple([getattr(self, n) for n in names])

    cls.__reduce__ = __reduce__  # type: ignore[method-assign]


for _cls in (Step, ChangeSpec, Effect, Keyword, BraveCondition, CardDef):
    _pickled_by_fields(_cls)


@dataclass(slots=True)
class CardDB:
    """Every known card by id."""

    cards: dict[str, CardDef]
    digest: str = ""

    def __getitem__(self, cid: str) -> CardDef:
        return self.cards[cid]

    def __contains__(self, cid: object) -> bool:
        return cid in self.cards

    def by_name(self, name: str) -> list[CardDef]:
        return [c for c in self.cards.values() if c.name == name]


def load_card_file(path: Path, data: bytes | None = None) -> list[CardDef]:
    """The cards of one card file, read through the guarded reader. Every problem is a
    CardDataError whose text is `FILE:LINE: problem` (the line of the card's table)."""
    try:
        text = decode(path, data) if data is not None else None
        raw, text = load_toml(path, CARD_DATA_LIMIT, text)
    except FileProblem as e:
        raise CardDataError(str(e)) from None
    tables = raw.get("card", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise CardDataError(f"{path}:{toml_lines(text).get(('card',), 0)}: card must be an array of tables ([[card]])")
    out = []
    for i, t in enumerate(tables):
        try:
            out.append(_card(t, f"{path}:"))
        except CardDataError:
            # the key->line map is built only now: a start with good card data never pays for it
            _card(t, f"{path}:{line_of(toml_lines(text), ('card', i))}:")
            raise
    return out


def _card(t: dict[str, Any], where: str) -> CardDef:
    for k in ("id", "name", "kind", "cost"):
        if k not in t:
            raise CardDataError(f"{where} missing field {k!r}")
    try:
        return card_from_table(t, where)
    except CardDataError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError) as e:
        raise CardDataError(f"{where} card {str(t.get('id', '?'))[:40]}: a field has the wrong type ({e})") from None


def check_references(db: CardDB, origin: dict[str, tuple[Path, str, int]] | None = None) -> None:
    """What a step says of other cards or of its own card holds: a verb may check it with
    `check_card(step, card, db, where)` (a token put onto the field is a token card; a
    flip needs a back face). `origin`: each card's file, text and place in it, so that a
    problem names the file and line like any other card data error."""
    for c in db.cards.values():
        for face in (c, c.back) if c.back is not None else (c,):
            for i, e in enumerate(face.effects):
                words = MODIFIERS if e.when == "continuous" else VERBS
                for s in walk_steps(e.steps):
                    check = getattr(words[s.verb], "check_card", None)
                    if check is None:
                        continue
                    try:
                        check(s, c, db, f"card {c.id} effect {i + 1}")
                    except CardDataError as err:
                        if origin is None or c.id not in origin:
                            raise
                        # the key->line map only now: good card data never pays for it (every
                        # program start loads the cards)
                        path, text, index = origin[c.id]
                        raise CardDataError(f"{path}:{line_of(toml_lines(text), ('card', index))}: {err}") from None


def walk_steps(steps: tuple[Step, ...]) -> Iterator[Step]:
    for s in steps:
        yield s
        for _, v in s.params:
            if isinstance(v, tuple) and v and isinstance(v[0], Step):
                yield from walk_steps(v)


_DEFAULT: CardDB | None = None


def default_cards() -> CardDB | None:
    """The shipped set `load_cards()` gives, if it was loaded or set already."""
    return _DEFAULT


def use_cards(db: CardDB) -> None:
    """Make `db` the shipped set `load_cards()` gives (a caller kept it checked: cardcache)."""
    global _DEFAULT
    _DEFAULT = db


def load_cards(directory: Path | None = None) -> CardDB:
    """Load every `*.toml` card file of a directory (the shipped set by default)."""
    global _DEFAULT
    if directory is None and _DEFAULT is not None:
        return _DEFAULT
    import hashlib

    d = directory or DATA_DIR
    cards: dict[str, CardDef] = {}
    origin: dict[str, tuple[Path, str, int]] = {}
    h = hashlib.blake2b(digest_size=16)
    for path in sorted(d.glob("*.toml")):
        try:
            data = read_bytes(path, CARD_DATA_LIMIT)
        except FileProblem as e:
            raise CardDataError(str(e)) from None
        h.update(path.name.encode())
        h.update(data)
        text = data.decode("utf-8", "replace")
        for i, c in enumerate(load_card_file(path, data)):
            if c.id in cards:
                raise CardDataError(f"{path}: card id {c.id} is defined twice")
            cards[c.id] = c
            origin[c.id] = (path, text, i)
    db = CardDB(cards, h.hexdigest())
    check_references(db, origin)
    if directory is None:
        _DEFAULT = db
    return db
