"""One test per card of the grandwalker set (bs_tui/data/cards/grandwalkers.toml) and the
rules of grandwalker and astral stone nexuses they rest on (000 ch.2 §6; 001 wording
"core charge +X", "unseal +X"). Docstrings quote the generated text (`quoted`)."""

from __future__ import annotations

import pytest
from conftest import Kind, Script, bp, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDB, card_from_table
from bs_tui.engine.model.predicates import fights
from bs_tui.engine.rules import costs

NEXBREAK = {
    "id": "S-NEXBREAK",
    "name": "Nexus Breaker",
    "kind": "magic",
    "colours": ["red"],
    "cost": 0,
    "effect": [{"when": "main", "do": [{"verb": "destroy", "target": "opponent_nexus"}]}],
}


MYTH = {
    "id": "S-MYTH",
    "name": "Herald Myth Brave",
    "kind": "brave",
    "colours": ["red"],
    "cost": 0,
    "families": ["Myth"],
    "levels": [{"cores": 1, "bp": 1000}],
    "brave_bp": 1000,
    "brave_condition": {"min_cost": 9},
    "brave_condition_nexus": {},
    "effect": [{"when": "summoned", "do": [{"verb": "draw", "n": 1}]}],
}


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    """The card set, a test magic that destroys 1 opposing nexus and a myth brave that draws
    when summoned."""
    cards = dict(load_cards().cards)
    for t in (NEXBREAK, MYTH):
        cards[t["id"]] = card_from_table(t, "test")
    return CardDB(cards, "test")


CHARGE_N01 = (
    "Core Charge: spirit cards with cost 3 or more (when deployed, you may trash the top 3 cards of your deck: a"
    " core from the void onto this for each that meets it; then you may place one for each such card you summon"
    " or advent)."
)


def to_main_end(s: Script) -> None:
    s.expect(s.g.active, Kind.MAIN_ACTION, ("end",))


def test_n01_forgeheart_grandwalker_of_embers():
    """Forgeheart, Grandwalker of Embers (N01): "Core Charge: spirit cards with cost 3 or more
    (when deployed, you may trash the top 3 cards of your deck: a core from the void onto this
    for each that meets it; then you may place one for each such card you summon or advent)."
    "[Grand Skill: 2] Main: Destroy 1 opposing spirit with 4000 BP or less." "[Grand Field]
    [Lv2] When one of your spirits attacks: That spirit gets BP +2000 this battle."
    000 ch.2 §6: deployed with no cores placed; Core Charge on deploy (the top 3 to the trash,
    a core from the void for each spirit card of cost 3 or more) and for each such card
    summoned later; a Grand Skill moves its cores to the void."""
    quoted("N01", test_n01_forgeheart_grandwalker_of_embers.__doc__)
    g = position(
        side(hand=["N01", "R03"], field=[f("R02", 1)], reserve=8, deck=["R01", "R01", "R03", "R01", "R05"]),
        side(field=[f("G01"), f("G12")]),
    )
    n01, raptor = cid_of(g, 0, "hand", "N01"), cid_of(g, 0, "hand", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("deploy", n01))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    d = s.expect(0, Kind.YES_NO)  # no PLACE_CORES: nothing is placed on a grandwalker
    assert "Core Charge" in d.prompt and g.field[n01].cores == 0
    g.answer(True)
    top3 = [g.static.defs[c] for c in g.players[0].trash[-3:]]
    assert [c.id for c in top3] == ["R05", "R01", "R03"]
    met = sum(1 for c in top3 if c.kind == "spirit" and c.cost >= 3)
    assert g.field[n01].cores == met == 1
    assert logged(g, "Core Charge (1 of them meet it): 1 core from the void onto Forgeheart")
    # its cores pay nothing and cannot be moved (ch.2 §6)
    assert all(src.source != n01 for src in costs.core_sources(g, 0)) and n01 not in costs.holders(g, 0)
    s.expect(0, Kind.MAIN_ACTION, ("summon", raptor))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.ORDER_TRIGGERS)  # its own "when summoned" and the core charge
    g.answer(next(i for i, label in enumerate(d.context["labels"]) if "Core Charge" in label))
    s.expect(0, Kind.YES_NO, True)  # a spirit of cost 3 summoned: a core from the void
    assert g.field[n01].cores == 2 and costs.level_of(g, n01) == 1
    d = s.expect(0, Kind.MAIN_ACTION, ("skill", n01, 0))
    assert ("skill", n01, 0) in d.options
    assert cid_of(g, 1, "trash", "G12") >= 0 and g.field[n01].cores == 0
    assert logged(g, "uses [Grand Skill: 2] of Forgeheart, Grandwalker of Embers, moving 2 cores to the void")


