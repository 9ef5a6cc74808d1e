"""Bot levels and hints in a real browser: the lobby offers Beginner, Casual, Strong, Quick Expert and Expert, each
described in one line; a table made with hints allowed and an Expert opponent (who thinks in the server's worker
pool) plays on, and at the person's turn "Hint" shows the expert's best moves with their chance to win the hand, the
best one marked among the action buttons; at desktop and phone widths."""
import random

import pytest
from e2e_helpers import body, legal_texts, play_one, version, wait_live, wait_turn_or_over

GAME, PRESET = "gin_rummy", "standard"


def create_with_hints(page, server):
    page.goto(server + "/")
    page.wait_for_selector(f'#game option[value="{GAME}"]', state="attached")
    page.select_option("#game", GAME)
    page.select_option("#preset", PRESET)
    levels = page.eval_on_selector_all('select[data-seat-bot="1"] option', "os => os.map(o => o.textContent)")
    for level in ("Beginner", "Casual", "Strong", "Quick Expert", "Expert"):
        assert any(level in text for text in levels), (level, levels)
    described = page.eval_on_selector_all("#bot-levels li", "ls => ls.map(l => l.textContent)")
    assert any(text.startswith("Expert: ") and len(text) > 20 for text in described), described
    page.select_option('select[data-seat-bot="1"]', "expert")
    page.check("#allow-hints")
    page.click("button#create")
    page.wait_for_url("**/table/*")


@pytest.mark.parametrize("width", [1280, 360])
def test_a_person_asks_for_hints_against_an_expert(server, pages, width):
    page = pages.open(f"person-{width}")
    page.set_viewport_size({"width": width, "height": 900})
    create_with_hints(page, server)
    wait_live(page)
    assert body(page, "seat") == "0"
    assert "hints" in page.locator("#seat-rules").text_content()
    asked = 0
    rng = random.Random(f"hints-{width}")
    for _ in range(8):   # two hints, each followed, then a few moves of one's own: the expert answers each
        if not wait_turn_or_over(page):
            break
        if asked < 2:
            page.click("#hint-button")
            page.wait_for_selector(".hint-moves li")
            moves = page.eval_on_selector_all(".hint-moves li", "ls => ls.map(l => l.dataset.hintMove)")
            texts = page.eval_on_selector_all(".hint-moves li", "ls => ls.map(l => l.textContent)")
            assert 1 <= len(moves) <= 3 and set(moves) <= set(legal_texts(page))
            assert all("%" in t and "to win the hand" in t for t in texts), texts
            assert page.locator("#actions button.hinted").get_attribute("data-action") == moves[0]
            pages.shot(page, f"hint-{asked + 1}")
            asked += 1
            before = version(page)
            page.click(f'#actions button[data-action="{moves[0]}"]')
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        else:
            play_one(page, lambda texts, r: r.choice(texts), rng)
    assert asked == 2
