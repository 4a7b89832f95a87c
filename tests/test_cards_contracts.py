"""One test per contract card (bs_tui/data/cards/contracts.toml) and the rules of contract
cards they rest on (001 "关于契约卡"; 000 ch.2 §8 and ch.1 §3). Docstrings quote the
generated text (`quoted`)."""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine import Game, load_cards
from bs_tui.engine.rules import costs

CONTRACT = (
    "Contract card: one kind in a deck, at most 3; you may start with one in your hand; when it leaves the field"
    " because of the opponent it may stay there in soul state."
)


def deck_with(contract: str) -> list[str]:
    return [contract] * 3 + [f"R{n:02d}" for n in range(1, 14) for _ in range(3)][:37]


def test_q01_pactbound_ember_wyvern():
    """Pactbound Ember Wyvern (Q01): "Contract card: one kind in a deck, at most 3; you may
    start with one in your hand; when it leaves the field because of the opponent it may stay
    there in soul state." "Over Count 2: BP +3000 while your count is 2 or more (OC)."
    "[Soul State]/[Spirit] When one of your spirits attacks: Count +1." "[OC] When attacks:
    Destroy 1 opposing spirit with 3000 BP or less." "[Contract Advent Source]/[Spirit] When
    blocks: This spirit gets BP +3000 this battle." 001 (OC): while the count meets its OC,
    BP +3000 whatever its level and its [OC] effects work; they stop when the count falls."""
    quoted("Q01", test_q01_pactbound_ember_wyvern.__doc__)
    g = position(side(field=[f("Q01", 1), f("R02", 1)]), side(field=[f("G12", 1)]), step="attack")
    q01, drake = cid_of(g, 0, "field", "Q01"), cid_of(g, 0, "field", "R02")
    assert bp(g, q01) == 4000
    g.players[0].count, g.players[0].void = 1, g.players[0].void - 1
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", drake))  # one of your spirits attacks: count +1 -> 2
    d = s.expect(0, Kind.ORDER_TRIGGERS)  # and the drake's own "when attacks"
    g.answer(next(i for i, label in enumerate(d.context["labels"]) if "Pactbound" in label))
    assert g.players[0].count == 2 and bp(g, q01) == 4000 + 3000
    assert logged(g, "Pactbound Ember Wyvern reaches Over Count 2: BP +3000")
    s.expect(1, Kind.BLOCK, ("take",))
    s.expect(0, Kind.ATTACK, ("attack", q01))  # "one of your spirits": itself too
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    g.answer(0)
    while g.decision.kind == Kind.ORDER_TRIGGERS:
        g.answer(0)
    assert g.players[0].count == 3
    assert cid_of(g, 1, "trash", "G12") >= 0  # its [OC] effect, now that the count is 2


def test_q02_covenant_tide_serpent():
    """Covenant Tide Serpent (Q02): "Contract card: one kind in a deck, at most 3; you may
    start with one in your hand; when it leaves the field because of the opponent it may stay
    there in soul state." "Over Count 3: BP +4000 while your count is 3 or more (OC)."
    "[Soul State][Contract Advent Source]/[Spirit] [Once per turn] When one of your spirits is
    summoned: Count +1." "[OC] When blocks: Draw 1 card." 001 (soul state): in soul state its
    [Soul State] effects work without a level; it has no cores, cannot attack or block, and
    its symbols reduce no cost."""
    quoted("Q02", test_q02_covenant_tide_serpent.__doc__)
    g = position(side(hand=["U01"], field=[f("Q02", 1)], reserve=3), side(hand=["R09"], reserve=3))
    q02 = cid_of(g, 0, "field", "Q02")
    g.field[q02].soul_state, g.field[q02].cores = True, 0  # as the opponent left it (see the rule tests)
    g.players[0].reserve += 1
    assert costs.field_symbols(g, 0) == [] and not costs.holders(g, 0)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "U01")))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert g.players[0].count == 1  # its [Soul State] effect, with no level
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    d = g.decision
    assert d.kind != Kind.ATTACK or ("attack", q02) not in d.options


