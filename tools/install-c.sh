#!/bin/sh
# Installs libpencilmark for C users, the layout `cargo cinstall` makes, without needing cargo-c:
#
#   PREFIX/include/pencilmark.h
#   LIBDIR/libpencilmark.so.X.Y.Z, libpencilmark.so.X -> it, libpencilmark.so -> it  (ELF systems)
#   LIBDIR/libpencilmark.a
#   LIBDIR/pkgconfig/pencilmark.pc
#
# Usage: tools/install-c.sh PREFIX [LIBDIR]     (LIBDIR defaults to PREFIX/lib)
#
# It builds the library with `cargo build --release -p pencilmark-ffi` first, unless
# PENCILMARK_LIB_DIR names a directory holding libraries already built (the test suite does that).
# DESTDIR, when set, is prepended to every path written (for packagers); the .pc file still names
# PREFIX. Then: cc prog.c $(pkg-config --cflags --libs pencilmark), with PKG_CONFIG_PATH=LIBDIR/pkgconfig
# when PREFIX is not one pkg-config searches.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ -z "$1" ]; then
    echo "usage: $0 PREFIX [LIBDIR]" >&2
    exit 2
fi
case "$1" in
    /*) ;;
    *) echo "install-c.sh: PREFIX must be an absolute path (got '$1')" >&2; exit 2 ;;
esac
prefix=$1
libdir=${2:-$prefix/lib}
includedir=$prefix/include
root=$(cd "$(dirname "$0")/.." && pwd)
destdir=${DESTDIR:-}

version=$(sed -n 's/^version = "\([^"]*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
if [ -z "$version" ]; then
    echo "install-c.sh: no version = \"...\" line in $root/Cargo.toml" >&2
    exit 1
fi
major=${version%%.*}

if [ -n "${PENCILMARK_LIB_DIR:-}" ]; then
    built=$PENCILMARK_LIB_DIR
else
    (cd "$root" && cargo build --release -p pencilmark-ffi)
    target=${CARGO_TARGET_DIR:-target}
    case "$target" in
        /*) ;;
        *) target=$root/$target ;; # cargo ran in $root, so a relative target dir is below it
    esac
    built=$target/release
fi

os=$(uname -s)
case "$os" in
    Darwin) shared=libpencilmark.dylib ;;
    *) shared=libpencilmark.so ;;
esac
for f in "$shared" libpencilmark.a; do
    if [ ! -f "$built/$f" ]; then
        echo "install-c.sh: $built/$f is missing (build with: cargo build --release -p pencilmark-ffi)" >&2
        exit 1
    fi
done

# The system libraries a program linking the static library needs besides it (what
# `rustc --print native-static-libs` names for a std staticlib on each platform).
case "$os" in
    Linux) libs_private="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc" ;;
    Darwin) libs_private="-framework CoreFoundation -lSystem -lc -lm" ;;
    *) libs_private="-lpthread -lm -lc" ;;
esac

install -d "$destdir$includedir" "$destdir$libdir/pkgconfig"
install -m 644 "$root/include/pencilmark.h" "$destdir$includedir/pencilmark.h"
install -m 644 "$built/libpencilmark.a" "$destdir$libdir/libpencilmark.a"
if [ "$shared" = libpencilmark.so ]; then
    # The real file carries the full version; the SONAME (libpencilmark.so.MAJOR, set by
    # ffi/build.rs) is what programs load; the bare name is what `-lpencilmark` finds.
    install -m 755 "$built/libpencilmark.so" "$destdir$libdir/libpencilmark.so.$version"
    ln -sf "libpencilmark.so.$version" "$destdir$libdir/libpencilmark.so.$major"
    ln -sf "libpencilmark.so.$major" "$destdir$libdir/libpencilmark.so"
else
    install -m 755 "$built/$shared" "$destdir$libdir/$shared"
fi

sed -e "s|@PREFIX@|$prefix|" -e "s|@LIBDIR@|$libdir|" -e "s|@INCLUDEDIR@|$includedir|" \
    -e "s|@VERSION@|$version|" -e "s|@LIBS_PRIVATE@|$libs_private|" \
    "$root/ffi/pencilmark.pc.in" >"$destdir$libdir/pkgconfig/pencilmark.pc"

echo "installed pencilmark $version: $destdir$includedir/pencilmark.h, $destdir$libdir/libpencilmark.*, $destdir$libdir/pkgconfig/pencilmark.pc"
