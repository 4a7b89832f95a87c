from bs_tui.cli import main

raise SystemExit(main())
