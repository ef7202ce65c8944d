"""The server home: one directory per game, written atomically under a per-game lock.

Layout::

    <home>/pbem.yaml              server configuration (mail transports, judge address)
    <home>/games/<id>/game.yaml   the game: archive + private ``server`` and ``cache`` sections,
                                  after a one-line head of summaries (`HEAD`)
    <home>/games/<id>/lock        flock(2) target serialising writers of that game
    <home>/games/<id>/index.json  facts derived from game.yaml, keyed by its content
    <home>/games/looks.json       every game's index in one file (`Store.one_look`)

A write goes to a temporary file in the same directory, is fsynced, renamed over
``game.yaml`` and the directory fsynced: a crash at any instant leaves the old file or the
new one, never a mix.  Readers need no lock (rename is atomic); writers hold the lock from
load to save, so two processes never interleave read-modify-write cycles.

The head.  A store with summaries (`register_summary`; the judge's: `pbem.summaries`) writes
them in the first line of ``game.yaml``, a YAML comment no parser reads::

    #pbem-index 1 <blake2b-128 of the bytes after this line> {"duties": ..., ...}

It is written in the same atomic write as the game, and trusted only while the hash still
matches the rest of the file: a process that finds no index beside a game (a home written
elsewhere, an index lost) reads the head and parses nothing.  A file without a head (older
homes, or written by a store without summaries) is parsed as before.
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import re
import secrets
import stat
from collections import OrderedDict
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Callable, Iterator

from engine import registry
from engine.archive import DumpMemo, load_with_memo
from engine.contract import IllegalOrder
from engine.game import Game
from pbem.files import atomic_write, sync_filesystem, write_beside

log = logging.getLogger("pbem.store")
GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
GAME_FILE = "game.yaml"
INDEX_FILE = "index.json"   # `Store.summary`: facts derived from game.yaml, by its content
LOOKS_FILE = "looks.json"   # in games/: every game's index as the last daemon cycle left it
HEAD = b"#pbem-index 1 "    # the first line of a game file with summaries (module docstring)


class StoreError(Exception):
    """A missing, duplicate or unreadable game."""


def check_game_id(game_id: str) -> str:
    if not GAME_ID.match(game_id):
        raise StoreError(f"bad game id {game_id!r}: use 1-40 of a-z, 0-9 and '-', "
                         "starting with a letter or digit")
    return game_id


#: Crockford's Base32 alphabet: digits and lower-case letters but i, l, o and u (nothing
#: to mistake for another character; `pbem.mail.tags.tokens_equal` reads o as 0, i/l as 1)
BASE32 = "0123456789abcdefghjkmnpqrstvwxyz"
TOKEN_CHARS = 13                          # 65 bits


def new_token() -> str:
    """A fresh subject-tag token (``[his-042 france 7k2mq9xh3fdwe]``): 13 Base32 characters,
    65 random bits.  Games started before keep their 6-character tokens."""
    bits = secrets.randbits(5 * TOKEN_CHARS)
    return "".join(BASE32[(bits >> (5 * i)) & 31] for i in range(TOKEN_CHARS))


def _signature(path: Path) -> tuple[int, int, int, int] | None:
    """What changes whenever `path` is replaced: every save renames a new inode over it."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size


def content_key(data: bytes, mtime_ns: int) -> list[Any]:
    """What identifies a game file's content across copies: its size, mtime and a hash of
    its bytes (blake2b: ~0.2 ms for a 70 kB file; a copy with ``cp -a``, ``rsync -a`` or a
    restore keeps all three, while its inode and ctime are new)."""
    return [len(data), mtime_ns, hashlib.blake2b(data, digest_size=16).hexdigest()]


