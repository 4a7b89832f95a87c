"""HelpScreen: every key of the table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """\
[b]Keys[/b]

  Tab / Shift+Tab   move between panes (hand, your field, opponent's field, actions, log)
  ↑ ↓               move within a pane; the card is shown in full on the right
  Enter             choose: in Actions, the highlighted option; on a hand card, play it;
                    on a field card, attack / block / choose it as a target
  a                 jump to the Actions pane
  h                 jump to your hand
  f / o             jump to your field / the opponent's field
  e                 end the step, pass, take the hit, or answer no
  m                 move cores (in your Main Step)
  ,                 settings (hot-seat auto-pass)
  ? or F1           this help
  Ctrl+P            command palette
  q / Ctrl+Q        quit (asks first)

[b]Core allocation screen[/b]

  ↑ ↓               choose the reserve or one of your cards
  + or →            pay/take one more core from it (moving cores: put one on it from the reserve)
  - or ←            one fewer (moving cores: send one back to the reserve)
  s                 the Soul Core: pay it / take it, or (moving cores) move it here
  d                 the default payment, confirmed at once (keeps levels where it can)
  Enter             confirm      Esc   cancel (nothing changes)

[b]Marks[/b]

  ● a core   ◆ the Soul Core   ↑ refreshed   → exhausted   ↓ heavily exhausted
  ⚔ attacking   ⛨ blocking   (a state mark leads each field line)
  ⚠ DEPLETED: a spirit left below its Lv1 cores goes to the trash

[b]Hot-seat[/b]

  Every decision of the other player is handed over: the screen is hidden and names
  only who decides and what kind of moment it is. Nothing can be answered until that
  player presses Enter. Flash timings and burst windows with nothing to do are asked
  too, unless auto-pass is on in the settings (it tells the other player when you
  have nothing to play).

Press Escape or ? to close.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,f1,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(HELP, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)
