# Bash completion of cardsim: subcommands, flags, the values of enumerated
# flags and config keys, and the names of the charts, counts, index sets, side
# bets and rule sets in cardsim's data folder. The build puts the tables that
# `cardsim docs completion` prints (src/cli/help/docs.cpp) before this function, in
# share/bash-completion/completions/cardsim; completion.zsh reads the same.

# This file's folder: an installed completion's data folder is ../../cardsim
# from it (share/bash-completion/completions/ -> share/cardsim).
_cardsim_completion_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" 2>/dev/null && pwd)

# Names in folder $1 of the data folder ("." for the rule sets), without their
# extension: the shipped ones (_cardsim_names) and those in the data folder
# ($CARDSIM_DATA_DIR, else the one installed beside this file). Runs no cardsim.
_cardsim_data_names() {
  local dir=${CARDSIM_DATA_DIR:-$_cardsim_completion_dir/../../cardsim} file
  {
    printf '%s\n' ${_cardsim_names[$1]-}
    for file in "$dir/$1"/*.json "$dir/$1"/*.txt; do
      [[ -f $file && ($1 != . || $file == *.json) ]] || continue
      file=${file##*/}
      printf '%s\n' "${file%.*}"
    done
  } | sort -u
}

_cardsim() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev='' i path=cardsim word
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  # --flag=value: bash splits the word at '='.
  if [[ $cur == = ]]; then
    cur='' prev=${COMP_WORDS[COMP_CWORD - 1]}
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  fi
  # The command: the leading words that name subcommands.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    [[ " ${_cardsim_subcommands[$path]-} " == *" $word "* ]] || break
    path="$path $word"
  done
  # The value of the flag before (one that takes a value, or may: a boolean
  # key's), a flag, a subcommand, or a positional.
  local candidates=() key="$path $prev"
  if [[ -n ${_cardsim_takes_value[$key]-} ]] ||
     [[ $cur != -* && -n ${_cardsim_words[$key]-}${_cardsim_data[$key]-}${_cardsim_files[$key]-} ]]; then
    :
  elif [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${_cardsim_flags[$path]-}" -- "$cur")
    return 0
  elif [[ -n ${_cardsim_subcommands[$path]-} ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${_cardsim_subcommands[$path]}" -- "$cur")
    return 0
  else
    key="$path <positional>"
  fi
  [[ -n ${_cardsim_words[$key]-} ]] && mapfile -t -O "${#candidates[@]}" candidates < <(compgen -W "${_cardsim_words[$key]}" -- "$cur")
  if [[ -n ${_cardsim_data[$key]-} ]]; then
    mapfile -t -O "${#candidates[@]}" candidates < <(compgen -W "$(_cardsim_data_names "${_cardsim_data[$key]}")" -- "$cur")
  fi
  if [[ -n ${_cardsim_files[$key]-} ]]; then
    mapfile -t -O "${#candidates[@]}" candidates < <(compgen -f -- "$cur")
    compopt -o filenames 2>/dev/null
  fi
  COMPREPLY=("${candidates[@]}")
}
complete -F _cardsim cardsim
