"""A session with ``laminad``: the socket, the handshake, commits, events and requests.

One ``Connection`` is one session: the daemon keeps its layers, animations, bitmaps and pools
until it closes, and drops them all then. The connection is synchronous: nothing happens behind the
app's back. Events (acknowledgements, animation starts and stops, frames, input, errors) are read
and handled — callbacks run — only inside the connection's calls: ``flush()``, ``process_events()``,
``run()``, ``run_until()``, ``sync()`` and the requests that wait for a reply.

A commit the daemon rejects raises its ``DaemonError`` from the call that reads the rejection (or is
passed to ``on_error`` when the app set one). The daemon changed nothing; the library sends the
rejected commit's layers and values again with the next commit, so a transient failure heals, while
a cause that persists (too many layers for the limit) fails again.
"""

from __future__ import annotations

import array
import dataclasses
import errno
import os
import select
import socket
import threading
import time
import weakref
from typing import Any, Callable, Optional, Union

from . import events as ev
from . import transaction as tx
from . import wire
from .bitmap import Bitmap, Pool, PoolSet
from .display import DisplayLink
from .errors import (
    ConnectionClosed,
    InvalidOperation,
    InvalidTree,
    LaminaError,
    NoDaemon,
    ProtocolError,
    Timeout,
    UnsupportedFeature,
    daemon_error,
)
from .image import Image
from .schema import PIXEL_FORMATS, PROPERTIES, KeyPath, property_named
from .schema import PROTOCOL_VERSION as _schema_version

__all__ = ["Connection", "current_connection", "standard_socket_paths", "PROTOCOL_VERSION", "SUPPORTED_VERSIONS", "FEATURES"]

#: The version this client says ``hello`` with (``schema.PROTOCOL_VERSION``, which the property table
#: follows).
PROTOCOL_VERSION = _schema_version
#: The versions this client can speak: a daemon welcomes it at the lower of its own and the client's.
SUPPORTED_VERSIONS = (6, 7)
#: What later versions added, by the name the errors use.
FEATURES = {"hitTest": 7, "goodbye": 7}

_MAX_EVENT = 64 << 20
_current = threading.local()


def current_connection() -> "Connection":
    """The connection new layers belong to: the most recent one opened on this thread and still
    open (``Layer(connection=...)`` names another)."""
    stack = getattr(_current, "stack", [])
    if not stack:
        raise LaminaError("no open Connection: open one before making layers (or pass connection=)")
    return stack[-1]


def standard_socket_paths() -> list[str]:
    """Where a daemon listens, in the order clients try: ``$LAMINA_SOCKET``,
    ``$XDG_RUNTIME_DIR/lamina-0``, ``/run/lamina/laminad.sock``."""
    paths = []
    if os.environ.get("LAMINA_SOCKET"):
        paths.append(os.environ["LAMINA_SOCKET"])
    if os.environ.get("XDG_RUNTIME_DIR"):
        paths.append(os.path.join(os.environ["XDG_RUNTIME_DIR"], "lamina-0"))
    paths.append("/run/lamina/laminad.sock")
    return paths


class _InFlight:
    """A commit sent and not yet answered: what to undo or confirm when the answer comes."""

    __slots__ = ("serial", "ops", "records", "regions", "created", "new_bitmaps", "released", "destroyed")

    def __init__(self, serial: int, ops: list[tuple], records: list[tx.AnimationRecord]) -> None:
        self.serial = serial
        self.ops = ops
        self.records = records
        self.regions: list[tuple[Pool, int, int]] = []
        self.created: list[int] = []
        self.new_bitmaps: list[int] = []
        self.released: list[int] = []
        self.destroyed: list[int] = []


def _layer_gone(connection_ref: "weakref.ReferenceType[Connection]", handle: int) -> None:
    connection = connection_ref()
    if connection is not None:
        connection._layers.pop(handle, None)
        connection._freed.append(handle)


