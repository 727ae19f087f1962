# lib.sh - sourced by the test scripts: expect() runs a command and checks
# its exit code and output; OUT must be set. Counts in NOK / NFAIL.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
NFAIL=0; NOK=0
fail() { echo "FAIL: $*" >&2; NFAIL=$((NFAIL+1)); }
# expect CODE PATTERN CMD... : run CMD, check exit code and that stderr+stdout matches PATTERN
expect() {
  code=$1; pat=$2; shift 2
  # error paths leave through exit(); leak checking is for successful runs
  if [ "$code" -eq 0 ]; then lk=1; else lk=0; fi
  ASAN_OPTIONS=detect_leaks=$lk:abort_on_error=0 "$@" >"$OUT/last.log" 2>&1; rc=$?
  if [ $rc -ne "$code" ]; then fail "exit $rc (want $code): $*"; sed 's/^/    /' "$OUT/last.log" >&2; return 1; fi
  if [ -n "$pat" ] && ! grep -q -- "$pat" "$OUT/last.log"; then fail "output lacks '$pat': $*"; sed 's/^/    /' "$OUT/last.log" >&2; return 1; fi
  if grep -q "runtime error\|AddressSanitizer\|LeakSanitizer" "$OUT/last.log"; then fail "sanitizer report: $*"; cat "$OUT/last.log" >&2; return 1; fi
  NOK=$((NOK+1)); return 0
}

