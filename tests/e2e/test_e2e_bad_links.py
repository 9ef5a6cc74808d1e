"""A link that names no table (a mangled address, or a code nobody made) gets a page that says so and leads back
to the lobby: never a blank page or a script error (the page watch fails the test on any)."""
import pytest


@pytest.mark.parametrize("path, words", [
    ("/table/%E0%A4%A", "There is no table at this address"),     # not even valid percent-encoding
    ("/table/%", "There is no table at this address"),
    ("/table/nosuchtable", "There is no table with this code"),
])
def test_a_link_to_no_table_says_so(server, pages, path, words):
    page = pages.open("visitor")
    page.goto(server + path)
    page.wait_for_function("w => document.getElementById('board').textContent.includes(w)", arg=words)
    assert page.locator('#board a[href="/"]').count() == 1
    assert page.locator("#actions button").count() == 0
    pages.shot(page, "no-table")
