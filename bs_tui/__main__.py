import gc

gc.disable()  # the start builds thousands of objects and no garbage: see bs_tui.cli.main

from bs_tui.cli import main  # noqa: E402

raise SystemExit(main())
