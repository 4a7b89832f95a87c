"""Grandwalker and astral stone nexuses (rulebook 000 chapter 2 §6; 001 wording).

A grandwalker (创界神核心) is deployed like a nexus but with no cores placed; its cores are
its own (`CardDef.walker`: never paid, moved in the Main Step or counted as field cores,
to the void when it leaves; `costs`, `keywords.unaffected`, `effects.leave_field`). It
fills by Core Charge (神托, always optional): when deployed, unless you already have a
grandwalker of its name, trash the top 3 cards of your deck for a core from the void per
card meeting the condition; afterwards a core from the void for each card meeting it that
you summon or advent. It spends them on [Grand Skill: N] (N cores to the void, then the
effect), [Ascension: N] (it counts as a spirit with BP this turn: it attacks and blocks,
a lower BP never destroys it, spirit-aimed effects still pass it by), and its level,
from those cores, sets its [Grand Field] effects. A spirit with 《显现》 Manifest is
summoned paying one core of the named grandwalker (to the trash) and the rest as usual;
then "when summoned" and "when this spirit manifests".

An astral stone (创界石核心) has the same protected cores, filled by "unseal +X" when its
card says, [Mystery] effects by level and no symbols; it flips by rebirth (`rebirth.Flip`)
into an ordinary card.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import CoreSource
from ..core.machine import op
from ..core.registry import (
    COLLECTORS,
    FLASH_ACTIONS,
    FLASH_OPTIONS,
    MAIN_ACTIONS,
    MAIN_OPTIONS,
    VERBS,
    Question,
    label,
    needs,
    question,
    verb,
)
from ..data.cards import CardDataError, CardDB, CardDef, Step
from ..data.text import effect_text
from ..model.game import Game
from ..model.state import SOUL_LIFE, Mod, Trigger
from ..rules import costs
from ..rules.effects import begin_effect, collect, life_was_reduced, once_key, this_card
from ..rules.keywords import KEYWORD_EFFECTS, KeywordEffect, discard_deck
from ..rules.verbs import Path, Verb

DEPLOY_CHARGE, CHARGE = -20, -21  # the trigger indices of core charge (as keywords' are)


def from_void(g: Game, cid: int, n: int, what: str, tag: str) -> int:
    """Up to `n` cores from the void onto walker `cid` (no "cores added from the void" event:
    000 ch.2 §6). Returns how many."""
    p = g.players[g.static.owner[cid]]
    k = min(n, p.void)
    if k <= 0 or cid not in g.field:
        g.say(f"{what}: the void has no core for {g.card_name(cid)}.")
        return 0
    p.void -= k
    g.field[cid].cores += k
    g.cores_moved = True
    g.say(f"{what}: {costs.cores(k)} from the void onto {g.card_name(cid)} (Lv{costs.level_of(g, cid)}).", tag=tag)
    return k


# ----------------------------------------------------------------------- core charge


def _watch(g: Game, when: str, cid: int) -> None:
    """Core charge triggers: a grandwalker deployed, or a card summoned or advented that
    meets the condition of one of its controller's grandwalkers."""
    if not g.static.walkers or (when != "summoned" and when != "advents"):
        return
    owner = g.static.owner[cid]
    p = g.players[owner]
    d = g.defs[cid]
    if when == "summoned" and d.grandwalker and d.charge_kinds and not d.contract:
        # not when a grandwalker of the same name is already yours (ch.2 §6)
        if not any(o != cid and g.defs[o].grandwalker and g.defs[o].name == d.name for o in p.field):
            g.collected.append((cid, DEPLOY_CHARGE, owner, cid))
        return
    for gw in p.field:
        fc = g.field[gw]
        gd = g.defs[gw]
        if gw != cid and not fc.leaving and gd.grandwalker and not gd.contract and gd.charges(d):
            g.collected.append((gw, CHARGE, owner, cid))


def _deploy_charge(g: Game, trig: Trigger) -> None:
    gw, _, player, _ = trig
    if gw not in g.field or not g.players[player].deck:
        return
    g.ask_yes_no(
        player,
        "core_charge",
        f"Core Charge of {g.card_name(gw)}: trash the top 3 cards of your deck, a core from the void"
        " for each that meets its condition?",
        {"card": gw},
        "deploy_charge",
        gw,
    )


