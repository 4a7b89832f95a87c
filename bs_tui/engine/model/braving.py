"""Who is braved to whom (000 ch.2 §1): a brave's hosts, the side each is on, and what a
host is given, kept in one place because an imagine brave has two hosts and a myth brave
may have a grandwalker nexus as its host.

The state is `FieldCard.host`/`host2` on the brave (`host` set whenever it is braved) and
`FieldCard.brave`/`side` on each host.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

LEFT, RIGHT = "left", "right"


def hosts_of(g: Game, brave: int) -> tuple[int, ...]:
    """The field objects `brave` is braved to: none, one, or an imagine brave's two."""
    fc = g.field.get(brave)
    if fc is None or fc.host < 0:
        return ()
    return (fc.host,) if fc.host2 < 0 else (fc.host, fc.host2)


def host_on(g: Game, brave: int, side: str) -> int:
    """The host on `side` of an imagine brave, or -1."""
    for h in hosts_of(g, brave):
        if g.field[h].side == side:
            return h
    return -1


def free_sides(g: Game, brave: int) -> tuple[str, ...]:
    """The sides an imagine brave may still be braved on ("" for any other brave with no host)."""
    d = g.defs[brave]
    if not d.imagine:
        return () if hosts_of(g, brave) else ("",)
    taken = {g.field[h].side for h in hosts_of(g, brave)}
    return tuple(s for s in (LEFT, RIGHT) if s not in taken)


def attach(g: Game, brave: int, host: int, side: str = "") -> None:
    bf, hf = g.field[brave], g.field[host]
    if bf.host < 0:
        bf.host = host
    else:
        bf.host2 = host
    hf.brave, hf.side = brave, side


def detach(g: Game, brave: int, host: int) -> bool:
    """Take `host` from `brave`'s hosts (the host may have left the field already). True
    when the brave has no host left: it separates, or leaves with the host."""
    bf = g.field[brave]
    if bf.host == host:
        bf.host, bf.host2 = bf.host2, -1
    elif bf.host2 == host:
        bf.host2 = -1
    hf = g.field.get(host)
    if hf is not None and hf.brave == brave:
        hf.brave, hf.side = -1, ""
    return bf.host < 0


def given_as(g: Game, host: int) -> str:
    """Which of its brave's host-specific effects a host is given besides its [Braved]
    ones: its side of an imagine brave, or "nexus" / "spirit" for a myth brave's host."""
    fc = g.field[host]
    if fc.side:
        return fc.side
    if fc.brave >= 0 and g.defs[fc.brave].myth:
        return "nexus" if g.defs[host].kind == "nexus" else "spirit"
    return ""


def never_exhausted(g: Game, cid: int) -> bool:
    """An imagine brave is never exhausted, even by effects, as a spirit or braved (000
    ch.2 §1; Q&A 关于合体 A7: it stays refreshed where an effect would leave it exhausted)."""
    return g.defs[cid].imagine
