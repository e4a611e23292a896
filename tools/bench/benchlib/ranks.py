"""The end of a rank process started by ``torch.multiprocessing.spawn``.

A rank that returns normally lets the interpreter finalize while the c10d
backend's worker threads are still alive: ``destroy_process_group`` drops
the process group from the registry, but FSDP2's and the device mesh's
references keep the C++ backend (and its threads) until the last
collection.  A Gloo worker thread releases a finished collective's work
object after the caller's ``wait()`` has returned; when that releases the
last reference to a tensor whose Python object is kept by C++, the release
takes the GIL.  If the main thread has started ``Py_FinalizeEx`` by then,
``take_gil`` ends the worker with ``pthread_exit``, whose forced unwind goes
through a ``noexcept`` destructor (``~AsyncAllgatherWork`` in
``ProcessGroupGloo::runLoop``) and calls ``std::terminate``: "terminate
called without an active exception", SIGABRT, and ``spawn`` reports the rank
as failed although its work was done.  Seen on torch 2.13 and 2.15 in about
one run of five of ``fsdp2_gpu.py --cpu 2`` (a core file's backtraces).

:func:`end_rank` ends the rank after its result is written, without the
interpreter's finalization, so no backend thread outlives a running
interpreter.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn


def end_rank() -> NoReturn:
    """Destroy the default process group, flush stdio and exit with 0
    without finalizing the interpreter (see the module docstring)."""
    import torch.distributed as dist

    if dist.is_initialized():
        dist.destroy_process_group()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
