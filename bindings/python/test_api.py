"""The package's surface (issue 18, item 1): a docstring on every public
name, __all__, __version__, py.typed, and the order in which the shared
library is looked for.  unittest only; run by "make check-python" like
test_canasta.py (CANASTA_LIBRARY names the library).
"""
import ast
import importlib
import inspect
import os
import pkgutil
import re
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import canasta  # noqa: E402
from canasta import _library  # noqa: E402

PACKAGE_DIR = os.path.dirname(os.path.abspath(canasta.__file__))


def public_modules():
    """canasta and every public module in it (canasta.env, ...)."""
    mods = [canasta]
    for info in pkgutil.iter_modules(canasta.__path__):
        if not info.name.startswith("_"):
            mods.append(importlib.import_module("canasta." + info.name))
    return mods


def public_names(mod):
    names = getattr(mod, "__all__", None)
    if names is None:
        names = [n for n, v in vars(mod).items() if not n.startswith("_")
                 and not inspect.ismodule(v) and
                 getattr(v, "__module__", mod.__name__) == mod.__name__]
    return names


def documented_constants():
    """Names assigned at the top level of the package's modules with a
    "#:" comment on the line(s) right above (the convention Sphinx reads):
    name -> the comment's text."""
    out = {}
    for fn in os.listdir(PACKAGE_DIR):
        if not fn.endswith(".py"):
            continue
        with open(os.path.join(PACKAGE_DIR, fn), encoding="utf-8") as f:
            source = f.read()
        lines = source.splitlines()
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets
                           if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and \
                    isinstance(node.target, ast.Name):
                targets = [node.target.id]
            else:
                continue
            comment, i = [], node.lineno - 2
            while i >= 0 and lines[i].lstrip().startswith("#:"):
                comment.insert(0, lines[i].lstrip()[2:].strip())
                i -= 1
            if comment:
                for t in targets:
                    out[t] = " ".join(comment)
    return out


def own_doc(obj):
    if inspect.isclass(obj):
        return vars(obj).get("__doc__")
    return getattr(obj, "__doc__", None)


class DocstringTests(unittest.TestCase):
    def test_every_public_name_has_a_docstring(self):
        constants = documented_constants()
        missing = []
        for mod in public_modules():
            if not (mod.__doc__ or "").strip():
                missing.append(mod.__name__)
            for name in public_names(mod):
                obj = getattr(mod, name)
                where = "%s.%s" % (mod.__name__, name)
                if inspect.isclass(obj) or inspect.isroutine(obj):
                    if not (own_doc(obj) or "").strip():
                        missing.append(where)
                    if inspect.isclass(obj):
                        missing += self.undocumented_members(obj, where)
                elif not constants.get(name):
                    missing.append(where + " (a constant: a #: comment "
                                   "above its assignment)")
        self.assertEqual(missing, [], "no docstring")

    def undocumented_members(self, cls, where):
        out = []
        for klass in cls.__mro__:
            if klass.__module__.split(".")[0] != "canasta":
                continue
            for name, member in vars(klass).items():
                if name.startswith("_"):
                    continue
                f = member
                if isinstance(member, (classmethod, staticmethod)):
                    f = member.__func__
                elif isinstance(member, property):
                    f = member.fget
                elif not inspect.isfunction(member):
                    continue
                if not (f.__doc__ or "").strip():
                    out.append("%s.%s" % (where, name))
        return out

    def test_all_lists_every_public_name(self):
        """Every public class, function and constant of canasta/__init__.py
        and the private modules it draws on is in __all__ (and exists)."""
        defined = set()
        for mod_name in ("canasta", "canasta._library", "canasta._errors"):
            mod = importlib.import_module(mod_name)
            for n, v in vars(mod).items():
                if n.startswith("_") or inspect.ismodule(v):
                    continue
                if getattr(v, "__module__", None) in (None, mod_name) and \
                        n in vars(canasta):
                    defined.add(n)
        defined -= set(dir(__import__("typing")))  # Any, Dict, ... imports
        defined -= {"annotations", "byref", "c_int", "c_size_t", "c_uint8",
                    "c_uint64", "c_void_p", "POINTER", "c_char_p", "c_uint"}
        self.assertEqual(sorted(defined - set(canasta.__all__)), [])
        for n in canasta.__all__:
            self.assertTrue(hasattr(canasta, n), n)

    def test_version_is_the_headers(self):
        header = os.path.join(PACKAGE_DIR, os.pardir, os.pardir, os.pardir,
                              "include", "canasta.h")
        with open(header) as f:
            parts = dict(re.findall(
                r"#define CANASTA_VERSION_(MAJOR|MINOR|PATCH) (\d+)",
                f.read()))
        self.assertEqual(canasta.__version__, "%s.%s.%s" % (
            parts["MAJOR"], parts["MINOR"], parts["PATCH"]))
        self.assertEqual(canasta.__version__, canasta.version())

    def test_py_typed(self):
        self.assertTrue(os.path.isfile(os.path.join(PACKAGE_DIR,
                                                    "py.typed")))


