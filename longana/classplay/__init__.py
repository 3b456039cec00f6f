"""Class play: a class plays the same deals, hands in results without a server, and the teacher
ranks them by duplicate scoring (the formats: ``docs/classplay.md``)."""

from .code import ClassCode, ClassError, class_of
from .results import Result, read_result
from .standings import Row, Standings, csv_text, reference_code, standings, standings_to_dict

__all__ = [
    "ClassCode",
    "ClassError",
    "Result",
    "Row",
    "Standings",
    "class_of",
    "csv_text",
    "read_result",
    "reference_code",
    "standings",
    "standings_to_dict",
]
