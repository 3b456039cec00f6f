from collections.abc import Callable
from typing import Any

def create_proxy(fn: Callable[..., Any]) -> Any: ...