class LookupOrderTests(unittest.TestCase):
    """load_library's order, checked on paths that need not hold a real
    library (_resolve only picks the path; loading it is another step)."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        top = self.tmp.name
        self.pkg = os.path.join(top, "bindings", "python", "canasta")
        os.makedirs(self.pkg)
        os.makedirs(os.path.join(top, "include"))
        open(os.path.join(top, "include", "canasta.h"), "w").close()
        self.tree_lib = os.path.join(top, "libcanasta.so")
        self.bundled = os.path.join(self.pkg, "libcanasta.so")
        patches = (mock.patch.object(_library, "_PACKAGE_DIR", self.pkg),
                   mock.patch.object(_library, "_system",
                                     lambda: "the-system-library"),
                   mock.patch.dict(os.environ))
        for p in patches:
            p.start()
            self.addCleanup(p.stop)
        os.environ.pop("CANASTA_LIBRARY", None)

    def touch(self, path):
        open(path, "w").close()

    def test_order(self):
        if sys.platform in ("darwin", "win32"):
            self.skipTest("the file names here are Linux's")
        r = _library._resolve
        self.assertEqual(r(None), "the-system-library")        # 5: system
        self.touch(self.tree_lib)
        self.assertEqual(r(None), self.tree_lib)               # 4: in-tree
        self.touch(self.bundled)
        self.assertEqual(r(None), self.bundled)                # 3: package
        os.environ["CANASTA_LIBRARY"] = "/from/the/environment.so"
        self.assertEqual(r(None), "/from/the/environment.so")  # 2
        os.environ["CANASTA_LIBRARY"] = "system"
        self.assertEqual(r(None), "the-system-library")
        self.assertEqual(r("/given.so"), "/given.so")          # 1: path
        self.assertEqual(r("system"), "the-system-library")
        os.environ["CANASTA_LIBRARY"] = ""                     # unset
        self.assertEqual(r(None), self.bundled)

    def test_in_tree_only_in_a_source_tree(self):
        """Three directories up is the tree's top only when it has
        include/canasta.h: an installed package does not look there."""
        os.remove(os.path.join(self.tmp.name, "include", "canasta.h"))
        self.touch(self.tree_lib)
        self.assertEqual(_library._resolve(None), "the-system-library")

    def test_nothing_found(self):
        def none():
            raise canasta.LibraryError("no system libcanasta: nope")
        with mock.patch.object(_library, "_system", none):
            with self.assertRaises(canasta.LibraryError) as cm:
                _library._resolve(None)
        msg = str(cm.exception)
        self.assertIn("CANASTA_LIBRARY", msg)
        self.assertIn(self.bundled, msg)
        self.assertIn("no system libcanasta", msg)


if __name__ == "__main__":
    unittest.main(verbosity=2)