def charge_from_deck(g: Game, gw: int, player: int, what: str, tag: str) -> None:
    """The top 3 cards of the deck to the trash, a core from the void onto grandwalker `gw`
    for each that meets its core charge condition (000 ch.2 §6)."""
    p = g.players[player]
    before = len(p.trash)
    discard_deck(g, player, 3)
    met = sum(1 for c in p.trash[before:] if g.defs[gw].charges(g.static.defs[c]))
    if met:
        from_void(g, gw, met, f"{what} ({met} of them meet it)", tag)
    else:
        g.say(f"{what}: none of them meets the condition of {g.card_name(gw)}.")


@op("deploy_charge")
def deploy_charge(g: Game, answer: bool, gw: int) -> None:
    player = g.static.owner[gw]
    if not answer:
        g.say(f"{g.name(player)} does not use the Core Charge of {g.card_name(gw)}.")
        return
    charge_from_deck(g, gw, player, "Core Charge", "core_charge")


def _charge(g: Game, trig: Trigger) -> None:
    gw, _, player, card = trig
    if gw not in g.field or g.field[gw].leaving or not g.players[player].void:
        return
    g.ask_yes_no(
        player,
        "core_charge_card",
        f"Core Charge: {g.card_name(card)} meets the condition of {g.card_name(gw)}. Place a core from the void on it?",
        {"card": gw},
        "charge_answer",
        gw,
    )


@op("charge_answer")
def charge_answer(g: Game, answer: bool, gw: int) -> None:
    if answer:
        from_void(g, gw, 1, "Core Charge", "core_charge")


KEYWORD_EFFECTS[DEPLOY_CHARGE] = KeywordEffect(
    "core_charge", "", "Core Charge (the top 3 of your deck)", _deploy_charge
)
KEYWORD_EFFECTS[CHARGE] = KeywordEffect("core_charge", "", "Core Charge (a core from the void)", _charge)


# ----------------------------------------------------------------------- grand skills


def skill_options(g: Game, player: int, timing: str, unavailable: list[Any] | None) -> list[tuple[Any, ...]]:
    """[Grand Skill: N] and [Ascension: N] effects of your grandwalkers usable at `timing`."""
    if not g.static.walkers:
        return []
    opts: list[tuple[Any, ...]] = []
    for cid in g.players[player].field:
        d = g.defs[cid]
        fc = g.field[cid]
        if not d.walker or fc.leaving:
            continue
        for i, e in enumerate(d.effects):
            if not e.skill or e.when != timing or not e.active_at(costs.level_of(g, cid)):
                continue
            if e.once and once_key(g, cid, i, e, player) in g.once_used:
                why = "once per turn: used this turn"
            elif fc.cores < e.skill:
                why = f"needs {costs.cores(e.skill)} on it; it has {fc.cores}"
            elif not any(VERBS[s.verb].feasible(g, (cid, i, player, cid), s) for s in e.steps):
                # "by moving N cores, Y": not paid when Y can do nothing (Q&A 关于效果 A5)
                why = "it would do nothing now"
            else:
                opts.append(("skill", cid, i))
                continue
            if unavailable is not None:
                unavailable.append((("skill", cid, i), why))
    return opts


@op("use_skill")
def use_skill(g: Game, cid: int, idx: int) -> None:
    """Pay the skill: its cores from the grandwalker to the void; then the effect."""
    player = g.static.owner[cid]
    e = g.defs[cid].effects[idx]
    fc = g.field.get(cid)
    if fc is None or fc.cores < e.skill:
        return
    fc.cores -= e.skill
    g.players[player].void += e.skill
    g.cores_moved = True
    what = "Ascension" if any(s.verb == "ascend" for s in e.steps) else "Grand Skill"
    if what == "Grand Skill" and g.defs[cid].contract:
        what = "Contract Skill"  # 【契约技】: paid the same way (000 ch.2 §6)
    tag = "ascension" if what == "Ascension" else "grand_skill"
    g.say(
        f"{g.name(player)} uses [{what}: {e.skill}] of {g.card_name(cid)}, moving {costs.cores(e.skill)} to the void.",
        tag=tag,
    )
    begin_effect(g, (cid, idx, player, cid))


