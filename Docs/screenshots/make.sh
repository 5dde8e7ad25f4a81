#!/bin/sh
# Regenerates the screenshots of Docs/GettingStarted.md ("Look at it") and Docs/CLI.md
# ("compare"): the SVG and the HTML report of five replays and a comparison, rendered by
# headless Chromium (Debian: apt-get install chromium).
# Not run by CI. Usage, from the package root: Docs/screenshots/make.sh
set -eu
cd "$(dirname "$0")/../.."
swift build --product keepalive >/dev/null
bin="$(swift build --show-bin-path)/keepalive"
out=Docs/screenshots
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name, the subcommand, then its arguments (the exit status is the answer: 1 or 2 is expected here).
shoot() {
    name=$1
    command=$2
    shift 2
    # Reports written here, then moved: the HTML shows its command line as given.
    "$bin" "$command" "$@" --report "$name.svg" >/dev/null || true
    "$bin" "$command" "$@" --report "$name.html" >/dev/null || true
    mv "$name.svg" "$name.html" "$work/"
    # The SVG at its own height; the HTML's first screen (its header, settings and goal tables).
    height=$(sed -n 's/^<svg [^>]* height="\([0-9]*\).*/\1/p' "$work/$name.svg" | head -n 1)
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,"$height" \
        --screenshot="$work/$name-svg.png" "file://$work/$name.svg" 2>/dev/null
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,1000 \
        --screenshot="$work/$name-html.png" "file://$work/$name.html" 2>/dev/null
    # Fewer colours, far fewer bytes (when pngquant is there).
    for png in "$work/$name-svg.png" "$work/$name-html.png"; do
        if command -v pngquant >/dev/null; then pngquant --force --quality 60-85 --output "$out/$(basename "$png")" "$png"; else cp "$png" "$out/"; fi
    done
}

shoot filter-50 replay Tracks/city-commute.gpx --distance-filter 50 --seed 3
shoot geofence-monitor replay Tracks/walk-with-cafe-stop.gpx --scenario Tracks/Scenarios/geofence-monitor.yaml --profile ios17
shoot no-background-location replay Tracks/city-commute.gpx --no-background-location
shoot cafe-geofence-ios26 replay Tracks/walk-with-cafe-stop.gpx --scenario Tracks/Scenarios/cafe-geofence.yaml --profile ios26
shoot low-power-tracker replay Tracks/walk-with-cafe-stop.gpx --scenario Tracks/Scenarios/low-power-tracker.yaml
shoot compare-cells compare Tracks/compare/trip.gpx --device Tracks/compare/device-recording.csv \
    --profiles ios13,ios17 --conditions normal,low-power,restart-mid-trip,memory-pressure
ls -l "$out"/*.png
