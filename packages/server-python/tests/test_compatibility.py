from __future__ import annotations

import ast
import os
import unittest

PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src", "parley_server")
TESTS = os.path.dirname(os.path.abspath(__file__))


def _sources():
    for folder in (PACKAGE, TESTS):
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as file:
                    yield path, file.read()


class CompatibilityTest(unittest.TestCase):
    """The package supports Python 3.9 and needs nothing beyond the standard library; these tests run on newer."""

    def test_parses_as_python_3_9(self) -> None:
        for path, source in _sources():
            with self.subTest(path=path):
                ast.parse(source, filename=path, feature_version=(3, 9))

    def test_defers_annotations_so_that_newer_type_syntax_is_never_evaluated(self) -> None:
        for path, source in _sources():
            tree = ast.parse(source)
            if not any(isinstance(node, (ast.FunctionDef, ast.ClassDef)) for node in tree.body):
                continue
            with self.subTest(path=path):
                self.assertIn("from __future__ import annotations", source)

    def test_uses_no_match_statement_nor_a_union_written_with_a_bar_outside_annotations(self) -> None:
        for path, source in _sources():
            tree = ast.parse(source)
            annotations = set()
            for parent in ast.walk(tree):
                for field in ("annotation", "returns"):
                    annotation = getattr(parent, field, None)
                    if isinstance(annotation, ast.AST):
                        annotations.update(id(node) for node in ast.walk(annotation))
            for node in ast.walk(tree):
                with self.subTest(path=path, line=getattr(node, "lineno", 0)):
                    self.assertNotEqual(type(node).__name__, "Match")
                    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr) and id(node) not in annotations:
                        names = (ast.Name, ast.Constant)
                        self.assertFalse(
                            isinstance(node.left, names) and isinstance(node.right, names),
                            "a union written X | Y is evaluated at run time, which Python 3.9 cannot",
                        )

    def test_imports_only_the_standard_library_and_its_own_modules(self) -> None:
        import sys

        for path, source in _sources():
            for node in ast.walk(ast.parse(source)):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                for name in names:
                    top = name.split(".")[0]
                    with self.subTest(path=path, module=name):
                        self.assertTrue(top in sys.stdlib_module_names or top == "parley_server", name)


if __name__ == "__main__":
    unittest.main()
