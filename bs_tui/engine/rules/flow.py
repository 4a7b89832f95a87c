"""The flow of a game: setup, the seven steps, the main step's actions, the attack
step with its battles and flash windows (rulebook 000 chapter 1 §3–§7)."""

from __future__ import annotations

from typing import Any

from ..core.decision import Allocation, Decision, Kind
from ..core.machine import op
from ..core.registry import FLASH_ACTIONS, MAIN_ACTIONS, OPENINGS, SUMMON_RULES, Question, card_event, label, question
from ..data.cards import CardDef
from ..model.derived import block_forbidden, draw_change, enters_exhausted, player_forbidden
from ..model.game import Game
from ..model.predicates import fights
from ..model.state import EXHAUSTED, HEAVY, REFRESHED, SOUL_RESERVE, SOUL_TRASH, Battle, FieldCard
from . import costs, timings
from .effects import announce, collect, destroy, draw, on_field
from .keywords import can_attack, can_block, keyword, not_ready, swift_sources

STEPS = ("start", "core", "draw", "refresh", "main", "attack", "end")
STEP_NAMES = {
    "start": "Start Step",
    "core": "Core Step",
    "draw": "Draw Step",
    "refresh": "Refresh Step",
    "main": "Main Step",
    "attack": "Attack Step",
    "end": "End Step",
}

# ----------------------------------------------------------------------- setup


@op("setup")
def setup(g: Game) -> None:
    g.push(("opening", 0, ()))


@op("opening")
def opening(g: Game, player: int, taken: tuple[tuple[int, int], ...]) -> None:
    """Before shuffling, each player may set aside a card a rule system offers (a contract
    card: 001, 000 ch.1 §3) to add to the opening hand. In games with people every player is
    asked, so that being asked tells nothing of a deck (003: the deck is not public)."""
    if player == 2:
        g.push(("deal", taken))
        return
    for offer in OPENINGS:
        got = offer(g, player)
        if got is not None:
            cid, prompt = got
            g.ask_yes_no(player, "opening", prompt, {"card": cid}, "opening_answer", player, cid, taken)
            return
    if g.ask_every_flash and OPENINGS:
        g.ask_yes_no(
            player,
            "opening",
            "Opening: you have no card to set aside for your opening hand; go on.",
            {},
            "opening_answer",
            player,
            -1,
            taken,
            only_no=True,
        )
        return
    g.push(("opening", player + 1, taken))


@op("opening_answer")
def opening_answer(g: Game, answer: bool, player: int, cid: int, taken: tuple[tuple[int, int], ...]) -> None:
    if answer:
        # face down (the opponent sees a card, not which) and out of the deck before it is
        # shuffled: it waits in the hand, to be shown when the others are drawn
        g.players[player].deck.remove(cid)
        g.players[player].hand.append(cid)
        g.say(f"{g.name(player)} sets a card aside face down for the opening hand.")
        taken = (*taken, (player, cid))
    g.push(("opening", player + 1, taken))


@op("deal")
def deal(g: Game, taken: tuple[tuple[int, int], ...] = ()) -> None:
    """Chapter 1 §3: shuffle, 5 life, reserve of 3 cores + the Soul Core, draw 4 (3 and the
    card set aside, shown to the opponent: 001), coin toss."""
    for i, p in enumerate(g.players):
        aside = [c for who, c in taken if who == i]
        g.shuffle(p.deck)
        p.void -= 8
        p.life = 5
        p.reserve = 3
        p.soul = SOUL_RESERVE
        draw(g, i, 4 - len(aside), quiet=True)
        g.say(
            f"{g.name(i)} shuffles, puts 5 cores in life, 3 cores and the Soul Core in reserve,"
            f" and draws {4 - len(aside)}."
        )
        for c in aside:
            p.hand.remove(c)
            p.hand.append(c)
            g.reveal(c, "hand")
            g.say(f"{g.name(i)} shows {g.card_name(c)} and adds it to the hand.", tag="contract_opening")
    winner = g.random(2)
    g.say(f"{g.name(winner)} wins the coin toss.")
    g.ask(
        Decision(winner, Kind.CHOOSE_ORDER, ("first", "second"), "You won the coin toss: go first or second?"),
        "order_chosen",
        winner,
    )


