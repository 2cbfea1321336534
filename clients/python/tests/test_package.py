"""The package itself: the standard library only, NumPy never imported until pixels are asked for as
an array, and the property table generated from LaminaSchema."""

from __future__ import annotations

import subprocess
import unittest

import lamina
from support import python

# What importing lamina adds to sys.modules, outside the standard library and lamina itself.
PROBE = """
import sys
before = set(sys.modules)
import lamina
added = set(sys.modules) - before
print(" ".join(sorted(n for n in added if n.split(".")[0] not in sys.stdlib_module_names | {"lamina"})) or "-")
"""


class Package(unittest.TestCase):
    def test_importing_lamina_imports_the_standard_library_alone(self) -> None:
        result = subprocess.run([python(), "-c", PROBE], capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "-", "modules outside the standard library were imported")

    def test_the_property_table(self) -> None:
        names = [p.name for p in lamina.PROPERTIES]
        self.assertEqual(len(names), len(set(names)))
        self.assertEqual(len({p.wire for p in lamina.PROPERTIES}), len(names))
        opacity = next(p for p in lamina.PROPERTIES if p.name == "opacity")
        self.assertEqual((opacity.python, opacity.wire, opacity.type, opacity.default, opacity.animatable), ("opacity", 8, "number", 1.0, True))
        line_cap = next(p for p in lamina.PROPERTIES if p.name == "lineCap")
        self.assertEqual((line_cap.keyword, line_cap.kinds, line_cap.default), (("butt", "round", "square"), ("shape",), "butt"))
        for prop in lamina.PROPERTIES:
            owners = [cls for cls in (lamina.Layer, lamina.ShapeLayer, lamina.GradientLayer, lamina.TextLayer,
                                      lamina.ReplicatorLayer, lamina.ScrollLayer, lamina.TransformLayer, lamina.EmitterLayer)
                      if prop.applies_to(cls.KIND)]  # fmt: skip
            for cls in owners:
                self.assertTrue(hasattr(cls, prop.python), f"{cls.__name__}.{prop.python}")


if __name__ == "__main__":
    unittest.main()
