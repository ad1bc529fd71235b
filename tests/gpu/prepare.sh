#!/usr/bin/env bash
# Builds, on a machine without a GPU, everything tests/gpu/run.sh runs on one, into
# target/gpu-check/ (well under the 64 MiB a device run may carry):
#   examples/NAME         the five examples under examples/, built with plain `cargo build`
#                         for sm_90 (saxpy for the default architectures), stripped;
#   corpus/CASE/MODE/{ref,ours}
#                         every program of the corpus built by the real nvcc with cudafe++
#                         and with our `cudafe` in its place (whole-program and -rdc=true),
#                         as `cargo test -p cudafe-core --test nvcc_corpus` leaves them
#                         (run that first; this script runs it when nothing is there);
#   lib/libcudart.so.13   the toolkit's runtime, which every program links.
# Then on the GPU machine: tests/gpu/run.sh target/gpu-check OUT_DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
# `toolkit install` prints the root of the CUDA 13.0 toolkit it installed (or found).
tk=$(cargo run --quiet -p cargo-cuda -- cuda toolkit install 2>/dev/null | tail -1)
echo "toolkit: $tk"
out=$root/target/gpu-check
rm -rf "$out"
mkdir -p "$out/examples" "$out/corpus" "$out/lib"
cp -L "$tk/lib/libcudart.so.13" "$out/lib/"

for ex in saxpy template_kernels managed_memory rdc_multi_file ptx_runtime; do
    arch=90
    [ "$ex" = saxpy ] && arch=""   # the default architectures
    echo "building examples/$ex"
    CUDA_HOME=$tk CUDAARCHS=$arch CARGO_TARGET_DIR=$root/target/gpu-check-build \
        cargo build --quiet --release --manifest-path "examples/$ex/Cargo.toml"
    strip -o "$out/examples/$ex" "$root/target/gpu-check-build/release/$ex"
done

corpus=$root/target/difftest/nvcc-corpus
if [ ! -d "$corpus" ]; then
    cargo test --release -p cudafe-core --test nvcc_corpus
fi
n=0
for d in "$corpus"/*/*/; do
    case_mode=${d#"$corpus"/}
    case_mode=${case_mode%/}
    [ -x "$d/ref/program" ] && [ -x "$d/ours/program" ] || continue
    mkdir -p "$out/corpus/$case_mode"
    strip -o "$out/corpus/$case_mode/ref" "$d/ref/program"
    strip -o "$out/corpus/$case_mode/ours" "$d/ours/program"
    n=$((n + 1))
done
echo "$n corpus programs (each built twice)"
du -sh "$out"