def test_n02_maelstra_grandwalker_of_tides():
    """Maelstra, Grandwalker of Tides (N02): "Core Charge: spirit cards or brave cards with
    family Golem or Colossus (when deployed, you may trash the top 3 cards of your deck: a
    core from the void onto this for each that meets it; then you may place one for each such
    card you summon or advent)." "[Grand Skill: 1] Flash: Draw 1 card." "[Ascension: 3] Main:
    This turn, this nexus also counts as a spirit with 8000 BP (it attacks and blocks; a lower
    BP does not destroy it)." "[Grand Field] [Lv2] When one of your spirits is summoned:
    Discard 1 card from the top of your opponent's deck." 000 ch.2 §6: an ascended grandwalker
    attacks; a higher BP does not destroy it; effects aimed at spirits still pass it by."""
    quoted("N02", test_n02_maelstra_grandwalker_of_tides.__doc__)
    g = position(side(field=[f("N02", 4)], reserve=2), side(field=[f("Y07", 5)], hand=["R09"], reserve=5))
    n02, big = cid_of(g, 0, "field", "N02"), cid_of(g, 1, "field", "Y07")
    assert not fights(g, n02)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("skill", n02, 1))
    assert fights(g, n02) and bp(g, n02) == 8000 and g.field[n02].cores == 1
    to_main_end(s)
    d = s.expect(0, Kind.ATTACK)
    assert ("attack", n02) in d.options
    g.answer(("attack", n02))
    while g.decision.kind == Kind.FLASH:
        g.answer(("pass",))
    s.expect(1, Kind.BLOCK, ("block", big))
    while g.decision is not None and g.decision.kind == Kind.FLASH:
        g.answer(("pass",))
    assert n02 in g.field and logged(g, "is a grandwalker: the battle does not destroy it")


def test_n03_sylvane_grandwalker_of_roots():
    """Sylvane, Grandwalker of Roots (N03): "Core Charge: spirit cards with cost 2 or more and
    family Wildkin or Insectoid (when deployed, you may trash the top 3 cards of your deck: a
    core from the void onto this for each that meets it; then you may place one for each such
    card you summon or advent)." "[Grand Skill: 2] Main: Refresh 1 of your spirits."
    "[Ascension: 4] Main: This turn, this nexus also counts as a spirit with 10000 BP (it
    attacks and blocks; a lower BP does not destroy it)." "[Grand Field] [Lv2] When one of
    your spirits blocks: That spirit gets BP +3000 this battle." 000 ch.2 §6: a skill needs
    its cores on the grandwalker; "a card on the field" effects of the opponent do not reach it
    (only effects that name grandwalker nexuses do)."""
    quoted("N03", test_n03_sylvane_grandwalker_of_roots.__doc__)
    g = position(
        side(field=[f("N03", 3), f("G02", 1, st="exhausted")], reserve=2),
        side(hand=["X09"], reserve=6),
    )
    n03, g02 = cid_of(g, 0, "field", "N03"), cid_of(g, 0, "field", "G02")
    d = g.decision
    assert ("skill", n03, 0) in d.options and ("skill", n03, 1) not in d.options  # 3 cores, not 4
    assert any(u[0] == ("skill", n03, 1) and "needs 4 cores" in u[1] for u in d.context["unavailable"])
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("skill", n03, 0))
    assert g.field[g02].state == 0
    to_main_end(s)
    while not (g.decision.player == 1 and g.decision.kind == Kind.MAIN_ACTION):
        d = g.decision
        g.answer(("end",) if ("end",) in d.options else d.options[-1])
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "X09"), "main"))
    s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    d = g.decision
    assert d is None or d.kind != Kind.CHOOSE_TARGETS or (n03,) not in d.options
    assert n03 in g.field


def test_n04_godfall_edict():
    """Godfall Edict (N04): "Main: Destroy 1 opposing grandwalker nexus." 000 ch.2 §6: an
    effect that names grandwalker nexuses reaches one; when it leaves the field its cores go to
    the void, not to the reserve."""
    quoted("N04", test_n04_godfall_edict.__doc__)
    g = position(side(hand=["N04"], reserve=5), side(field=[f("N01", 3), f("R08", 1)]))
    n01 = cid_of(g, 1, "field", "N01")
    reserve, void = g.players[1].reserve, g.players[1].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "N04"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    assert n01 in g.players[1].trash
    assert g.players[1].void == void + 3 and g.players[1].reserve == reserve