@op("order_chosen")
def order_chosen(g: Game, answer: str, winner: int) -> None:
    g.first = winner if answer == "first" else 1 - winner
    g.say(f"{g.name(winner)} chooses to go {answer}; {g.name(g.first)} goes first.")
    g.active = g.first
    g.push(("begin_turn",))


# ----------------------------------------------------------------------- steps


@op("begin_turn")
def begin_turn(g: Game) -> None:
    g.turn += 1
    g.say(lambda: f"— Turn {g.turn}: {g.name(g.active)} —")
    g.push(
        ("start_step",),
        ("core_step",),
        ("draw_step",),
        ("refresh_step",),
        ("main_step",),
        ("attack_step",),
        ("end_step",),
        ("begin_turn",),
    )


# each step's line in the log, made once
STEP_LINES = {step: f"{name}." for step, name in STEP_NAMES.items()}


def enter_step(g: Game, step: str) -> None:
    g.step = step
    g.say(STEP_LINES[step])


@op("start_step")
def start_step(g: Game) -> None:
    enter_step(g, "start")
    if not g.players[g.active].deck:
        # Victory conditions: a player whose deck is empty at their own start step loses.
        g.finish(1 - g.active, f"{g.name(g.active)} has no cards in the deck at the start step")
        return
    timings.turn_step(g, "start_step")  # "at the start of your turn" (§4 <1>, l.169)


@op("core_step")
def core_step(g: Game) -> None:
    enter_step(g, "core")
    if g.turn == 1:
        g.say("The first player skips the Core Step on the first turn.")
        return
    p = g.players[g.active]
    if p.void > 0:
        p.void -= 1
        p.reserve += 1
        g.say(lambda: f"{g.name(g.active)} puts 1 core from the void into the reserve.")


@op("draw_step")
def draw_step(g: Game) -> None:
    enter_step(g, "draw")
    n = 1 + draw_change(g, g.active, "step_more")  # more draws, still no effect's (003 l.114)
    if draw_change(g, g.active, "step_instead"):
        # "add instead of drawing": the cards come by the effect that says so (003 l.115)
        g.say(f"{g.name(g.active)} adds instead of drawing (an effect).")
        draw(g, g.active, n, by_effect=True)
        return
    draw(g, g.active, n)


@op("refresh_step")
def refresh_step(g: Game) -> None:
    enter_step(g, "refresh")
    p = g.players[g.active]
    n = 0
    for cid in p.field:
        fc = g.field[cid]
        if fc.state == EXHAUSTED:
            fc.state = REFRESHED
            card_event(g, "refreshed", cid)
            n += 1
        elif fc.state == HEAVY:
            fc.state = EXHAUSTED
            n += 1
    back = p.trash_cores + (p.soul == SOUL_TRASH)
    p.reserve += p.trash_cores
    p.trash_cores = 0
    if p.soul == SOUL_TRASH:
        p.soul = SOUL_RESERVE
    if not n and not back:
        g.say(lambda: f"{g.name(g.active)} has nothing to refresh.")
        return
    what = f"{n} card" if n == 1 else f"{n} cards"
    g.say(lambda: f"{g.name(g.active)} refreshes {what} and returns {costs.cores(back)} from the trash to the reserve.")


@op("end_step")
def end_step(g: Game) -> None:
    """§7 (l.402-405): "at the end of your turn" effects, then the turn's temporary effects
    end (`end_turn`): what such an effect gives "this turn" ends with the turn."""
    enter_step(g, "end")
    timings.turn_step(g, "end_step")
    g.push(("end_turn",))


@op("end_turn")
def end_turn(g: Game) -> None:
    before = len(g.mods) + len(g.forbids)
    # "this battle" effects used outside a battle end with the turn's other temporary effects (§7)
    g.mods = [m for m in g.mods if m.duration not in ("turn", "battle")]
    g.forbids = [f for f in g.forbids if f[2] != "turn"]
    if len(g.mods) + len(g.forbids) != before:
        g.say("Effects lasting this turn end.")
    if g.once_used:  # [once per game] keys stay (001 每次对战1次)
        g.once_used = frozenset(k for k in g.once_used if k[0] == "g")
    for fc in g.field.values():
        fc.assaults = 0
    g.active = 1 - g.active


# ----------------------------------------------------------------------- main step


