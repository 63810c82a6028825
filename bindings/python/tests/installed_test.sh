#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, then `import sudokit` from that
# prefix alone, with a clean environment and from outside the source and
# build trees: the installed package works and is the one imported.
#   installed_test.sh BUILD_DIR PYTHON
set -euo pipefail
build=$(cd "$1" && pwd)
python=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log"
site=$(find "$tmp/prefix" -type d -name dist-packages | head -1)
[ -n "$site" ] && [ -f "$site/sudokit/__init__.py" ] || { echo "installed_test: no sudokit package under $tmp/prefix" >&2; exit 1; }
for f in py.typed _sudokit.pyi; do  # the types (PEP 561) travel with the module
  [ -f "$site/sudokit/$f" ] || { echo "installed_test: no sudokit/$f under $site" >&2; exit 1; }
done
cd "$tmp"
env -i PATH=/usr/bin:/bin PYTHONPATH="$site" "$python" -I -c '
import sys
sys.path.insert(0, sys.argv[1])
import sudokit
assert sudokit.__file__.startswith(sys.argv[1]), sudokit.__file__
p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
s = sudokit.solve(p)
assert s is not None and len(s) == 81 and all(a in ".0" or a == b for a, b in zip(p, s)), s
g = sudokit.grade(p)
assert g.rated and g.er > 0, g
print("installed sudokit", sudokit.__version__, "ER", g.er, "from", sudokit.__file__)
' "$site"