def test_n11_ember_herald_of_the_forge():
    """Ember Herald of the Forge (N11): "Manifest (your Main Step): summon this paying one core
    of your grandwalker “Forgeheart” and the rest from your life, field and reserve." "When this
    spirit manifests: Destroy 1 opposing spirit with 5000 BP or less." 000 ch.2 §6: a manifest
    is a summon: one core of the grandwalker to the trash, the rest paid as usual, cores placed;
    "when summoned" effects (core charge too) and "when this spirit manifests" both work."""
    quoted("N11", test_n11_ember_herald_of_the_forge.__doc__)
    g = position(side(hand=["N11"], field=[f("N01", 2)], reserve=6), side(field=[f("R02", 1)]))
    n11, n01 = cid_of(g, 0, "hand", "N11"), cid_of(g, 0, "field", "N01")
    trash = g.players[0].trash_cores
    d = g.decision
    assert ("manifest", n11, n01) in d.options and ("summon", n11) in d.options
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("manifest", n11, n01))
    assert g.field[n01].cores == 1 and g.players[0].trash_cores == trash + 1
    amount = g.decision.allocation.amount
    assert amount == 4  # cost 5, one paid by the grandwalker's core (no red symbol to reduce)
    sources = {src.source: src.cores for src in g.decision.allocation.sources}
    assert n01 not in sources and sources["life"] == 5  # life may pay too (000 ch.2 §6)
    s.expect(0, Kind.PAY_COST, ("pay", (("reserve", 3), ("life", 1)), False))
    assert g.players[0].life == 4 and logged(g, "pays 1 core from life (4 left)")
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.YES_NO, False)  # core charge for a spirit of cost 5: declined
    assert cid_of(g, 1, "trash", "R02") >= 0
    assert logged(g, "manifests Ember Herald of the Forge, paying a core of Forgeheart")


def test_n12_tidecaller_manifest():
    """Tidecaller Manifest (N12): "Manifest (your Main Step): summon this paying one core of
    your grandwalker “Maelstra” and the rest from your life, field and reserve." "When this spirit
    manifests: Draw 2 cards." 000 ch.2 §6: the grandwalker it names must hold a core; a
    cancelled payment puts that core back."""
    quoted("N12", test_n12_tidecaller_manifest.__doc__)
    g = position(side(hand=["N12"], field=[f("N02", 0)], reserve=6), side())
    n12, n02 = cid_of(g, 0, "hand", "N12"), cid_of(g, 0, "field", "N02")
    d = g.decision
    assert not any(o[0] == "manifest" for o in d.options)
    assert any(u[0] == ("manifest", n12) and "needs a core" in u[1] for u in d.context["unavailable"])
    g2 = position(side(hand=["N12"], field=[f("N02", 1)], reserve=6, deck=["R01"] * 4), side())
    n12, n02 = cid_of(g2, 0, "hand", "N12"), cid_of(g2, 0, "field", "N02")
    s = Script(g2)
    s.expect(0, Kind.MAIN_ACTION, ("manifest", n12, n02))
    s.expect(0, Kind.PAY_COST, ("cancel",))
    assert g2.field[n02].cores == 1 and n12 in g2.players[0].hand
    s.expect(0, Kind.MAIN_ACTION, ("manifest", n12, n02))
    s.expect(0, Kind.PAY_COST, pay(reserve=g2.decision.allocation.amount))
    hand = len(g2.players[0].hand) - 1  # the manifested card leaves it
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    while g2.decision.kind == Kind.YES_NO:
        g2.answer(False)
    assert len(g2.players[0].hand) == hand + 2