def test_q03_oathwraith_of_the_ledger():
    """Oathwraith of the Ledger (Q03): "Contract card: one kind in a deck, at most 3; you may
    start with one in your hand; when it leaves the field because of the opponent it may stay
    there in soul state." "Over Count 1: BP +2000 while your count is 1 or more (OC)." "When
    summoned: Count +1." "[Soul State]/[Spirit] When one of your spirits is destroyed: Draw 1
    card." 001 (soul state): destroyed by the opponent it may stay on the field in soul state,
    chosen once the effects of its leaving are done; its cores go to the reserve; then only
    its own and soul-state effects reach it (the opponent's "destroy" finds nothing)."""
    quoted("Q03", test_q03_oathwraith_of_the_ledger.__doc__)
    g = position(
        side(field=[f("Q03", 1)], reserve=1, deck=["R01"] * 4),
        side(hand=["R09", "R09"], reserve=8),
        active=1,
    )
    q03 = cid_of(g, 0, "field", "Q03")
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "R09", 0), "flash"))
    s.expect(1, Kind.PAY_COST, pay(reserve=3))
    d = s.expect(0, Kind.YES_NO)
    assert d.context.get("question") in ("soul_state", "source_soul_state") and "soul state" in d.prompt
    hand = len(g.players[0].hand)
    g.answer(True)
    fc = g.field[q03]
    assert fc.soul_state and fc.cores == 0 and g.players[0].reserve == 2  # its core to the reserve
    assert q03 not in g.players[0].trash and logged(g, "stays on the field in soul state")
    assert len(g.players[0].hand) == hand  # its [Soul State] draw watches the others, not itself
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "R09"), "flash"))
    g.answer(pay(reserve=3))
    assert q03 in g.field and g.field[q03].soul_state  # "destroy 1 opposing spirit" finds nothing


def test_the_contract_opening():
    """001 (加入手牌的程序) and 000 ch.1 §3: before shuffling, a player with a contract card may set
    one aside face down; they draw 3 and add it, shown to the opponent; declining draws 4."""
    db = load_cards()
    g = Game.new(deck_with("Q01"), deck_with("Q02"), 3, db)
    d = g.decision
    assert d.kind == Kind.YES_NO and d.player == 0 and d.context.get("question") == "opening"
    q01 = d.context["card"]
    g.answer(True)
    d = g.decision
    assert d.kind == Kind.YES_NO and d.player == 1
    g.answer(False)
    p0, p1 = g.players
    assert q01 in p0.hand and len(p0.hand) == 4 and len(p1.hand) == 4
    assert (1, q01, "hand") in g.known  # the opponent saw it
    assert logged(g, "Player 1 shows Pactbound Ember Wyvern and adds it to the hand.")
    assert g.decision.kind == Kind.CHOOSE_ORDER
    # Q&A 关于契约卡 A1: the card taken out is one of the deck's 40 cards and of its 3 copies
    assert len(p0.deck) + len(p0.hand) == 40
    assert sum(g.static.defs[c].id == "Q01" for c in p0.deck + p0.hand) == 3


def test_no_opening_question_without_a_contract_card_against_the_ai():
    """The opening is asked of a player only if they have a contract card (with people at the
    table everyone is asked, so that being asked tells nothing: see test_hotseat)."""
    g = Game.new([f"R{n:02d}" for n in range(1, 15) for _ in range(3)][:40], deck_with("Q01"), 3, load_cards())
    d = g.decision
    assert d.kind == Kind.YES_NO and d.player == 1  # player 1 holds none: not asked


def test_soul_state_keeps_destroyed_by_the_opponent_bursts_from_firing():
    """001 (契约战魂的补足): a card taking soul state does not go to the trash, so a "your spirit
    is destroyed by the opponent" burst does not fire; declined, it goes and the burst fires."""
    for keep in (True, False):
        g = position(
            side(field=[f("Q03", 1), f("R01", 1)], reserve=0, burst="R20", deck=["R01"] * 4),
            side(hand=["R09"], field=[f("R02", 1)], reserve=5),
            active=1,
        )
        q03 = cid_of(g, 0, "field", "Q03")
        s = Script(g)
        s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "R09"), "flash"))
        s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
        s.expect(1, Kind.CHOOSE_TARGETS, (q03,))  # Cinder Pup could be chosen too
        d = s.expect(0, Kind.YES_NO, keep)
        assert d.context.get("question") in ("soul_state", "source_soul_state")
        d = g.decision
        burst = (
            d is not None
            and d.kind == Kind.YES_NO
            and d.context.get("question") == "burst"
            and d.options == (True, False)
        )
        assert burst == (not keep)
        assert (q03 in g.players[0].trash) == (not keep)


