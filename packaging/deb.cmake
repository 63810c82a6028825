# The Debian package of sudokit, made by CMake's own packaging (CPack's DEB
# generator) from what `cmake --install` installs: the `sudokit` command, the
# PDF reader module, libsudokit (shared and static), sudokit.h, the CMake
# package, sudokit.pc and the Python module, all under /usr.
#   cmake --build --preset release --target package   (or: cd build/release && cpack)
# writes build/release/sudokit_VERSION_ARCH.deb; `apt-get install ./that.deb`
# installs it with the Debian packages it needs. packaging/Dockerfile puts it
# into a Debian 12 image for cluster runs (docs/SCALING.md); the test
# install.deb (packaging/deb_test.sh) builds, installs and uses it.
#
# Dependencies: the shared libraries the package's programs load are found
# by dpkg-shlibdeps (dpkg-dev); what is used without linking is named here:
# python3 (the module), the DejaVu fonts (books and images are drawn in
# DejaVu Sans), tzdata (daily --tz) and libpq5 (PostgreSQL stores: the
# command loads libpq when it first opens one, db/src/pg_backend.cpp).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sudokit)
set(CPACK_PACKAGE_VENDOR "the sudokit authors")
set(CPACK_PACKAGE_CONTACT "the sudokit authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Sudoku toolkit: generator, SE-scale grader, store, books")
set(CPACK_PACKAGE_DESCRIPTION
  "sudokit makes Sudoku solution grids, digs unique puzzles from them, grades\n\
each puzzle on the Sudoku Explainer scale, stores the results in SQLite or\n\
PostgreSQL, and exports puzzle books, daily feeds and app databases. The\n\
package holds the sudokit command, the C library (libsudokit, sudokit.h,\n\
pkg-config and CMake files) and the Python module.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3, fonts-dejavu-core, tzdata, libpq5")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
# The licence where Debian keeps them.
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION share/doc/sudokit RENAME copyright)
include(CPack)