def _main_skill(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(("use_skill", answer[1], answer[2]))


def _flash_skill(g: Game, answer: tuple[Any, ...], priority: int, passes: int) -> None:
    g.push(("use_skill", answer[1], answer[2]), ("flash", 1 - priority, 0))  # then the other may respond


# ----------------------------------------------------------------------- manifest


def manifest_options(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    """Spirits in the hand (or open area) with 《显现》 and a grandwalker of the name they
    give, holding a core, to pay one of the cost (000 ch.2 §6)."""
    if not g.static.walkers:
        return []
    p = g.players[player]
    opts: list[tuple[Any, ...]] = []
    seen: set[str] = set()
    hand = hand or costs.HandCosts(g, player)
    avail = hand.usable
    for cid in p.hand + p.open_area if p.open_area else p.hand:
        d = g.static.defs[cid]
        if not d.manifest or d.id in seen:
            continue
        seen.add(d.id)
        walkers = [
            w for w in p.field if g.defs[w].grandwalker and d.manifest in g.defs[w].name and not g.field[w].leaving
        ]
        need = max(0, hand.cost(d) - 1) + d.lv1_cores
        ready = [w for w in walkers if g.field[w].cores >= 1]
        if ready and need <= avail:
            opts.extend(("manifest", cid, w) for w in ready)
        elif unavailable is not None:
            why = (
                f"your grandwalker \u201c{d.manifest}\u201d needs a core"
                if not ready
                else f"costs {need - d.lv1_cores} + {d.lv1_cores} for Lv1; you can pay {avail}"
            )
            unavailable.append((("manifest", cid), why))
    return opts


@op("manifest")
def manifest(g: Game, cid: int, gw: int) -> None:
    player = g.static.owner[cid]
    p = g.players[player]
    d = g.static.defs[cid]
    g.field[gw].cores -= 1
    p.trash_cores += 1
    g.cores_moved = True
    g.say(f"{g.name(player)} manifests {d.name}, paying a core of {g.card_name(gw)}.", tag="manifest")
    amount = max(0, costs.reduced_cost(g, player, d) - 1)
    if amount == 0:
        g.push(("paid_summon", cid, 1), ("manifested", cid))
        return
    prompt = (
        f"Pay {costs.cores(amount)} more to manifest {d.name} (one core of {g.card_name(gw)} is paid),"
        " from your field, reserve or life."
    )
    sources = (*costs.core_sources(g, player), CoreSource("life", p.life, p.soul == SOUL_LIFE))
    g.ask(costs.pay_decision(g, player, cid, amount, prompt, sources), "manifest_paid", cid, gw, amount)


@op("manifest_paid")
def manifest_paid(g: Game, answer: Any, cid: int, gw: int, amount: int) -> None:
    player = g.static.owner[cid]
    p = g.players[player]
    if answer == ("cancel",):
        g.field[gw].cores += 1  # nothing is summoned: the grandwalker's core comes back
        p.trash_cores -= 1
        g.say(f"{g.name(player)} changes their mind.", player)
        return
    life = p.life_total
    costs.pay(g, player, answer, amount)
    g.push(("paid_summon", cid, amount + 1), ("manifested", cid))
    if p.life_total < life:  # cores paid from life reduce it (as a Soul Core moved from it: Q&A 煌临 A4)
        g.say(f"{g.name(player)} pays {costs.cores(life - p.life_total)} from life ({p.life_words} left).")
        if p.life_total == 0:
            g.finish(1 - player, f"{g.name(player)}'s life is 0")
        else:
            life_was_reduced(g, player)


@op("manifested")
def manifested(g: Game, cid: int) -> None:
    if cid in g.field:
        collect(g, "manifests", cid)


def _main_manifest(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(("manifest", answer[1], answer[2]))


# ----------------------------------------------------------------------- verbs


class _OntoThis(Verb):
    """Cores from the void onto the walker whose effect this is."""

    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"n": (int, 1)}
    needs = ""  # "grandwalker" or "astral_stone": the card this verb may be written on
    what = ""

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("n", 1) < 1:
            raise CardDataError(f"{where}: {self.name}.n is at least 1")

    def check_card(self, s: Step, card: CardDef, db: CardDB, where: str) -> None:
        if not getattr(card, self.needs):
            raise CardDataError(f"{where}: {self.name} is written on a {self.needs.replace('_', ' ')} nexus")

    def text(self, s: Step) -> str:
        return f"{self.what} +{self.arg(s, 'n')} (cores from the void onto this {self.needs.replace('_', ' ')})."

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        me = this_card(g, trig)
        if me in g.field:
            from_void(g, me, self.arg(s, "n"), f"{self.what} +{self.arg(s, 'n')}", self.name)


class CoreCharge(_OntoThis):
    name = "core_charge"
    needs = "grandwalker"
    what = "Core charge"


class Unseal(_OntoThis):
    name = "unseal"
    needs = "astral_stone"
    what = "Unseal"


class TrueCoreCharge(Verb):
    """《真·神托》 True Core Charge (000 ch.2 §6): counts as core charge; the top 3 cards of
    your deck to the trash, a core from the void onto this contract grandwalker for each that
    meets its condition, even with a same-named one on the field (once a turn: the effect says)."""

    name = "true_core_charge"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}

    def check_card(self, s: Step, card: CardDef, db: CardDB, where: str) -> None:
        if not (card.grandwalker and card.contract and card.charge_kinds):
            raise CardDataError(f"{where}: true_core_charge is a contract grandwalker's, with core_charge")

    def text(self, s: Step) -> str:
        return (
            "True Core Charge: trash the top 3 cards of your deck; a core from the void onto this for each"
            " that meets its Core Charge."
        )

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return trig[0] in g.field and bool(g.players[trig[2]].deck)

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        gw, player = trig[0], trig[2]
        if gw not in g.field:
            return
        charge_from_deck(g, gw, player, "True Core Charge", "true_core_charge")


class Ascend(Verb):
    """[Ascension]: this grandwalker also counts as a spirit, with BP, this turn."""

    name = "ascend"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"bp": (int, ...)}

    def check_card(self, s: Step, card: CardDef, db: CardDB, where: str) -> None:
        if not card.grandwalker:
            raise CardDataError(f"{where}: ascend is written on a grandwalker nexus")

    def text(self, s: Step) -> str:
        return (
            f"This turn, this nexus also counts as a spirit with {self.arg(s, 'bp')} BP"
            " (it attacks and blocks; a lower BP does not destroy it)."
        )

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        me = trig[0]
        if me in g.field and not any(m.cid == me and m.kind == "ascended" for m in g.mods):
            g.mods.append(Mod(me, "ascended", self.arg(s, "bp"), "turn"))
            g.say(f"{g.card_name(me)} ascends: this turn it is a spirit too, with {self.arg(s, 'bp')} BP.")


