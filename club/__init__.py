"""The club service (``station club``): every hub of a club night over one MQTT broker.

``store.ClubStore`` keeps every journal message and every finished game per hub (SQLite, idempotent
by (hub, game, seq)); ``state.Club`` holds each hub's latest status and public view and answers
``GET /api/club``; ``listener.ClubListener`` subscribes to ``mexican-train/+/...`` on the broker;
``command`` is the CLI. The pages are club/web.py (templates and script in club/templates, club/static). docs/club.md gives topics and payloads.
"""
