"""Words the pages' JavaScript shows but builds at run time (so the extractor cannot see them)."""
from .i18n import N_

STATUSES = (N_("ready"), N_("playing"), N_("round-over"), N_("finished"), N_("abandoned"))
