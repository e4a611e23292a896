"""Compile modes: one module per way of compiling a program (INT8,
training, distributed, AOT/C++ wrapper)."""
