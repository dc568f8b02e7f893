"""The canasta package as a Python user installs it (issue 18, item 1).

Run by "make check-python-package" (part of "make check"):

    CANASTA_SRCDIR=<source tree> \
    CANASTA_PACKAGE_WORK=<build dir>/python-package \
    CANASTA_LIBDIR=<build dir> python3 test_package.py

It makes a fresh venv in CANASTA_PACKAGE_WORK (emptied first), runs
"pip install --no-index --no-build-isolation <source tree>/bindings/python"
in it (offline: nothing but the venv's own pip and the standard library;
the sdist test installs with pip's default build isolation, offline too),
and from a directory outside the source tree, with CANASTA_LIBRARY unset,
imports the package and plays a whole game.  The install must write
nothing into the source tree ("make distcheck" makes it read-only).
CANASTA_LIBDIR (the directory of the libcanasta.so.1 "make" built) is the
"system" library of the lookup test.  unittest only.
"""
import hashlib
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.path.abspath(os.environ.get("CANASTA_SRCDIR") or
                         os.path.join(HERE, os.pardir, os.pardir))
PACKAGE = os.path.join(SRCDIR, "bindings", "python")
WORK = os.environ.get("CANASTA_PACKAGE_WORK")
LIBDIR = os.environ.get("CANASTA_LIBDIR")
# The variables that could make the test find a library other than the
# package's, or modules other than the venv's.
UNSET = ("CANASTA_LIBRARY", "PYTHONPATH", "PYTHONHOME", "LD_LIBRARY_PATH",
         "DYLD_LIBRARY_PATH", "CANASTA_SOURCE_DIR", "PIP_FIND_LINKS",
         "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL")


