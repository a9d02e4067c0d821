# tap.sh — tiny TAP helpers for the shell tests (sourced, not run).
#   ok_if "what" command...      passes when the command succeeds
#   expect_fail "what" command... passes when the command fails (non-zero)
#   contains "what" "$text" "needle"
T_N=0
ok_if() {
    what=$1; shift
    T_N=$((T_N + 1))
    if "$@" >/dev/null 2>&1; then echo "ok $T_N - $what"; else echo "not ok $T_N - $what"; fi
}
expect_fail() {
    what=$1; shift
    T_N=$((T_N + 1))
    if "$@" >/dev/null 2>&1; then echo "not ok $T_N - $what"; else echo "ok $T_N - $what"; fi
}
contains() {
    T_N=$((T_N + 1))
    case "$2" in
        *"$3"*) echo "ok $T_N - $1" ;;
        *) echo "not ok $T_N - $1"; echo "# expected to find: $3"; echo "# in: $(printf '%s' "$2" | head -c 600)" ;;
    esac
}