@op("main_step")
def main_step(g: Game) -> None:
    enter_step(g, "main")
    g.push(("main_prompt",))


# Kinds of card that are summoned from the hand (a nexus is deployed, a magic used).
SUMMONED = frozenset(("spirit", "brave", "ultimate"))


def summon_blocked(g: Game, player: int, d: CardDef) -> str:
    """Why the rule systems forbid summoning `d` now (a summon condition), or ""."""
    for rule in SUMMON_RULES:
        why = rule(g, player, d)
        if why:
            return why
    return ""


def main_options(g: Game, player: int, unavailable: list[Any] | None = None) -> tuple[Any, ...]:
    """The actions of the Main Step. With `unavailable`, it also collects (action, reason)
    for the hand cards that cannot be played now, in a player's words."""
    hand = costs.HandCosts(g, player)  # the cores, cards and costs, once for every system
    avail = hand.usable
    opts: list[Any] = []
    for cid, d, cost, _ in hand.cards():
        kind = d.kind
        if kind in SUMMONED:
            blocked = summon_blocked(g, player, d)
            if blocked:
                if unavailable is not None:
                    unavailable.append((("summon", cid), blocked))
                continue
            if cost + d.lv1_cores <= avail:
                opts.append(("summon", cid))
            elif unavailable is not None:
                need = f"{cost} + {d.lv1_cores} for Lv1" if d.lv1_cores else str(cost)
                unavailable.append((("summon", cid), f"costs {need}; you can pay {avail}"))
        elif kind == "nexus":
            if cost <= avail:
                opts.append(("deploy", cid))
            elif unavailable is not None:
                unavailable.append((("deploy", cid), f"costs {cost}; you can pay {avail}"))
        elif kind == "magic":
            if cost > avail:
                if unavailable is not None:
                    unavailable.append((("magic", cid, "main"), f"costs {cost}; you can pay {avail}"))
                continue
            if d.effects_for("main"):
                opts.append(("magic", cid, "main"))
            if d.effects_for("flash"):
                opts.append(("magic", cid, "flash"))
    extra: list[Any] = []
    for system in g.static.main_options:
        extra += system(g, player, unavailable, hand)
    if extra:
        opts = beside_their_cards(opts, extra)
    if avail > 0 and costs.has_holders(g, player):
        opts.append(("move_cores",))
    opts.append(("end",))
    return tuple(opts)


def beside_their_cards(opts: list[Any], extra: list[Any]) -> list[Any]:
    """The rule systems' actions, each after the last action of the same hand card (a
    brave's braved summon beside its summon) or at the end."""
    last = {o[1]: i for i, o in enumerate(opts)}
    after: dict[int, list[Any]] = {}
    tail = []
    for o in extra:
        if len(o) > 1 and o[1] in last:
            after.setdefault(last[o[1]], []).append(o)
        else:
            tail.append(o)
    out = []
    for i, o in enumerate(opts):
        out.append(o)
        out.extend(after.get(i, ()))
    out.extend(tail)
    return out


@op("main_prompt")
def main_prompt(g: Game) -> None:
    if g.quiet:  # nobody reads why a card cannot be played (the table and views do)
        opts = main_options(g, g.active)
        g.ask(Decision(g.active, Kind.MAIN_ACTION, opts, MAIN_PROMPT), "main_answer")
        return
    unavailable: list[Any] = []
    opts = main_options(g, g.active, unavailable)
    g.ask(
        Decision(g.active, Kind.MAIN_ACTION, opts, MAIN_PROMPT, context={"unavailable": tuple(unavailable)}),
        "main_answer",
    )


MAIN_PROMPT = "Main Step: choose an action."