def test_q04_pyrepact_sovereign_drake():
    """Pyrepact Sovereign Drake (Q04): "Contract advent (your Main Step): onto your spirit or
    ultimate with cost 4 or more, or a card of yours in soul state, moving your Soul Core to
    the trash." "When this spirit advents: Count +1. Draw 1 card." 001 (《契约煌临》): it may
    advent straight onto your card in soul state (which becomes its advent source, the card no
    longer in soul state; its cores placed as for a summon: the seeds are silent), and it counts
    as advent; the contract card under it gives it its [Contract Advent Source] effects."""
    quoted("Q04", test_q04_pyrepact_sovereign_drake.__doc__)
    g = position(
        side(field=[f("Q03", 1)], reserve=1, deck=["R01"] * 4),
        side(hand=["R09"], reserve=8),
        active=1,
    )
    q03 = cid_of(g, 0, "field", "Q03")
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "R09"), "flash"))
    s.expect(1, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.YES_NO, True)  # soul state
    assert g.field[q03].soul_state
    g2 = position(
        side(hand=["Q04"], field=[f("Q01", 1)], reserve=4, deck=["R01"] * 4),
        side(field=[f("R04", 1)], deck=["R01"] * 4),
        step="main",
    )
    q01 = cid_of(g2, 0, "field", "Q01")
    g2.field[q01].soul_state, g2.field[q01].cores = True, 0  # as test_q03 shows it happen
    g2.players[0].reserve += 1
    q04 = cid_of(g2, 0, "hand", "Q04")
    s2 = Script(g2)
    s2.expect(0, Kind.MAIN_ACTION, ("advent", q04, q01))
    d = s2.expect(0, Kind.PLACE_CORES)
    # its cores are chosen while it is in the hand: no state shows it on the field without them
    assert d.allocation.amount == 1 and q04 in g2.players[0].hand and g2.field[q01].soul_state
    g2.answer(place(reserve=1))
    fc = g2.field[q01]
    assert not fc.soul_state and fc.top == q04 and fc.sources == (q01,) and fc.cores == 1
    assert g2.players[0].count == 1 and logged(g2, "a contract advent")
    # the contract card under it gives the drake its "[Contract Advent Source] When blocks"
    lancer = cid_of(g2, 1, "field", "R04")
    while not (g2.decision.player == 1 and g2.decision.kind == Kind.ATTACK):
        d = g2.decision
        g2.answer(("end",) if ("end",) in d.options else d.options[-1])
    s2.expect(1, Kind.ATTACK, ("attack", lancer))
    while g2.decision.kind == Kind.FLASH:
        g2.answer(("pass",))
    s2.expect(0, Kind.BLOCK, ("block", q01))
    assert logged(g2, "Pyrepact Sovereign Drake gets BP +3000 this battle (BP 9000).")


def test_q11_emberoath_contract_grandwalker():
    """Emberoath, Contract Grandwalker (Q11): "Core Charge condition (for its True Core Charge):
    spirit cards with cost 3 or more." "Contract grandwalker: its levels read your count, not
    the cores on it." "Revival (your Main Step): from soul state, deploy it again by paying its
    cost." "Contract card: one kind in a deck, at most 3; you may start with one in your hand;
    when it leaves the field because of the opponent it may stay there in soul state." "[Once
    per turn] When one of your spirits is summoned: True Core Charge: trash the top 3 cards of
    your deck; a core from the void onto this for each that meets its Core Charge." "[Contract
    Skill: 2] Main: Destroy 1 opposing spirit with 5000 BP or less." "[Contract Field] [Lv2]
    When one of your spirits attacks: That spirit gets BP +2000 this battle." 000 ch.2 §6
    (contract grandwalkers): its Lv2 cost reads your count; True Core Charge once a turn, even
    with another of its name; its red god symbol reduces red or god; [Contract Skill] paid with
    its cores."""
    quoted("Q11", test_q11_emberoath_contract_grandwalker.__doc__)
    deck = ["R03", "R01", "R04", "R01", "R03", "R03"]
    g = position(
        side(hand=["R03", "R03"], field=[f("Q11", 0), f("Q11", 0)], reserve=8, deck=deck),
        side(field=[f("G12", 1)]),
    )
    q11, other = cid_of(g, 0, "field", "Q11", 0), cid_of(g, 0, "field", "Q11", 1)
    assert costs.level_of(g, q11) == 1
    g.players[0].count, g.players[0].void = 2, g.players[0].void - 2
    assert costs.level_of(g, q11) == 2  # the count, not its (no) cores
    assert costs.reduced_cost(g, 0, load_cards()["R03"]) == 3 - 2  # red or god: each symbol one slot
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "R03", 0)))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.ORDER_TRIGGERS)  # both Emberoaths' (no "same name" rule) and the raptor's
    labels = d.context["labels"]
    assert sum("True Core Charge" in x for x in labels) == 2
    while g.decision.kind in (Kind.ORDER_TRIGGERS, Kind.CHOOSE_TARGETS):
        g.answer(g.decision.options[0])
    assert g.field[q11].cores + g.field[other].cores >= 2 and logged(g, "True Core Charge (")
    before = g.field[q11].cores + g.field[other].cores
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "R03")))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    while g.decision.kind in (Kind.ORDER_TRIGGERS, Kind.CHOOSE_TARGETS):
        g.answer(g.decision.options[0])
    assert g.field[q11].cores + g.field[other].cores == before  # once per turn each
    assert g.field[q11].cores == g.field[other].cores == 2  # R03 R03 R01, then R04 R01 R03
    s.expect(0, Kind.MAIN_ACTION, ("skill", q11, 1))
    assert logged(g, "uses [Contract Skill: 2]") and cid_of(g, 1, "trash", "G12") >= 0