def test_n21_cinder_astral_stone():
    """Cinder Astral Stone (N21): "When one of your spirits is summoned: Unseal +1 (cores from
    the void onto this astral stone)." "[Mystery] [Lv2] When one of your spirits attacks: That
    spirit gets BP +1000 this battle." "[Mystery] [Lv3] When one of your spirits attacks: Turn
    this card over to its back face (rebirth) (then count +1)." "Back face (after rebirth):
    Cinderborn Colossus (N21) · spirit · red · cost 6 · Lv1:1c/7000 Lv2:4c/10000 · symbols red"
    "When this reborns: Destroy 1 opposing spirit with 6000 BP or less." 000 ch.2 §6: an
    astral stone has no symbols and is filled by unseal; it turns over by rebirth (§7) into
    an ordinary spirit that any effect may affect, its cores now a spirit's."""
    quoted("N21", test_n21_cinder_astral_stone.__doc__)
    g = position(side(hand=["R01"], field=[f("N21", 3), f("R02", 1)], reserve=3), side(field=[f("G01")]))
    n21, drake = cid_of(g, 0, "field", "N21"), cid_of(g, 0, "field", "R02")
    assert not costs.symbols_of(g, n21)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "R01")))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert g.field[n21].cores == 4 and costs.level_of(g, n21) == 3
    assert logged(g, "Unseal +1: 1 core from the void onto Cinder Astral Stone")
    to_main_end(s)
    s.expect(0, Kind.ATTACK, ("attack", drake))
    d = s.expect(0, Kind.ORDER_TRIGGERS)  # the drake's own "when attacks" and the flip
    g.answer(next(i for i, label in enumerate(d.context["labels"]) if "Cinder Astral Stone" in label))
    assert g.defs[n21].name == "Cinderborn Colossus" and g.defs[n21].kind == "spirit"
    assert costs.level_of(g, n21) == 2 and g.players[0].count == 1
    assert cid_of(g, 1, "trash", "G01") >= 0


def test_n22_rootbound_astral_stone():
    """Rootbound Astral Stone (N22): "When one of your spirits blocks: Unseal +1 (cores from the
    void onto this astral stone)." "[Mystery] [Lv2] When one of your spirits is summoned:
    Unseal +1 (cores from the void onto this astral stone)." "[Mystery] [Lv3] When one of your
    spirits attacks: Turn this card over to its back face (rebirth)." "Back face (after
    rebirth): Rootbound Titan (N22) · spirit · green · cost 5 · Lv1:1c/6000 Lv2:3c/9000 ·
    symbols green" "When this reborns: Refresh all your spirits." 000 ch.2 §6: deployed with no
    cores; its level is its own cores."""
    quoted("N22", test_n22_rootbound_astral_stone.__doc__)
    g = position(side(hand=["N22"], reserve=4), side())
    n22 = cid_of(g, 0, "hand", "N22")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("deploy", n22))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    assert g.field[n22].cores == 0 and g.decision.kind == Kind.MAIN_ACTION  # nothing placed
    g2 = position(side(field=[f("N22", 3), f("G02", 1)], reserve=1), side(field=[f("R01")]))
    n22, g02 = cid_of(g2, 0, "field", "N22"), cid_of(g2, 0, "field", "G02")
    s2 = Script(g2)
    to_main_end(s2)
    s2.expect(0, Kind.ATTACK, ("attack", g02))
    assert g2.defs[n22].name == "Rootbound Titan" and costs.level_of(g2, n22) == 2


def test_n13_godsworn_acolyte():
    """Godsworn Acolyte (N13): "When summoned: Chain (god symbol on your field): Draw 1 card."
    000 ch.2 §6 and 003 (symbols): a grandwalker's god symbol reduces a "god" reduction symbol
    and no coloured one, has no colour, and meets [Chain: god symbol]."""
    quoted("N13", test_n13_godsworn_acolyte.__doc__)
    acolyte = load_cards()["N13"]
    g = position(side(hand=["N13"], field=[f("N01", 0)], reserve=4, deck=["R01"] * 3), side())
    assert costs.reduced_cost(g, 0, acolyte) == 2  # the god symbol pays the god reduction
    red = position(side(hand=["N13"], field=[f("R02", 1)], reserve=4), side())
    assert costs.reduced_cost(red, 0, acolyte) == 3  # a red symbol pays neither slot
    ultimate = position(side(hand=["N13"], field=[f("X01", 1)], reserve=4), side())
    assert costs.reduced_cost(ultimate, 0, acolyte) == 3  # nor does an ultimate symbol
    s = Script(g)
    hand = len(g.players[0].hand) - 1
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "N13")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.ORDER_TRIGGERS, 0)  # its own effect, and Forgeheart's core charge (cost 3)
    s.expect(0, Kind.YES_NO, False)
    assert len(g.players[0].hand) == hand + 1 and logged(g, "Chain: Player 1 has a god symbol.")