@op("main_answer")
def main_answer(g: Game, answer: tuple[Any, ...]) -> None:
    what = answer[0]
    if what == "end":
        g.say(lambda: f"{g.name(g.active)} ends the Main Step.")
        return
    g.push(("main_prompt",))
    if what in ("summon", "deploy"):
        g.push(("summon", answer[1]))
    elif what in MAIN_ACTIONS:
        MAIN_ACTIONS[what](g, answer)
    elif what == "magic":
        g.push(("use_magic", answer[1], answer[2]))
    elif what == "move_cores":
        hs = costs.holders(g, g.active)
        alloc = Allocation(costs.core_sources(g, g.active), 0, -1, True)
        context: dict[str, Any] = {"holders": tuple(hs), "soul_movable": costs.soul_movable(g, g.active)}
        prompt = "Move cores between your reserve and your field cards."
        if g.static.continuous and player_forbidden(g, "put_cores", g.active):
            # no card may gain a core (003 l.91-102): each keeps at most what it has, and the Soul
            # Core stays or goes to the reserve
            context["caps"] = {c: g.field[c].cores for c in hs}
            context["soul_stays"] = g.players[g.active].soul if g.players[g.active].soul in hs else None
            prompt = "Move cores off your field cards to your reserve (an effect forbids putting any on)."
        g.ask(
            Decision(g.active, Kind.MOVE_CORES, prompt=prompt, allocation=alloc, context=context),
            "cores_moved",
        )


# what a move of cores did with the Soul Core, by the `soul` of `costs.move_cores`
SOUL_MOVES = {0: "", 1: " (the Soul Core onto it)", -1: " (the Soul Core off it)"}


@op("cores_moved")
def cores_moved(g: Game, answer: Any) -> None:
    if answer == ("cancel",):
        return
    changed = costs.move_cores(g, g.active, answer)
    if not changed:
        g.say(lambda: f"{g.name(g.active)} leaves the cores as they are.")
    for cid, before, after, soul in changed:
        # the lambda reads this turn of the loop: `say` calls it at once
        g.say(lambda: f"{g.name(g.active)} moves cores: {g.card_name(cid)} {before} → {after}{SOUL_MOVES[soul]}.")  # noqa: B023


# ----------------------------------------------------------------------- playing cards


def _pay_decision(g: Game, player: int, cid: int, amount: int, verb: str) -> Decision:
    d = g.defs[cid]
    reduced = f" (cost {d.cost}, reduced to {amount})" if amount != d.cost else ""
    prompt = f"Pay {costs.cores(amount)} to {verb} {d.name}{reduced}."
    return costs.pay_decision(g, player, cid, amount, prompt)


@op("summon")
def summon(g: Game, cid: int) -> None:
    """Summon a spirit or brave, or deploy a nexus: pay, then place cores (steps ①–⑥)."""
    player = g.static.owner[cid]
    d = g.defs[cid]
    amount = costs.reduced_cost(g, player, d)
    verb = "deploy" if d.kind == "nexus" else "summon"
    if amount == 0:
        g.push(("paid_summon", cid, 0))
        return
    g.ask(_pay_decision(g, player, cid, amount, verb), "summon_paid", cid, amount)


@op("summon_paid")
def summon_paid(g: Game, answer: Any, cid: int, amount: int) -> None:
    player = g.static.owner[cid]
    if answer == ("cancel",):
        g.say(f"{g.name(player)} changes their mind.", player)
        return
    costs.pay(g, player, answer, amount)
    g.push(("paid_summon", cid, amount))


@op("paid_summon")
def paid_summon(g: Game, cid: int, amount: int, swift: bool = False) -> None:
    """Step ⑥: the card comes onto the field with at least its Lv1 cores. It stays in the
    hand while its cores are chosen, so no state ever shows it on the field without them."""
    player = g.static.owner[cid]
    d = g.defs[cid]
    verb = "deploys" if d.kind == "nexus" else "summons"
    tag = "ultimate_summon" if d.kind == "ultimate" else ""
    g.say(lambda: f"{g.name(player)} {verb} {d.name}, paying {costs.cores(amount)}.", tag=tag)
    if d.walker:  # no cores are placed on a grandwalker or astral stone (000 ch.2 §6)
        g.push(("cores_placed", ("place", (), False), cid, swift))
        return
    sources = costs.core_sources(g, player) if not swift else swift_sources(g, player)
    prompt = f"Place cores on {d.name} (at least {d.lv1_cores} for Lv{d.first_level})."
    g.ask(costs.place_decision(g, cid, prompt, sources, swift=swift), "cores_placed", cid, swift)


