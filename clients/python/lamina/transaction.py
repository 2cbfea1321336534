"""Transactions (``CATransaction``): every layer change belongs to one, and the daemon applies each
outermost transaction whole, at one frame, or not at all.

A change made while no transaction is open opens the *implicit* transaction. Core Animation commits
that one at the end of the run-loop turn; a Python program has no run loop of its own, so it is
committed when the app turns the connection's: ``connection.flush()``, ``process_events()``,
``run()`` / ``run_until()`` (which flush before they wait and after they handle events), and every
request that must see the app's latest state (``sync()``, ``presentation()``, ``screenshot()``...).

Explicit transactions are ``with`` blocks and nest::

    with lamina.Transaction(duration=1.0, timing="easeOut", completion=done):
        layer.position = (200, 100)

Only the outermost transaction sends anything. Settings (``duration``, ``timing``,
``disable_actions``) are inherited by nested transactions until they set their own. A
``completion`` runs once every animation added in its transaction (and the ones nested in it) has
stopped on the daemon; when the transaction added none, it runs at once, inside the outermost
commit, as Core Animation invokes it immediately.

Transactions, like Core Animation's, belong to the thread that opens them; a program uses its
layers and connections from one thread.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, Callable, Optional

from .animation import TimingLike, timing_function
from .types import TimingFunction

__all__ = ["Transaction", "AnimationRecord", "DEFAULT_DURATION"]

#: How long implicit animations last unless a transaction says otherwise.
DEFAULT_DURATION = 0.25


class AnimationRecord:
    """One added animation between the transaction that adds it and the daemon's report that it
    stopped: which connection and layer, under which key, the copy the layer holds, the daemon's
    identity once the commit is acknowledged, and the completions waiting on it."""

    __slots__ = ("connection", "_layer", "key", "animation", "ident", "stopped", "waiters")

    def __init__(self, connection: Any, layer: Any, key: Optional[str], animation: Any) -> None:
        self.connection = connection
        # Weak: an app that drops a layer with an endless animation lets it be destroyed (which stops
        # the animation), as it would a still one.
        self._layer = weakref.ref(layer)
        self.key = key
        self.animation = animation
        self.ident: Optional[int] = None
        self.stopped = False
        self.waiters: list[_Completion] = []

    @property
    def layer(self) -> Any:
        """The layer the animation was added to, or None once the app has let go of it."""
        return self._layer()

    def stop(self) -> list["_Completion"]:
        """Marks it stopped; returns the completions that became due, innermost first."""
        if self.stopped:
            return []
        self.stopped = True
        due = []
        for completion in self.waiters:
            completion.remaining -= 1
            if completion.remaining == 0:
                due.append(completion)
        self.waiters = []
        return due


class _Completion:
    __slots__ = ("callback", "remaining")

    def __init__(self, callback: Callable[[], Any], records: list[AnimationRecord]) -> None:
        self.callback = callback
        pending = [r for r in records if not r.stopped]
        self.remaining = len(pending)
        for record in pending:
            record.waiters.append(self)


class _State(threading.local):
    def __init__(self) -> None:
        self.stack: list[Transaction] = []
        # The outermost transaction's operations, per connection, in the order recorded.
        self.pending: dict[Any, list[tuple]] = {}
        # Completions of transactions that have committed inside the outermost one, innermost first.
        self.completions: list[tuple[Callable[[], Any], list[AnimationRecord]]] = []


_state = _State()


def run_due(completions: list[_Completion]) -> None:
    """Runs completion callbacks that became due, in order."""
    for completion in completions:
        completion.callback()


class Transaction:
    """One transaction (``CATransaction``), used as a context manager. Its settings, all optional:

    - ``duration``: seconds implicit animations last (0.25 unless set);
    - ``timing``: their curve, a ``TimingFunction`` or a name (``"easeInEaseOut"``; default
      ``TimingFunction.DEFAULT``);
    - ``disable_actions``: True runs no implicit animations;
    - ``completion``: a callable run once the transaction's animations have all stopped.

    ``Transaction.current()`` is the innermost open transaction (opening the implicit one when none
    is open), whose settings can be changed inside it."""

    def __init__(
        self,
        duration: Optional[float] = None,
        timing: TimingLike = None,
        disable_actions: Optional[bool] = None,
        completion: Optional[Callable[[], Any]] = None,
        *,
        _implicit: bool = False,
    ) -> None:
        self._duration = None if duration is None else float(duration)
        self._timing = timing_function(timing)
        self._disable_actions = disable_actions
        self._completion = completion
        self._implicit = _implicit
        self._animations: list[AnimationRecord] = []
        self._values: dict[str, Any] = {}
        self._state = "new"

    # MARK: Settings (inherited from the enclosing transaction until set)

    def _parent(self) -> Optional["Transaction"]:
        stack = _state.stack
        if self in stack:
            i = stack.index(self)
            return stack[i - 1] if i > 0 else None
        return stack[-1] if stack and self._state == "new" else None

    @property
    def duration(self) -> float:
        if self._duration is not None:
            return self._duration
        parent = self._parent()
        return parent.duration if parent is not None else DEFAULT_DURATION

    @duration.setter
    def duration(self, value: float) -> None:
        self._duration = float(value)

    @property
    def timing(self) -> Optional[TimingFunction]:
        """The curve implicit animations use (None: ``TimingFunction.DEFAULT``)."""
        if self._timing is not None:
            return self._timing
        parent = self._parent()
        return parent.timing if parent is not None else None

    @timing.setter
    def timing(self, value: TimingLike) -> None:
        self._timing = timing_function(value)

    @property
    def disable_actions(self) -> bool:
        if self._disable_actions is not None:
            return self._disable_actions
        parent = self._parent()
        return parent.disable_actions if parent is not None else False

    @disable_actions.setter
    def disable_actions(self, value: bool) -> None:
        self._disable_actions = bool(value)

    @property
    def completion(self) -> Optional[Callable[[], Any]]:
        return self._completion

    @completion.setter
    def completion(self, value: Optional[Callable[[], Any]]) -> None:
        self._completion = value

    def __setitem__(self, key: str, value: Any) -> None:
        """Any other value, kept for the transaction (``CATransaction.setValue(_:forKey:)``)."""
        self._values[key] = value

    def __getitem__(self, key: str) -> Any:
        """A value set with ``transaction[key] = ...`` here or in an enclosing transaction."""
        if key in self._values:
            return self._values[key]
        parent = self._parent()
        if parent is None:
            raise KeyError(key)
        return parent[key]

    @property
    def is_implicit(self) -> bool:
        return self._implicit

    # MARK: Opening and closing

    def __enter__(self) -> "Transaction":
        if self._state != "new":
            raise RuntimeError("a Transaction is used once: make a new one for each with-block")
        self._state = "open"
        _state.stack.append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        Transaction._close(self)

    @staticmethod
    def begin(
        duration: Optional[float] = None,
        timing: TimingLike = None,
        disable_actions: Optional[bool] = None,
        completion: Optional[Callable[[], Any]] = None,
    ) -> "Transaction":
        """Opens a transaction without a ``with`` block (``CATransaction.begin()``); close it with
        ``Transaction.commit()``."""
        return Transaction(duration, timing, disable_actions, completion).__enter__()

    @staticmethod
    def commit() -> None:
        """Closes the innermost explicit transaction (``CATransaction.commit()``)."""
        stack = _state.stack
        if not stack or stack[-1]._implicit:
            raise RuntimeError("Transaction.commit() without a matching begin()")
        Transaction._close(stack[-1])

    @staticmethod
    def flush() -> None:
        """Commits the implicit transaction now, if it is the only one open (``CATransaction.flush()``)."""
        stack = _state.stack
        if len(stack) == 1 and stack[0]._implicit:
            Transaction._close(stack[0])

    @staticmethod
    def current() -> "Transaction":
        """The innermost open transaction, opening the implicit one if none is open."""
        return _ensure()

    @staticmethod
    def open_count() -> int:
        """How many transactions are open on this thread (the implicit one included)."""
        return len(_state.stack)

    @staticmethod
    def _close(transaction: "Transaction") -> None:
        stack = _state.stack
        if not stack or stack[-1] is not transaction:
            raise RuntimeError("transactions close innermost first")
        stack.pop()
        transaction._state = "closed"
        if stack:
            # Nested: its animations count for the enclosing transaction too.
            stack[-1]._animations.extend(transaction._animations)
            if transaction._completion is not None:
                _state.completions.append((transaction._completion, transaction._animations))
            return
        if transaction._completion is not None:
            _state.completions.append((transaction._completion, transaction._animations))
        _commit_outermost()


def _ensure() -> Transaction:
    stack = _state.stack
    if not stack:
        stack.append(Transaction(_implicit=True))
        stack[0]._state = "open"
    return stack[-1]


def record(connection: Any, op: tuple) -> None:
    """Adds an operation to the current transaction (opening the implicit one)."""
    _ensure()
    _state.pending.setdefault(connection, []).append(op)


def record_animation(connection: Any, op: tuple, animation_record: AnimationRecord) -> None:
    """Adds an ``addAnimation`` operation; its record counts for every open transaction."""
    current = _ensure()
    _state.pending.setdefault(connection, []).append(op)
    current._animations.append(animation_record)


def has_pending(connection: Any) -> bool:
    return bool(_state.pending.get(connection))


def discard(connection: Any) -> list[tuple]:
    """Drops a closed connection's unsent operations (their animations stop, not finished)."""
    ops = _state.pending.pop(connection, [])
    due: list[_Completion] = []
    for op in ops:
        if op[0] == "add_animation":
            due += op[4].stop()
    run_due(due)
    return ops


def _commit_outermost() -> None:
    """Sends the outermost transaction: one commit per connection it touched, then arms its
    completions (running at once those whose animations are all stopped or that added none)."""
    pending, _state.pending = _state.pending, {}
    completions, _state.completions = _state.completions, []
    armed = [_Completion(callback, records) for callback, records in completions]
    failure: Optional[BaseException] = None
    due: list[_Completion] = []
    for connection, ops in pending.items():
        try:
            connection._send_commit(ops)
        except BaseException as e:  # the commit is lost: its animations will never run
            for op in ops:
                if op[0] == "add_animation":
                    due += op[4].stop()
            if failure is None:
                failure = e
    for completion in armed:
        if completion.remaining == 0 and completion not in due:
            due.append(completion)
    # Innermost first: the order the completions were registered in.
    due.sort(key=lambda c: armed.index(c) if c in armed else -1)
    run_due(due)
    if failure is not None:
        raise failure