def test_revival_deploys_a_contract_grandwalker_again_from_soul_state():
    """000 ch.2 §6 (Revival, 复活) and 001 (soul state): a contract grandwalker the opponent
    destroys may stay in soul state, its cores to the void; Revival deploys it again by paying
    its cost."""
    g = position(
        side(field=[f("Q11", 2)], reserve=6),
        side(hand=["N04"], reserve=5),
        active=1,
    )
    q11 = cid_of(g, 0, "field", "Q11")
    void = g.players[0].void
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "N04"), "main"))
    s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    s.expect(0, Kind.YES_NO, True)
    assert g.field[q11].soul_state and g.players[0].void == void + 2  # a grandwalker's cores: the void
    while not (g.decision.player == 0 and g.decision.kind == Kind.MAIN_ACTION):
        d = g.decision
        g.answer(("end",) if ("end",) in d.options else d.options[-1])
    assert ("revive", q11) in g.decision.options
    s.expect(0, Kind.MAIN_ACTION, ("revive", q11))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    assert not g.field[q11].soul_state and logged(g, "deploys Emberoath, Contract Grandwalker again")


def test_soul_state_when_the_opponent_returns_a_contract_card():
    """001 (soul state): it is for a contract card leaving the field because of the opponent,
    however: returned to the hand by the opponent's effect, it may stay in soul state too;
    declined, it goes to the hand as the effect says."""
    for keep in (True, False):
        g = position(side(field=[f("Q03", 1)], reserve=1), side(hand=["X09"], reserve=6), active=1)
        q03 = cid_of(g, 0, "field", "Q03")
        s = Script(g)
        s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "X09"), "main"))
        s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
        d = s.expect(0, Kind.YES_NO, keep)
        assert d.context.get("question") in ("soul_state", "source_soul_state")
        assert (q03 in g.field and g.field[q03].soul_state) == keep
        assert (q03 in g.players[0].hand) == (not keep)


def drake_on_soul_state_wyvern_meets(magic: str, timing: str, burst: str | None = None):
    """Pyrepact Sovereign Drake advents onto a Pactbound Ember Wyvern in soul state; in the
    next turn the opponent uses `magic` on the spirit. Returns at its owner's soul-state
    question."""
    mine = side(hand=["Q04"], field=[f("Q01", 1)], reserve=4, deck=["R01"] * 6, burst=burst)
    g = position(mine, side(hand=[magic], reserve=6, deck=["R01"] * 4), step="main")
    q01, q04 = cid_of(g, 0, "field", "Q01"), cid_of(g, 0, "hand", "Q04")
    g.field[q01].soul_state, g.field[q01].cores = True, 0
    g.players[0].reserve += 1
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", q04, q01))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert g.field[q01].top == q04
    while not (g.decision.player == 1 and g.decision.kind == Kind.MAIN_ACTION):
        d = g.decision
        g.answer(("end",) if ("end",) in d.options else d.options[-1])
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", magic), timing))
    s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    if g.decision.kind == Kind.CHOOSE_TARGETS:
        s.expect(1, Kind.CHOOSE_TARGETS, (q01,))
    return g, s, q01, q04


def test_a_contract_advent_source_may_take_soul_state_when_its_spirit_leaves():
    """001 (关于契约卡 2.) and 000 ch.2 §8: when a spirit that advented leaves the field because
    of the opponent, a contract card among its advent sources may take soul state; it stays
    where the spirit stood, the rest of the spirit's cards go where the effect sends them, and
    its once-per-turn effects keep their count (Q&A 关于契约卡 A3). Declined, all go."""
    for keep in (True, False):
        g, s, q01, q04 = drake_on_soul_state_wyvern_meets("X09", "main")
        d = s.expect(0, Kind.YES_NO, keep)
        assert d.context == {"question": "source_soul_state", "card": q01, "to": "hand", "source_of": q01}
        assert "advent source Pactbound" in d.prompt
        p = g.players[0]
        assert q04 in p.hand and q04 not in g.field  # the drake goes back to the hand either way
        if keep:
            fc = g.field[q01]
            assert fc.soul_state and fc.top == q01 and not fc.sources and fc.cores == 0
            assert p.field.count(q01) == 1 and q01 not in p.hand and g.card_name(q01) == "Pactbound Ember Wyvern"
            assert logged(g, "Pactbound Ember Wyvern stays on the field in soul state.")
        else:
            assert q01 in p.hand and q01 not in g.field and not p.field