def take_card(g: Game, cid: int) -> None:
    """Take a card being played out of the hand, the open area (003: used as if in hand),
    the trash (summoned from there by an effect) or the burst area (a burst summoned)."""
    p = g.players[g.static.owner[cid]]
    if cid in p.hand:
        p.hand.remove(cid)
    elif cid in p.trash:
        p.trash.remove(cid)
    elif cid in p.open_area:
        p.open_area.remove(cid)
        g.say(f"{g.name(g.static.owner[cid])} plays {g.card_name(cid)} from the open area.", tag="open_area_use")
    else:
        p.burst.remove(cid)


def enter_field(g: Game, cid: int) -> None:
    owner = g.static.owner[cid]
    p = g.players[owner]
    take_card(g, cid)
    g.serial += 1
    # "spirits are summoned exhausted" replaces the state they come in with (003): no exhausting
    state = EXHAUSTED if g.defs[cid].kind in ("spirit", "ultimate") and enters_exhausted(g, owner) else REFRESHED
    g.field[cid] = FieldCard(cid, state, 0, g.turn, serial=g.serial, top=cid)
    p.field.append(cid)


@op("cores_placed")
def cores_placed(g: Game, answer: Any, cid: int, swift: bool = False) -> None:
    player = g.static.owner[cid]
    checked = costs.check_place(g, player, answer, cid, g.defs[cid].lv1_cores)  # before it comes onto the field
    enter_field(g, cid)
    n = costs.place(g, player, answer, cid, g.defs[cid].lv1_cores, checked)
    if n:
        g.say(
            lambda: (
                f"{g.name(player)} places {costs.cores(n, answer[2] is True)}"
                f" on {g.card_name(cid)} (Lv{costs.level_of(g, cid)})."
            )
        )
    g.push(("entered", cid))


@op("entered")
def entered(g: Game, cid: int) -> None:
    collect(g, "summoned", cid)
    if fights(g, cid) and g.defs[cid].kind != "brave":
        announce(g, 1 - g.static.owner[cid], "opponent_summons")


@op("use_magic")
def use_magic(g: Game, cid: int, which: str, window: tuple[int, int] | None = None) -> None:
    """Use a magic; `window` is (priority, passes) when it is used in flash timing."""
    player = g.static.owner[cid]
    d = g.defs[cid]
    amount = costs.reduced_cost(g, player, d)
    if amount == 0:
        g.push(("magic_paid", ("pay", (), False), cid, which, 0, window))
        return
    g.ask(_pay_decision(g, player, cid, amount, "use"), "magic_paid", cid, which, amount, window)


@op("magic_paid")
def magic_paid(g: Game, answer: Any, cid: int, which: str, amount: int, window: tuple[int, int] | None = None) -> None:
    player = g.static.owner[cid]
    if answer == ("cancel",):
        g.say(f"{g.name(player)} changes their mind.", player)
        if window is not None:
            # Nothing was used: the same player still holds priority (Q&A 费用 A2).
            g.push(("flash", *window))
        return
    if amount:
        costs.pay(g, player, answer, amount)
    p = g.players[player]
    take_card(g, cid)
    # Rulebook §5.4: a used magic goes to the trash at once; its effect resolves.
    p.trash.append(cid)
    g.say(lambda: f"{g.name(player)} uses {g.card_name(cid)} ({which}), paying {costs.cores(amount)}.")
    if window is not None:
        # after the effect resolves, the other player may respond
        g.push(("flash", 1 - window[0], 0))
    for idx in reversed(g.defs[cid].effects_for(which)):
        g.tasks.append(("resolve", (cid, idx, player, cid)))


# ----------------------------------------------------------------------- attack step


@op("attack_step")
def attack_step(g: Game) -> None:
    enter_step(g, "attack")
    if g.turn == 1:
        g.say("The first player skips the Attack Step on the first turn.")
        return
    g.push(("attack_prompt",))


@op("attack_prompt")
def attack_prompt(g: Game) -> None:
    g.step = "attack"
    field = g.players[g.active].field
    attackers = [cid for cid in field if can_attack(g, cid)]
    if not attackers:
        g.say(lambda: f"{g.name(g.active)} has no spirit that can attack; the Attack Step ends.")
        return
    opts = tuple(("attack", cid) for cid in attackers) + (("end",),)
    context: dict[str, Any] = {"life": {c: len(costs.symbols_of(g, c)) for c in attackers}}
    if not g.quiet:  # why the others cannot attack: for a reader
        context["unavailable"] = tuple((("attack", c), why) for c in field if (why := not_ready(g, c, "attack")))
    g.ask(
        Decision(g.active, Kind.ATTACK, opts, "Attack Step: attack with a spirit, or end the step.", context=context),
        "attack_answer",
    )