for _verb in (CoreCharge(), Unseal(), TrueCoreCharge(), Ascend()):
    verb(_verb)
COLLECTORS.append(needs("walkers")(_watch))


def _main_options(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    if not g.static.walkers:
        return []
    return skill_options(g, player, "main", unavailable) + manifest_options(g, player, unavailable, hand)


def _flash_options(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    return skill_options(g, player, "flash", unavailable) if g.static.walkers else []


MAIN_OPTIONS.append(needs("walkers")(_main_options))
FLASH_OPTIONS.append(needs("walkers")(_flash_options))
MAIN_ACTIONS["skill"] = _main_skill
MAIN_ACTIONS["manifest"] = _main_manifest
FLASH_ACTIONS["skill"] = _flash_skill


question("core_charge", Question(yes="Trash the top 3 for Core Charge", no="No Core Charge"))
question("core_charge_card", Question(yes="Place the core", no="Do not"))


@label("skill", "Use {}'s skill")
def _skill_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    """("skill", grandwalker, effect): 000 ch.2 §6, paid with its own cores to the void."""
    f = w.field_card(v, o[1])
    if f is None or not 0 <= o[2] < len(f.card.effects):
        return str(o)
    e = f.card.effects[o[2]]
    return f"{w.named(v, f)}: {effect_text(e)} ({e.skill} of its cores to the void)"


@label("manifest", "Manifest {}")
def _manifest_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    c = w.hand_card(v, o[1])
    name = (c.card.name if c else w.name(v, o[1])) + w.from_open(v, o[1])
    rest = max(0, (c.cost_now if c else 1) - 1)
    lv1 = c.card.lv1_cores if c else 1
    # one core of the grandwalker, the rest and the Lv1 cores from anywhere: together more than
    # the cores that spare every spirit's Lv1 only by depleting one
    warn = w.short(v, 1 + rest + lv1)
    return f"Manifest {name} from {w.name(v, o[2])} (1 of its cores, pay {rest} + {lv1} for Lv1){warn}"
