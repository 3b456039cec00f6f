# What the page uses of PyScript: ``ffi.create_proxy`` (a Python function the browser may call).
from . import ffi as ffi