@op("attack_answer")
def attack_answer(g: Game, answer: tuple[Any, ...]) -> None:
    if answer[0] == "end":
        g.say(lambda: f"{g.name(g.active)} ends the Attack Step.")
        return
    defender = 1 - g.active
    g.push(
        ("declare_attack", answer[1]),
        ("flash", defender, 0),
        ("block_prompt",),
        ("battle_resolution",),
        ("battle_resolve",),
        ("battle_end",),
        ("attack_prompt",),
    )


@op("declare_attack")
def declare_attack(g: Game, cid: int) -> None:
    g.step = "battle"
    g.battle = Battle(cid, g.active)
    g.field[cid].state = EXHAUSTED
    card_event(g, "exhausted", cid)  # attacking exhausts it (000 ch.1 §6.1)
    g.say(lambda: f"{g.name(g.active)} attacks with {g.card_name(cid)} (BP {costs.bp_of(g, cid)}).")
    collect(g, "attacks", cid)
    timings.battles(g, cid)
    announce(g, 1 - g.active, "opponent_attacks")


def flash_options(g: Game, player: int, unavailable: list[Any] | None = None) -> tuple[Any, ...]:
    """Flash effects and Swift summons the player can pay for now; with `unavailable`, also
    (action, reason) for the flash cards in hand that cannot be paid."""
    p = g.players[player]
    hand = costs.HandCosts(g, player)
    avail = hand.usable
    seen: set[str] = set()
    opts: list[Any] = []
    defs = g.static.defs  # cards in the hand show their front face (000 ch.2 §7)
    for cid in p.hand + p.open_area if p.open_area else p.hand:  # the open area: as if in hand (003)
        d = defs[cid]
        if d.id in seen:
            continue
        if d.kind in ("spirit", "brave") and d.keyword("swift") is not None:
            seen.add(d.id)
            need = hand.cost(d) + d.lv1_cores
            if need <= p.reserve_total:
                opts.append(("swift", cid))
            elif unavailable is not None:
                unavailable.append(
                    (("swift", cid), f"Swift: costs {need} from the reserve; it holds {p.reserve_total}")
                )
            continue
        if d.kind != "magic" or not d.effects_for("flash"):
            continue
        seen.add(d.id)
        cost = hand.cost(d)
        if cost <= avail:
            opts.append(("magic", cid))
        elif unavailable is not None:
            unavailable.append((("magic", cid), f"costs {cost}; you can pay {avail}"))
    for system in g.static.flash_options:
        opts.extend(system(g, player, unavailable, hand))
    if not opts:
        return ()
    opts.append(("pass",))
    return tuple(opts)


@op("flash")
def flash(g: Game, priority: int, passes: int) -> None:
    """Flash timing: the defending player first; it ends when both pass in a row."""
    g.step = "flash"
    unavailable: list[Any] | None = None if g.quiet else []  # reasons only for a reader
    opts = flash_options(g, priority, unavailable)
    if not opts:
        if not g.ask_every_flash:
            g.push(("flash_answer", ("pass",), priority, passes, True))
            return
        opts = (("pass",),)
    only_pass = len(opts) == 1
    g.ask(
        Decision(
            priority,
            Kind.FLASH,
            opts,
            "Flash timing: you have nothing to use; pass."
            if only_pass
            else "Flash timing: use a flash effect, or pass.",
            context={"passes": passes, "unavailable": tuple(unavailable)}
            if unavailable is not None
            else {"passes": passes},
        ),
        "flash_answer",
        priority,
        passes,
        only_pass,
    )


@op("flash_answer")
def flash_answer(g: Game, answer: tuple[Any, ...], priority: int, passes: int, only_pass: bool = False) -> None:
    if answer[0] == "pass":
        # the other player reads the same line whether or not there was anything to use
        name = g.name(priority)
        g.say(
            lambda: f"{name} has nothing to use; passes." if only_pass else f"{name} passes.",
            priority,
            lambda: f"{name} passes.",
        )
        if passes + 1 < 2:
            g.push(("flash", 1 - priority, passes + 1))
        return
    if answer[0] == "swift":
        g.push(("swift_summon", answer[1], (priority, passes)))
        return
    if answer[0] in FLASH_ACTIONS:
        FLASH_ACTIONS[answer[0]](g, answer, priority, passes)
        return
    g.push(("use_magic", answer[1], "flash", (priority, passes)))


