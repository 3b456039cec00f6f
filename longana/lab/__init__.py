"""The lab: benchmarks, tournaments, the frozen baseline (command line; the browser needs none)."""
