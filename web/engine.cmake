# The `web` preset's build (included by the top CMakeLists.txt under
# Emscripten): the engine modules (solver, generator, grader,
# produce_core) compiled to WebAssembly, and web/src/engine.cpp bound to
# JavaScript with embind, assembled with web/package/ into the npm package
# in build/web/package (web/README.md).
#
# Boost (random: header-only) and nlohmann-json come from Debian's headers:
# only their own folders go on the include path (links in the build tree),
# never /usr/include with the host's C library headers.
set(SUDOKIT_HEADER_ONLY ${CMAKE_BINARY_DIR}/header-only)
file(MAKE_DIRECTORY ${SUDOKIT_HEADER_ONLY})
foreach(dir boost nlohmann)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "/usr/include/${dir} is missing: tools/setup.sh web installs it")
  endif()
  if(NOT EXISTS ${SUDOKIT_HEADER_ONLY}/${dir})
    file(CREATE_LINK /usr/include/${dir} ${SUDOKIT_HEADER_ONLY}/${dir} SYMBOLIC)
  endif()
endforeach()
add_library(Boost::headers INTERFACE IMPORTED)
set_target_properties(Boost::headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${SUDOKIT_HEADER_ONLY})
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${SUDOKIT_HEADER_ONLY})

# The engine throws and catches (a request error, a grader's time limit):
# Emscripten's exception catching is off unless asked for. (Debian's
# Emscripten has no runtime libraries for native WebAssembly exceptions.)
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

add_subdirectory(solver)
add_subdirectory(pool)
add_subdirectory(generator)
add_subdirectory(grader)
add_subdirectory(produce)

add_executable(sudokit_engine web/src/engine.cpp)
target_link_libraries(sudokit_engine PRIVATE sudokit::produce_core)
target_compile_definitions(sudokit_engine PRIVATE SUDOKIT_VERSION_STRING="${PROJECT_VERSION}")
target_compile_options(sudokit_engine PRIVATE $<$<CONFIG:Release>:-O3>)
set(SUDOKIT_WEB_PACKAGE ${CMAKE_BINARY_DIR}/package)
set_target_properties(sudokit_engine PROPERTIES
  OUTPUT_NAME engine SUFFIX .js RUNTIME_OUTPUT_DIRECTORY ${SUDOKIT_WEB_PACKAGE}/dist)
# One ES module with the WebAssembly inside (SINGLE_FILE): nothing to
# locate or fetch, the same file in Node, a page, a worker and a bundler.
target_link_options(sudokit_engine PRIVATE
  --bind -O3
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createEngine
  -sENVIRONMENT=web,worker
  -sSINGLE_FILE=1 -sFILESYSTEM=0
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16MB
  -sDISABLE_EXCEPTION_CATCHING=0)
# The package around it (web/package/ copied next to dist/) and the
# playable page (web/demo/ into build/web/demo/, which imports
# ../package/index.js: build/web/ is what a static server serves). Copied on
# every build (only what changed), so an edit of a .js file needs no relink.
file(GLOB SUDOKIT_WEB_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/web/package/*)
file(GLOB SUDOKIT_WEB_DEMO CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/web/demo/*)
add_custom_target(sudokit_web_files ALL
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${SUDOKIT_WEB_FILES} ${PROJECT_SOURCE_DIR}/LICENSE ${SUDOKIT_WEB_PACKAGE}/
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/demo
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${SUDOKIT_WEB_DEMO} ${CMAKE_BINARY_DIR}/demo/
  DEPENDS sudokit_engine
  VERBATIM)
