"""The station's own view of the sensor board's link (GET /api/view, hardware.board), from inside the VM."""
import json
import time
import urllib.request

board = {}
for _ in range(60):
    try:
        with urllib.request.urlopen("http://127.0.0.1/api/view", timeout=5) as r:
            board = json.load(r).get("hardware", {}).get("board", {})
        if board.get("connected"):
            break
    except OSError:
        pass
    time.sleep(1)
print(f"station link: connected={board.get('connected')} board_id={board.get('board_id')} reason={board.get('reason')}")