class Connection:
    """A session with ``laminad``.

    ``Connection(path=None, *, name="python", version=7, timeout=10.0)``: ``path`` is the socket (by
    default the standard paths, in order); ``version`` the protocol version to ask for (6 or 7;
    the session speaks the lower of it and the daemon's); ``timeout`` bounds each wait for the daemon.
    Use it as a context manager, or call ``close()``.

    Callbacks the app may set: ``on_input(event)`` for input no layer handled, ``on_output_change(output)``
    when the output is resized, ``on_error(error)`` to receive rejected commits instead of having them
    raised.
    """

    def __init__(
        self, path: Optional[str] = None, *, name: str = "python", version: int = PROTOCOL_VERSION, timeout: float = 10.0
    ) -> None:
        if version not in SUPPORTED_VERSIONS:
            raise ValueError(f"this client speaks protocol versions {SUPPORTED_VERSIONS}, not {version}")
        self.timeout = timeout
        self.requested_version = version
        self.on_input: Optional[Callable[[ev.InputEvent], Any]] = None
        self.on_output_change: Optional[Callable[[ev.Output], Any]] = None
        self.on_error: Optional[Callable[[LaminaError], Any]] = None
        self._closed: Optional[ConnectionClosed] = None
        self._pools: Optional[PoolSet] = None
        self._inbuf = bytearray()
        self._eof = False
        self._serial = 0
        self._layers: dict[int, weakref.ReferenceType] = {}
        self._top: list[Any] = []
        self._next_handle = 1
        self._freed: list[int] = []
        # Handles whose `create` went out in a commit the daemon has not refused: only these are
        # destroyed when their objects go (a layer of a refused commit never existed there).
        self._known: set[int] = set()
        self._released: list[int] = []
        self._sent_bitmaps: dict[int, weakref.ReferenceType] = {}
        self._inflight: dict[int, _InFlight] = {}
        self._records: dict[int, tx.AnimationRecord] = {}
        self._replies: dict[int, Any] = {}
        self._frame_callbacks: dict[int, Callable[[ev.Frame], Any]] = {}
        self._links: list[DisplayLink] = []
        self._link_serial: Optional[int] = None
        self._running = False
        self._awaited: set[int] = set()
        self.last_commit_time = 0.0
        self.path, self._sock = self._connect(path)
        try:
            self.welcome = self._handshake(name, version)
        except BaseException:
            self._sock.close()
            raise
        limits = self.welcome.limits
        self._pools = PoolSet(self._announce_pool, limits.max_pools, limits.max_pool_bytes)
        stack = getattr(_current, "stack", None)
        if stack is None:
            stack = _current.stack = []
        stack.append(self)

    # MARK: Opening and closing

    def _connect(self, path: Optional[str]) -> tuple[str, socket.socket]:
        tried: list[str] = []
        reasons: list[str] = []
        for candidate in [path] if path else standard_socket_paths():
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM | socket.SOCK_CLOEXEC)
            sock.settimeout(self.timeout)
            try:
                sock.connect(candidate)
            except OSError as e:
                sock.close()
                tried.append(candidate)
                reasons.append(f"{candidate}: {e.strerror or e}")
                continue
            sock.setblocking(False)
            return candidate, sock
        raise NoDaemon("no laminad accepted a connection (" + "; ".join(reasons) + ")", tried=tried)

    def _handshake(self, name: str, version: int) -> ev.Welcome:
        self._send(wire.hello(version, name))
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._next_message()
            if message is None:
                self._fill(deadline - time.monotonic(), "the daemon's welcome")
                continue
            opcode, body = message
            event = wire.decode_event(opcode, body, lambda ident: ident)
            if isinstance(event, ev.ErrorEvent):
                raise daemon_error(event.code, event.serial, event.operation_index, event.message)
            if not isinstance(event, ev.Welcome):
                raise ProtocolError(f"the daemon answered hello with event 0x{opcode:04X}, not a welcome")
            if event.protocol_version not in SUPPORTED_VERSIONS or event.protocol_version > version:
                raise ProtocolError(
                    f"the daemon welcomed this client at protocol version {event.protocol_version}; "
                    f"it asked for {version} and speaks {SUPPORTED_VERSIONS}"
                )
            return event

    @property
    def version(self) -> int:
        """The protocol version this session speaks (negotiated in the handshake)."""
        return self.welcome.protocol_version

    def supports(self, feature: str) -> bool:
        """Whether this session's version has ``feature`` (``"hitTest"``, ``"goodbye"``)."""
        return self.version >= FEATURES[feature]

    def _require(self, feature: str) -> None:
        if not self.supports(feature):
            raise UnsupportedFeature(feature, FEATURES[feature], self.version)

    @property
    def closed(self) -> bool:
        return self._closed is not None

    def fileno(self) -> int:
        """The socket's descriptor, for an app that waits in its own loop (``selectors``, a GUI
        toolkit's): when it is readable, call ``process_events()``."""
        self._check_open()
        return self._sock.fileno()

    def close(self) -> None:
        """Ends the session: unsent changes are dropped, and the daemon drops the app's layers."""
        if self._closed is None:
            self._shut(ConnectionClosed("the connection was closed by the app"))

    def __enter__(self) -> "Connection":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _shut(self, reason: ConnectionClosed) -> None:
        """Closes the socket and pools; animations waited on stop (their completions run)."""
        if self._closed is not None:
            return
        self._closed = reason
        try:
            self._sock.close()
        finally:
            if self._pools is not None:
                self._pools.close()
        stack = getattr(_current, "stack", [])
        if self in stack:
            stack.remove(self)
        tx.discard(self)
        due = []
        for record in list(self._records.values()) + [r for c in self._inflight.values() for r in c.records]:
            due += record.stop()
        self._records.clear()
        self._inflight.clear()
        tx.run_due(due)

    def _check_open(self) -> None:
        if self._closed is not None:
            raise ConnectionClosed(f"{self._closed.message}", reason=self._closed.reason)

    # MARK: Bytes in and out

    def _send(self, data: bytes, fds: tuple[int, ...] = ()) -> None:
        """Writes a whole message (its descriptors with its first byte), reading what the daemon
        sends meanwhile so neither side can block the other."""
        self._check_open()
        view = memoryview(data)
        poller = select.poll()
        poller.register(self._sock, select.POLLOUT | select.POLLIN)
        deadline = time.monotonic() + self.timeout
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Timeout(f"the daemon took no bytes for {self.timeout} s")
            for _, mask in poller.poll(remaining * 1000):
                if mask & (select.POLLIN | select.POLLHUP | select.POLLERR) and not self._eof:
                    self._read_some()
                if mask & select.POLLOUT or mask & (select.POLLHUP | select.POLLERR):
                    ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
                    try:
                        sent = self._sock.sendmsg([view], ancillary)
                    except BlockingIOError:
                        continue
                    except OSError as e:
                        if e.errno in (errno.EPIPE, errno.ECONNRESET, errno.ENOTCONN):
                            self._hung_up()
                        raise
                    if sent:
                        fds = ()
                        view = view[sent:]

    def _read_some(self) -> None:
        try:
            chunk = self._sock.recv(1 << 18)
        except BlockingIOError:
            return
        except OSError as e:
            if e.errno in (errno.ECONNRESET, errno.EPIPE):
                self._eof = True
                return
            raise
        if not chunk:
            self._eof = True
        else:
            self._inbuf += chunk

    def _fill(self, timeout: Optional[float], what: str) -> None:
        """Waits at most ``timeout`` seconds (None: for ever) for bytes and reads them; raises
        ``Timeout`` naming ``what`` when none came, ``ConnectionClosed`` when the daemon hung up."""
        if self._eof:
            self._hung_up()
        if timeout is not None and timeout <= 0:
            raise Timeout(f"timed out waiting for {what}")
        readable, _, _ = select.select([self._sock], [], [], timeout)
        if not readable:
            if timeout is None:
                return
            raise Timeout(f"timed out after {self.timeout} s waiting for {what}")
        self._read_some()
        if self._eof and not self._has_message():
            self._hung_up()

    def _hung_up(self) -> None:
        """The daemon has gone: what it said last (a goodbye, a fatal error) is handled first, so
        the exception says why."""
        self._eof = True
        while self._closed is None:
            message = self._next_message()
            if message is None:
                break
            self._dispatch(*message)
        reason = self._closed or ConnectionClosed("the daemon closed the connection (it stopped or crashed)")
        self._shut(reason)
        raise reason

    def _has_message(self) -> bool:
        """Whether a whole message is buffered (without taking it)."""
        if len(self._inbuf) < wire.HEADER.size:
            return False
        return len(self._inbuf) >= wire.HEADER.unpack_from(self._inbuf, 0)[0]

    def _next_message(self) -> Optional[tuple[int, bytes]]:
        buf = self._inbuf
        if len(buf) < wire.HEADER.size:
            return None
        size, opcode, descriptors = wire.HEADER.unpack_from(buf, 0)
        if size < wire.HEADER.size or size > _MAX_EVENT or descriptors:
            error = ProtocolError(f"the daemon sent a message of {size} bytes with {descriptors} descriptors")
            self._shut(ConnectionClosed(str(error)))
            raise error
        if len(buf) < size:
            return None
        body = bytes(buf[wire.HEADER.size : size])
        del buf[:size]
        return opcode, body

    def _next_serial(self) -> int:
        self._serial = self._serial % 0xFFFFFFFF + 1
        return self._serial

    # MARK: Events

    def _pump(self, timeout: Optional[float]) -> int:
        """Handles every complete message buffered; when there is none, first waits at most
        ``timeout`` seconds (None: until something comes) for one. Returns how many it handled."""
        self._check_open()
        handled = 0
        message = self._next_message()
        if message is None:
            if self._eof:
                self._hung_up()
            readable, _, _ = select.select([self._sock], [], [], timeout)
            if readable:
                self._read_some()
            message = self._next_message()
            if message is None and self._eof:
                self._hung_up()
        else:
            # Take what else has arrived too, without waiting.
            readable, _, _ = select.select([self._sock], [], [], 0)
            if readable:
                self._read_some()
        while message is not None:
            handled += 1
            self._dispatch(*message)
            if self._closed is not None:
                break
            message = self._next_message()
        return handled

    def _lookup_bitmap(self, ident: int) -> Any:
        ref = self._sent_bitmaps.get(ident)
        bitmap = ref() if ref is not None else None
        return bitmap if bitmap is not None else ident

    def _layer(self, handle: int) -> Any:
        ref = self._layers.get(handle)
        return ref() if ref is not None else None

    def _dispatch(self, opcode: int, body: bytes) -> None:
        event = wire.decode_event(opcode, body, self._lookup_bitmap)
        if isinstance(event, ev.Committed):
            self._committed(event)
        elif isinstance(event, ev.AnimationStarted):
            record = self._records.get(event.animation)
            if record is not None:
                _notify(record.animation, "start")
        elif isinstance(event, ev.AnimationStopped):
            record = self._records.pop(event.animation, None)
            if record is not None:
                if record.layer is not None:
                    record.layer._animation_stopped(record)
                due = record.stop()
                _notify(record.animation, "stop", event.finished)
                tx.run_due(due)
        elif isinstance(event, ev.ErrorEvent):
            self._error(event)
        elif isinstance(event, ev.Frame):
            self._frame(event)
        elif isinstance(event, ev.InputEvent):
            self._input(event)
        elif isinstance(event, ev.OutputChanged):
            outputs = self.welcome.outputs
            for i, output in enumerate(outputs):
                if output.name == event.output.name:
                    outputs[i] = event.output
                    break
            else:
                outputs[:1] = [event.output]
            if self.on_output_change is not None:
                self.on_output_change(event.output)
        elif isinstance(event, ev.Goodbye):
            closed = ConnectionClosed(f"the daemon said goodbye: {event.reason}", reason=event.reason)
            self._shut(closed)
            raise closed
        elif isinstance(event, ev.TransactionCompleted):
            pass  # completions are tracked per animation: nested transactions wait for their own
        elif isinstance(event, ev.Welcome):
            raise ProtocolError("the daemon sent a second welcome")
        else:
            self._replies[event.serial] = event

    def _report(self, error: LaminaError) -> None:
        if self.on_error is not None:
            self.on_error(error)
        else:
            raise error

    def _error(self, event: ev.ErrorEvent) -> None:
        error = daemon_error(event.code, event.serial, event.operation_index, event.message)
        if error.fatal:
            self._shut(ConnectionClosed(f"the daemon closed the connection after an error: {error}"))
            raise error
        commit = self._inflight.pop(event.serial, None) if event.serial else None
        if commit is not None:
            self._rejected(commit, error)
            self._report(error)
        elif event.serial and event.serial in self._awaited:
            self._replies[event.serial] = error
        else:
            self._report(error)

    def _input(self, raw: ev.InputEvent) -> None:
        target = self._layer(raw.layer)
        event = dataclasses.replace(raw, layer=target) if target is not None else raw
        layer = target
        while layer is not None:
            if layer.on_input is not None:
                layer.on_input(event)
                return
            layer = layer.superlayer
        if self.on_input is not None:
            self.on_input(event)

    # MARK: Waiting

    def _wait_reply(self, serial: int, what: str, timeout: Optional[float] = None) -> Any:
        """Handles events until the reply to request ``serial`` arrives; raises its error."""
        self._awaited.add(serial)
        try:
            deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
            while serial not in self._replies:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise Timeout(f"the daemon did not answer {what} within {self.timeout if timeout is None else timeout} s")
                self._pump(remaining)
            reply = self._replies.pop(serial)
        finally:
            self._awaited.discard(serial)
        if isinstance(reply, LaminaError):
            raise reply
        return reply

    def flush(self) -> None:
        """Commits the implicit transaction now (when no explicit one is open), and handles the
        events that have already arrived, without waiting."""
        self._check_open()
        tx.Transaction.flush()
        self._pump(0)
        tx.Transaction.flush()

    def process_events(self, timeout: float = 0.0) -> int:
        """Commits the implicit transaction, waits at most ``timeout`` seconds for events and handles
        all that have arrived (callbacks run here), then commits what the callbacks changed. Returns
        how many events it handled."""
        self._check_open()
        tx.Transaction.flush()
        handled = self._pump(timeout)
        tx.Transaction.flush()
        return handled

    def sync(self, timeout: Optional[float] = None) -> None:
        """Commits the implicit transaction and waits until the daemon has applied (or rejected)
        every commit sent so far; a rejection raises. Animations are not waited for."""
        self._check_open()
        tx.Transaction.flush()
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while self._inflight:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Timeout(f"{len(self._inflight)} commit(s) were not answered within {self.timeout} s")
            self._pump(remaining)

    def run_until(self, predicate: Callable[[], bool], timeout: Optional[float] = None) -> None:
        """Runs the connection's loop (commits, events, callbacks) until ``predicate()`` is true;
        raises ``Timeout`` after ``timeout`` seconds (None: waits for ever)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            self._check_open()
            tx.Transaction.flush()
            if predicate():
                return
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise Timeout(f"the condition did not become true within {timeout} s")
            self._pump(remaining)

    def run(self, duration: Optional[float] = None) -> None:
        """Runs the connection's loop — commits, events, callbacks, display links — until ``stop()``
        is called (from a callback), or for ``duration`` seconds. ``ConnectionClosed`` ends it when
        the daemon goes away."""
        self._running = True
        end = None if duration is None else time.monotonic() + duration
        try:
            while self._running:
                self._check_open()
                tx.Transaction.flush()
                remaining = None if end is None else end - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return
                self._pump(remaining)
        finally:
            self._running = False
            if self._closed is None:
                tx.Transaction.flush()

    def stop(self) -> None:
        """Makes ``run()`` return after the event it is handling."""
        self._running = False

    # MARK: Layers

    def _register_layer(self, layer: Any) -> int:
        self._check_open()
        handle = self._next_handle
        self._next_handle += 1
        self._layers[handle] = weakref.ref(layer)
        weakref.finalize(layer, _layer_gone, weakref.ref(self), handle)
        return handle

    @property
    def layers(self) -> tuple[Any, ...]:
        """The top-level layers (on the output), back to front."""
        return tuple(self._top)

    def add_layer(self, layer: Any, index: Optional[int] = None) -> None:
        """Shows ``layer`` on the output, on top of the top-level layers (or at ``index``)."""
        self._insert(layer, None, index)

    def _owner(self, layer: Any) -> Any:
        """What a layer hangs from: its superlayer, or the layer it masks."""
        if layer._superlayer_ref is not None:
            return layer._superlayer_ref()
        if layer._mask_owner_ref is not None:
            return layer._mask_owner_ref()
        return None

    def _check_mine(self, layer: Any, what: str) -> None:
        from .layers import Layer

        if not isinstance(layer, Layer):
            raise TypeError(f"{what} takes a Layer, not {type(layer).__name__}")
        if layer._connection is not self:
            raise InvalidOperation(f"{layer!r} belongs to another connection; a layer lives in one session")

    def _is_ancestor(self, candidate: Any, layer: Any) -> bool:
        node = layer
        for _ in range(1024):
            if node is None:
                return False
            if node is candidate:
                return True
            node = self._owner(node)
        return False

    def _detach(self, layer: Any) -> None:
        parent = layer.superlayer
        if parent is not None:
            parent._sublayers.remove(layer)
        elif layer in self._top:
            self._top.remove(layer)
        layer._superlayer_ref = None

    def _insert(self, layer: Any, parent: Any, index: Optional[int]) -> None:
        self._check_open()
        self._check_mine(layer, "insert_sublayer")
        if parent is not None:
            self._check_mine(parent, "insert_sublayer")
            if self._is_ancestor(layer, parent):
                raise InvalidOperation(f"inserting {layer!r} into {parent!r} would make a cycle")
        if layer._mask_owner_ref is not None and layer._mask_owner_ref() is not None:
            raise InvalidOperation(f"{layer!r} is the mask of {layer._mask_owner_ref()!r}; a mask has no superlayer")
        siblings = parent._sublayers if parent is not None else self._top
        count = len([s for s in siblings if s is not layer])
        if index is not None and not (isinstance(index, int) and 0 <= index <= count):
            raise InvalidOperation(f"index {index} is outside 0...{count} of {parent or 'the output'!r}'s sublayers")
        self._detach(layer)
        if index is None:
            siblings.append(layer)
        else:
            siblings.insert(index, layer)
        layer._superlayer_ref = weakref.ref(parent) if parent is not None else None
        tx.record(self, ("insert", layer._handle, None if parent is None else parent._handle, index))

    def _remove(self, layer: Any) -> None:
        self._check_open()
        owner = layer._mask_owner_ref() if layer._mask_owner_ref is not None else None
        if owner is not None:
            self._set_mask(owner, None)
            return
        if layer.superlayer is None and layer not in self._top:
            return
        self._detach(layer)
        tx.record(self, ("remove", layer._handle))

    def _set_mask(self, owner: Any, mask: Any) -> None:
        self._check_open()
        self._check_mine(owner, "mask")
        if mask is not None:
            self._check_mine(mask, "mask")
            if mask is owner or self._is_ancestor(mask, owner):
                raise InvalidOperation(f"{mask!r} cannot mask {owner!r}: it would make a cycle")
            if mask.superlayer is not None or mask in self._top:
                raise InvalidOperation(f"{mask!r} has a superlayer; a mask must not (remove it first)")
            other = mask._mask_owner_ref() if mask._mask_owner_ref is not None else None
            if other is not None and other is not owner:
                raise InvalidOperation(f"{mask!r} already masks {other!r}")
        old = owner._mask
        if old is not None:
            old._mask_owner_ref = None
        owner._mask = mask
        if mask is not None:
            mask._mask_owner_ref = weakref.ref(owner)
        tx.record(self, ("mask", owner._handle, None if mask is None else mask._handle))

    # MARK: Commits

    def _bitmap_released(self, bitmap_id: int) -> None:
        if self._sent_bitmaps.pop(bitmap_id, None) is not None:
            self._released.append(bitmap_id)

    def _announce_pool(self, pool: Pool) -> None:
        try:
            self._send(wire.create_pool(pool.id, pool.size), (pool.fd,))
        finally:
            pool.close_descriptor()

    def _send_commit(self, ops: list[tuple]) -> None:
        """Encodes and sends one connection's share of an outermost transaction. If it cannot be
        sent (larger than the daemon takes), what it carried is recorded again for the next commit,
        as for a commit the daemon refuses, and the error raises."""
        self._check_open()
        ops = [self._resolved(op) for op in ops]
        ops = [op for op in ops if op is not None]
        created = [op[1] for op in ops if op[0] == "create"]
        destroyed = [h for h in self._freed if h in self._known or h in created]
        self._freed = []
        released, self._released = self._released, []
        if not ops and not destroyed and not released:
            return
        commit = _InFlight(self._next_serial(), ops, [op[4] for op in ops if op[0] == "add_animation"])
        commit.created, commit.destroyed, commit.released = created, destroyed, released
        try:
            message, needed = self._encode_commit(commit)
        except (LaminaError, ValueError) as error:
            if isinstance(error, ConnectionClosed):
                raise
            for pool, offset, length in commit.regions:
                pool.release(offset, length)
            commit.regions = []
            self._rejected(commit, error)
            raise
        self._send(message)
        self._inflight[commit.serial] = commit
        for bitmap in needed:
            self._sent_bitmaps[bitmap.id] = weakref.ref(bitmap)
            bitmap._sent_on(self)
            commit.new_bitmaps.append(bitmap.id)
        self._known.update(created)
        self._known.difference_update(destroyed)
        for handle in created:
            layer = self._layer(handle)
            if layer is not None:
                layer._committed = True

    def _resolved(self, op: tuple) -> Optional[tuple]:
        """A ``resend`` operation (a value a refused commit set) as a ``set`` of the model's value now;
        None when the layer or the value is gone."""
        if op[0] != "resend":
            return op
        layer = self._layer(op[1])
        if layer is None or op[2] not in layer._values:
            return None
        return ("set", op[1], KeyPath(property_named(op[2])), layer._values[op[2]])

    def _encode_commit(self, commit: _InFlight) -> tuple[bytes, list[Bitmap]]:
        """The commit's message, its pixels copied into pool regions (noted in ``commit.regions``)."""
        needed: dict[int, Bitmap] = {}

        def bitmap_ids(bitmap: Bitmap) -> int:
            if bitmap.id not in self._sent_bitmaps:
                needed[bitmap.id] = bitmap
            return bitmap.id

        operations = wire.Writer()
        for op in commit.ops:
            wire.encode_operation(operations, op, bitmap_ids)
        for handle in commit.destroyed:
            wire.encode_operation(operations, ("destroy", handle), bitmap_ids)
        # A bitmap released and shown again is uploaded again, whole: not released after it.
        commit.released = [ident for ident in commit.released if ident not in needed]
        body = wire.Writer()
        body.u32(commit.serial)
        body.u32(len(needed))
        for bitmap in needed.values():
            length = bitmap.width * bitmap.height * 4
            pool, offset = self._allocate(length)
            commit.regions.append((pool, offset, length))
            pool.map[offset : offset + length] = bitmap.pixels
            wire.bitmap_description(
                body, bitmap.id, pool.id, offset, bitmap.width, bitmap.height,
                PIXEL_FORMATS.index(bitmap.format), bitmap.premultiplied,
            )  # fmt: skip
        body.u32(len(commit.ops) + len(commit.destroyed))
        body.buffer += operations.buffer
        body.u32(len(commit.released))
        for ident in commit.released:
            body.u64(ident)
        message = wire.frame(wire.Op.COMMIT, body.bytes())
        limit = self.welcome.limits.max_message_bytes
        if len(message) > limit:
            raise LaminaError(
                f"a commit of {len(message)} bytes ({len(commit.ops)} operations) is over the daemon's limit of "
                f"{limit} bytes a message: commit in smaller transactions"
            )
        return message, list(needed.values())

    def _allocate(self, length: int) -> tuple[Pool, int]:
        """Pool space for ``length`` bytes, waiting for answered commits to give space back when the
        pool limits allow no new pool."""
        assert self._pools is not None
        deadline = time.monotonic() + self.timeout
        while True:
            region = self._pools.allocate(length)
            if region is not None:
                return region
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._inflight:
                raise Timeout(f"no pool space for {length} bytes of pixels within {self.timeout} s")
            self._pump(remaining)

    def _committed(self, event: ev.Committed) -> None:
        commit = self._inflight.pop(event.serial, None)
        if commit is None:
            return
        self.last_commit_time = event.commit_time
        for pool, offset, length in commit.regions:
            pool.release(offset, length)
        for record, ident in zip(commit.records, event.animations):
            record.ident = ident
            if not record.stopped:
                self._records[ident] = record

    def _rejected(self, commit: _InFlight, error: LaminaError) -> None:
        """Undoes the bookkeeping of a commit the daemon refused (or that could not be sent), and
        records what the app's model still holds for the next commit: the layers it made (whole), the
        values it set (as the model has them when that commit goes), the places and names it gave,
        the destructions and releases it carried. A value the daemon refused (``invalidTree`` naming a
        ``set``) is not sent again; its animations are gone."""
        for pool, offset, length in commit.regions:
            pool.release(offset, length)
        for ident in commit.new_bitmaps:
            self._sent_bitmaps.pop(ident, None)
        due = []
        for record in commit.records:
            if record.layer is not None:
                record.layer._animation_stopped(record)
            due += record.stop()
        index = error.operation_index
        failing = commit.ops[index] if index is not None and index < len(commit.ops) else None
        recreate = [layer for layer in map(self._layer, commit.created) if layer is not None]
        for layer in recreate:
            layer._committed = False
        from .layers import LAYER_KINDS

        for layer in recreate:
            tx.record(self, ("create", layer._handle, layer._name, LAYER_KINDS.index(layer.KIND)))
            for python in layer._values:
                tx.record(self, ("resend", layer._handle, python))
        placed: list[Any] = []
        masked: list[Any] = []
        resent: set[tuple[int, str]] = set()
        for op in commit.ops:
            layer = self._layer(op[1])
            if layer is None or layer in recreate:
                continue
            if op[0] in ("set", "resend"):
                python = op[2].prop.python if op[0] == "set" else op[2]
                refused = isinstance(error, InvalidTree) and op is failing
                if not refused and (op[1], python) not in resent:
                    resent.add((op[1], python))
                    tx.record(self, ("resend", op[1], python))
            elif op[0] in ("insert", "remove") and layer not in placed:
                placed.append(layer)
            elif op[0] == "mask" and layer not in masked:
                masked.append(layer)
            elif op[0] == "name":
                tx.record(self, ("name", op[1], layer._name))
        # Places: every sublayer of each parent touched, again on top in the model's order.
        parents: list[Any] = []
        for layer in recreate + placed:
            parent = layer.superlayer if layer.superlayer is not None else (self if layer in self._top else None)
            if parent is None:
                if layer in placed:
                    tx.record(self, ("remove", layer._handle))
            elif parent not in parents:
                parents.append(parent)
        for parent in parents:
            for sibling in self._top if parent is self else parent._sublayers:
                tx.record(self, ("insert", sibling._handle, None if parent is self else parent._handle, None))
        for layer in recreate + masked:
            if layer._mask is not None or layer in masked:
                tx.record(self, ("mask", layer._handle, None if layer._mask is None else layer._mask._handle))
        self._known.difference_update(commit.created)
        for handle in commit.destroyed:
            if handle not in commit.created:
                self._known.add(handle)
                self._freed.append(handle)
        self._released.extend(commit.released)
        tx.run_due(due)

    # MARK: Frames

    def request_frame(self, callback: Callable[[ev.Frame], Any]) -> None:
        """Calls ``callback(frame)`` once, at the next frame the daemon draws (a ``Frame`` with the
        media times it is shown at and the next blank). Pending changes are committed first."""
        self._check_open()
        tx.Transaction.flush()
        serial = self._next_serial()
        self._frame_callbacks[serial] = callback
        self._send(wire.serial_only(wire.Op.REQUEST_FRAME, serial))

    def on_frame(self, callback: Callable[[DisplayLink], Any], interval: int = 1) -> DisplayLink:
        """A display link: ``callback(link)`` every ``interval`` frames until ``link.invalidate()``
        (``CADisplayLink``); the daemon keeps drawing while it runs."""
        link = DisplayLink(self, callback, interval)
        self._links.append(link)
        self._request_link_frame()
        return link

    def _request_link_frame(self) -> None:
        if self._closed is None and self._link_serial is None and any(link.is_active for link in self._links):
            self._link_serial = self._next_serial()
            self._send(wire.serial_only(wire.Op.REQUEST_FRAME, self._link_serial))

    def _remove_link(self, link: DisplayLink) -> None:
        if link in self._links:
            self._links.remove(link)

    def _frame(self, frame: ev.Frame) -> None:
        if frame.serial == self._link_serial:
            self._link_serial = None
            for link in list(self._links):
                if link.is_active:
                    link._fire(frame.time, frame.target_time)
            tx.Transaction.flush()
            self._request_link_frame()
            return
        callback = self._frame_callbacks.pop(frame.serial, None)
        if callback is not None:
            callback(frame)

    # MARK: Requests

    def _request(self, message: bytes, serial: int, what: str) -> Any:
        self._send(message)
        return self._wait_reply(serial, what)

    def presentation_of(self, layer: Any, *, sync: bool = True) -> Any:
        """``layer``'s presentation values from the daemon (``Layer.presentation()``)."""
        from .layers import Presentation

        self._check_mine(layer, "presentation")
        if sync:
            self.sync()
        serial = self._next_serial()
        reply = self._request(wire.query_presentation(serial, layer._handle), serial, f"the presentation of {layer!r}")
        values = {prop.python: value for prop, value in zip(PROPERTIES, reply.values)}
        return Presentation(layer, reply.time, values)

    def hit_test(self, layer: Any, x: float, y: float, *, sync: bool = True) -> Any:
        """The deepest layer of ``layer``'s subtree at (x, y) in its superlayer's space, on the
        presentation tree of the frame on screen (``Layer.hit_test``; protocol version 7)."""
        self._require("hitTest")
        self._check_mine(layer, "hit_test")
        if sync:
            self.sync()
        serial = self._next_serial()
        reply = self._request(wire.hit_test(serial, layer._handle, float(x), float(y)), serial, "a hit test")
        return None if reply.layer is None else self._layer(reply.layer)

    def stats(self) -> ev.Stats:
        """The daemon's counters."""
        self._check_open()
        serial = self._next_serial()
        return self._request(wire.serial_only(wire.Op.STATS, serial), serial, "stats").stats

    def tree(self, *, every_client: bool = False, sync: bool = True) -> list[ev.TreeNode]:
        """The layers as the daemon holds them, depth first: this connection's, or every client's
        (privileged). With ``sync``, this app's changes are applied first."""
        self._check_open()
        if sync:
            self.sync()
        serial = self._next_serial()
        reply = self._request(wire.tree(serial, every_client), serial, "the layer tree")
        if every_client:
            return list(reply.nodes)
        return [dataclasses.replace(node, layer=self._layer(node.handle)) for node in reply.nodes]

    def screenshot_png(self) -> bytes:
        """The output after the daemon's next frame, as a PNG file (8-bit RGBA). Pending changes are
        committed first, so they show. Needs privilege (the daemon's user, root or its group)."""
        self._check_open()
        tx.Transaction.flush()
        serial = self._next_serial()
        reply = self._request(wire.screenshot(serial), serial, "a screenshot")
        return reply.png

    def screenshot(self, *, array: bool = False) -> Union[Image, Any]:
        """The output after the daemon's next frame, read through a shared-memory pool: an ``Image``
        of premultiplied RGBA, or with ``array`` a NumPy array (height, width, 4) of uint8."""
        self._check_open()
        tx.Transaction.flush()
        output = self.welcome.outputs[0]
        length = output.pixel_width * output.pixel_height * 4
        pool, offset = self._allocate(length)
        try:
            serial = self._next_serial()
            reply = self._request(wire.screenshot(serial, (pool.id, offset)), serial, "a screenshot")
            size = reply.width * reply.height * 4
            image = Image(reply.width, reply.height, bytes(pool.map[offset : offset + size]), premultiplied=True)
        finally:
            pool.release(offset, length)
        return image.to_array() if array else image

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"version {self.version}"
        return f"<Connection {self.path} {state}>"


def _notify(animation: Any, what: str, finished: bool = False) -> None:
    """Calls an animation's callables and its delegate's methods for a start or a stop."""
    delegate = animation.delegate
    if what == "start":
        if animation.on_start is not None:
            animation.on_start(animation)
        method = getattr(delegate, "animation_did_start", None)
        if method is not None:
            method(animation)
    else:
        if animation.on_stop is not None:
            animation.on_stop(animation, finished)
        method = getattr(delegate, "animation_did_stop", None)
        if method is not None:
            method(animation, finished)
