"""The toolkit every benchmark under ``tools/bench/`` shares.

* ``child``    how a parent runs a variant in a fresh process and gets its
               result back: one protocol (``--child-out PATH``, a JSON file).
* ``env``      the environment of such a child: stock torch or the overlay.
* ``machine``  facts about the machine for a record (``cpu_name``,
               ``machine_description``, ``versions_line``).
* ``report``   ``geomean`` and writing a record (markdown, CSV, JSON).

Imports: ``tools/bench`` is the import root.  Python puts a script's folder
first on ``sys.path``, so ``python tools/bench/X.py`` imports ``benchlib`` and
``suite_lib`` as they are; a child started with ``-m`` gets the root on
``PYTHONPATH`` (:func:`benchlib.child.child_env`).  Nothing here imports torch.
"""