def header_version():
    with open(os.path.join(SRCDIR, "include", "canasta.h")) as f:
        parts = dict(re.findall(
            r"#define CANASTA_VERSION_(MAJOR|MINOR|PATCH) (\d+)", f.read()))
    return "%s.%s.%s" % (parts["MAJOR"], parts["MINOR"], parts["PATCH"])


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env.update(PYTHONDONTWRITEBYTECODE="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               PIP_NO_INPUT="1", PIP_NO_CACHE_DIR="1")
    env.update(extra)
    return env


def tree_state(top):
    """Every path below top with its size and mtime."""
    out = {}
    for d, dirs, files in os.walk(top):
        for n in dirs + files:
            p = os.path.join(d, n)
            st = os.lstat(p)
            out[os.path.relpath(p, top)] = (st.st_size, st.st_mtime_ns)
    return out


# The game a user plays after installing: the reference player for every
# seat, the game recorded and the record replayed (the library checks
# every move and event again); prints what the test checks.
PLAY = textwrap.dedent("""
    import importlib.metadata, json, os, sys
    import canasta
    g = canasta.Game(seed=2024)
    rec = canasta.Record(g)
    p = canasta.Player()
    moves = 0
    while not g.over:
        p.play(g, moves)
        rec.update(g)
        moves += 1
    final, scores = canasta.Record.parse(rec.text()).replay()
    pkg = os.path.dirname(canasta.__file__)
    print(json.dumps({
        "file": canasta.__file__, "library": canasta.library_path(),
        "version": canasta.__version__, "library_version": canasta.version(),
        "metadata_version": importlib.metadata.version("canasta"),
        "py_typed": os.path.isfile(os.path.join(pkg, "py.typed")),
        "moves": moves, "totals": g.totals, "winner": g.winner,
        "target": g.option("target"), "replayed_totals": final.totals,
        "replayed_over": final.over, "last_hand_totals":
            [s["game_total"] for s in scores[-1]],
        "seat_view_hides": g.view(0)["hands"][1]["cards"] is None,
        "full_state_shows": g.full_state()["hands"][1]["cards"] is not None,
    }))
""")


@unittest.skipUnless(WORK, "CANASTA_PACKAGE_WORK not set (make "
                     "check-python-package sets it)")
class PackageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        try:
            import ensurepip  # noqa: F401
            import venv  # noqa: F401
        except ImportError as e:
            raise unittest.SkipTest("no venv module: %s" % e)
        shutil.rmtree(WORK, ignore_errors=True)
        os.makedirs(WORK)
        cls.venv = os.path.join(WORK, "venv")
        subprocess.run([sys.executable, "-m", "venv", cls.venv], check=True,
                       env=clean_env())
        cls.python = os.path.join(cls.venv, "bin", "python")
        cls.before = tree_state(PACKAGE)
        cls.install = cls.pip("install", "--no-index",
                              "--no-build-isolation", PACKAGE)
        cls.after = tree_state(PACKAGE)
        cls.outside = tempfile.mkdtemp(prefix="canasta-outside-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.outside, ignore_errors=True)

    @classmethod
    def pip(cls, *args, cwd=None, check=True):
        r = subprocess.run([cls.python, "-m", "pip"] + list(args),
                           cwd=cwd or WORK, env=clean_env(),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if check and r.returncode != 0:
            raise AssertionError("pip %s failed:\n%s" % (" ".join(args),
                                                        r.stdout))
        return r

    def run_outside(self, code, **env):
        """Run code in the venv's Python (isolated: no user site, no
        PYTHON* variables, not the current directory on sys.path) from a
        directory outside the source tree."""
        self.assertFalse(os.path.realpath(self.outside).startswith(
            os.path.realpath(SRCDIR) + os.sep))
        return subprocess.run([self.python, "-I", "-c", code],
                              cwd=self.outside, env=clean_env(**env),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True)

    def site_package(self):
        r = self.run_outside("import canasta, os; "
                             "print(os.path.dirname(canasta.__file__))")
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stdout.strip()

    def test_import_and_play_a_game_from_outside_the_tree(self):
        r = self.run_outside(PLAY)
        self.assertEqual(r.returncode, 0, r.stderr)
        got = json.loads(r.stdout)
        venv = os.path.realpath(self.venv) + os.sep
        self.assertTrue(os.path.realpath(got["file"]).startswith(venv), got)
        # The library in the package, found with no variable set.
        self.assertEqual(os.path.realpath(got["library"]),
                         os.path.join(os.path.realpath(os.path.dirname(
                             got["file"])), "libcanasta.so"))
        want = header_version()
        self.assertEqual((got["version"], got["library_version"],
                          got["metadata_version"]), (want, want, want))
        self.assertTrue(got["py_typed"])
        # A whole game: over, someone past the target (S6), the record
        # replays to the same totals.
        self.assertGreater(got["moves"], 100)
        self.assertGreaterEqual(max(got["totals"]), got["target"])
        self.assertIn(got["winner"], (-1, 0, 1))
        self.assertTrue(got["replayed_over"])
        self.assertEqual(got["replayed_totals"], got["totals"])
        self.assertEqual(got["last_hand_totals"], got["totals"])
        self.assertTrue(got["seat_view_hides"])
        self.assertTrue(got["full_state_shows"])

    def test_the_install_wrote_nothing_into_the_source_tree(self):
        self.assertEqual(self.before, self.after)

    def test_installed_files_are_the_package_and_match_RECORD(self):
        pkg = self.site_package()
        site = os.path.dirname(pkg)
        source = {n for n in os.listdir(os.path.join(PACKAGE, "canasta"))
                  if n.endswith(".py") or n == "py.typed"}
        installed = {n for n in os.listdir(pkg) if n != "__pycache__"}
        # Every module of the source package (canasta.env too, when it is
        # there), the version the build wrote, and the library.
        self.assertEqual(installed, source | {"_version.py", "libcanasta.so"})
        info = os.path.join(site, "canasta-%s.dist-info" % header_version())
        with open(os.path.join(info, "RECORD")) as f:
            rows = [line.rsplit(",", 2) for line in f.read().splitlines()]
        checked = 0
        for name, digest, size in rows:
            if not digest:
                continue
            with open(os.path.join(site, name), "rb") as f:
                data = f.read()
            algo, _, want = digest.partition("=")
            got = base64.urlsafe_b64encode(
                hashlib.new(algo, data).digest()).rstrip(b"=").decode()
            self.assertEqual((got, len(data)), (want, int(size)), name)
            checked += 1
        self.assertGreaterEqual(checked, len(installed))

    def test_the_system_library_when_asked_for(self):
        if not LIBDIR:
            self.skipTest("CANASTA_LIBDIR not set")
        code = ("import canasta; print(canasta.library_path()); "
                "g = canasta.Game(seed=1); "
                "print(g.legal_moves()[0] == '%d draw' % g.current_seat)")
        # CANASTA_LIBRARY=system and the loader's path: the build's
        # libcanasta.so.1, not the package's.
        r = self.run_outside(code, CANASTA_LIBRARY="system",
                             LD_LIBRARY_PATH=LIBDIR)
        self.assertEqual(r.returncode, 0, r.stderr)
        name, move = r.stdout.split("\n")[:2]
        self.assertNotIn(os.sep, name)          # by name, through dlopen
        self.assertIn("libcanasta.so", name)
        self.assertEqual(move, "True")
        # load_library("system") likewise, and an explicit path.
        lib = os.path.join(LIBDIR, "libcanasta.so.1")
        r = self.run_outside(
            "import canasta; print(canasta.load_library('system')); "
            "print(canasta.load_library(%r))" % lib, LD_LIBRARY_PATH=LIBDIR)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.split("\n")[1], lib)
        r = self.run_outside(code, CANASTA_LIBRARY=lib)
        self.assertEqual(r.stdout.split("\n")[0], lib)
        # Asked for the system's where it has none: a clear LibraryError,
        # not the package's library in its place.
        r = self.run_outside("import ctypes.util; "
                             "print(ctypes.util.find_library('canasta'))")
        if r.stdout.strip() != "None":
            return                  # this machine has one installed
        r = self.run_outside(code, CANASTA_LIBRARY="system")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("LibraryError: no system libcanasta", r.stderr)

    def test_the_sdist_carries_the_c_sources_and_installs(self):
        out = tempfile.mkdtemp(prefix="canasta-sdist-", dir=WORK)
        r = subprocess.run(
            [self.python, "-c", "import sys; sys.path.insert(0, 'backend'); "
             "import canasta_build; print(canasta_build.build_sdist(%r))"
             % out], cwd=PACKAGE, env=clean_env(), stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, universal_newlines=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        sdist = os.path.join(out, r.stdout.strip())
        base = "canasta-%s/" % header_version()
        self.assertEqual(os.path.basename(sdist), base[:-1] + ".tar.gz")
        with tarfile.open(sdist) as t:
            names = set(t.getnames())
        want = {"csrc/include/canasta.h", "csrc/lib/canasta.map",
                "csrc/lib/internal.h", "pyproject.toml", "PKG-INFO",
                "backend/canasta_build.py", "canasta/__init__.py",
                "canasta/py.typed"}
        want |= {"csrc/lib/" + n for n in os.listdir(os.path.join(SRCDIR,
                                                                 "lib"))
                 if n.endswith(".c")}
        self.assertEqual({base + n for n in want} - names, set())
        self.assertEqual(tree_state(PACKAGE), self.before)
        # Installed from the sdist, outside any tree: the same package.
        # With pip's build isolation, the default (the install above has
        # none): pip makes the backend an environment of its own, offline
        # too, since the backend requires nothing (pyproject.toml).
        self.pip("install", "--no-index", "--force-reinstall", sdist)
        r = self.run_outside("import canasta; print(canasta.__version__, "
                             "canasta.version(), canasta.library_path())")
        self.assertEqual(r.returncode, 0, r.stderr)
        v, libv, path = r.stdout.split()
        self.assertEqual((v, libv), (header_version(), header_version()))
        self.assertTrue(path.startswith(os.path.realpath(self.venv)) or
                        path.startswith(self.venv), path)

    def test_no_c_sources_is_a_clear_error(self):
        """bindings/python copied out of the tree, without its sources."""
        copy = tempfile.mkdtemp(prefix="canasta-alone-", dir=self.outside)
        for name in ("pyproject.toml", "README.md", "backend", "canasta"):
            src = os.path.join(PACKAGE, name)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(copy, name),
                                ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy(src, copy)
        r = self.pip("install", "--no-index", "--no-build-isolation", copy,
                     check=False)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("C sources not found", r.stdout)
        self.assertIn("CANASTA_SOURCE_DIR", r.stdout)
        # CANASTA_SOURCE_DIR names the tree that has them (the metadata
        # hook finds them and their version; it compiles nothing).
        meta = tempfile.mkdtemp(prefix="canasta-meta-", dir=self.outside)
        hook = ("import sys; sys.path.insert(0, 'backend'); "
                "import canasta_build; "
                "print(canasta_build.prepare_metadata_for_build_wheel(%r))"
                % meta)
        for env, ok in (({}, False), ({"CANASTA_SOURCE_DIR": SRCDIR}, True)):
            r = subprocess.run([self.python, "-c", hook], cwd=copy,
                               env=clean_env(**env), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE,
                               universal_newlines=True)
            self.assertEqual(r.returncode == 0, ok, r.stderr)
        info = r.stdout.strip()
        self.assertEqual(info, "canasta-%s.dist-info" % header_version())
        with open(os.path.join(meta, info, "METADATA")) as f:
            self.assertIn("\nVersion: %s\n" % header_version(), f.read())

if __name__ == "__main__":
    unittest.main(verbosity=2)
