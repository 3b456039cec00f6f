"""End-to-end tests of one table across several devices (issue 35), inside a network namespace."""
