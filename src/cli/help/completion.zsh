# Zsh completion of cardsim: the same as the bash completion (completion.bash),
# from the same tables (`cardsim docs completion`, src/cli/help/docs.cpp), which
# the build puts before this function in share/zsh/.../_cardsim (whose first
# line is `#compdef cardsim`).

# This file's folder: an installed completion's data folder is ../../cardsim
# from it (share/zsh/site-functions/ -> share/cardsim).
_cardsim_completion_dir=${${functions_source[_cardsim]:-${(%):-%x}}:A:h}

# Names in folder $1 of the data folder ("." for the rule sets), without their
# extension: the shipped ones and those in the data folder ($CARDSIM_DATA_DIR,
# else the one installed beside this file). Runs no cardsim.
_cardsim_data_names() {
  local dir=${CARDSIM_DATA_DIR:-$_cardsim_completion_dir/../../cardsim} file
  local -a names=(${=_cardsim_names[$1]-})
  for file in $dir/$1/*.json(N) $dir/$1/*.txt(N); do
    [[ $1 != . || $file == *.json ]] || continue
    names+=(${${file:t}%.*})
  done
  print -rl -- ${(u)names}
}

_cardsim() {
  local cur=${words[CURRENT]} prev=${words[CURRENT-1]} cmd=cardsim i key
  # The command: the leading words that name subcommands.
  for ((i = 2; i < CURRENT; i++)); do
    [[ " ${_cardsim_subcommands[$cmd]-} " == *" ${words[i]} "* ]] || break
    cmd="$cmd ${words[i]}"
  done
  # --flag=value: complete the value.
  if [[ $cur == --*=* ]]; then
    prev=${cur%%=*}
    compset -P '*='
    cur=${cur#*=}
  fi
  # The value of the flag before (one that takes a value, or may: a boolean
  # key's), a flag, a subcommand, or a positional.
  key="$cmd $prev"
  if [[ -n ${_cardsim_takes_value[$key]-} ]] ||
     [[ $cur != -* && -n ${_cardsim_words[$key]-}${_cardsim_data[$key]-}${_cardsim_files[$key]-} ]]; then
    :
  elif [[ $cur == -* ]]; then
    compadd -- ${=_cardsim_flags[$cmd]-}
    return
  elif [[ -n ${_cardsim_subcommands[$cmd]-} ]]; then
    compadd -- ${=_cardsim_subcommands[$cmd]}
    return
  else
    key="$cmd <positional>"
  fi
  [[ -n ${_cardsim_words[$key]-} ]] && compadd -- ${=_cardsim_words[$key]}
  [[ -n ${_cardsim_data[$key]-} ]] && compadd -- $(_cardsim_data_names ${_cardsim_data[$key]})
  [[ -n ${_cardsim_files[$key]-} ]] && _files
  return 0
}

_cardsim "$@"
