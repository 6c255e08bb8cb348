"""What a phone downloads to open a table, on a first visit, on a second, and after an update.

Starts ``twentyeight serve`` from a copy of this checkout's ``src`` (so that the update can
be made to the copy), makes a table of computer players, and opens it in Chromium (Debian's
``/usr/bin/chromium``, driven by Playwright) three times in one browser: a first visit, a
second, and a third after a script of the table (``js/table/main.js``) changed on the server.
Chromium's own network events count what went over the network: the answers not taken from
the browser's cache and their bytes (compressed, headers too).  The files' times are set a
month back first, as after an install a month ago (browsers guess how long to keep a file
that says nothing from its age).

    python benchmarks/page_weight.py [--lang hi] [--width 390 --height 844]
    python benchmarks/page_weight.py --src /path/to/other/checkout/src   # another revision
    python benchmarks/page_weight.py --identity      # the browser accepts no compression

The third visit tells whether the updated script reached the browser: ``fresh`` is true when
the bytes of the new ``main.js`` were loaded, false when the browser ran the one it kept.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from server_load import wait_for

SRC = Path(__file__).resolve().parents[1] / "src"
MONTH = 30 * 24 * 3600


def free_port() -> int:
    """A free port on the loopback address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` as JSON; the JSON answer."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        out: dict[str, Any] = json.load(answer)
    return out


def serve(src: Path, work: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``twentyeight serve`` from ``src`` on a free port: the process and its address."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "twentyeight.cli.main", "serve", "--port", str(port),
         "--db", f"sqlite:///{work / 'rooms.db'}", "--log-level", "warning"],
        env={**os.environ, "PYTHONPATH": str(src)}, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(url, 20.0)
    except SystemExit:
        proc.terminate()
        raise
    return proc, url


def measure(src: Path, lang: str, width: int, height: int, identity: bool = False
            ) -> dict[str, Any]:
    """The three visits' requests and bytes over the network."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        copy = work / "src"
        shutil.copytree(src, copy, ignore=shutil.ignore_patterns("__pycache__"))
        static = copy / "twentyeight" / "server" / "static"
        old = time.time() - MONTH
        for path in static.rglob("*"):
            os.utime(path, (old, old))
        proc, url = serve(copy, work)
        try:
            room = post(f"{url}/api/rooms", {"rules": "28", "bots": "rules"})["room"]
            return visits(url, room, static, lang, width, height, identity)
        finally:
            proc.terminate()
            proc.wait()


def visits(url: str, room: str, static: Path, lang: str, width: int, height: int,
           identity: bool) -> dict[str, Any]:
    """Open the table three times in one browser; the third after ``main.js`` changed (with
    ``identity``, the browser asks for no compression)."""
    out: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        context = browser.new_context(
            viewport={"width": width, "height": height},
            extra_http_headers={"Accept-Encoding": "identity"} if identity else None)
        context.add_init_script(f"localStorage.setItem('twentyeight:lang', '{lang}')")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        seen: dict[str, dict[str, Any]] = {}

        def answered(e: dict[str, Any]) -> None:
            r = e["response"]
            seen[e["requestId"]] = {"url": r["url"], "status": r["status"], "bytes": 0,
                                    "cached": bool(r.get("fromDiskCache")
                                                   or r.get("fromMemoryCache"))}

        def finished(e: dict[str, Any]) -> None:
            if e["requestId"] in seen:
                seen[e["requestId"]]["bytes"] = e["encodedDataLength"]

        cdp.on("Network.responseReceived", answered)
        cdp.on("Network.loadingFinished", finished)
        main = static / "js" / "table" / "main.js"
        for visit in ("first", "second", "after an update"):
            if visit == "after an update":
                main.write_text(main.read_text("utf-8") + "\n// updated\n", "utf-8")
                time.sleep(1.5)             # the server looks at its files once a second
            seen.clear()
            page.goto(f"{url}/r/{room}", wait_until="networkidle")
            page.wait_for_timeout(500)
            http = [s for s in seen.values() if s["url"].startswith("http")]
            network = [s for s in http if not s["cached"] and s["bytes"] > 0]
            scripts = [s for s in http if s["url"].endswith("/js/table/main.js")]
            largest = sorted(network, key=lambda s: -s["bytes"])[:3]
            out[visit] = {"answers": len(http), "over_the_network": len(network),
                          "largest": [(s["url"].rsplit("/", 1)[-1], s["bytes"]) for s in largest],
                          "bytes": sum(s["bytes"] for s in network),
                          "main_js_loaded": any(s["bytes"] > 0 for s in scripts)}
            page.goto("about:blank")
        browser.close()
    out["fresh"] = out["after an update"]["main_js_loaded"]
    return out


def main() -> None:
    """Parse the arguments, measure, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--src", type=Path, default=SRC, help="the src directory to serve")
    parser.add_argument("--lang", default="hi")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--identity", action="store_true", help="ask for no compression")
    args = parser.parse_args()
    print(json.dumps(measure(args.src, args.lang, args.width, args.height, args.identity),
                     indent=1))


if __name__ == "__main__":
    main()