def test_a_contract_source_kept_when_its_spirit_is_destroyed():
    """000 ch.2 §8 (煌临元中的契约卡也可以成为「魂状态」): a spirit destroyed by the opponent
    leaves its contract source behind in soul state and goes to the trash without it; a
    "destroyed by the opponent" burst still fires, since the spirit itself did go."""
    g, s, q01, q04 = drake_on_soul_state_wyvern_meets("I06", "flash", burst="R20")
    s.expect(0, Kind.YES_NO, True)
    p = g.players[0]
    assert q04 in p.trash and q01 not in p.trash and g.field[q01].soul_state and g.field[q01].top == q01
    d = g.decision
    assert d.kind == Kind.YES_NO and d.context.get("question") == "burst"  # Pyrepact Sovereign Drake did go


def test_a_contract_source_higher_in_the_pile_comes_apart():
    """000 ch.2 §8: the contract card need not be the bottom one; it comes apart from the pile
    as a card of its own in soul state; the spirit goes with its other cards."""
    g = position(
        side(hand=["Q01", "Q04"], field=[f("R02", 3)], reserve=0, deck=["R01"] * 6),
        side(hand=["X09"], reserve=6, deck=["R01"] * 4),
        active=1,
    )
    r02, q01, q04 = cid_of(g, 0, "field", "R02"), cid_of(g, 0, "hand", "Q01"), cid_of(g, 0, "hand", "Q04")
    fc, p = g.field[r02], g.players[0]
    p.hand.remove(q01)
    p.hand.remove(q04)
    fc.sources, fc.top = (r02, q01), q04  # Wyvern once advented onto the Drake, and Q04 onto it
    g.refresh_defs(r02, q01)
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "X09"), "main"))
    s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    if g.decision.kind == Kind.CHOOSE_TARGETS:
        s.expect(1, Kind.CHOOSE_TARGETS, (r02,))
    s.expect(0, Kind.YES_NO, True)
    assert sorted(p.hand) == sorted([r02, q04]) and p.field == [q01]
    assert g.field[q01].soul_state and g.field[q01].cores == 0 and p.reserve == 3


def test_q05_abyssal_covenant_ultimate():
    """Abyssal Covenant Ultimate (Q05): "Summon condition: 1 or more blue spirits on your
    field." "Contract card: one kind in a deck, at most 3; you may start with one in your
    hand; when it leaves the field because of the opponent it may stay there in soul state."
    "Over Count 3: BP +3000 while your count is 3 or more (OC)." "When attacks: U-Trigger: if
    it hits, return 1 opposing spirit with cost 4 or less to its owner's hand." "[Soul
    State]/[Ultimate] When one of your spirits blocks: That spirit gets BP +2000 this battle."
    000 ch.2 §8 and 001: an ultimate that is a contract card takes soul state as a contract
    spirit does, destroyed by the opponent's effect; there its [Soul State] effect works."""
    quoted("Q05", test_q05_abyssal_covenant_ultimate.__doc__)
    g = position(
        side(field=[f("Q05", 1), f("U01", 1)], reserve=0, deck=["R01"] * 6),
        side(hand=["X05"], field=[f("R02", 1)], reserve=6, deck=["R01"] * 4),
        active=1,
    )
    q05, golem, drake = cid_of(g, 0, "field", "Q05"), cid_of(g, 0, "field", "U01"), cid_of(g, 1, "field", "R02")
    g.players[0].count, g.players[0].void = 3, g.players[0].void - 3
    assert bp(g, q05) == 5000 + 3000  # in Over Count
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "X05"), "flash"))
    s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    d = s.expect(0, Kind.YES_NO, True)
    assert d.context == {"question": "soul_state", "card": q05, "to": "trash"}
    assert g.field[q05].soul_state and g.players[0].reserve == 1 and bp(g, q05) == 0
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.ATTACK, ("attack", drake))
    while g.decision.kind == Kind.FLASH:
        g.answer(("pass",))
    d = s.expect(0, Kind.BLOCK, ("block", golem))
    assert ("block", q05) not in d.options  # a card in soul state cannot block
    assert logged(g, "Cobble Golem gets BP +2000 this battle (BP 3000).")


