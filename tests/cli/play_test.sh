#!/usr/bin/env bash
# End-to-end tests of `cardsim play`: scripted sessions with fixed seeds piped
# in, transcripts checked. Usage: play_test.sh CARDSIM CASE
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export LANG=C.UTF-8 LC_ALL= LC_CTYPE=
unset NO_COLOR
# Lines unwrapped, so that a phrase is found on one line (the case wrap checks
# the wrapping).
export COLUMNS=1000

fail() { echo "FAIL [$case_name]: $*" >&2; echo "--- transcript" >&2; cat out.txt >&2 2>/dev/null; exit 1; }
# play INPUT ARGS...: runs a session with INPUT on stdin into out.txt; fails on a non-zero exit.
play() {
  local input=$1; shift
  printf "$input" | "$cardsim" play "$@" >out.txt 2>err.txt || fail "exit $?: $(cat err.txt)"
}
has() { grep -qF -- "$1" out.txt || fail "missing: $1"; }
hasnt() { ! grep -qF -- "$1" out.txt || fail "unexpected: $1"; }

case $case_name in
transcript)
  # Seed 35: 3,3 against a 4; split, double the first hand, hit the second, stand.
  play 'p\nd\nh\ns\nq\n' --seed 35
  has "cardsim play: 6 decks, S17, DAS, blackjack pays 3:2"
  has "New shoe: 6 decks shuffled, 1 card burned, the cut card after 234 cards."
  has "Round 1   bankroll 1000   bet 10   307 cards left"
  has "  Dealer:       4♠ ??   shows 4"
  has "  You:          3♥ 3♠  6"
  has "Your move? [h] hit  [s] stand  [d] double  [p] split > p"
  has "  Hand 1:       3♥ 5♠ A♣  soft 19   doubled"
  has "  Hand 2:       3♠ 7♥ J♠  20"
  has "  Dealer:       4♠ J♥ 6♥  20"
  has "  Hand 1:       3♥ 5♠ A♣  soft 19   lose -20"
  has "  Hand 2:       3♠ 7♥ J♠  20   push 0"
  has "Round 1: -20   bankroll 980"
  has "rounds 1, hands 2: won 0, lost 1, pushed 1, surrendered 0; blackjacks 0"
  has "net -20, bankroll 980 (started with 1000)"
  has "mistakes against the strategy: 2 of 4 decisions"
  # The same seed deals the same session; another seed does not.
  cp out.txt first.txt
  play 'p\nd\nh\ns\nq\n' --seed 35
  cmp -s out.txt first.txt || fail "seed 35 twice differs"
  play 'p\nd\nh\ns\nq\n' --seed 36
  ! cmp -s out.txt first.txt || fail "seeds 35 and 36 agree"
  ;;
invalid)
  # Invalid words and illegal moves are explained; the hand goes on.
  play 'x\nd\ni\nhit\ns\nq\n' --seed 35 --double 10-11
  has "'x' is not a move. Allowed now: h or hit, s or stand, p or split; q quits."
  has "You cannot double: this table allows doubling on hard 10 and 11 only."
  has "You cannot insure: insurance is offered only against a dealer's ace, before play."
  has "  You:          3♥ 3♠ 5♠  11"
  has "Round 1:"
  play '\nq\n' --seed 35
  has "Allowed now: h or hit, s or stand, d or double, p or split; q quits."
  ;;
quit)
  # q in the middle of a round: the round is abandoned and the summary printed.
  # Round 2 of seed 35 is a blackjack, settled at the deal; round 3 is quit.
  play 's\n\n\nq\n' --seed 35
  has "Round 1: -10   bankroll 990"
  has "  You:          A♣ J♠  blackjack   pays 3:2, +15"
  has "Round 3   bankroll 1005"
  has "The round is abandoned: its bets are returned and it is not counted."
  has "rounds 2, hands 2: won 1, lost 1"
  has "net +5, bankroll 1005"
  # q between rounds.
  play 's\nq\n' --seed 35
  has "Enter deals the next round, q quits: q"
  has "Session summary"
  hasnt "abandoned"
  ;;
eof)
  # The end of input quits like q, mid-round or between rounds.
  play 's\n\n\n' --seed 35
  has "(end of input)"
  has "The round is abandoned"
  has "rounds 2, hands 2"
  play '' --seed 35
  has "(end of input)"
  has "rounds 0, hands 0"
  ;;
