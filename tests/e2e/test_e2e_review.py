"""Game review in a real browser: a person plays a short match against a bot to its end, presses "Review my game",
sees the progress bar (the server's worker judges each decision, and the progress comes on the WebSocket), then the
summary with the accuracy, the chart of the chance to win through the match, and the moves to look at again, each
with a way to see the table as it was then, which brings the table into view with the keyboard's focus on it (at
once where the system asks for reduced motion: the phone width's run); at desktop and phone widths, never wider than
the screen."""
import random

import pytest
from e2e_helpers import assert_match_over, choose_for, create_table, play_to_end, take_seat, wait_live

GAME = "gin_rummy"
SETTINGS = {"players": 2, "options": {"single_hand": True}}
FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"
# the table's top is on the screen (what a person sees first of it: the replay banner and the table at that step)
TABLE_IN_VIEW = """() => { const r = document.getElementById('board').getBoundingClientRect();
                           return r.top >= -1 && r.top < window.innerHeight - 100; }"""
VERDICT_CLASSES = {"best", "fine", "inaccuracy", "mistake", "blunder"}

# Installed before pressing the button: every label the progress bar shows, with its value and maximum, so a review
# quicker than the test's looks still shows it had one
WATCH_PROGRESS = """() => {
  window.e2eProgress = [];
  new MutationObserver(() => {
    const bar = document.getElementById('review-progress');
    const label = document.getElementById('review-progress-label');
    if (!bar || !label) return;
    const seen = {label: label.textContent, value: bar.value, max: bar.max,
                  labelled: bar.labels.length === 1 && bar.labels[0] === label};
    const last = window.e2eProgress[window.e2eProgress.length - 1];
    if (!last || last.label !== seen.label) window.e2eProgress.push(seen);
  }).observe(document.getElementById('review'), {subtree: true, childList: true, characterData: true});
}"""


# The review as it goes: the bar's value, or -1 once the summary is shown (or before the bar is)
REVIEW_DONE = """() => document.getElementById('review-summary') ? -1
    : (document.getElementById('review-progress') || {value: -2}).value"""


#: the longest wait for the next decision to be judged (ms). One Gin decision can take seconds even at the tests'
#: small budget (a rollout where both players keep taking the discard runs hundreds of actions), and many times that
#: on a loaded machine; a wait ends as soon as the review moves on, so a generous bound costs a passing run nothing
DECISION_WAIT_MS = 180_000


def wait_for_review(page) -> None:
    """Until the summary shows: each wait is for the next decision to be judged, so a loaded machine that judges
    slowly is waited for as long as the review moves on."""
    while (done := page.evaluate(REVIEW_DONE)) != -1:
        page.wait_for_function(f"v => ({REVIEW_DONE})() !== v", arg=done, timeout=DECISION_WAIT_MS)


@pytest.mark.parametrize("width", [1280, 360])
def test_a_person_reviews_their_game_at_the_end_of_the_match(server, pages, width):
    table_id = create_table(server, GAME, [None, "heuristic"], seed=pages.seed, **SETTINGS)
    reduced = width == 360
    page = pages.open(f"person-{width}", **({"reduced_motion": "reduce"} if reduced else {}))
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{server}/table/{table_id}")
    wait_live(page)
    assert page.locator("#review-button").count() == 0, "no review before the match ends"
    take_seat(page, 0)
    play_to_end(page, pages, choose_for(GAME), random.Random(f"review-{width}"))
    assert_match_over(page)

    page.wait_for_selector("#review-button")
    page.evaluate(WATCH_PROGRESS)
    page.click("#review-button")
    page.wait_for_selector("#review-progress, #review-summary")
    pages.shot(page, "review-started")
    wait_for_review(page)
    progress = page.evaluate("() => window.e2eProgress")
    assert progress, "the progress bar was shown"
    assert all(p["labelled"] and p["label"].startswith("Reviewing your game:") for p in progress), progress
    total = int(progress[0]["max"])
    assert f"of {total} decision" in progress[0]["label"] and progress[0]["value"] <= total
    assert page.locator("#review-progress").count() == 0

    # the summary: the accuracy and the count of each verdict
    summary = page.inner_text("#review-summary")
    assert "Accuracy" in summary and "%" in summary and "blunder" in summary
    # the chart: an image, said in words, a point for each decision
    chart = page.locator("#review-chart")
    assert chart.get_attribute("role") == "img"
    said = chart.get_attribute("aria-label")
    assert f"each of your {total} decision" in said and "%" in said, said
    assert page.locator("#review-chart polyline").get_attribute("points").count(",") == total
    assert page.locator("#review-chart .review-dot").count() == total
    # the moves to look at again (or a word that there are none), and every decision folded away
    flagged = page.locator("#review-flagged li").count()
    assert flagged or page.locator(".review-clean").count() == 1
    page.click("#review-all summary")
    items = page.locator("#review-every li")
    assert items.count() == total
    verdicts = page.eval_on_selector_all("#review-every li", "ls => ls.map(l => l.dataset.verdict)")
    assert set(verdicts) <= VERDICT_CLASSES
    assert flagged == sum(v in ("inaccuracy", "mistake", "blunder") for v in verdicts)
    texts = page.eval_on_selector_all("#review-every li", "ls => ls.map(l => l.textContent)")
    assert all("you played" in text for text in texts), texts
    assert page.evaluate(FITS), f"the review is wider than a {width} px screen"
    pages.shot(page, "review-done")

    # a decision's "See that step" shows the table as the person saw it then, brought into view, the focus on it
    step = int(items.first.get_attribute("data-review-index"))
    items.first.locator("button.review-step").scroll_into_view_if_needed()
    assert not page.evaluate(TABLE_IN_VIEW), "the review panel is below the table"
    items.first.locator("button.review-step").click()
    page.wait_for_function("s => document.body.dataset.replaying === 'true' && "
                           "document.getElementById('history-step').textContent.startsWith('step ' + s + ' of')",
                           arg=step)
    if reduced:   # no smooth scrolling: the table is in view as soon as the step is drawn
        assert page.evaluate(TABLE_IN_VIEW)
    page.wait_for_function(TABLE_IN_VIEW)
    assert page.evaluate("() => document.activeElement && document.activeElement.id") == "board"
    assert page.locator("#review-summary").count() == 1, "the review stays while the history is shown"
    pages.shot(page, "review-step")

    # a page opened again (another tab, a reconnect) gets the finished review from the server at once
    page.reload()
    page.wait_for_selector("#review-summary")
    assert page.locator("#review-chart .review-dot").count() == total
    assert page.evaluate(FITS)