@op("swift_summon")
def swift_summon(g: Game, cid: int, window: tuple[int, int]) -> None:
    """Swift: summoned in flash timing, paid from the reserve only."""
    player = g.static.owner[cid]
    d = g.defs[cid]
    amount = costs.reduced_cost(g, player, d)
    if amount == 0:
        g.push(("swift_paid", ("pay", (), False), cid, 0, window))
        return
    prompt = f"Swift: pay {costs.cores(amount)} from your reserve to summon {d.name}."
    g.ask(
        costs.pay_decision(g, player, cid, amount, prompt, swift_sources(g, player)), "swift_paid", cid, amount, window
    )


@op("swift_paid")
def swift_paid(g: Game, answer: Any, cid: int, amount: int, window: tuple[int, int]) -> None:
    if answer == ("cancel",):
        g.push(("flash", *window))  # nothing was used: the same player still holds priority
        return
    if amount:
        costs.pay(g, g.static.owner[cid], answer, amount)  # the offered sources are the reserve alone
    # the summon first, then the opponent may respond
    g.push(("paid_summon", cid, amount, True), ("flash", 1 - window[0], 0))


@op("block_prompt")
def block_prompt(g: Game) -> None:
    b = g.battle
    assert b is not None
    g.step = "block"
    defender = 1 - b.attacking_player
    field = g.players[defender].field
    blockers = [cid for cid in field if can_block(g, cid) and not block_forbidden(g, b.attacker, cid)]
    if not blockers:
        g.say(lambda: f"{g.name(defender)} has no spirit that can block.")
        return
    opts = tuple(("block", cid) for cid in blockers)
    # Clash: the opponent must block if able ("cannot block" wins over it: Q&A A3)
    if not (b.attacker >= 0 and b.attacker in g.field and keyword(g, b.attacker, "clash")):
        opts += (("take",),)
    what = g.card_name(b.attacker) if b.attacker >= 0 else "a spirit that has left the field"
    context: dict[str, Any] = {"life": len(costs.symbols_of(g, b.attacker)) if on_field(g, b.attacker) else 0}
    if not g.quiet:  # why the others cannot block: for a reader
        unavailable = tuple((("block", c), why) for c in field if (why := not_ready(g, c, "block")))
        context["unavailable"] = unavailable + tuple(
            (("block", c), f"{g.card_name(b.attacker)} cannot be blocked by it")
            for c in field
            if can_block(g, c) and c not in blockers
        )
    g.ask(
        Decision(defender, Kind.BLOCK, opts, f"{what} attacks: block, or take the hit?", context=context),
        "block_answer",
    )


@op("block_answer")
def block_answer(g: Game, answer: tuple[Any, ...]) -> None:
    b = g.battle
    assert b is not None
    defender = 1 - b.attacking_player
    if answer[0] == "take":
        g.say(lambda: f"{g.name(defender)} does not block.")
        return
    g.push(("declare_block", answer[1]), ("flash", defender, 0))


@op("declare_block")
def declare_block(g: Game, cid: int) -> None:
    b = g.battle
    assert b is not None
    b.blocker = cid
    b.blocked = True
    g.field[cid].state = EXHAUSTED
    card_event(g, "exhausted", cid)  # so does blocking (§6.3)
    g.say(lambda: f"{g.name(g.static.owner[cid])} blocks with {g.card_name(cid)} (BP {costs.bp_of(g, cid)}).")
    collect(g, "blocks", cid)
    timings.battles(g, cid)


@op("battle_resolution")
def battle_resolution(g: Game) -> None:
    """§6.5 (l.369, 375): the effects that work at battle resolution resolve first, then the
    BP comparison or the life loss (`battle_resolve`)."""
    g.step = "battle"
    timings.battle_resolution(g)


