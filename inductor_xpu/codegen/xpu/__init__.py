"""xpu code generation: backend registration (:mod:`.registration`)."""