def test_q06_tidepact_leviathan():
    """Tidepact Leviathan (Q06): "Contract advent (your Main Step and flash timing): onto your
    spirit or ultimate with cost 3 or more, or a card of yours in soul state, moving your Soul
    Core to the trash." "Over Count 3: BP +3000 while your count is 3 or more (OC)." "[Once per
    game: same name] When this spirit advents: Draw 2 cards." "[OC & During Advent] When
    attacks: Return 1 opposing spirit with cost 5 or less to its owner's hand." 001: an
    [OC & During Advent] effect needs the count to meet the OC and the spirit to be adventing;
    [once per game: same name] (每次对战1次) is once in the whole game for cards of that name."""
    quoted("Q06", test_q06_tidepact_leviathan.__doc__)
    g = position(
        side(hand=["Q06"], field=[f("Q02", 1), f("U03", 2)], reserve=5, deck=["R01"] * 8),
        side(field=[f("R02", 1)], deck=["R01"] * 8),
        step="main",
    )
    q02 = cid_of(g, 0, "field", "Q02")
    first = cid_of(g, 0, "hand", "Q06", 0)
    drake = cid_of(g, 1, "field", "R02")
    g.field[q02].soul_state, g.field[q02].cores = True, 0
    g.players[0].reserve += 1
    s = Script(g)
    hand = len(g.players[0].hand)
    s.expect(0, Kind.MAIN_ACTION, ("advent", first, q02))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert len(g.players[0].hand) == hand - 1 + 2  # drew 2
    assert g.players[0].count == 0
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", q02))  # in advent, but the count is 0: no return
    while g.decision.player == 1 or g.decision.kind == Kind.FLASH:
        g.answer(g.decision.options[-1] if g.decision.kind != Kind.FLASH else ("pass",))
    assert drake in g.field
    # the next turns: Soul Core back, count 3, the second Leviathan onto the Frostcliff Giant
    g2 = position(
        side(hand=["Q06"], field=[f("U03", 2)], reserve=3, deck=["R01"] * 8),
        side(field=[f("R02", 1)], deck=["R01"] * 8),
        step="main",
    )
    giant, q06 = cid_of(g2, 0, "field", "U03"), cid_of(g2, 0, "hand", "Q06")
    g2.players[0].count, g2.players[0].void = 3, g2.players[0].void - 3
    name = g2.static.defs[q06].name
    g2.once_used = frozenset({("g", 0, name, 0)})  # its draw was used earlier in the game
    s2 = Script(g2)
    hand = len(g2.players[0].hand)
    s2.expect(0, Kind.MAIN_ACTION, ("advent", q06, giant))
    assert len(g2.players[0].hand) == hand - 1  # no second draw this game
    assert bp(g2, giant) == 6000 + 3000
    drake2 = cid_of(g2, 1, "field", "R02")
    s2.expect(0, Kind.MAIN_ACTION, ("end",))
    s2.expect(0, Kind.ATTACK, ("attack", giant))
    assert drake2 in g2.players[1].hand  # OC and in advent: the return


def test_q07_ledgerpact_lich():
    """Ledgerpact Lich (Q07): "Contract advent (your Main Step): onto your spirit or ultimate
    with cost 3 or more, or a card of yours in soul state, moving your Soul Core to the
    trash." "When this spirit advents: Count +1. Return 1 "Oath" card from your trash to your
    hand." 001 (wording): a condition on part of a card's name is written just "○○○"; a card
    whose name holds it meets it, the rest do not."""
    quoted("Q07", test_q07_ledgerpact_lich.__doc__)
    g = position(
        side(hand=["Q07"], field=[f("Q03", 1)], trash=["Q03", "P01", "Q11"], reserve=3, deck=["R01"] * 8),
        side(field=[f("R02", 1)], deck=["R01"] * 8),
        step="main",
    )
    q03, lich = cid_of(g, 0, "field", "Q03"), cid_of(g, 0, "hand", "Q07")
    in_trash = cid_of(g, 0, "trash", "Q03")
    g.field[q03].soul_state, g.field[q03].cores = True, 0
    g.players[0].reserve += 1
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", lich, q03))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    p = g.players[0]
    # "Oathwraith of the Ledger" holds "Oath"; "Emberoath, Contract Grandwalker" does not (case)
    assert p.count == 1 and in_trash in p.hand and cid_of(g, 0, "trash", "Q11") >= 0
    assert g.field[q03].top == lich and logged(g, "a contract advent")