@op("battle_resolve")
def battle_resolve(g: Game) -> None:
    """§6.5–6.6: compare BP if blocked (a declared block stands even if the blocker left),
    otherwise the attacker's symbols reduce life."""
    b = g.battle
    assert b is not None
    g.step = "battle"
    defender = 1 - b.attacking_player
    if b.blocked:
        if on_field(g, b.attacker) and on_field(g, b.blocker):
            abp, dbp = costs.bp_of(g, b.attacker), costs.bp_of(g, b.blocker)
            g.say(lambda: f"Battle: {g.card_name(b.attacker)} BP {abp} against {g.card_name(b.blocker)} BP {dbp}.")
            losers = []
            if abp <= dbp:
                losers.append(b.attacker)
            if dbp <= abp:
                losers.append(b.blocker)
            gone = []
            for loser in losers:
                if g.defs[loser].walker:
                    # 000 ch.2 §6: an ascended grandwalker is destroyed only by effects that
                    # name grandwalkers, never by a lower BP
                    g.say(f"{g.card_name(loser)} is a grandwalker: the battle does not destroy it.")
                    continue
                destroy(g, [loser], "battle", by=1 - g.static.owner[loser])
                gone.append(loser)
            if gone:  # "when destroyed by a BP comparison", "when this destroys one" (§6.6)
                winners = [c for c in (b.attacker, b.blocker) if c not in losers]
                timings.bp_destroyed(g, gone, winners)
        else:
            g.say("The battle ends with no BP comparison: a spirit in it has left the field.")
        return
    if not on_field(g, b.attacker):
        g.say("The attacker has left the field; no life is lost.")
        return
    n = len(costs.symbols_of(g, b.attacker))
    if n == 0:
        g.say(f"{g.card_name(b.attacker)} has no symbols; no life is lost.")
        return
    g.push(("life_loss", defender, n, f"the attack of {g.card_name(b.attacker)}"))


@op("battle_end")
def battle_end(g: Game) -> None:
    """§6.7 (l.387-392): "when the battle ends" effects first, the battle still on (they work
    even when the battle was cut short); then what lasts "this battle" ends (`battle_over`)."""
    timings.battle_end(g)
    g.push(("battle_over",))


@op("battle_over")
def battle_over(g: Game) -> None:
    b = g.battle
    g.battle = None
    g.mods = [m for m in g.mods if m.duration != "battle"]
    g.step = "attack"
    g.say("The battle ends.")
    if b is not None:  # then "after the battle ends" effects (§6.7, l.392)
        timings.after_battle(g, (b.attacker, b.blocker))


# the opening hand (001): every player is asked in games with people, so the moment says nothing
question(
    "opening",
    Question(
        yes="Set it aside: draw 3 and add it (shown)", no="Keep it in the deck: draw 4", moment="the opening hand"
    ),
)


# ----------------------------------------------------------------------- what the table shows
# (`core.registry.OPTION_LABELS`: fn(words, view, option), `words` the table's helper)


def _card_label(w: Any, v: Any, o: tuple[Any, ...]) -> tuple[Any, str]:
    c = w.hand_card(v, o[1])
    return c, (c.card.name if c else w.name(v, o[1])) + w.from_open(v, o[1])


@label("end")
def _end_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    return "End the Main Step" + ("" if w.can_attack_later(v) else ": the turn ends")


@label("move_cores")
def _move_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    return "Move cores…"


@label("pass")
def _pass_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    return "Pass"


@label("summon", "Summon {}")
def _summon_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    c, name = _card_label(w, v, o)
    return f"Summon {name} ({w.pay_note(c)}){w.costly(v, c)}"


@label("deploy", "Deploy {}")
def _deploy_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    c, name = _card_label(w, v, o)
    return f"Deploy {name} ({w.pay_note(c)}){w.costly(v, c)}"


@label("magic", "Use {}")
def _magic_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    """("magic", card, "main"|"flash") in the Main Step, ("magic", card) in flash timing."""
    c, name = _card_label(w, v, o)
    which = o[2].title() if len(o) > 2 and isinstance(o[2], str) else "Flash"
    return f"Use {name}: {which} effect ({w.pay_note(c)}){w.costly(v, c)}"


@label("swift", "Summon {} with Swift")
def _swift_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    c, name = _card_label(w, v, o)
    return f"Summon {name} with Swift ({w.pay_note(c)}, from the reserve)"
