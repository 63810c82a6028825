#!/bin/sh
# sudokit serve with a real client: start it on a free loopback port, ask it
# with curl, check the answers against `sudokit solve`, stop it with SIGTERM
# and check it exits 0. Usage: curl_test.sh SUDOKIT
set -eu
sudokit=$1
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
printf 'tok-%s\n' "$$" >"$dir/token"
"$sudokit" serve --port 0 --token-file "$dir/token" >"$dir/out" 2>"$dir/log" &
pid=$!
i=0
until grep -q listening "$dir/out" 2>/dev/null; do i=$((i+1)); [ $i -lt 100 ] || { echo "no listening line"; exit 1; }; sleep 0.1; done
port=$(sed -n 's/.*:\([0-9]*\).*/\1/p' "$dir/out" | head -1)
url=http://127.0.0.1:$port
puzzle=000000010400000000020000000000050407008000300001090000300400200050100000000806000
fail() { echo "FAIL: $*"; cat "$dir/log"; exit 1; }
code=$(curl -s -o "$dir/h" -w '%{http_code}' "$url/healthz"); [ "$code" = 200 ] || fail "healthz $code"
code=$(curl -s -o "$dir/s" -w '%{http_code}' -X POST -d "{\"puzzle\":\"$puzzle\"}" "$url/solve"); [ "$code" = 401 ] || fail "no token $code"
code=$(curl -s -o "$dir/s" -w '%{http_code}' -H "Authorization: Bearer $(cat "$dir/token")" -X POST -d "{\"puzzle\":\"$puzzle\"}" "$url/solve")
[ "$code" = 200 ] || fail "solve $code"
want=$(echo "$puzzle" | "$sudokit" solve)
got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solution"])' "$dir/s")
[ "$got" = "$want" ] || fail "solution $got != $want"
code=$(curl -s -o "$dir/e" -w '%{http_code}' "$url/nope"); [ "$code" = 404 ] || fail "404: $code"
code=$(curl -s -o "$dir/e" -w '%{http_code}' "$url/hint"); [ "$code" = 405 ] || fail "405: $code"
head -c 70000 /dev/zero | tr '\0' ' ' >"$dir/big"
code=$(curl -s -o "$dir/e" -w '%{http_code}' -H "Authorization: Bearer $(cat "$dir/token")" -X POST --data-binary @"$dir/big" "$url/solve")
[ "$code" = 413 ] || fail "413: $code"
curl -s "$url/metrics" | grep -q '^sudokit_requests_total ' || fail metrics
if grep -q "$(cat "$dir/token")" "$dir/log" "$dir/out"; then fail "token in the log"; fi
kill -TERM "$pid"
wait "$pid" || fail "exit status $? after SIGTERM"
echo ok
