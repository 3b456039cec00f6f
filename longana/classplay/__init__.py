"""Class play: a class plays the same deals, hands in results without a server, and the teacher
ranks them by duplicate scoring (the formats: ``docs/classplay.md``)."""

from .code import ClassCode, ClassError, class_of
from .names import look_alike, name_error, same_name, tidy_name
from .result_code import Claim
from .results import Result, read_result
from .standings import Row, Standings, csv_text, standings, standings_to_dict

__all__ = [
    "Claim",
    "ClassCode",
    "ClassError",
    "Result",
    "Row",
    "Standings",
    "class_of",
    "csv_text",
    "look_alike",
    "name_error",
    "read_result",
    "same_name",
    "standings",
    "standings_to_dict",
    "tidy_name",
]