def test_assault_cannot_exhaust_a_grandwalker(xdb):
    """000 ch.2 §6: a grandwalker is affected only by its own effects and effects that name
    grandwalkers: Assault (强袭) cannot exhaust it to refresh the attacker."""
    g = position(side(field=[f("R18", 1), f("N01", 2)]), side(), step="attack", db=xdb)
    dragon = cid_of(g, 0, "field", "R18")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", dragon))
    d = g.decision
    assert not (d.kind == Kind.CHOOSE_TARGETS and d.context.get("card") == dragon)  # nothing offered


def test_destroy_a_nexus_passes_a_grandwalker_by(xdb):
    """000 ch.2 §6 (its example): "destroy 1 nexus" cannot destroy a grandwalker nexus, though
    the grandwalker is a nexus where effects only look (its colour, its symbols)."""
    g = position(side(hand=["S-NEXBREAK"], reserve=5), side(field=[f("N01", 2), f("R08", 0)]), db=xdb)
    n01, forge = cid_of(g, 1, "field", "N01"), cid_of(g, 1, "field", "R08")
    assert costs.field_symbols(g, 1).count(("god",)) == 1
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "S-NEXBREAK"), "main"))
    assert forge in g.players[1].trash and n01 in g.field  # the only nexus it could choose


def test_a_grandwalkers_cores_are_not_the_fields():
    """000 ch.2 §6: cores on a grandwalker cannot pay costs, cannot be moved in the Main Step
    and do not count as cores on your field; "remove cores" effects cannot take them."""
    g = position(side(field=[f("N02", 3), f("U01", 1)], reserve=0), side(hand=["U09"], reserve=5))
    n02 = cid_of(g, 0, "field", "N02")
    assert costs.usable_cores(g, 0) == 2  # the Soul Core in the reserve and the golem's core
    assert ("move_cores",) not in g.decision.options or n02 not in costs.holders(g, 0)


def test_a_myth_brave_on_an_ascended_grandwalker_gives_bp_and_its_spirit_effects():
    """000 ch.2 §6 (ascension and myth braves): braved to a grandwalker that ascends, a myth
    brave also gives its BP+ and its [Spirit Braved] effects, "this spirit" in them meaning
    the grandwalker."""
    g = position(side(field=[f("N02", 4, brave="I03")], reserve=1), side(field=[f("R01")]))
    n02 = cid_of(g, 0, "field", "N02")
    assert bp(g, n02) == 0
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("skill", n02, 1))  # [Ascension: 3]
    assert bp(g, n02) == 8000 + 3000
    to_main_end(s)
    s.expect(0, Kind.ATTACK, ("attack", n02))
    assert bp(g, n02) == 8000 + 3000 + 2000 and logged(g, "Maelstra, Grandwalker of Tides gets BP +2000")


def test_a_myth_brave_summoned_onto_a_grandwalker_is_not_silenced(xdb):
    """000 ch.2 §1 神话合体: braved to a grandwalker, a myth brave is affected only by effects
    that name grandwalkers, so its "when this brave is summoned" effect from a direct summon
    onto the grandwalker works even under "when summoned effects cannot activate"."""
    g = position(
        side(hand=["S-MYTH", "S-MYTH"], field=[f("N01", 1), f("R04", 1)], reserve=3, deck=["R01"] * 4),
        side(),
        db=xdb,
    )
    myth = cid_of(g, 0, "hand", "S-MYTH", 0)
    n01 = cid_of(g, 0, "field", "N01")
    # the state a purple "your opponent's 'when summoned' effects cannot activate this turn" leaves
    g.forbids.append(("silence_summoned", 0, "turn", ("purple",), False))
    hand = len(g.players[0].hand) - 1
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon_braved", myth, n01))
    assert g.field[myth].host == n01 and len(g.players[0].hand) == hand + 1
    other = cid_of(g, 0, "hand", "S-MYTH")
    s.expect(0, Kind.MAIN_ACTION, ("summon", other))  # the same brave as a spirit is silenced
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert len(g.players[0].hand) == hand


def test_a_grand_skill_that_would_do_nothing_is_not_paid():
    """000 Q&A 关于效果 A5 ("by doing X, Y": X only when Y can happen) for a Grand Skill, used
    by moving its cores (000 ch.2 §6): with no opposing spirit it could destroy, it is not
    offered, and the reason is given."""
    g = position(side(field=[f("N01", 3)]), side(field=[f("Y07", 1)]))
    n01 = cid_of(g, 0, "field", "N01")
    d = g.decision
    assert ("skill", n01, 0) not in d.options
    assert (("skill", n01, 0), "it would do nothing now") in d.context["unavailable"]
