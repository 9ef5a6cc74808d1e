import gamenight


def test_games_lists_yaniv():
    assert "yaniv" in gamenight.games()
