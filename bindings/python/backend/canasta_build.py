"""canasta_build - the PEP 517 build backend of the canasta Python package.

pip calls it (pyproject.toml names it): "pip install bindings/python"
compiles libcanasta from the C sources of the tree the package sits in
(lib/*.c, include/canasta.h: two directories up) and writes a wheel that
carries the library inside the package, next to canasta/__init__.py, so
that "import canasta" needs no environment variable and no ldconfig.  An
sdist (build_sdist) carries the C sources in csrc/, so it builds the same
way anywhere.

Why not setuptools: setuptools before 70.1 cannot write a wheel without
the separate "wheel" package, which an offline machine (and a venv made by
"python3 -m venv") does not have; and the library is a plain C library for
ctypes, not a Python extension.  This backend needs the standard library
and a C compiler only, so the install works offline, with or without
--no-build-isolation.

The compiler is $CC, else the one Python was built with (sysconfig "CC",
the one setuptools would use for an extension), with the library's own
flags (those of the top Makefile: C99, -O3, position-independent, only
CANASTA_API symbols visible; on Linux the symbol version script and the
soname libcanasta.so.1) followed by $CPPFLAGS, $CFLAGS and $LDFLAGS.

Nothing is written into the source tree: objects go to a temporary
directory, the wheel or sdist into the directory pip names (the tree may
be read-only, as "make distcheck" makes it).  $CANASTA_SOURCE_DIR names the
C source tree when the package directory was copied out of it.
"""
from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile
from typing import Dict, List, Optional, Tuple

NAME = "canasta"
SUMMARY = "Classic Canasta rules engine (libcanasta) for Python"
REQUIRES_PYTHON = ">=3.8"
# Reproducible archives: every member gets this time (zip needs >= 1980).
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_TAR_TIME = 315532800                   # 1980-01-01


class BuildError(Exception):
    """The package cannot be built; the message says why and what to do."""


# ----------------------------------------------------------------------
# Where things are
# ----------------------------------------------------------------------
def _root() -> str:
    """The package's directory: pip runs the hooks there (PEP 517)."""
    return os.path.abspath(os.getcwd())


def _sources(root: str) -> str:
    """The directory holding include/canasta.h, lib/*.c and
    lib/canasta.map: $CANASTA_SOURCE_DIR, else csrc/ (an sdist), else two
    directories up (bindings/python in the source tree)."""
    tried = []
    env = os.environ.get("CANASTA_SOURCE_DIR")
    candidates = ([env] if env else []) + [
        os.path.join(root, "csrc"),
        os.path.normpath(os.path.join(root, os.pardir, os.pardir))]
    for d in candidates:
        tried.append(d)
        if (os.path.isfile(os.path.join(d, "include", "canasta.h")) and
                os.path.isfile(os.path.join(d, "lib", "canasta.map")) and
                _c_files(d)):
            return d
    raise BuildError(
        "libcanasta's C sources not found (include/canasta.h, lib/*.c, "
        "lib/canasta.map) in: %s.  Install from the libcanasta source tree "
        "(pip install bindings/python) or from the package's sdist, or set "
        "CANASTA_SOURCE_DIR to a libcanasta source tree." % ", ".join(tried))


def _c_files(src: str) -> List[str]:
    lib = os.path.join(src, "lib")
    try:
        names = sorted(os.listdir(lib))
    except OSError:
        return []
    return [os.path.join(lib, n) for n in names if n.endswith(".c")]


def _version(src: str) -> str:
    """MAJOR.MINOR.PATCH from include/canasta.h, the project's only
    statement of its version."""
    path = os.path.join(src, "include", "canasta.h")
    with open(path, encoding="utf-8") as f:
        parts = dict(re.findall(
            r"^#define[ \t]+CANASTA_VERSION_(MAJOR|MINOR|PATCH)[ \t]+(\d+)",
            f.read(), re.M))
    if len(parts) != 3:
        raise BuildError("%s does not define CANASTA_VERSION_MAJOR, _MINOR "
                         "and _PATCH" % path)
    return "%s.%s.%s" % (parts["MAJOR"], parts["MINOR"], parts["PATCH"])


