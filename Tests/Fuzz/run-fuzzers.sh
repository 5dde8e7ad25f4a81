#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer and runs each for N seconds.
#
#   Tests/Fuzz/run-fuzzers.sh [SECONDS] [TARGET[:SECONDS]...]     (default: 60 s, every target)
#
# Targets: FuzzGPXReader, FuzzValueParsers, FuzzScenarioFile, FuzzAppScript, FuzzMatrixFile,
# FuzzPluginConfig, FuzzInfoPlist, FuzzCSVRecording, FuzzMetricKitPayload, FuzzListOptions,
# FuzzMatrixWorker (see Docs/Fuzzing.md); TARGET:SECONDS gives one target its own time.
# Before fuzzing, each target replays its regression inputs (Tests/Fuzz/Regressions/<target>).
# Seeds: the real-world files in ../shared/corpus/gpx (for the reader, with control bytes put in
# front), plus Tests/Fuzz/Seeds. The growing corpus and any findings go to .build-fuzz/fuzz/.
# Prints executions and findings per target; exits 1 if any target found a crash, hang or leak.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
shift || true
requested=("$@")
[ ${#requested[@]} -gt 0 ] || requested=(FuzzGPXReader FuzzValueParsers FuzzScenarioFile FuzzAppScript FuzzMatrixFile
    FuzzPluginConfig FuzzInfoPlist FuzzCSVRecording FuzzMetricKitPayload FuzzListOptions FuzzMatrixWorker)
targets=()
declare -A target_seconds
for entry in "${requested[@]}"; do
    target=${entry%%:*}
    targets+=("$target")
    if [ "$entry" != "$target" ]; then target_seconds[$target]=${entry#*:}; else target_seconds[$target]=$seconds; fi
done
fuzz_dir=Tests/Fuzz
scratch=.build-fuzz
work=$scratch/fuzz
shared_corpus=../shared/corpus/gpx

# libFuzzer and ASan report crashes themselves; the Swift runtime's backtracer would only slow
# them down (and can outlive the process while holding its output open).
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
# LeakSanitizer cannot follow the boxes of an indirect enum held by a static (their pointers
# carry tag bits), so the one-time build of a static script (the navigation app's, which every
# matrix run without `app:` resolves to) reads as a leak at exit; Tests/Fuzz/lsan.supp names it.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Tests/Fuzz/lsan.supp:print_suppressions=0}

# Not `--sanitize fuzzer --sanitize address`: swiftc keeps only the LAST -sanitize= flag it is
# given, and SwiftPM passes the two in no fixed order, so one of the two instrumentations was
# silently missing (no coverage: blind fuzzing; or no ASan). `--sanitize fuzzer` makes SwiftPM link
# the libFuzzer way; the combined -sanitize=fuzzer,address after it is what swiftc then uses.
flags=(-c release --scratch-path "$scratch" --sanitize fuzzer
       -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address -Xswiftc -DFUZZING)
echo "== fuzz build (-c release, -sanitize=fuzzer,address, -DFUZZING) into $scratch"
start=$(date +%s)
for target in "${targets[@]}"; do
    set +e
    swift build "${flags[@]}" --product "$target" 2>&1 | grep -vE "ld.gold: warning: Cannot export local symbol"
    built=${PIPESTATUS[0]}
    set -e
    [ "$built" -eq 0 ] || { echo "FAIL: the fuzz build of $target failed" >&2; exit 2; }
done
bin=$(swift build "${flags[@]}" --show-bin-path)
echo "fuzz build took $(( $(date +%s) - start )) s"
for target in "${targets[@]}"; do
    # Both instrumentations must be there (see above).
    sancov=$(readelf -S "$bin/$target" | grep -c __sancov_cntrs || true)
    asan=$(nm "$bin/$target" | grep -c __asan_report_load || true)
    if [ "$sancov" -eq 0 ] || [ "$asan" -eq 0 ]; then
        echo "FAIL: $target lacks coverage or ASan instrumentation" >&2; exit 2
    fi
done

# Seeds for the reader: each corpus file (its first 12 KiB) behind two control bytes, cycling
# through the four APIs, strict and lenient, and assorted chunk sizes.
gpx_seeds=$work/seeds/FuzzGPXReader
rm -rf "$gpx_seeds"
mkdir -p "$gpx_seeds"
if [ -d "$shared_corpus" ]; then
    index=0
    for file in "$shared_corpus"/*.gpx "$shared_corpus"/*.xml; do
        [ -f "$file" ] || continue
        base=$(basename "$file")
        for lenient in 0 1; do
            flags=$(( (index % 4) * 2 + lenient ))
            chunk=$(( (index * 37 + lenient * 101) % 256 ))
            { printf "\\x$(printf %02x $flags)\\x$(printf %02x $chunk)"; head -c 12288 "$file"; } > "$gpx_seeds/$base.$lenient"
        done
        index=$((index + 1))
    done
    echo "reader seeds: $(ls "$gpx_seeds" | wc -l) from $shared_corpus"
else
    echo "note: $shared_corpus is missing; the reader starts from the regression inputs only"
fi

status=0
summary=()
for target in "${targets[@]}"; do
    extra=()
    case $target in
        FuzzGPXReader) seeds=$gpx_seeds; dict=$fuzz_dir/gpx.dict; regressions=$fuzz_dir/Regressions/gpx-reader; max_len=16384 ;;
        FuzzValueParsers) seeds=$fuzz_dir/Seeds/values; dict=$fuzz_dir/values.dict; regressions=$fuzz_dir/Regressions/value-parsers; max_len=2048 ;;
        FuzzScenarioFile) seeds=$fuzz_dir/Seeds/scenario; dict=$fuzz_dir/scenario.dict; regressions=$fuzz_dir/Regressions/scenario-file; max_len=4096 ;;
        FuzzAppScript) seeds=$fuzz_dir/Seeds/app-script; dict=$fuzz_dir/scenario.dict; regressions=$fuzz_dir/Regressions/app-script; max_len=4096 ;;
        FuzzMatrixFile) seeds=$fuzz_dir/Seeds/matrix; dict=$fuzz_dir/matrix.dict; regressions=$fuzz_dir/Regressions/matrix-file; max_len=4096 ;;
        FuzzPluginConfig) seeds=$fuzz_dir/Seeds/plugin-config; dict=$fuzz_dir/plugin.dict; regressions=$fuzz_dir/Regressions/plugin-config; max_len=4096 ;;
        # Foundation leaks a CFError on every plist it cannot decode (lsan.supp): libFuzzer's leak
        # check after each such input stopped the world (37 executions/s); leaks are still checked at exit.
        FuzzInfoPlist) seeds=$fuzz_dir/Seeds/info-plist; dict=$fuzz_dir/plist.dict; regressions=$fuzz_dir/Regressions/info-plist; max_len=8192
            extra=(-detect_leaks=0) ;;
        FuzzCSVRecording) seeds=$fuzz_dir/Seeds/csv-recording; dict=$fuzz_dir/csv.dict; regressions=$fuzz_dir/Regressions/csv-recording; max_len=4096 ;;
        FuzzMetricKitPayload) seeds=$fuzz_dir/Seeds/metrickit-payload; dict=$fuzz_dir/metrickit.dict; regressions=$fuzz_dir/Regressions/metrickit-payload; max_len=8192 ;;
        FuzzListOptions) seeds=$fuzz_dir/Seeds/list-options; dict=$fuzz_dir/options.dict; regressions=$fuzz_dir/Regressions/list-options; max_len=256 ;;
        FuzzMatrixWorker) seeds=$fuzz_dir/Seeds/matrix-worker; dict=$fuzz_dir/worker.dict; regressions=$fuzz_dir/Regressions/matrix-worker; max_len=32768 ;;
        *) echo "unknown target $target" >&2; exit 64 ;;
    esac
    corpus=$work/corpus/$target
    findings=$work/findings/$target
    mkdir -p "$corpus" "$findings" "$regressions"
    log=$work/$target.log

    echo
    echo "== $target: regression inputs"
    # -runs=0 with directories replays every input once (no fuzzing).
    if ! "$bin/$target" -runs=0 -timeout=10 "$regressions" > "$log.replay" 2>&1; then
        tail -n 40 "$log.replay"
        echo "FAIL: $target fails on a regression input" >&2
        status=1
        summary+=("$target: FAILS on a regression input")
        continue
    fi
    echo "$(ls "$regressions" | wc -l) regression inputs pass"

    target_time=${target_seconds[$target]}
    echo "== $target: fuzzing for $target_time s"
    set +e
    "$bin/$target" -max_total_time="$target_time" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" "${extra[@]}" \
        -dict="$dict" -artifact_prefix="$findings/" -print_final_stats=1 -print_pcs=0 \
        "$corpus" "$seeds" "$regressions" > "$log" 2>&1
    result=$?
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)
    found=$(find "$findings" -type f -newer "$log.replay" | sort)
    if [ $result -ne 0 ] || [ -n "$found" ]; then
        grep -E "FUZZ CHECK FAILED|ERROR: |SUMMARY: |Test unit written|ALARM: working on the last Unit" "$log" | head -n 20
        echo "FINDING in $target (libFuzzer exit $result): ${found:-see $log}" >&2
        summary+=("$target: ${runs:-?} executions, ${rate:-?}/s, ${coverage:-?}; FINDING: ${found:-exit $result}")
        status=1
    else
        summary+=("$target: ${runs:-?} executions, ${rate:-?}/s, ${coverage:-?}, corpus $(ls "$corpus" | wc -l) inputs; no findings")
    fi
done

echo
echo "== fuzzing summary (s per target: $(for t in "${targets[@]}"; do printf '%s=%s ' "$t" "${target_seconds[$t]}"; done))"
printf '%s\n' "${summary[@]}"
exit $status
