"""The game: all state, and the loop that runs the rules until a player must decide.

The engine is an explicit machine, not a coroutine: what it will do next is a stack
of small tasks (plain tuples) in the state, and a pending decision names the task
that takes its answer. So a game can be copied, hashed and saved at any moment,
even in the middle of a flash window or a payment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from ..core.allocation import enumerate_allocation
from ..core.decision import Decision, IllegalAnswer, Kind, normalize
from ..core.hashing import digest
from ..core.machine import OPS, SETTLE, Pending, check_sources, is_option, op, short
from ..core.registry import STOCKS
from ..core.rng import below, seed_state, shuffle
from ..data.cards import CardDB, CardDef, load_cards
from .state import (
    SOUL_RESERVE,
    Battle,
    FieldCard,
    LogChain,
    LogEntry,
    Mod,
    Player,
    Static,
    log_entries,
)

# Which rules a game was played by: a save played by other rules cannot be replayed (its
# answers would mean other things), so the save header records it. Raise it whenever a
# change makes the same seed and answers give another game.
RULES_VERSION = 7

_ID_STREAM = 0x1D5EED


@dataclass(slots=True)
class Game:
    static: Static
    players: list[Player]
    field: dict[int, FieldCard] = dc_field(default_factory=dict)
    rng: int = 0
    turn: int = 0
    active: int = 0
    first: int = 0
    step: str = "setup"
    tasks: list[tuple[Any, ...]] = dc_field(default_factory=list)
    pending: Pending | None = None
    mods: list[Mod] = dc_field(default_factory=list)
    battle: Battle | None = None
    collected: list[tuple[Any, ...]] = dc_field(default_factory=list)
    leaving: list[int] = dc_field(default_factory=list)
    depth: int = 0
    cores_moved: bool = False
    winner: int = -1
    end_reason: str = ""
    log: LogChain = None
    log_len: int = 0
    decisions: int = 0
    serial: int = 0  # counts cards entering the field, for "once per turn" bookkeeping
    once_used: frozenset[tuple[Any, ...]] = frozenset()  # once-per-turn effects used this turn
    bursts_pending: list[tuple[int, int, bool]] = dc_field(default_factory=list)  # (player, burst, matched)
    forbids: list[tuple[Any, ...]] = dc_field(default_factory=list)  # (kind, who, duration, source colours)
    # Ask a player in every flash window even with nothing to use (as at a real table), so
    # that being asked does not reveal a flash card in hand. Games with people set it.
    ask_every_flash: bool = False
    # (seat, card, zone): a card in a hidden zone of another seat ("hand", "burst") that
    # this seat has seen go there or been shown (003: known until it is hidden again).
    known: frozenset[tuple[int, int, str]] = frozenset()
    flipped: frozenset[int] = frozenset()  # cards whose back face is up (000 ch.2 §7)
    # What each id is now, derived from `field` and `flipped`: a field object reads as its
    # top card's visible face, any other card as itself (see `refresh_defs`). A tuple
    # shared by copies, so reading it is as quick as reading the card data.
    defs: tuple[CardDef, ...] = ()
    adventing: int = -1  # the player performing an advent now (000 ch.2 §5 ②–④), or -1
    # Nobody reads this game's log or the reasons beside its options (a search copy, self-play
    # without saves): `say` writes no text but counts the line (`log_len`, hashed) and keeps
    # the tagged lines (self-play's figures count them), and the reasons for what cannot be
    # done now are not worked out. The game itself runs exactly as a loud one.
    quiet: bool = False

    def __post_init__(self) -> None:
        if not self.defs:
            self.defs = self.static.defs

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(
        cls,
        deck1: list[str],
        deck2: list[str],
        seed: int,
        db: CardDB | None = None,
        names: tuple[str, str] = ("Player 1", "Player 2"),
        ask_every_flash: bool = False,
        quiet: bool = False,
    ) -> Game:
        """Set up a game (rulebook 000 chapter 1 §3) and run to the first decision; `quiet`
        for a game nobody watches (see `Game.quiet`)."""
        db = db or load_cards()
        # Card instance ids are drawn at random: ids the opponent sees on public cards
        # must say nothing of the order of a deck list (003: the deck is not public). A
        # stream of their own, so the game's draws are those the seed always gave.
        cards = [*deck1, *deck2]  # the first player's cards, then the second's
        order = list(range(len(cards)))
        shuffle(seed_state(seed ^ _ID_STREAM), order)
        defs: list[CardDef | None] = [None] * len(cards)
        owner = [0] * len(cards)
        by_id = db.cards
        for card_id, cid in zip(cards, order, strict=True):
            defs[cid] = by_id[card_id]
        ids = (order[: len(deck1)], order[len(deck1) :])  # each player's ids, in deck-list order
        for cid in ids[1]:
            owner[cid] = 1
        players = [Player(deck=ids[p], hand=[], field=[], trash=[], burst=[], removed=[]) for p in (0, 1)]
        for p, deck in enumerate((deck1, deck2)):
            # the token stock: cards the deck's cards can bring in from outside it (000 ch.2 §9)
            for stock in STOCKS:
                for token_id in stock(deck, db):
                    players[p].tokens.append(len(defs))
                    defs.append(db[token_id])
                    owner.append(p)
        static = Static(tuple(defs), tuple(owner), (tuple(deck1), tuple(deck2)), names)  # type: ignore[arg-type]
        g = cls(static=static, players=players, rng=seed_state(seed), ask_every_flash=ask_every_flash, quiet=quiet)
        g.tasks.append(("setup",))
        g.run()
        return g

    # ----------------------------------------------------------------- basics
    def copy(self, quiet: bool = False) -> Game:
        """An independent copy: mutating one never changes the other. `quiet`: nobody will
        read the copy's log (a search copy, see `Game.quiet`); a copy of a quiet game is
        quiet too, its log having no text to go on from."""
        return Game(
            static=self.static,
            players=[p.copy() for p in self.players],
            field={k: v.copy() for k, v in self.field.items()},
            rng=self.rng,
            turn=self.turn,
            active=self.active,
            first=self.first,
            step=self.step,
            tasks=self.tasks[:],
            pending=self.pending,
            mods=self.mods[:],  # a Mod is never changed once made
            battle=Battle(
                self.battle.attacker,
                self.battle.attacking_player,
                self.battle.blocker,
                self.battle.blocked,
            )
            if self.battle
            else None,
            collected=self.collected[:],
            leaving=self.leaving[:],
            depth=self.depth,
            cores_moved=self.cores_moved,
            winner=self.winner,
            end_reason=self.end_reason,
            log=self.log,
            log_len=self.log_len,
            decisions=self.decisions,
            serial=self.serial,
            once_used=self.once_used,
            bursts_pending=self.bursts_pending[:],
            forbids=self.forbids[:],
            ask_every_flash=self.ask_every_flash,
            known=self.known,
            flipped=self.flipped,
            defs=self.defs,
            adventing=self.adventing,
            quiet=self.quiet or quiet,
        )

    def random(self, n: int) -> int:
        """A number in [0, n) from the game's own RNG."""
        self.rng, x = below(self.rng, n)
        return x

    def shuffle(self, items: list[int]) -> None:
        self.rng = shuffle(self.rng, items)

    def reveal(self, cid: int, zone: str, seats: tuple[int, ...] = (0, 1, -1)) -> None:
        """`seats` (both players and spectators by default) know that `cid` is in `zone`:
        a card put into a hand from the field or the trash was seen going there."""
        self.known |= {(s, cid, zone) for s in seats}

    def forget(self, cids: list[int] | tuple[int, ...]) -> None:
        """`cids` were hidden again (drawn from a shuffled deck, say): nobody else knows them."""
        if self.known:
            gone = set(cids)
            self.known = frozenset(k for k in self.known if k[1] not in gone)

    def say(
        self,
        text: str | Callable[[], str],
        player: int = -1,
        public: str | Callable[[], str] = "",
        tag: str = "",
    ) -> None:
        """Add a line to the log: `text` for everyone, or for `player` only with `public` for
        the other seat (a function making the words, where building them costs something a
        quiet game need not pay: see `Game.quiet`); `tag` names the rule system's event."""
        self.log_len += 1
        if self.quiet and not tag:
            return
        if not isinstance(text, str):
            text = text()
        if not isinstance(public, str):
            public = public()
        self.log = (LogEntry(text, player, public, self.log_len, tag), self.log)

    def log_lines(self, player: int | None = None) -> list[str]:
        entries = log_entries(self.log)
        if player is None:
            return [e.text for e in entries]
        return [t for e in entries if (t := e.for_player(player))]

    def name(self, player: int) -> str:
        return self.static.names[player]

    def card(self, cid: int) -> CardDef:
        """Card `cid` as it reads now: its back face once it has turned over (rebirth,
        000 ch.2 §7), its front face everywhere else."""
        d = self.static.defs[cid]
        return d.back if cid in self.flipped and d.back is not None else d

    def refresh_defs(self, *ids: int) -> None:
        """Bring `defs` up to date for `ids` after an advent, a flip or a departure changed
        what they are (rare: the tuple is rebuilt, copies of the game keep sharing theirs)."""
        defs = list(self.defs)
        for x in ids:
            fc = self.field.get(x)
            defs[x] = self.card(fc.top if fc is not None else x)
        self.defs = tuple(defs)

    def card_name(self, cid: int) -> str:
        """Card `cid`'s name as it reads now, told from a copy beside it: a field card with
        another of its name on the same field is "Name #k", k its place among them in that
        field's order, 1 first (the order the table lists the field in, so a log line names
        the card the pickers name, `view.FieldCardView.name`). A braved brave is neither
        numbered nor counted: it is told by the spirit it is braved to."""
        name = self.defs[cid].name
        fc = self.field.get(cid)
        if fc is None or fc.host >= 0:
            return name
        for pl in self.players:
            if cid in pl.field:
                defs, field = self.defs, self.field
                twins = [x for x in pl.field if defs[x].name == name and field[x].host < 0]
                return f"{name} #{twins.index(cid) + 1}" if len(twins) > 1 else name
        return name

    @property
    def over(self) -> bool:
        return self.winner >= 0

    @property
    def decision(self) -> Decision | None:
        return self.pending.decision if self.pending else None

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is, as a canonical tuple: the game as it
        stands (`game_key`) and the engine's bookkeeping (what it will do next)."""
        p = self.pending
        return self.game_key() + (
            tuple(self.tasks),
            (p.cont, p.args) if p else None,
            tuple(self.collected),
            tuple(self.leaving),
            self.depth,
            self.log_len,
            self.serial,
            tuple(self.bursts_pending),
            self.ask_every_flash,
            self.cores_moved,
        )

    def game_key(self) -> tuple[Any, ...]:
        """The game as it stands, without the engine's own bookkeeping: the cards and
        cores everywhere (deck order and the seed's stream included), the turn and step,
        what lasts (modifiers, forbids, once-per-turn uses), who knows which hidden card,
        and the decision asked now as its player, kind and options. Not the task stack,
        handler names or log wording, so reorganising the code leaves it unchanged; a
        change of rules is told by `RULES_VERSION` instead."""
        p = self.pending
        d = p.decision if p else None
        return (
            tuple(pl.key() for pl in self.players),
            tuple(sorted(v.key() + (v.leaving,) for v in self.field.values())),
            self.rng,
            self.turn,
            self.active,
            self.first,
            self.step,
            (d.player, str(d.kind), d.options, d.allocation) if d else None,
            tuple(m.key() for m in self.mods),
            (self.battle.attacker, self.battle.attacking_player, self.battle.blocker, self.battle.blocked)
            if self.battle
            else None,
            self.winner,
            tuple(sorted(self.once_used)),
            tuple(self.forbids),
            tuple(sorted(self.known)),
            tuple(sorted(self.flipped)),
            self.static.decks,
            self.adventing,
        )

    def state_hash(self) -> str:
        """A digest of `game_key`: saves check their replay against it."""
        return digest(self.game_key())

    # ----------------------------------------------------------------- the loop
    def push(self, *tasks: tuple[Any, ...]) -> None:
        """Schedule tasks to run in the order given, before anything already scheduled."""
        if len(tasks) == 1:
            self.tasks.append(tasks[0])
        else:
            self.tasks.extend(reversed(tasks))

    def ask(self, decision: Decision, cont: str, *args: Any) -> None:
        self.pending = Pending(decision, cont, args)

    def ask_yes_no(
        self,
        player: int,
        question: str,
        prompt: str,
        context: dict[str, Any],
        cont: str,
        *args: Any,
        only_no: bool = False,
    ) -> None:
        """A yes/no question, named by its id (`core.registry.QUESTIONS` holds its words,
        registered by the module that asks it); `only_no` when nothing can be done but go on
        (asked all the same, so that being asked tells the other seat nothing)."""
        options = (False,) if only_no else (True, False)
        ctx = {"question": question, **context}
        self.ask(Decision(player, Kind.YES_NO, options, prompt, context=ctx), cont, *args)

    def finish(self, winner: int, reason: str) -> None:
        if self.winner >= 0:
            return
        self.winner = winner
        self.end_reason = reason
        self.tasks.clear()
        self.pending = None
        self.collected.clear()
        self.adventing = -1  # an advent cut short by the end (its Soul Core taken from the last life)
        self.step = "over"
        self.say(f"{self.name(winner)} wins: {reason}.")
        for p, pl in enumerate(self.players):
            # 000 ch.2 §2: every set burst is shown to both players when the game ends
            for cid in pl.burst:
                self.say(f"{self.name(p)}'s set burst was {self.card_name(cid)}.")

    def run(self) -> None:
        """Run tasks until a decision is pending or the game is over."""
        check_depletion, flush, ops = SETTLE.check_depletion, SETTLE.flush, OPS
        tasks = self.tasks  # never replaced, only changed in place
        while self.pending is None and self.winner < 0:
            if self.cores_moved:
                check_depletion(self)
            if (self.collected or self.leaving or self.bursts_pending) and self.depth == 0:
                flush(self)
            if not tasks:
                break
            t = tasks.pop()
            ops[t[0]](self, *t[1:])

    def answer(self, answer: Any) -> None:
        """Give the pending decision its answer; raises IllegalAnswer and changes
        nothing if the answer is not legal."""
        if self.pending is None:
            raise IllegalAnswer("no decision is pending" + (" (the game is over)" if self.over else ""))
        if isinstance(answer, list):  # a JSON answer (`normalize`); any other is taken as it is
            try:
                answer = normalize(answer)
            except RecursionError:
                raise IllegalAnswer("the answer is nested too deep") from None
        pending = self.pending
        d = pending.decision
        if d.allocation is None and not is_option(d.options, answer):
            raise IllegalAnswer(f"{short(answer)} is not one of the options for {d.kind}: {d.options!r}")
        if d.allocation is not None:
            # allocation answers are checked by their continuation, which refuses one before
            # it changes anything (`costs.pay`, `costs.check_place`, `costs.move_cores` come
            # first: tests/test_allocation_answers.py tries every continuation), so a refused
            # answer leaves the game as it was without a copy taken at every payment
            self.pending = None
            try:
                check_sources(d, answer)
                OPS[pending.cont](self, answer, *pending.args)
            except Exception as e:
                self.pending = pending
                if isinstance(e, IllegalAnswer):
                    raise
                # a malformed answer of any type is refused like an illegal one
                raise IllegalAnswer(f"{short(answer)} is not a well-formed answer to {d.kind}") from None
        else:
            self.pending = None
            OPS[pending.cont](self, answer, *pending.args)
        self.decisions += 1
        self.run()

    def legal_answers(self) -> Iterator[Any]:
        """Every legal answer to the pending decision (allocations enumerated in full)."""
        d = self.decision
        if d is None:
            return
        if d.allocation is None:
            yield from d.options
        else:
            yield from enumerate_allocation(self, d)


__all__ = ["Game", "Pending", "op", "OPS", "IllegalAnswer", "Kind", "SOUL_RESERVE", "load_cards"]