def _package_files(root: str) -> List[str]:
    """The package's own files, relative to root: every module in
    canasta/ (canasta.env and whatever joins it) and py.typed; not
    _version.py, which the build writes."""
    pkg = os.path.join(root, NAME)
    if not os.path.isfile(os.path.join(pkg, "__init__.py")):
        raise BuildError("%s is not the canasta package's directory (no "
                         "canasta/__init__.py)" % root)
    out = []
    for name in sorted(os.listdir(pkg)):
        if (name.endswith(".py") and name != "_version.py") or \
                name == "py.typed":
            out.append(NAME + "/" + name)
    return out


def _library_name() -> str:
    return "libcanasta.dylib" if sys.platform == "darwin" else "libcanasta.so"


# ----------------------------------------------------------------------
# Compiling
# ----------------------------------------------------------------------
def _words(var: str) -> List[str]:
    return shlex.split(os.environ.get(var, ""))


def _compiler() -> List[str]:
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shlex.split(cc)


def _run(cmd: List[str]) -> subprocess.Popen:
    print(" ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.Popen(cmd)


def _build_library(src: str, out_dir: str) -> str:
    """Compile lib/*.c into out_dir/libcanasta.so (or .dylib); returns its
    path.  BuildError with the compiler's words if that fails."""
    cc = _compiler()
    if shutil.which(cc[0]) is None:
        raise BuildError("no C compiler: %r not found (set CC)" % cc[0])
    cflags = (["-std=c99", "-O3", "-fPIC", "-fvisibility=hidden",
               "-DCANASTA_BUILDING_DLL",
               "-I" + os.path.join(src, "include"),
               "-I" + os.path.join(src, "lib")] +
              _words("CPPFLAGS") + _words("CFLAGS"))
    objects, running, failed = [], [], 0
    limit = max(1, min(4, os.cpu_count() or 1))
    for c in _c_files(src):
        obj = os.path.join(out_dir, os.path.basename(c)[:-2] + ".o")
        objects.append(obj)
        while len(running) >= limit:
            failed += running.pop(0).wait() != 0
        running.append(_run(cc + cflags + ["-c", c, "-o", obj]))
    for job in running:
        failed += job.wait() != 0
    if failed:
        raise BuildError("compiling libcanasta failed (see the compiler's "
                         "messages above)")
    lib = os.path.join(out_dir, _library_name())
    if sys.platform == "darwin":
        link = ["-dynamiclib", "-install_name", "@rpath/libcanasta.dylib"]
    else:
        link = ["-shared", "-Wl,-soname,libcanasta.so.1"]
        if sys.platform.startswith(("linux", "freebsd")):
            link.append("-Wl,--version-script=" +
                        os.path.join(src, "lib", "canasta.map"))
    cmd = cc + _words("CFLAGS") + link + _words("LDFLAGS") + [
        "-o", lib] + objects + _words("LIBS")
    if _run(cmd).wait() != 0:
        raise BuildError("linking libcanasta failed (see above)")
    return lib


# ----------------------------------------------------------------------
# Metadata
# ----------------------------------------------------------------------
def _metadata(root: str, version: str) -> str:
    readme = os.path.join(root, "README.md")
    body = ""
    if os.path.isfile(readme):
        with open(readme, encoding="utf-8") as f:
            body = f.read()
    head = ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Requires-Python: %s\nDescription-Content-Type: text/markdown\n"
            % (NAME, version, SUMMARY, REQUIRES_PYTHON))
    return head + "\n" + body


def _tag() -> str:
    plat = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return "py3-none-" + plat


def _dist_info_files(root: str, version: str) -> Dict[str, bytes]:
    info = "%s-%s.dist-info" % (NAME, version)
    wheel = ("Wheel-Version: 1.0\nGenerator: canasta_build\n"
             "Root-Is-Purelib: false\nTag: %s\n" % _tag())
    return {info + "/METADATA": _metadata(root, version).encode("utf-8"),
            info + "/WHEEL": wheel.encode(),
            info + "/top_level.txt": (NAME + "\n").encode()}


