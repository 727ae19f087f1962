
# Starfish's additions to the completion above: what depends on the command line itself.
#   --pipeline JOB[,JOB...]   completes the job after the last comma, skipping jobs already listed
#   replay WORKDIR JOB [SG]   offers only the jobs (and subgraphs) that have a replay script in WORKDIR
# Everything else goes to Picocli's _complete_starfish.
_starfish_job_names=(@JOB_NAMES@)

function _starfish_complete() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  local prev=${COMP_WORDS[COMP_CWORD-1]:-}
  if [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 2 ]; then
    prev=${COMP_WORDS[COMP_CWORD-2]}
  fi
  if [ "$prev" = "--pipeline" ]; then
    _starfish_complete_pipeline "$cur"
    return 0
  fi
  if [ "${COMP_WORDS[1]:-}" = "replay" ] && [[ "$cur" != -* ]] && _starfish_complete_replay "$cur"; then
    return 0
  fi
  _complete_starfish "$@"
}

# The jobs for the element after the last comma of a --pipeline value.
function _starfish_complete_pipeline() {
  local cur=$1 head="" rest=$1 job
  if [[ "$cur" == *,* ]]; then
    head=${cur%,*},
    rest=${cur##*,}
  fi
  COMPREPLY=()
  for job in "${_starfish_job_names[@]}"; do
    if [[ ",$head" == *",$job,"* ]]; then
      continue
    fi
    if [[ "$job" == "$rest"* ]]; then
      COMPREPLY+=("$head$job")
    fi
  done
  type compopt &>/dev/null && compopt -o nospace 2>/dev/null
  return 0
}

# replay's second and third positional words, from the work directory's own scripts. Returns 1
# (Picocli's completion, files) for the first one.
function _starfish_complete_replay() {
  local cur=$1 i word
  local positionals=()
  for ((i = 2; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case "$word" in
      --log-level|--logfile) i=$((i + 1)) ;;
      -*) ;;
      *) positionals+=("$word") ;;
    esac
  done
  [ "${#positionals[@]}" -ge 1 ] || return 1
  local dir=${positionals[0]/#\~/$HOME} script name sg
  local found=()
  for script in "$dir"/replay_*.sh "$dir"/sg[0-9]*/replay_*.sh; do
    [ -f "$script" ] || continue
    name=${script##*/}
    name=${name#replay_}
    name=${name%.sh}
    sg=""
    if [[ "$name" =~ ^(.*)_(sg[0-9]+)$ ]]; then
      name=${BASH_REMATCH[1]}
      sg=${BASH_REMATCH[2]}
    elif [[ "$script" == "$dir"/sg[0-9]*/* ]]; then
      sg=${script%/*}
      sg=${sg##*/}
    fi
    if [ "${#positionals[@]}" -eq 1 ]; then
      found+=("$name")
    elif [ "${#positionals[@]}" -eq 2 ] && [ "$name" = "${positionals[1]}" ] && [ -n "$sg" ]; then
      found+=("$sg")
    fi
  done
  COMPREPLY=()
  local candidate
  while IFS= read -r candidate; do
    if [ -n "$candidate" ] && [[ "$candidate" == "$cur"* ]]; then
      COMPREPLY+=("$candidate")
    fi
  done < <(printf '%s\n' "${found[@]}" | sort -u)
  return 0
}
