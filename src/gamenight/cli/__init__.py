"""The ``gamenight`` command: play in the terminal, simulate bot matches, show rules, replay records.

Needs Rich (the ``cli`` extra). The engine never imports this package.
"""