# ----------------------------------------------------------------------
# PEP 517 hooks
# ----------------------------------------------------------------------
def get_requires_for_build_wheel(config_settings: Optional[dict] = None
                                 ) -> List[str]:
    """Nothing beyond the standard library (and a C compiler)."""
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict] = None
                                 ) -> List[str]:
    """Nothing beyond the standard library."""
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: Optional[dict] = None
                                     ) -> str:
    """Write the .dist-info directory without compiling anything."""
    root = _root()
    version = _version(_sources(root))
    files = _dist_info_files(root, version)
    for name, data in files.items():
        path = os.path.join(metadata_directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    return "%s-%s.dist-info" % (NAME, version)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
    return "%s,sha256=%s,%d" % (name, digest.rstrip(b"=").decode(),
                                len(data))


def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None,
                metadata_directory: Optional[str] = None) -> str:
    """Compile libcanasta and write canasta-VERSION-py3-none-PLATFORM.whl:
    the package's modules, py.typed, _version.py and the library."""
    root = _root()
    src = _sources(root)
    version = _version(src)
    members: List[Tuple[str, bytes, int]] = []   # name, data, mode
    for rel in _package_files(root):
        with open(os.path.join(root, rel), "rb") as f:
            members.append((rel, f.read(), 0o644))
    members.append((NAME + "/_version.py", (
        '"""Written by the build (backend/canasta_build.py) from '
        'include/canasta.h."""\nversion = "%s"\n' % version).encode(),
        0o644))
    tmp = tempfile.mkdtemp(prefix="canasta-build-")
    try:
        lib = _build_library(src, tmp)
        with open(lib, "rb") as f:
            members.append((NAME + "/" + _library_name(), f.read(), 0o755))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for name, data in _dist_info_files(root, version).items():
        members.append((name, data, 0o644))
    info = "%s-%s.dist-info" % (NAME, version)
    record = "".join(_record_line(n, d) + "\n" for n, d, _ in members)
    record += info + "/RECORD,,\n"
    members.append((info + "/RECORD", record.encode(), 0o644))

    filename = "%s-%s-%s.whl" % (NAME, version, _tag())
    path = os.path.join(wheel_directory, filename)
    with zipfile.ZipFile(path + ".tmp", "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in members:
            zi = zipfile.ZipInfo(name, _ZIP_TIME)
            zi.external_attr = (0o100000 | mode) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    os.replace(path + ".tmp", path)
    return filename


def build_sdist(sdist_directory: str,
                config_settings: Optional[dict] = None) -> str:
    """Write canasta-VERSION.tar.gz: the package, this backend and the C
    sources (csrc/include, csrc/lib), enough to build the wheel anywhere."""
    root = _root()
    src = _sources(root)
    version = _version(src)
    base = "%s-%s" % (NAME, version)
    files = [(rel, os.path.join(root, rel)) for rel in
             ["pyproject.toml", "README.md", "backend/canasta_build.py"] +
             _package_files(root)]
    files.append(("csrc/include/canasta.h",
                  os.path.join(src, "include", "canasta.h")))
    for name in sorted(os.listdir(os.path.join(src, "lib"))):
        if name.endswith((".c", ".h")) or name == "canasta.map":
            files.append(("csrc/lib/" + name, os.path.join(src, "lib", name)))
    filename = base + ".tar.gz"
    path = os.path.join(sdist_directory, filename)

    def add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
        ti = tarfile.TarInfo(base + "/" + name)
        ti.size, ti.mtime, ti.mode = len(data), _TAR_TIME, 0o644
        tar.addfile(ti, io.BytesIO(data))

    with tarfile.open(path + ".tmp", "w:gz", format=tarfile.PAX_FORMAT) as t:
        add(t, "PKG-INFO", _metadata(root, version).encode("utf-8"))
        for rel, full in files:
            with open(full, "rb") as f:
                add(t, rel, f.read())
    os.replace(path + ".tmp", path)
    return filename
