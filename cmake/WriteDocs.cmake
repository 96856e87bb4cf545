# cmake -DCARDSIM=... -DHELP2MAN=... -DSOURCE_DIR=... -DVERSION=... -DMAN_DIR=...
#       -DCOMPLETION=... -P WriteDocs.cmake   (run by cmake/Docs.cmake)
# Writes the bash completion (the tables `cardsim docs completion` prints,
# then src/cli/completion.bash) and, with HELP2MAN, one man page per command
# into MAN_DIR/man1: cardsim.1 from `cardsim --help` and `--version` (with
# docs/man/cardsim.h2m's sections), cardsim-PATH.1 for each command of
# `cardsim docs commands` (e.g. cardsim-zjh-deal.1 for `cardsim zjh deal`).

execute_process(COMMAND "${CARDSIM}" docs completion OUTPUT_VARIABLE tables RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "cardsim docs completion failed")
endif()
file(READ "${SOURCE_DIR}/src/cli/completion.bash" function)
file(WRITE "${COMPLETION}" "${tables}\n${function}")

if(NOT HELP2MAN)
  return()
endif()
# The page's date: the last commit's, so that a rebuild writes the same page.
execute_process(COMMAND git -C "${SOURCE_DIR}" log -1 --format=%ct OUTPUT_VARIABLE epoch
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE no_git ERROR_QUIET)
if(NOT no_git AND epoch)
  set(ENV{SOURCE_DATE_EPOCH} "${epoch}")
endif()
execute_process(COMMAND "${CARDSIM}" docs commands OUTPUT_VARIABLE commands RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "cardsim docs commands failed")
endif()
file(REMOVE_RECURSE "${MAN_DIR}")
file(MAKE_DIRECTORY "${MAN_DIR}/man1")
set(work "${MAN_DIR}/../man-work")
file(MAKE_DIRECTORY "${work}")
string(REPLACE "\n" ";" lines "${commands}")
set(see_also "")
foreach(line IN LISTS lines)
  if(line MATCHES "^([^\t]+)\t")
    string(REPLACE " " "-" page "cardsim-${CMAKE_MATCH_1}")
    string(APPEND see_also ".BR ${page} (1),\n")
  endif()
endforeach()
string(REGEX REPLACE ",\n$" "\n" see_also "${see_also}")
foreach(line IN LISTS lines)
  if(NOT line MATCHES "^([^\t]*)\t(.*)$")
    continue()
  endif()
  set(path "${CMAKE_MATCH_1}")
  set(description "${CMAKE_MATCH_2}")
  if(path STREQUAL "")
    # cardsim itself: its own --version, and the sections of docs/man/cardsim.h2m.
    file(READ "${SOURCE_DIR}/docs/man/cardsim.h2m" include)
    file(WRITE "${work}/cardsim.h2m" "${include}\n[SEE ALSO]\n${see_also}")
    set(program "${CARDSIM}")
    set(page cardsim)
    set(args "--include=${work}/cardsim.h2m")
  else()
    # A command: a script that runs it, named as its page, and the version given.
    string(REPLACE " " "-" page "cardsim-${path}")
    set(program "${work}/${page}")
    file(WRITE "${program}" "#!/bin/sh\nexec '${CARDSIM}' ${path} \"$@\"\n")
    file(CHMOD "${program}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
    file(WRITE "${work}/${page}.h2m" "[SEE ALSO]\n.BR cardsim (1)\n")
    set(args "--version-string=${VERSION}" "--include=${work}/${page}.h2m")
  endif()
  # NAME: "cardsim-sim - simulate blackjack rounds ...", "cardsim - fast, exact, ...".
  string(REGEX REPLACE "^cardsim: " "" description "${description}")
  string(SUBSTRING "${description}" 0 1 first)
  string(SUBSTRING "${description}" 1 -1 rest)
  string(TOLOWER "${first}" first)
  execute_process(COMMAND "${HELP2MAN}" --no-info --no-discard-stderr "--name=${first}${rest}" ${args}
                          "--output=${MAN_DIR}/man1/${page}.1" "${program}"
                  RESULT_VARIABLE failed ERROR_VARIABLE error)
  if(failed)
    message(FATAL_ERROR "help2man ${page}: ${error}")
  endif()
endforeach()
file(REMOVE_RECURSE "${work}")
