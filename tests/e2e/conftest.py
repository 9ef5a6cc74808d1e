"""End-to-end fixtures: a real `gamenight serve` process and Debian's Chromium driven by Playwright.

Each pytest worker (`pytest -n 2`) starts one server (its own SQLite file, a free port) and one browser; every
test opens pages in fresh browser contexts with the `pages` fixture, which fails the test on any page error, console
error or Content-Security-Policy violation (each page reports those it meets: e2e_helpers.CSP_WATCH), and keeps
screenshots in test-artifacts/e2e/ (at the start, mid-match, at the end, and on failure).
"""
import json
import os
import re
import zlib
from pathlib import Path

import pytest
from e2e_helpers import CSP_REFUSED, CSP_WATCH, free_port, start_server, stop_server

# no importorskip: the browser tests must never be skipped quietly (`make test` installs Playwright and Chromium)
from playwright import sync_api

CHROMIUM = "/usr/bin/chromium"
# The same flags as the helpers' screenshot tool: no sandbox (CI runs as root), and no network of its own
# (updates, sync, QUIC), so nothing but the test server is ever contacted.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
SOUND_OFF_AT_FIRST = ("try { if (!localStorage.getItem('gamenight-sound')) "
                      "localStorage.setItem('gamenight-sound', 'off'); } catch (e) {}")
WAIT_MS = 30_000       # any single wait in a browser: an event wait with a generous bound (a loaded CI machine)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "e2e_report_" + report.when, report)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a real `gamenight serve` (one per worker), answering before the tests start."""
    db = tmp_path_factory.mktemp("e2e-db") / "e2e.db"
    process, base = start_server(db, free_port())
    yield base
    stop_server(process)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium per worker: Debian's own (Playwright never downloads a browser here).
    Playwright's launch gives the browser a fresh temporary user-data dir, removed when it closes."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class PageWatch:
    """The pages of one test: their console errors and page errors, and the screenshots taken of them."""

    def __init__(self, browser, name: str):
        self.browser = browser
        self.name = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_")
        self.contexts = []
        self.pages = []          # (label, page)
        self.errors = []
        self.allowed = []        # patterns of console errors a test expects (a server it stopped on purpose)
        self.shots = 0
        # tables this test's pages create are dealt from a seed of the test's own (the server takes seeds in
        # its test mode): the same cards every run
        self.seed = zlib.crc32(self.name.encode())
        for old in ARTIFACTS.glob(f"{self.name}-*.png"):  # the screenshots of this test's previous run
            old.unlink()

    def allow(self, pattern: str):
        """Console errors matching this regular expression are expected in this test."""
        self.allowed.append(re.compile(pattern))

    def open(self, label: str = "person", **context_options):
        """A page in a browser context of its own (its own localStorage: another person, or another browser);
        ``context_options`` go to Playwright (reduced_motion="reduce", color_scheme="dark", service_workers="allow",
        ...). Sounds start off in the tests (a page may turn them on)."""
        # the pages' service worker (sw.js) would keep a page's requests from the test's routes: it is blocked but in
        # the tests of the offline page, which allow it
        context_options.setdefault("service_workers", "block")
        context = self.browser.new_context(viewport={"width": 1280, "height": 900}, **context_options)
        context.add_init_script(SOUND_OFF_AT_FIRST)
        context.add_init_script(CSP_WATCH)
        context.set_default_timeout(WAIT_MS)
        context.route("**/api/tables", self._seed_new_table)
        page = context.new_page()
        page.on("console", lambda m: self._console(label, m))
        page.on("pageerror", lambda e: self.errors.append(f"{label}: page error: {e}"))
        self.contexts.append(context)
        self.pages.append((label, page))
        return page

    def _seed_new_table(self, route):
        request = route.request
        if request.method != "POST":
            route.continue_()
            return
        body = json.loads(request.post_data or "{}")
        body.setdefault("seed", self.seed)
        route.continue_(post_data=json.dumps(body))

    def _console(self, label, message):
        url = message.location.get("url", "")
        if message.type != "error":
            return
        if CSP_REFUSED.search(message.text):  # never allowed: a page that needs something the policy forbids
            self.errors.append(f"{label}: {message.text} ({url})")
        elif not any(p.search(message.text) for p in self.allowed):
            self.errors.append(f"{label}: console: {message.text} ({url})")

    def shot(self, page, what: str, element: str | None = None) -> Path:
        """A screenshot of the whole page, or of the ``element`` a selector names (the seat list, ...)."""
        self.shots += 1
        label = next((name for name, open_page in self.pages if open_page is page), "page")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{self.name}-{self.shots:02d}-{label}-{what}.png"
        if element is None:
            page.screenshot(path=str(path), full_page=True)
        else:
            page.locator(element).screenshot(path=str(path))
        return path

    def violations(self) -> list[str]:
        """The CSP violations each open page has kept (window.__cspViolations: since it was last loaded)."""
        found = []
        for label, page in self.pages:
            try:
                found += [f"{label}: {text}" for text in page.evaluate("() => window.__cspViolations || []")]
            except sync_api.Error:  # a closed or crashed page: its violations were said on the console already
                pass
        return found

    def check(self):
        assert not self.errors, "errors in the browser:\n" + "\n".join(self.errors)


@pytest.fixture
def pages(browser, request):
    """Open pages with `pages.open(label)`; take screenshots with `pages.shot(page, what)`. A failed test also
    gets a screenshot of every page; any console error, page error or CSP violation fails the test."""
    watch = PageWatch(browser, request.node.name)
    yield watch
    reports = [getattr(request.node, "e2e_report_" + when, None) for when in ("setup", "call")]
    try:
        if any(report is not None and report.failed for report in reports):
            if watch.errors:  # shown with the failure: a page error is often why a wait timed out
                print("errors in the browser:\n" + "\n".join(watch.errors))
            for _, page in watch.pages:
                try:
                    watch.shot(page, "failure")
                except Exception:  # a page that crashed cannot be photographed; the failure says why
                    pass
        else:
            # and those a page kept that the console did not bring (a message may be lost as a page closes)
            said = "\n".join(watch.errors)
            watch.errors += [text for text in watch.violations() if text.split(": ", 1)[1] not in said]
            watch.check()
    finally:
        for context in watch.contexts:
            context.close()
