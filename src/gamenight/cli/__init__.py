"""The ``gamenight`` command: play in the terminal, simulate bot matches, show rules, replay records, serve the web.

``play`` needs Rich (the ``cli`` extra); ``rules``, ``replay`` and ``simulate`` use it when installed and print
plain text otherwise; ``serve`` needs only the ``web`` extra. The engine never imports this package.
"""