interrupt)
  # Ctrl-C while the session waits for a move: the session summary, as at the
  # end of input, then exit 130. The input is a FIFO held open, so the read waits.
  mkfifo input
  "$cardsim" play --seed 35 <input >out.txt 2>err.txt &
  pid=$!
  exec 3>input
  wait_until grep -q "Your move?" out.txt || fail "no prompt"
  stop_with INT $pid
  exec 3>&-
  has "(interrupted)"
  has "The round is abandoned"
  has "Session summary"
  has "rounds 0, hands 0"
  grep -q "^error: interrupted: the session ended with its summary$" err.txt || fail "stderr: $(cat err.txt)"
  ;;
coach)
  play 'p\nd\nh\ns\nq\n' --seed 35 --coach
  has "coach: strategy basic"
  has "coach: pair of 3s against a 4: split is right"
  has "coach: hard 8 against a 4: mistake: the strategy says hit, you chose double; it costs 0.096 bets (0.96 chips) in expected value"
  has "coach: hard 10 against a 4: mistake: the strategy says double, you chose hit; it costs 0.239 bets (2.39 chips)"
  has "coach: hard 20 against a 4: stand is right"
  has "round 1, hard 8 against a 4: double instead of hit, cost 0.096 bets (0.96 chips)"
  has "expected cost of the mistakes: 0.335 initial bets (3.35 chips)"
  # Insurance against an ace, surrender, the peek.
  play 'i\nr\nq\n' --seed 30 --coach --surrender late
  has "Insurance (5) against the ace? [i] insurance  [n] no > i"
  has "the strategy says decline insurance, you chose insure"
  has "The dealer checks the hole card: no blackjack."
  has "surrendered -5"
  has "Insurance: -5"
  has "Round 1: -10   bankroll 990"
  ;;
wrap)
  # Wrapped at blanks to $COLUMNS (40 and 80), never inside a word: the
  # words of the unwrapped session, in order.
  session='p\nd\nh\ns\n\ni\nr\nq\n'
  play "$session" --seed 35 --coach --surrender late && mv out.txt wide.txt
  for columns in 40 80; do
    COLUMNS=$columns play "$session" --seed 35 --coach --surrender late
    check_wrapped out.txt "$columns" wide.txt
  done
  ;;
plain)
  # Piped: no escape codes, cards on one line; ASCII suits without a UTF-8 locale.
  play 's\nq\n' --seed 35
  ! grep -q $'\033' out.txt || fail "escape codes in piped output"
  LANG=C play 's\nq\n' --seed 35
  has "  You:          3h 3s  6"
  hasnt "♠"
  play 's\nq\n' --seed 35 --ascii
  has "3h 3s"
  play 's\nq\n' --seed 35 --cards box --ascii
  has "+-----++-----+"
  has "|  h  ||  s  |"
  has "|#####|"
  ;;
terminal)
  # On a terminal: colors unless NO_COLOR; card boxes. Needs script(1).
  command -v script >/dev/null && script -qec true /dev/null >/dev/null 2>&1 || { echo "no script(1) or no pty: skipped"; exit 0; }
  printf 's\nq\n' | script -qec "$cardsim play --seed 35" /dev/null >out.txt 2>&1
  grep -q $'\033\\[31m' out.txt || fail "no red suits on a terminal"
  has "┌─────┐"
  printf 's\nq\n' | NO_COLOR=1 script -qec "$cardsim play --seed 35" /dev/null >out.txt 2>&1
  ! grep -q $'\033\\[3' out.txt || fail "colors despite NO_COLOR"
  has "┌─────┐"
  ;;
rules)
  # The config flags of sim: no hole card, two seats, 6:5.
  play 's\ns\nq\n' --seed 35 --hole-card enhc --seats 2 --blackjack-pays 6:5 --bet 5
  has "6 decks, S17, DAS, ENHC, blackjack pays 6:5, 2 seats"
  has "  Dealer:       3♠   shows 3, no hole card"
  has "Seat 1:"
  has "Seat 2:"
  has "bet 10"
  ;;
bad-input)
  printf 'q\n' | "$cardsim" play --bet 0 >out.txt 2>err.txt
  [[ $? -eq 2 ]] || fail "--bet 0 is not a usage error"
  printf 'q\n' | "$cardsim" play --bankroll 5 --bet 10 >out.txt 2>err.txt
  [[ $? -eq 1 ]] || fail "--bankroll below the bet is not an error"
  grep -q "^error: --bankroll 5 does not cover" err.txt || fail "bad error: $(cat err.txt)"
  printf 'q\n' | "$cardsim" play --cards fancy >out.txt 2>err.txt
  [[ $? -eq 2 ]] || fail "--cards fancy is not a usage error"
  "$cardsim" play --help >play-help.txt || fail "play --help exits non-zero"
  grep -q -- "--coach" play-help.txt || fail "--help lists no --coach"
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok [$case_name]"
