#!/bin/sh
# Regenerates the screenshots of Docs/GettingStarted.md ("Look at it"): the SVG and the HTML
# report of three runs, rendered by headless Chromium (Debian: apt-get install chromium).
# Not run by CI. Usage, from the package root: Docs/screenshots/make.sh
set -eu
cd "$(dirname "$0")/../.."
swift build --product keepalive >/dev/null
bin="$(swift build --show-bin-path)/keepalive"
out=Docs/screenshots
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name, then the replay's arguments (the exit status is the goal's answer: 1 is expected here).
shoot() {
    name=$1
    shift
    # Reports written here, then moved: the HTML shows its command line as given.
    "$bin" replay "$@" --report "$name.svg" >/dev/null || true
    "$bin" replay "$@" --report "$name.html" >/dev/null || true
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

shoot filter-50 Tracks/city-commute.gpx --distance-filter 50 --seed 3
shoot geofence-monitor Tracks/walk-with-cafe-stop.gpx --scenario Tracks/Scenarios/geofence-monitor.yaml --profile ios17
shoot no-background-location Tracks/city-commute.gpx --no-background-location
shoot cafe-geofence-ios26 Tracks/walk-with-cafe-stop.gpx --scenario Tracks/Scenarios/cafe-geofence.yaml --profile ios26
ls -l "$out"/*.png
