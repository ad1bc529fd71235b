#!/usr/bin/env bash
# Runs on a GPU machine what tests/gpu/prepare.sh built: DIR=target/gpu-check.
#   - each example must exit 0 and say its numbers are right (they check them in Rust);
#   - each corpus program built with our `cudafe` must behave exactly as the one built
#     with cudafe++: same exit status, same stdout (device printf included), same stderr.
# Writes OUT/summary.txt and OUT/<name>.{out,err} for everything that failed.
# Usage: tests/gpu/run.sh DIR OUT [JOBS]
set -uo pipefail
dir=$(cd "$1" && pwd)
out=$2
jobs=${3:-8}
mkdir -p "$out"
export LD_LIBRARY_PATH=$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
summary=$out/summary.txt
: >"$summary"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader >>"$summary" 2>&1 ||
    echo "nvidia-smi failed" >>"$summary"

fail=0
for ex in "$dir"/examples/*; do
    name=$(basename "$ex")
    timeout 120 "$ex" >"$out/example-$name.out" 2>"$out/example-$name.err"
    rc=$?
    if [ $rc -eq 0 ] && ! grep -q "cudart-trace" "$out/example-$name.out"; then
        echo "ok      example $name: $(tail -1 "$out/example-$name.out")" >>"$summary"
        rm -f "$out/example-$name.err"
    else
        echo "FAILED  example $name (exit $rc): $(head -c 300 "$out/example-$name.err")" >>"$summary"
        fail=1
    fi
done

# One corpus case and mode: run both builds, compare.
one() {
    local d=$1 out=$2 name
    name=$(echo "${d#"$3"/corpus/}" | tr / :)
    local t=$out/tmp-$$-$RANDOM
    mkdir -p "$t"
    (cd "$t" && timeout 60 "$d/ref" >ref.out 2>ref.err; echo $? >ref.rc)
    (cd "$t" && timeout 60 "$d/ours" >ours.out 2>ours.err; echo $? >ours.rc)
    if cmp -s "$t/ref.out" "$t/ours.out" && cmp -s "$t/ref.err" "$t/ours.err" &&
        cmp -s "$t/ref.rc" "$t/ours.rc"; then
        echo "ok      $name (exit $(cat "$t/ref.rc"))"
    else
        echo "DIFFERS $name (exit $(cat "$t/ref.rc") vs $(cat "$t/ours.rc"))"
        mkdir -p "$out/differs/${name//:/__}"
        cp "$t"/* "$out/differs/${name//:/__}/"
    fi
    rm -rf "$t"
}
export -f one
find "$dir/corpus" -name ours -type f -printf '%h\n' | sort |
    xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} "$out" "$dir" >"$out/corpus.txt"
sort -o "$out/corpus.txt" "$out/corpus.txt"
same=$(grep -c '^ok' "$out/corpus.txt")
differ=$(grep -c '^DIFFERS' "$out/corpus.txt")
nonzero=$(grep -c '^ok .*(exit [1-9]' "$out/corpus.txt")
echo "corpus: $same programs behave the same ($nonzero of them exit non-zero in both builds), $differ differ" >>"$summary"
grep '^DIFFERS' "$out/corpus.txt" >>"$summary"
[ "$differ" -eq 0 ] || fail=1
cat "$summary"
exit $fail