def test_once_per_game_same_name_outlasts_the_turn():
    """001 (wording): [once per game: same name] (每次对战1次：同名) holds for the whole game,
    where [once per turn] and [once per turn: same name] end with the turn."""
    g = position(side(deck=["R01"] * 8), side(deck=["R01"] * 8), step="main")
    g.once_used = frozenset({("g", 0, "Tidepact Leviathan", 0), ("n", 0, "Emberoath", 1), ("i", 3, 1, 0)})
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    while g.active == 0:
        d = g.decision
        g.answer(("end",) if ("end",) in d.options else d.options[-1])
    assert g.once_used == frozenset({("g", 0, "Tidepact Leviathan", 0)})


def test_the_wording_of_001():
    """001 (其它、裁定或描述变更) and 000 ch.2 §8: the tags read as the seeds write them: the forms
    an effect works in side by side (【魂状态】【契约煌临元】/【战魂】), [OC & During Advent], the
    once-per tags, [No duplicates]; heavy exhaustion and count ±X without reminder text."""
    from bs_tui.engine.data.cards import Effect, Step
    from bs_tui.engine.data.text import effect_text, step_text

    draw = (Step("draw", (("n", 1),)),)
    both = Effect("attacks", draw, levels=(1, 2), soul=True, contract_source=True, once="turn")
    assert (
        effect_text(both)
        == "[Soul State][Contract Advent Source]/[Spirit] [Once per turn] [Lv1-Lv2] When attacks: Draw 1 card."
    )
    assert effect_text(Effect("attacks", draw, oc=True, during_advent=True)).startswith("[OC & During Advent] ")
    assert effect_text(Effect("attacks", draw, once="game_name")).startswith("[Once per game: same name] ")
    assert effect_text(Effect("attacks", draw, once="turn_name", no_duplicates=True)).startswith(
        "[Once per turn: same name] [No duplicates] "
    )
    assert step_text(Step("heavy_exhaust", (("target", "opponent_spirit"),))) == "Heavily exhaust 1 opposing spirit."
    assert step_text(Step("count", (("n", 2),))) == "Count +2."


def test_once_per_turn_holds_across_soul_state_and_contract_advent_source():
    """001 (契约战魂的补足) and Q&A 关于契约卡 A3: a [Soul State][Contract Advent Source]/[Spirit]
    once-per-turn effect used in soul state is not used again that turn as the advent source
    of a 《契约煌临》 spirit; the next turn it works there, given to the spirit on top."""
    g = position(
        side(hand=["U01", "U01", "U01", "Q06"], field=[f("Q02", 1)], reserve=6, deck=["R01"] * 8),
        side(field=[f("R02", 1)], deck=["R01"] * 8),
        step="main",
    )
    q02, q06 = cid_of(g, 0, "field", "Q02"), cid_of(g, 0, "hand", "Q06")
    golems = [cid_of(g, 0, "hand", "U01", i) for i in range(3)]
    g.field[q02].soul_state, g.field[q02].cores = True, 0
    g.players[0].reserve += 1
    p = g.players[0]
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", golems[0]))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert p.count == 1  # in soul state
    s.expect(0, Kind.MAIN_ACTION, ("advent", q06, q02))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert g.field[q02].top == q06 and p.count == 1
    s.expect(0, Kind.MAIN_ACTION, ("summon", golems[1]))  # the Leviathan's symbol pays it
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert p.count == 1  # as the Leviathan's advent source: already used this turn
    turn = g.turn
    while not (g.active == 0 and g.turn > turn and g.decision.kind == Kind.MAIN_ACTION):
        d = g.decision
        g.answer(("end",) if ("end",) in d.options else ("pass",) if ("pass",) in d.options else d.options[-1])
    s.expect(0, Kind.MAIN_ACTION, ("summon", golems[2]))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert p.count == 2 and g.field[q02].top == q06  # a new turn: given to the Leviathan


def test_a_contract_card_discarded_from_the_deck_takes_no_soul_state():
    """Q&A 关于契约卡 A2: a contract card the opponent sends from the deck to the trash never
    left the field, so it cannot take soul state: no question, it is in the trash."""
    g = position(
        side(field=[f("R02", 1)], deck=["R01"] * 4 + ["Q01"]),
        side(field=[f("U01", 2)], deck=["R01"] * 4),
        active=1,
        step="attack",
    )
    golem, q01 = cid_of(g, 1, "field", "U01"), cid_of(g, 0, "deck", "Q01")
    assert g.players[0].deck[-1] == q01  # the top of the deck
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", golem))  # Lv2: discard 1 from the opposing deck
    assert q01 in g.players[0].trash and q01 not in g.field
    d = g.decision
    assert not (d.kind == Kind.YES_NO and d.context.get("question") in ("soul_state", "source_soul_state"))


