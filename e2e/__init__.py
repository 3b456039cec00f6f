"""End-to-end tests of the page (a package, so that its conftest does not shadow
tests/conftest.py)."""
