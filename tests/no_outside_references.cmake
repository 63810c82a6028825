# CTest script (cmake -DSOURCE_DIR=... -P): fails when a file of the checkout
# refers to the project's shared folder beside it (the relative path made of
# "..", "/" and "shared"). The checkout must hold all it needs: data sets in
# data/, documents in docs/. Tracked files are searched with git when the
# checkout is a git one; otherwise (a copy) every file outside build/.
set(pattern "..")
string(APPEND pattern "/shared")
find_program(GIT git)
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT}" grep -l -I -F -e "${pattern}"
                  WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE found RESULT_VARIABLE status)
else()
  execute_process(COMMAND grep -r -l -I -F --exclude-dir=build --exclude-dir=.git -e "${pattern}" .
                  WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE found RESULT_VARIABLE status)
endif()
# grep: 0 = found, 1 = nothing found, anything else = it could not search.
if(status EQUAL 0)
  message(FATAL_ERROR "files that refer to ${pattern} (keep what they need in the repository):\n${found}")
elseif(NOT status EQUAL 1)
  message(FATAL_ERROR "could not search ${SOURCE_DIR} (grep status ${status})")
endif()
message(STATUS "no file refers to ${pattern}")