def with_head(body: bytes, summaries: dict[str, Any]) -> bytes:
    """The game file: the head line naming `summaries` and the hash of `body`, then `body`."""
    digest = hashlib.blake2b(body, digest_size=16).hexdigest()
    line = json.dumps(summaries, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return HEAD + f"{digest} {line}\n".encode("ascii") + body


def read_head(data: bytes) -> dict[str, Any]:
    """The summaries in the head of a game file's bytes `data`, when its hash matches the
    rest of the file (else, and without a head, none)."""
    if not data.startswith(HEAD):
        return {}
    end = data.find(b"\n")
    digest, _, line = data[len(HEAD):end].partition(b" ")
    if end < 0 or hashlib.blake2b(memoryview(data)[end + 1:], digest_size=16).hexdigest() \
            != digest.decode("ascii", "replace"):
        return {}
    try:
        summaries = json.loads(line)
    except ValueError:
        return {}
    return summaries if isinstance(summaries, dict) else {}


class Store:
    """Games under a server home (see the module docstring).

    A store remembers the last game it loaded or committed per id (the `CACHED` most
    recently used), with the file's signature: a long-lived process (the daemon) parses a
    game file again only when some process replaced it.  Callers of `load` only read the
    game; a transaction that fails drops the remembered copy, so a half-applied game is
    never handed out again.
    """

    CACHED = 64

    def __init__(self, home: Path | str) -> None:
        self.home = Path(home)
        self._games = os.path.join(self.home, "games")
        self._cache: OrderedDict[str, tuple[tuple[int, ...], Game]] = OrderedDict()
        #: The text of each cached game's file by part, from its last save (`DumpMemo`)
        self._dumps: dict[str, DumpMemo] = {}
        self._summaries: dict[str, Callable[[Game], Any]] = {}
        #: The index of each game looked at (`summary`), as on disk: one look per game
        #: while its file keeps its signature, however many duties ask.
        self._looks: dict[str, dict[str, Any]] = {}
        #: Inside `one_look`: the games listed and each game file's signature as first
        #: seen (updated by this store's own writes), so a cycle stats each file once.
        self._cycle: dict[str, list[int]] | None = None
        self._cycle_ids: list[str] | None = None
        self._files: dict[str, str] = {}
        self._looks_read = False        # `LOOKS_FILE` read (at the first `one_look`)
        self._looks_changed = False     # a look to write back to it
        #: Inside `batch`: the transactions waiting for its commit, by game: the game, its
        #: temporary file, bytes and summaries, its lock and its `on_commit` hooks.
        self._staged: dict[str, tuple[Game, str, bytes, dict[str, Any], Any,
                                      list[Callable[[], None]]]] | None = None
        self._hooks: list[Callable[[], None]] | None = None   # the open transaction's

    @property
    def games_dir(self) -> Path:
        return self.home / "games"

    def init(self) -> None:
        self.games_dir.mkdir(parents=True, exist_ok=True)

    @contextmanager
    def one_look(self) -> Iterator[None]:
        """One daemon cycle: the games are listed once (`game_ids`) and each game file is
        stat-ed once (`summary`) however many duties ask; what this store itself writes or
        creates meanwhile is seen at once, another process's change at the next look.

        The indexes of all games also travel in one file (`LOOKS_FILE`), read at the first
        cycle of a process and written after a cycle that had to read a game's own index
        (or its file): a process that starts (``pbem run --once`` from cron) opens one file
        instead of one index per game.  An entry there is trusted like an index, only while
        its game file keeps the signature it names (a game saved since is looked at through
        its own index, then written back); a lost or torn file is only a slower start."""
        if not self._looks_read:
            self._looks_read = True
            for game_id, index in self._read_looks().items():
                if isinstance(index, dict):
                    self._looks.setdefault(game_id, index)
        self._cycle, self._cycle_ids = {}, None
        try:
            yield
            if self._looks_changed:
                self._write_looks(self._cycle_ids)
        finally:
            self._cycle = self._cycle_ids = None

    def _read_looks(self) -> dict[str, Any]:
        try:
            with open(os.path.join(self._games, LOOKS_FILE), "rb") as handle:
                looks = json.loads(handle.read())
        except (OSError, ValueError):
            return {}
        return looks if isinstance(looks, dict) else {}

    def _write_looks(self, listed: list[str] | None) -> None:
        """Write every game's look (of the games `listed` this cycle, when it listed them)
        to `LOOKS_FILE` (temp + rename, no fsync: it is only a cache)."""
        keep = set(listed) if listed is not None else None
        looks = {g: i for g, i in self._looks.items() if keep is None or g in keep}
        path = os.path.join(self._games, LOOKS_FILE)
        tmp = f"{path}.{os.getpid()}.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(looks))
            os.replace(tmp, path)
            self._looks_changed = False
        except OSError as exc:   # a full disk: the indexes beside the games still serve
            with suppress(OSError):
                os.unlink(tmp)
            log.warning("%s not written: %s", path, exc)

    def game_ids(self) -> list[str]:
        if self._cycle_ids is not None:
            return list(self._cycle_ids)
        try:
            entries = list(os.scandir(self._games))
        except OSError:
            return []
        if self._cycle is None:
            return sorted(e.name for e in entries
                          if os.path.isfile(os.path.join(e.path, GAME_FILE)))
        listed = []
        for entry in entries:       # the stat that lists a game gives its signature
            try:
                st = os.stat(os.path.join(entry.path, GAME_FILE))
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                listed.append(entry.name)
                self._cycle.setdefault(entry.name, [st.st_ino, st.st_mtime_ns,
                                                    st.st_ctime_ns, st.st_size])
        self._cycle_ids = sorted(listed)
        return list(self._cycle_ids)

    def path(self, game_id: str) -> Path:
        return Path(self.beside(game_id, GAME_FILE))

    def beside(self, game_id: str, name: str) -> str:
        """The path of the file `name` in the folder of `game_id` (a string: the daemon
        asks it of every game each cycle)."""
        return os.path.join(self._games, check_game_id(game_id), name)

    def _file(self, game_id: str) -> str:
        """The path of `game_id`'s game file (remembered: a string join per look adds up
        over a thousand games)."""
        path = self._files.get(game_id)
        if path is None:
            path = self._files[game_id] = self.beside(game_id, GAME_FILE)
        return path

    def exists(self, game_id: str) -> bool:
        return self.path(game_id).is_file()

    def create(self, game: Game) -> None:
        """Save a new game and give every seat and moderator a token."""
        directory = self.games_dir / check_game_id(game.id)
        directory.mkdir(parents=True, exist_ok=True)
        with self._locked(game.id):
            if self.exists(game.id):
                raise StoreError(f"game {game.id} already exists")
            tokens = game.server.setdefault("tokens", {})
            for seat in game.seats:
                tokens.setdefault(seat, new_token())
            for moderator in game.moderators:
                tokens.setdefault(f"moderator:{moderator}", new_token())
            self._save(game)
        self._cycle_ids = None

    def load(self, game_id: str) -> Game:
        """The game as last committed (no lock needed: files are replaced atomically)."""
        path = self.path(game_id)
        signature = _signature(path)
        if signature is None:
            raise StoreError(f"no game {game_id!r} in {self.home}")
        return self._parsed(game_id, signature, None)

    def _parsed(self, game_id: str, signature: tuple[int, ...], data: bytes | None) -> Game:
        """The game whose file has `signature` (and the bytes `data`, read when None)."""
        cached = self._cache.get(game_id)
        if cached is not None and cached[0] == signature:
            self._cache.move_to_end(game_id)
            return cached[1]
        parsed, memo = load_with_memo(data if data is not None
                                      else self.path(game_id).read_bytes())
        try:
            rules = registry.get(parsed["game"]["rules"])
        except IllegalOrder as missing:
            raise StoreError(str(missing)) from None
        game = Game.from_data(rules, parsed)
        self._remember(game_id, signature, game)
        self._dumps[game_id] = memo
        return game

    def _remember(self, game_id: str, signature: tuple[int, ...], game: Game) -> None:
        self._cache[game_id] = (signature, game)
        self._cache.move_to_end(game_id)
        while len(self._cache) > self.CACHED:
            self._dumps.pop(self._cache.popitem(last=False)[0], None)

    def summary(self, game_id: str, name: str, compute: Callable[[Game], Any]) -> Any:
        """`compute(game)` (plain JSON data) for the game as committed, remembered on disk
        beside it (``index.json``) -- a process that only asks when a game next needs a
        look (a cron-driven ``pbem run --once``) parses no game that has not changed since.

        The index is keyed on the file's content (`content_key`), so a copy or a restore
        of the home keeps it; its stat signature is kept too, and while the file keeps it
        the bytes are not even read (nor the index again, in this process).  Without an
        index, the file's head (`read_head`) is read.  When the game must be parsed,
        every summary registered with `register_summary` is computed from that one
        parse.  Raises `StoreError` when the game is gone."""
        self.register_summary(name, compute)
        path = self._file(game_id)
        signature = self._cycle.get(game_id) if self._cycle is not None else None
        if signature is None:
            try:
                st = os.stat(path)
            except OSError:
                raise StoreError(f"no game {game_id!r} in {self.home}") from None
            signature = [st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size]
            if self._cycle is not None:
                self._cycle[game_id] = signature
        index = self._looks.get(game_id)
        if index is None or index.get("signature") != signature:
            index = self._read_index(path)
        if index.get("signature") == signature and name in index:
            if self._looks.get(game_id) is not index:
                self._looks[game_id] = index
                self._looks_changed = True
            return index[name]
        try:
            with open(path, "rb") as handle:
                st = os.fstat(handle.fileno())
                signature = [st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size]
                data = handle.read()
        except OSError:
            raise StoreError(f"no game {game_id!r} in {self.home}") from None
        key = content_key(data, st.st_mtime_ns)
        if index.get("key") != key:
            index = {"key": key}
        index["signature"] = signature
        if any(n not in index for n in self._summaries):
            for n, value in read_head(data).items():
                index.setdefault(n, value)
        missing = {n: f for n, f in self._summaries.items() if n not in index}
        if missing:
            game = self._parsed(game_id, tuple(signature), data)
            index.update({n: f(game) for n, f in missing.items()})
        self._write_index(Path(path).with_name(INDEX_FILE), index)
        self._looks[game_id] = index
        self._looks_changed = True
        if self._cycle is not None:
            self._cycle[game_id] = signature
        return index[name]

    @staticmethod
    def _read_index(path: str) -> dict[str, Any]:
        """The index beside the game file `path` (empty when missing or unreadable)."""
        try:
            with open(os.path.join(os.path.dirname(path), INDEX_FILE), "rb") as handle:
                index = json.loads(handle.read())
        except (OSError, ValueError):
            return {}
        return index if isinstance(index, dict) else {}

    def register_summary(self, name: str, compute: Callable[[Game], Any]) -> None:
        """Compute `name` with the others whenever a game is parsed for its index, and when
        this store saves a game (the daemon's duties register theirs when they start)."""
        self._summaries[name] = compute

    @staticmethod
    def _write_index(index_path: Path, index: dict[str, Any]) -> None:
        tmp = index_path.with_name(f".{INDEX_FILE}.{os.getpid()}.tmp")
        try:
            tmp.write_text(json.dumps(index), "utf-8")
            os.replace(tmp, index_path)  # no fsync: a lost index is only computed again
        except OSError as exc:   # a full disk: the index is computed again next time
            tmp.unlink(missing_ok=True)
            log.warning("index %s not written: %s", index_path, exc)

    @contextmanager
    def transaction(self, game_id: str) -> Iterator[Game]:
        """Load under the game's lock; save atomically on a clean exit, never on error.
        Inside `batch` the save waits for the batch's commit, the lock kept till then."""
        if self._staged is not None and game_id in self._staged:
            self._commit()          # a game is in a batch once: its first save goes first
        lock = self._lock(game_id)
        hooks: list[Callable[[], None]] = []
        self._hooks, staged = hooks, False
        try:
            game = self.load(game_id)
            try:
                yield game
                if self._staged is not None:
                    self._stage(game, lock, hooks)
                    staged = True
                else:
                    self._save(game)
            except BaseException:
                self._cache.pop(game_id, None)
                raise
        finally:
            self._hooks = None
            if not staged:
                _unlock(lock)
        for hook in () if staged else hooks:
            hook()

    def on_commit(self, hook: Callable[[], None]) -> None:
        """Call `hook` once the game of the open transaction is committed (at once after its
        save, or after the commit of the `batch` it waits in); never when it is not."""
        assert self._hooks is not None, "on_commit outside a transaction"
        self._hooks.append(hook)

    @property
    def batching(self) -> bool:
        """Whether transactions now wait for the commit of a `batch`."""
        return self._staged is not None

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Transactions on several games, committed together (issue 13: a daemon cycle's
        games, one sync for all instead of three fsyncs each).

        Inside, a transaction that ends cleanly writes its game to a temporary file beside
        it (not synced) and keeps the game's lock.  At the end, on a clean exit: one sync
        of the file system (the temporary files and whatever the transactions wrote before
        them, such as a game's pending mails), each temporary file renamed over its game,
        one more sync (the renames), then the transactions' `on_commit` hooks in order and
        the locks released.  A crash at any instant leaves every game as it was or as its
        transaction left it, never torn.  When the body raises, or a rename fails, the
        games not yet renamed are dropped (their temporaries removed) and the error goes
        on; the games renamed are committed.  A second transaction on a game waiting in the
        batch commits the batch first."""
        if self._staged is not None:
            raise RuntimeError("batches do not nest")
        self._staged = {}
        try:
            yield
            self._commit()
        finally:
            self._drop_staged()
            self._staged = None

    def _stage(self, game: Game, lock: Any, hooks: list[Callable[[], None]]) -> None:
        assert self._staged is not None
        data, summaries = self._game_bytes(game)
        tmp = write_beside(self.path(game.id), data)
        self._staged[game.id] = (game, tmp, data, summaries, lock, hooks)

    def _commit(self) -> None:
        """Commit the transactions waiting in the batch (see `batch`)."""
        staged = self._staged
        if not staged:
            return
        sync_filesystem(self._games)
        done = []
        try:
            for game_id, (game, tmp, data, summaries, lock, hooks) in list(staged.items()):
                os.replace(tmp, self.path(game_id))
                del staged[game_id]
                done.append((game, data, summaries, lock, hooks))
            sync_filesystem(self._games)
        finally:
            for game, data, summaries, lock, _ in done:
                _unlock(lock)
                self._saved(game, data, summaries)
        for *_, hooks in done:
            for hook in hooks:
                hook()

    def _drop_staged(self) -> None:
        """Forget the transactions of a batch that were not committed: their games stay as
        they were (`batch`)."""
        staged = self._staged or {}
        for game_id, (_, tmp, _, _, lock, _) in list(staged.items()):
            self._cache.pop(game_id, None)
            with suppress(OSError):
                os.unlink(tmp)
            _unlock(lock)
        staged.clear()

    def _game_bytes(self, game: Game) -> tuple[bytes, dict[str, Any]]:
        """The game file's bytes: the game, after its head when summaries are registered
        (and those summaries)."""
        memo = self._dumps.get(game.id)
        if memo is None:
            memo = self._dumps[game.id] = DumpMemo()
        data = memo.dump(game.to_data(private=True)).encode("utf-8")
        try:
            summaries = {n: f(game) for n, f in self._summaries.items()}
        except Exception:   # the game is committed; its summaries are only computed later
            log.exception("summaries of %s not written", game.id)
            summaries = {}
        if summaries:
            data = with_head(data, summaries)
        return data, summaries

    def _save(self, game: Game) -> None:
        """Write the game; when summaries are registered, with its head and its index
        (from the game in hand, keyed on the bytes just written: the next look parses
        nothing)."""
        data, summaries = self._game_bytes(game)
        atomic_write(self.path(game.id), data)
        self._saved(game, data, summaries)

    def _saved(self, game: Game, data: bytes, summaries: dict[str, Any]) -> None:
        """Remember the game just written as `data` (its signature, its index)."""
        path = self.path(game.id)
        signature = _signature(path)
        if signature is None:
            return
        self._remember(game.id, signature, game)
        if self._cycle is not None:
            self._cycle[game.id] = list(signature)
        if not summaries:
            return
        index = {"key": content_key(data, signature[1]),
                 "signature": [signature[0], signature[1], signature[2], signature[3]],
                 **summaries}
        self._looks[game.id] = index
        self._write_index(path.with_name(INDEX_FILE), index)

    @contextmanager
    def _locked(self, game_id: str) -> Iterator[None]:
        lock = self._lock(game_id)
        try:
            yield
        finally:
            _unlock(lock)

    def _lock(self, game_id: str) -> Any:
        """The game's lock file, held (flock) until `_unlock`."""
        lock_path = self.games_dir / check_game_id(game_id) / "lock"
        if not lock_path.parent.is_dir():
            raise StoreError(f"no game {game_id!r} in {self.home}")
        lock = open(lock_path, "a")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)
        except BaseException:
            lock.close()
            raise
        return lock


def _unlock(lock: Any) -> None:
    try:
        fcntl.flock(lock, fcntl.LOCK_UN)
    finally:
        lock.close()
