# cmake -DCARDSIM=... -DHELP2MAN=... -DSOURCE_DIR=... -DVERSION=... -DMAN_DIR=...
#       -DCOMPLETION_DIR=... [-DCOMPRESS=ON] -P WriteDocs.cmake   (run by cmake/Docs.cmake)
# Writes the shell completions into COMPLETION_DIR: cardsim (bash: the tables
# `cardsim docs completion` prints, then src/cli/help/completion.bash), _cardsim
# (zsh: `#compdef cardsim`, the same tables, src/cli/help/completion.zsh) and
# cardsim.fish (src/cli/help/completion.fish, then `cardsim docs completion-fish`);
# and, with HELP2MAN, one man page per command into MAN_DIR/man1: cardsim.1
# from `cardsim --help` (with docs/man/cardsim.h2m's sections),
# cardsim-PATH.1 for each command of `cardsim docs commands` (e.g.
# cardsim-zjh-deal.1 for `cardsim zjh deal`). help2man runs in a UTF-8 locale
# (the pages name 炸金花) and turns each command's "Examples:" into EXAMPLES.

# --help wraps to $COLUMNS: the man pages are written at 80, whatever the terminal's.
set(ENV{COLUMNS} 80)

foreach(what completion completion-fish)
  execute_process(COMMAND "${CARDSIM}" docs ${what} OUTPUT_VARIABLE ${what} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "cardsim docs ${what} failed")
  endif()
endforeach()
file(READ "${SOURCE_DIR}/src/cli/help/completion.bash" bash)
file(READ "${SOURCE_DIR}/src/cli/help/completion.zsh" zsh)
file(READ "${SOURCE_DIR}/src/cli/help/completion.fish" fish)
file(WRITE "${COMPLETION_DIR}/cardsim" "${completion}\n${bash}")
file(WRITE "${COMPLETION_DIR}/_cardsim" "#compdef cardsim\n${completion}\n${zsh}")
file(WRITE "${COMPLETION_DIR}/cardsim.fish" "${fish}${completion-fish}")

if(NOT HELP2MAN)
  return()
endif()
# The page's date: the last commit's, so that a rebuild writes the same page.
execute_process(COMMAND git -C "${SOURCE_DIR}" log -1 --format=%ct OUTPUT_VARIABLE epoch
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE no_git ERROR_QUIET)
if(NOT no_git AND epoch)
  set(ENV{SOURCE_DATE_EPOCH} "${epoch}")
endif()
foreach(what commands examples)
  execute_process(COMMAND "${CARDSIM}" docs ${what} OUTPUT_VARIABLE ${what} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "cardsim docs ${what} failed")
  endif()
endforeach()
# roff text: a '-' as \-, so that the commands can be copied.
function(roff text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
# A command as shell lines of at most EXAMPLE_WIDTH characters (an 80-column
# man page's text width, less its indents): broken at spaces, each line but the
# last ending with " \", the next indented by 4 (a word is never split).
set(EXAMPLE_WIDTH 64)
function(shell_lines text out)
  string(REPLACE " " ";" words "${text}")
  set(lines "")
  set(line "")
  foreach(word IN LISTS words)
    string(LENGTH "${line} ${word} \\" length)
    if(line STREQUAL "")
      set(line "${word}")
    elseif(length GREATER EXAMPLE_WIDTH)
      string(APPEND lines "${line} \\\n")
      set(line "    ${word}")
    else()
      string(APPEND line " ${word}")
    endif()
  endforeach()
  set(${out} "${lines}${line}" PARENT_SCOPE)
endfunction()
# (Lines as list items: a ';' of the text kept as a placeholder until written.)
string(REPLACE ";" "<semicolon>" examples "${examples}")
string(REPLACE ";" "<semicolon>" commands "${commands}")
string(REPLACE "\n" ";" example_lines "${examples}")
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
  string(REPLACE " " "-" page "cardsim-${path}")
  if(path STREQUAL "")
    set(page cardsim)
  endif()
  # NAME: "cardsim-sim \- simulate blackjack rounds ...", "cardsim \- fast, exact, ..."
  # (in the include file, read as UTF-8, unlike --name); the first letter in
  # lower case but for a name (Zha Jin Hua).
  string(REGEX REPLACE "^cardsim: " "" description "${description}")
  if(NOT description MATCHES "^Zha ")
    string(SUBSTRING "${description}" 0 1 first)
    string(SUBSTRING "${description}" 1 -1 rest)
    string(TOLOWER "${first}" first)
    set(description "${first}${rest}")
  endif()
  roff("${description}" description)
  set(include "[NAME]\n${page} \\- ${description}\n")
  # EXAMPLES: the command's examples (those of its --help) as tagged paragraphs.
  # Each command unfilled, as it is typed, split at spaces into lines that end
  # with " \" (so that it still copies as one command), then what it does.
  set(examples_roff "")
  foreach(example IN LISTS example_lines)
    if(example MATCHES "^([^\t]*)\t([^\t]*)\t(.*)$" AND CMAKE_MATCH_1 STREQUAL path)
      set(what "${CMAKE_MATCH_3}")
      shell_lines("${CMAKE_MATCH_2}" command)
      roff("${command}" command)
      string(APPEND examples_roff ".PP\n.nf\n\\fB${command}\\fR\n.fi\n.RS\n${what}\n.RE\n")
    endif()
  endforeach()
  if(examples_roff)  # (left-aligned and unhyphenated, to be copied)
    string(APPEND include "[=EXAMPLES]\n.ad l\n.nh\n${examples_roff}")
  endif()
  if(path STREQUAL "")
    # cardsim itself: the sections of docs/man/cardsim.h2m.
    file(READ "${SOURCE_DIR}/docs/man/cardsim.h2m" sections)
    string(APPEND include "${sections}\n[SEE ALSO]\n${see_also}")
    set(program "${CARDSIM}")
    set(args "--version-string=${VERSION}")  # (the footer: "cardsim 0.2.0", without the commit, fits beside the date)
  else()
    # A command: a script that runs it, named as its page, and the version given.
    set(program "${work}/${page}")
    file(WRITE "${program}" "#!/bin/sh\nexec '${CARDSIM}' ${path} \"$@\"\n")
    file(CHMOD "${program}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
    string(APPEND include "[SEE ALSO]\n.BR cardsim (1)\n")
    set(args "--version-string=${VERSION}")
  endif()
  string(REPLACE "<semicolon>" ";" include "${include}")
  file(WRITE "${work}/${page}.h2m" "${include}")
  execute_process(COMMAND "${HELP2MAN}" --no-info --no-discard-stderr --locale=C.UTF-8 "--include=${work}/${page}.h2m"
                          ${args} "--output=${MAN_DIR}/man1/${page}.1" "${program}"
                  RESULT_VARIABLE failed ERROR_VARIABLE error)
  if(failed)
    message(FATAL_ERROR "help2man ${page}: ${error}")
  endif()
endforeach()
file(REMOVE_RECURSE "${work}")
if(COMPRESS)  # Debian's policy: gzip -9n
  file(GLOB pages "${MAN_DIR}/man1/*.1")
  execute_process(COMMAND gzip -9nf ${pages} COMMAND_ERROR_IS_FATAL ANY)
endif()
