"""An agent thinking in a process of its own: the table's process stays free to answer keys
while a search runs (a thread would hold the interpreter's lock for most of the search).

`AgentProcess` is an agent like any other: `choose(decision, view)` reads its seat's view in
the caller's process and sends its JSON, never the game, to the worker, which holds
the real agent (its randomness and what it remembers of the turn) for the whole game and
sends back the answer and the search's figures. The worker is `python -m
bs_tui.agents.process`, talking over its standard input and output; it is started on the
first decision and ends when the table closes its input (or exits).
"""

from __future__ import annotations

import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

from bs_tui.engine import Decision, PlayerView
from bs_tui.engine.view import from_json, to_json

_HEAD = struct.Struct(">I")


def send(out: IO[bytes], obj: Any) -> None:
    """One message: its length, then the pickled object (between this program's own processes)."""
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(_HEAD.pack(len(data)) + data)
    out.flush()


def receive(inp: IO[bytes]) -> Any:
    head = inp.read(_HEAD.size)
    if len(head) < _HEAD.size:
        raise EOFError("the other process ended")
    (n,) = _HEAD.unpack(head)
    data = inp.read(n)
    if len(data) < n:
        raise EOFError("the other process ended")
    return pickle.loads(data)


def serve(inp: IO[bytes], out: IO[bytes]) -> None:
    """The worker's loop: the agent named in the first message answers every question after."""
    from . import make_agent  # in the worker: the agents load there

    name, seed, budget, iterations = receive(inp)
    agent = make_agent(name, seed, budget, iterations)
    while True:
        try:
            msg = receive(inp)
        except EOFError:
            return
        if msg is None:
            return
        try:
            v = from_json(msg)
            if v.decision is None:
                raise ValueError("the view holds no decision of its seat")
            answer = agent.choose(v.decision, lambda v=v: v)
            send(out, ("ok", answer, getattr(agent, "last", None)))
        except Exception as e:  # the table reports it; the worker goes on
            send(out, ("error", f"{type(e).__name__}: {e}", None))


class AgentProcess:
    """The agent `name` (see `make_agent`) in a worker process."""

    def __init__(self, name: str, seed: int, budget: float | None = None, iterations: int = 0):
        self.name = name
        self.seed = seed
        self.budget = budget
        self.iterations = iterations
        self.needs_knowledge = name in ("easy", "normal", "hard")
        self.last: Any = None  # the last search's figures (`search.Stats`), or None
        self._proc: Any = None
        self._lock = threading.Lock()  # one question at a time
        self.closed = False

    def start(self) -> None:
        """Start the worker (done by the first question, or earlier to have it ready)."""
        with self._lock:
            self._start()

    def _start(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            return
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "bs_tui.agents.process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            close_fds=True,
        )
        send(self._proc.stdin, (self.name, self.seed, self.budget, self.iterations))

    def choose(self, d: Decision, view: Callable[[], PlayerView]) -> Any:
        v = view()
        with self._lock:
            if self.closed:  # the table closed it: no new worker for an answer nobody awaits
                raise RuntimeError(f"the {self.name} AI was stopped")
            self._start()
            proc = self._proc
            try:
                send(proc.stdin, to_json(v))  # the decision goes in the view, as the seat sees it
                status, answer, stats = receive(proc.stdout)
            except (EOFError, OSError, ValueError, AttributeError) as e:  # a pipe closed meanwhile
                self._proc = None
                raise RuntimeError(f"the {self.name} AI stopped: {e}") from None
        if status != "ok":
            raise RuntimeError(f"the {self.name} AI failed: {answer}")
        self.last = stats
        return answer

    def close(self) -> None:
        """End the worker: its input closed, it stops after the search it is in (killed if
        that takes more than a second); a `choose` waiting on it, or asked after, raises
        RuntimeError."""
        self.closed = True
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
