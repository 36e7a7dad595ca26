"""A club's proposed set-up, as a part of ``Station``: the club director's tournament sends the hub
its next game (players in seat order, profile, set) over MQTT (docs/club.md); the view shows it as
``club_setup`` and the host confirms it with the host PIN. The hub decides: nothing is set up
until the host says so, and the proposal is checked like any set-up."""
from __future__ import annotations

from .auth import name_problem
from .interface import NoGame

PROFILES = ("classic", "hub")


def proposal_problem(proposal) -> str | None:
    """Why ``proposal`` (``{"v": 1, "tournament", "game", "games", "players", "profile", "set",
    "options"}``)
    cannot be offered to the host, or None."""
    if not isinstance(proposal, dict) or proposal.get("v") != 1:
        return "not a version 1 set-up"
    players = proposal.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 14 or \
            not all(isinstance(p, str) and p.strip() and not name_problem(p.strip()) for p in players):
        return "players must be 2-14 names"
    if proposal.get("profile") not in PROFILES:
        return "unknown profile"
    for key in ("tournament", "game", "games"):
        if isinstance(proposal.get(key), bool) or not isinstance(proposal.get(key), int):
            return f"{key} must be a whole number"
    if not isinstance(proposal.get("options", {}), dict):
        return "options must be an object"
    if proposal.get("set") is not None and (isinstance(proposal["set"], bool) or not isinstance(proposal["set"], int)):
        return "set must be a whole number"
    return None


class ClubSetup:
    """Uses the station's ``lock``, ``_pin``, ``setup_game`` and ``_publish``; keeps ``club_setup``."""

    club_setup: dict | None = None

    def propose_setup(self, proposal: dict | None) -> bool:
        """The club's next set-up for this hub (None: none). Returns False (nothing changes) for a
        proposal ``proposal_problem`` refuses. Called from the MQTT thread."""
        if proposal is not None:
            if proposal_problem(proposal):
                return False
            proposal = {"tournament": proposal["tournament"], "game": proposal["game"], "games": proposal["games"],
                        "players": [p.strip() for p in proposal["players"]], "profile": proposal["profile"],
                        "set": proposal.get("set"), "options": dict(proposal.get("options") or {})}
        with self.lock:
            self.club_setup = proposal
        self._publish()
        return True

    def setup_from_club(self, pin: str) -> dict:
        """The host confirms the club's set-up: ``setup_game`` with its players, profile and set
        (hidden hands, the tournament's options), marked ``club`` in the journal; returns the view.
        Raises ``NoGame`` when the club has proposed nothing, and what ``setup_game`` raises."""
        self._pin(pin)
        with self.lock:
            proposal = self.club_setup
        if proposal is None:
            raise NoGame("the club has sent no set-up for this hub")
        self.setup_game(pin, proposal["players"], proposal["profile"], proposal["set"], proposal["options"],
                               club={"tournament": proposal["tournament"], "game": proposal["game"]})
        with self.lock:
            if self.club_setup is proposal:
                self.club_setup = None
        return self._publish()