def test_effects_on_a_spirit_end_when_it_takes_soul_state():
    """001 (契约战魂的补足): effects aimed at the spirit end when it takes soul state, and a spirit
    that then advents onto the card does not inherit them (Dragon's Roar's BP +3000 this
    turn is gone: the Leviathan that advents onto it in the same flash window has its own BP)."""
    g = position(
        side(hand=["R10", "Q06"], field=[f("Q01", 1)], reserve=5, deck=["R01"] * 8),
        side(hand=["I06"], reserve=6, deck=["R01"] * 8),
        step="main",
    )
    q01, roar, q06 = cid_of(g, 0, "field", "Q01"), cid_of(g, 0, "hand", "R10"), cid_of(g, 0, "hand", "Q06")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", roar, "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    assert bp(g, q01) == 4000 + 3000
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", q01))
    s.expect(1, Kind.FLASH, ("magic", cid_of(g, 1, "hand", "I06")))
    s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    s.expect(0, Kind.YES_NO, True)
    assert g.field[q01].soul_state and not any(m.cid == q01 for m in g.mods)
    s.expect(0, Kind.FLASH, ("advent", q06, q01))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert g.field[q01].top == q06 and bp(g, q01) == 6000  # no BP +3000 from before


def test_soul_state_when_the_opponent_depletes_a_contract_card():
    """000 ch.2 §8 (即使被对手破坏或消灭也可以在战场上成为「魂状态」): a contract card depleted
    because an opposing effect took its cores leaves because of the opponent and may stay
    in soul state; depleted by its owner's own payment it simply goes."""
    for keep in (True, False):
        g = position(side(field=[f("Q01", 1)], reserve=0), side(hand=["P02"], reserve=4), active=1, step="main")
        q01, bat = cid_of(g, 0, "field", "Q01"), cid_of(g, 1, "hand", "P02")
        s = Script(g)
        s.expect(1, Kind.MAIN_ACTION, ("summon", bat))
        s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
        s.expect(1, Kind.PLACE_CORES, place(reserve=1))
        d = s.expect(0, Kind.YES_NO, keep)  # its 1 core went to the reserve: depleted
        assert d.context == {"question": "soul_state", "card": q01, "to": "trash"}
        assert logged(g, "Pactbound Ember Wyvern has too few cores and is depleted.")
        assert (q01 in g.field and g.field[q01].soul_state) == keep
        assert (q01 in g.players[0].trash) == (not keep)
    g = position(side(hand=["R10"], field=[f("Q01", 1)], reserve=1), side(), step="main")
    q01 = cid_of(g, 0, "field", "Q01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "R10"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(**{f"c{q01}": 1}))
    assert q01 in g.players[0].trash and g.decision.kind != Kind.YES_NO  # its owner's doing


def test_a_contract_advent_using_a_spirits_only_core_depletes_it_first():
    """000 ch.1 §5 (消灭) with 001 《契约煌临》: the Soul Core used by a contract advent may be
    the only core of another spirit, which is then depleted before the advent's cores are
    placed (found by greedy self-play: no state may show it on the field without cores);
    the Soul Core no longer counts among the cores to place."""
    g = position(
        side(hand=["Q04"], field=[f("Q01", 1), {"card": "R01", "cores": 0, "soul": True}], reserve=1),
        side(),
        step="main",
    )
    q01, pup, q04 = cid_of(g, 0, "field", "Q01"), cid_of(g, 0, "field", "R01"), cid_of(g, 0, "hand", "Q04")
    g.field[q01].soul_state, g.field[q01].cores = True, 0
    g.players[0].reserve += 1
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", q04, q01))
    d = s.expect(0, Kind.PLACE_CORES)
    assert pup in g.players[0].trash and pup not in g.field  # depleted first
    assert logged(g, "Cinder Pup has too few cores and is depleted.")
    assert d.allocation.amount == 1
    g.answer(place(reserve=1))
    assert g.field[q01].top == q04 and g.field[q01].cores == 1


def test_no_contract_advent_when_the_soul_core_was_the_core_to_place():
    """001 《契约煌临》 (its cores placed as for a summon): with the Soul Core, which the advent
    sends to the trash, the only core you could place (on a spirit of yours), it is not
    offered."""
    g = position(
        side(hand=["Q04"], field=[f("Q01", 1), {"card": "R01", "cores": 0, "soul": True}], reserve=0),
        side(),
        step="main",
    )
    q01, q04 = cid_of(g, 0, "field", "Q01"), cid_of(g, 0, "hand", "Q04")
    g.field[q01].soul_state, g.field[q01].cores, g.players[0].void = True, 0, g.players[0].void + 1
    g.pending = None  # the Main Step asks again, of the position as it now is
    g.push(("main_prompt",))
    g.run()
    assert ("advent", q04, q01) not in g.decision.options  # the Soul Core is all there is
