"""The child processes of the native compile, and how they end with it.

Intel's compilers run as processes: the native worker
(:mod:`.worker`, a Python process per chunk of kernels), ``ocloc`` (one per
kernel compile, from the worker's threads) and ``g++`` (the C++ type-check,
:mod:`.cpp_check`; ``g++`` itself starts ``cc1plus``).  None of them may
outlive what started them:

* each runs in a process group of its own (:func:`run_in_group`; Python
  3.11's ``process_group``, on 3.10 its parent's group), killed as a whole
  (``SIGKILL`` to the group) when its time is up, when the caller is
  interrupted (``KeyboardInterrupt``) or when :meth:`Children.stop` is
  called: a shell script's own children (a ``sleep``), ``cc1plus``, go with
  it;
* a worker is the leader of a session of its own (``start_new_session``),
  which its ``ocloc`` groups stay in: :func:`kill_session` ends every process
  of it, the orphans of a killed worker included, and the parent calls it
  whenever a worker ends, however;
* a worker watches its parent (:func:`watch_parent`: Linux's parent-death
  signal, and a thread polling the parent's pid everywhere): when the
  parent is gone (killed by ``SIGKILL``), the worker kills its ``ocloc``
  groups, removes the parent's temporary directory (the kernels' sources)
  and kills its own group, itself last.

Standard library only: the worker and :mod:`.ocloc` use it without torch.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


log = logging.getLogger(__name__)

# Seconds to wait for a killed group's pipes to close before giving up on
# its last output (a grandchild that left the group could hold them open).
_DRAIN_S = 5.0
# How often a worker looks whether its parent is still there.
PARENT_POLL_S = 0.5
_PR_SET_PDEATHSIG = 1


class ChildrenStopped(RuntimeError):
    """A child process was to be started after :meth:`Children.stop`."""


# Python 3.11's Popen(process_group=0): a new process group in this session
# (a worker's session, which the parent kills as a whole).  On 3.10 a child
# stays in its parent's group (a new session would leave the worker's); it is
# killed alone, and what it started goes with the worker's group.
OWN_GROUPS = sys.version_info >= (3, 11)


def _own_group_kwargs() -> dict[str, Any]:
    return {"process_group": 0} if OWN_GROUPS else {}


def kill_group(pgid: int) -> None:
    """``SIGKILL`` to the process group ``pgid``; nothing where it is gone."""
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _kill(proc: subprocess.Popen[Any]) -> None:
    """``proc``'s group killed (only ``proc`` where it has none of its own)."""
    if OWN_GROUPS:
        kill_group(proc.pid)
    else:
        try:
            proc.kill()
        except ProcessLookupError:
            pass


class Children:
    """The process groups a process started with :func:`run_in_group` that
    are still running: :meth:`stop` kills them all and refuses new ones (a
    thread about to start one gets :class:`ChildrenStopped`)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._live: dict[int, subprocess.Popen[Any]] = {}
        self._stopped = False

    def start(self, argv: Sequence[str], **kwargs: Any) -> subprocess.Popen[Any]:
        with self._lock:  # held while starting: stop() cannot miss one
            if self._stopped:
                raise ChildrenStopped(f"not started (stopping): {argv[0]}")
            proc = subprocess.Popen(list(argv), **kwargs, **_own_group_kwargs())
            self._live[proc.pid] = proc
            return proc

    def finished(self, proc: subprocess.Popen[Any]) -> None:
        with self._lock:
            self._live.pop(proc.pid, None)

    def stop(self) -> None:
        """Kill every group still running; start no other."""
        acquired = self._lock.acquire(timeout=5)
        try:
            self._stopped = True
            for proc in list(self._live.values()):
                _kill(proc)
        finally:
            if acquired:
                self._lock.release()

    @property
    def stopped(self) -> bool:
        return self._stopped


def run_in_group(
    argv: Sequence[str],
    *,
    timeout: float | None,
    children: Children | None = None,
    cwd: str | os.PathLike[str] | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(argv, capture_output=True, text=True)`` in a process
    group of its own: when ``timeout`` seconds pass, or the caller is
    interrupted, the whole group is killed (then
    ``subprocess.TimeoutExpired``, or the interrupt, is raised).
    ``children``: where it is registered while it runs (default: nowhere)."""
    kwargs: dict[str, Any] = dict(
        cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, errors="replace",
    )
    if children is not None:
        proc = children.start(argv, **kwargs)
    else:
        proc = subprocess.Popen(list(argv), **kwargs, **_own_group_kwargs())
    try:
        try:
            stdout, stderr = proc.communicate(timeout=timeout)
        except BaseException:  # the time is up, or an interrupt: the group goes
            _kill(proc)
            try:
                proc.communicate(timeout=_DRAIN_S)
            except subprocess.TimeoutExpired:
                pass  # pipes held open by a process outside the group: closed unread
            finally:
                for pipe in (proc.stdout, proc.stderr):
                    if pipe is not None:
                        pipe.close()
                proc.wait()
            raise
    finally:
        if children is not None:
            children.finished(proc)
    return subprocess.CompletedProcess(list(argv), proc.returncode, stdout, stderr)


def _session_of(pid: int) -> int | None:
    """The session id of process ``pid`` (``/proc/<pid>/stat``'s sixth
    field), None where it is gone or a zombie (dead, not yet reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    fields = stat[stat.rfind(b")") + 2 :].split()  # the command may hold spaces and parentheses
    try:
        state, session = fields[0], int(fields[3])  # state, ppid, pgrp, session
    except (IndexError, ValueError):
        return None
    return None if state in (b"Z", b"X") else session


def session_members(sid: int) -> list[int]:
    """The processes of session ``sid`` (Linux: from ``/proc``; elsewhere
    empty)."""
    if not os.path.isdir("/proc/self"):
        return []
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _session_of(int(entry)) == sid:
            members.append(int(entry))
    return members


def kill_session(sid: int, *, wait_s: float = 5.0) -> None:
    """``SIGKILL`` to every process of the session ``sid`` (a worker and its
    ``ocloc`` groups, orphans included) and to its group, then wait up to
    ``wait_s`` seconds until none is left."""
    kill_group(sid)
    deadline = time.monotonic() + wait_s
    while True:
        members = [pid for pid in session_members(sid) if pid != os.getpid()]
        for pid in members:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if not members or time.monotonic() > deadline:
            return
        time.sleep(0.02)  # a killed process is gone once its parent (or init) reaps it


def set_parent_death_signal(signum: int) -> bool:
    """Ask Linux to send ``signum`` to this process when its parent exits
    (``prctl(PR_SET_PDEATHSIG)``); False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(parent_pid: int, on_parent_gone: Callable[[], None]) -> None:
    """Call ``on_parent_gone()`` (which should end this process) once the
    parent ``parent_pid`` is gone: from a ``SIGTERM`` handler (Linux's
    parent-death signal, in the main thread) or from a polling thread,
    whichever sees it first, once.  A ``SIGTERM`` while the parent is still
    there (sent by someone else) calls it too: :func:`parent_gone` tells the
    two apart."""
    once = threading.Lock()

    def gone() -> None:
        if once.acquire(blocking=False):
            on_parent_gone()

    def on_sigterm(signum: int, frame: Any) -> None:
        gone()

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, on_sigterm)
        set_parent_death_signal(signal.SIGTERM)

    def poll() -> None:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_POLL_S)
        gone()

    threading.Thread(target=poll, name="inductor-xpu-parent-watch", daemon=True).start()
    if os.getppid() != parent_pid:  # gone before the signal was asked for
        gone()


def parent_gone(parent_pid: int) -> bool:
    return os.getppid() != parent_pid
