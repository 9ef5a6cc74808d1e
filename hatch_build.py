"""The build hook: compiles the message catalogs (``.po`` -> ``.mo``) with Babel whenever the package is built or
installed (an editable install included), so an installed gamenight always has its languages."""
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path(self.root, "src/gamenight/locale").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name)
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog, use_fuzzy=False)
            build_data["artifacts"].append(str(po.with_suffix(".mo").relative_to(self.root)))
