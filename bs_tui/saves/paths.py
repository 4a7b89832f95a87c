"""Where saves live, and the folder made ready for writing: private (0700, its parents too
when bs-tui creates them) and rid of temporary files left by a writer that was killed.

Where: `--save-dir DIR` if given, else `$BS_TUI_SAVES`, else the `saves/` folder of the
bs-tui checkout (next to `decks/`, so the same saves are found whatever the current
directory is). An installed copy that is not a checkout uses
`$XDG_DATA_HOME/bs-tui/saves` (`~/.local/share/bs-tui/saves`).
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

import bs_tui

from .errors import SaveWriteError
from .format import SUFFIX

ENV_SAVES = "BS_TUI_SAVES"
PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600
TMP_SUFFIX = ".tmp"
STALE_AFTER = 3600.0  # a temporary file lives for milliseconds; an hour-old one is left over


def default_save_dir() -> Path:
    """The `saves/` folder of the checkout bs-tui runs from (or the XDG data folder)."""
    root = Path(bs_tui.__file__).resolve().parents[1]
    if (root / "pyproject.toml").exists() and (root / "decks").is_dir():
        return root / "saves"
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "bs-tui" / "saves"


def save_dir(arg: str | Path | None = None) -> Path:
    """The folder of saves: the argument, else $BS_TUI_SAVES, else `default_save_dir()`."""
    if arg:
        return Path(arg)
    env = os.environ.get(ENV_SAVES)
    if env:
        return Path(env)
    return default_save_dir()


def ensure_dir(directory: Path) -> Path:
    """Make the folder of saves ready for a new or resumed save. Folders bs-tui creates are
    0700 whatever the umask; the default folder (shipped in the checkout as 0755) is made
    0700 too; a folder the user named is left as it is. Stale temporary files are removed.
    SaveWriteError when the folder cannot be made."""
    missing: list[Path] = []
    p = directory
    while not os.path.lexists(p) and p != p.parent:
        missing.append(p)
        p = p.parent
    try:
        for d in reversed(missing):
            with contextlib.suppress(FileExistsError):  # made meanwhile by another bs-tui
                os.mkdir(d, PRIVATE_DIR)
                os.chmod(d, PRIVATE_DIR)  # the umask may have taken bits away, never added
        if not directory.is_dir():
            raise SaveWriteError("the game could not be saved: this is not a folder", directory)
    except OSError as e:
        raise SaveWriteError(
            f"the game could not be saved: cannot create the folder ({e.strerror or e})", directory
        ) from None
    if _same(directory, default_save_dir()):
        _make_private(directory)
    remove_stale_tmp(directory)
    return directory


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _make_private(directory: Path) -> None:
    with contextlib.suppress(OSError):  # not ours to change: the files in it are 0600 anyway
        st = os.stat(directory)
        if st.st_uid == os.getuid() and st.st_mode & 0o077:
            os.chmod(directory, stat.S_IMODE(st.st_mode) & ~0o077)


def tmp_path(path: Path) -> Path:
    """The temporary file a new save is written to before it is linked into place; the
    writer's process id in the name tells a live writer's file from a dead one's."""
    return path.with_name(f".{path.name}.{os.getpid()}{TMP_SUFFIX}")


def remove_stale_tmp(directory: Path, now: float | None = None) -> list[Path]:
    """Delete the temporary files of writers that are gone (killed between writing the
    header and linking it into place); the ones removed."""
    now = time.time() if now is None else now
    gone: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return gone
    for e in entries:
        name = e.name
        if not (name.startswith(".") and name.endswith(TMP_SUFFIX) and SUFFIX + "." in name):
            continue
        pid_text = name[: -len(TMP_SUFFIX)].rsplit(".", 1)[-1]
        try:
            if not e.is_file(follow_symlinks=False):
                continue
            old = now - e.stat(follow_symlinks=False).st_mtime > STALE_AFTER
            if old or not pid_text.isdigit() or not _alive(int(pid_text)):
                os.unlink(e.path)
                gone.append(Path(e.path))
        except OSError:
            continue
    return gone


def _alive(pid: int) -> bool:
    if pid <= 0 or pid == os.getpid():
        return pid == os.getpid()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or a number we cannot ask about: leave it
    return True


def datasync(fd: int) -> None:
    # fdatasync skips the inode times; the size, which an append changes, is still synced
    if hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:  # pragma: no cover
        os.fsync(fd)


def sync_dir(directory: Path) -> None:
    """A new directory entry survives power loss only once its folder is synced."""
    with contextlib.suppress(OSError):
        dfd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
