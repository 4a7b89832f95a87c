"""Tokens (衍生物; rulebook 000 chapter 2 §9): cards kept outside the deck in a token stock
that both players can see, never in a deck, never summoned. Only "put a token onto the
field" (`put_token`) brings one in, for no cost, with at least its lowest level's cores
placed from your field or reserve; no "when summoned" effect fires, for it was not summoned.

On the field a token spirit is a token and a spirit (targets, attacks, blocks, braves).
When it leaves the field, or is exchanged, it goes back to the stock (`effects.leave_field`):
"leaves the field" effects can fire, "destroyed/depleted by the opponent" bursts cannot,
since it never reaches the trash.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.machine import op
from ..core.registry import STOCKS, verb
from ..data.cards import CardDataError, CardDB, CardDef, Step, load_cards, walk_steps
from ..model.game import Game
from ..model.state import REFRESHED, FieldCard
from ..rules import costs
from ..rules.effects import Trigger
from ..rules.verbs import Path, Verb

# Of each token a deck's cards can put onto the field, the stock starts with this many; there
# is no limit to tokens of a kind (000 ch.2 §9, lines 742 and 748): when they are all out,
# another is added (`mint`).
STOCK = 5


def tokens_named(cards: list[str], db: CardDB) -> list[str]:
    """The token card ids the effects of `cards` can put onto the field, in a fixed order."""
    out: list[str] = []
    for card_id in sorted(set(cards)):
        for token in _puts(db[card_id]):
            if token not in out:
                out.append(token)
    return out


# The tokens each card definition's effects put out, read once per definition: every game
# (each self-play game, each search) makes its token stocks from its decks.
_PUTS: dict[int, tuple[CardDef, tuple[str, ...]]] = {}


def _puts(d: CardDef) -> tuple[str, ...]:
    hit = _PUTS.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    out: list[str] = []
    for e in d.effects:
        for s in walk_steps(e.steps):
            if s.verb == "put_token" and s.get("card") not in out:
                out.append(s.get("card"))
    if len(_PUTS) > 8192:  # card data loaded again and again (tests, fuzzing): start afresh
        _PUTS.clear()
    _PUTS[id(d)] = (d, tuple(out))  # `d` kept with its id: the id is never another card's
    return tuple(out)


class PutToken(Verb):
    name = "put_token"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"card": (str, ...), "n": (int, 1)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("n", 1) < 1:
            raise CardDataError(f"{where}: put_token.n is at least 1")

    def check_card(self, s: Step, card: CardDef, db: CardDB, where: str) -> None:
        token = s.get("card")
        if token not in db or not db[token].token:
            raise CardDataError(f"{where}: put_token names {str(token)[:40]!r}, which is no token card")

    def text(self, s: Step) -> str:
        n = self.arg(s, "n")
        db = load_cards()
        name = db[s.get("card")].name if s.get("card") in db else s.get("card")
        one = "an" if name[:1].lower() in "aeiou" else "a"
        return f"Put {one if n == 1 else n} {name}{'' if n == 1 else 's'} onto the field."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return True  # the stock never runs out (§9)

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        g.push(*[("token_enter", trig[2], s.get("card")) for _ in range(self.arg(s, "n"))])


@op("token_enter")
def token_enter(g: Game, player: int, card_id: str) -> None:
    p = g.players[player]
    stock = [c for c in p.tokens if g.static.defs[c].id == card_id]
    cid = stock[0] if stock else mint(g, player, card_id)
    d = g.static.defs[cid]
    sources = costs.core_sources(g, player)
    have = sum(s.cores + s.soul for s in sources)
    if have < d.lv1_cores:
        g.say(f"{g.name(player)} cannot place the {d.lv1_cores} core(s) {d.name} needs; it stays in the stock.")
        return
    prompt = f"Place cores on the token {d.name} (at least {d.lv1_cores} for its lowest level)."
    g.ask(costs.place_decision(g, cid, prompt, sources, token=True), "token_placed", cid)


@op("token_placed")
def token_placed(g: Game, answer: Any, cid: int) -> None:
    player = g.static.owner[cid]
    costs.check_place(g, player, answer, cid, g.static.defs[cid].lv1_cores)  # before it comes out
    p = g.players[player]
    p.tokens.remove(cid)
    g.serial += 1
    g.field[cid] = FieldCard(cid, REFRESHED, 0, g.turn, serial=g.serial, top=cid)
    p.field.append(cid)
    n = costs.place(g, player, answer, cid, g.static.defs[cid].lv1_cores)
    g.say(
        f"{g.name(player)} puts the token {g.card_name(cid)} onto the field with {costs.cores(n, answer[2] is True)}.",
        tag="token",
    )


def mint(g: Game, player: int, card_id: str) -> int:
    """Another token of `card_id` for `player`'s stock, when every one of them is out: there
    is no limit to tokens of a kind (000 ch.2 §9). The game's card instances grow by one (the
    same id on any machine: the next free one), in this game only (copies keep theirs)."""
    st = g.static
    d = next((x for x in st.defs if x.id == card_id), None) or load_cards()[card_id]
    cid = len(st.defs)
    g.static = replace(st, defs=(*st.defs, d), owner=(*st.owner, player))
    g.defs = (*g.defs, d)
    g.players[player].tokens.append(cid)
    return cid


verb(PutToken())


# The token stock of each deck list, by the card data it was read from: every game (each
# self-play game, each search) makes its stocks from its decks, and the same decks meet again.
_STOCKS: dict[tuple[int, tuple[str, ...]], tuple[CardDB, tuple[str, ...]]] = {}


def token_stock(deck: list[str] | tuple[str, ...], db: CardDB) -> list[str]:
    """The token stock a deck brings: `STOCK` of each token its cards can put out."""
    key = (id(db), tuple(deck))
    hit = _STOCKS.get(key)
    if hit is None or hit[0] is not db:
        if len(_STOCKS) > 1024:  # card data loaded again and again (tests, fuzzing): start afresh
            _STOCKS.clear()
        # `db` kept with its id: the id is never another card data's
        hit = _STOCKS[key] = (db, tuple(t for t in tokens_named(deck, db) for _ in range(STOCK)))
    return list(hit[1])


STOCKS.append(token_stock)
