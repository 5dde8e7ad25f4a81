#!/usr/bin/env python3
"""Derives the expected values of CorpusConformanceTests independently of the Swift reader.

Counts and first points come from Python's ElementTree (namespace-aware: GPX 1.0, 1.1 or no
namespace), times from a separate ISO 8601 reading, distances from geographiclib (Karney's exact
WGS-84 geodesics). Run once when the corpus changes and paste its output into the test:

    pip install geographiclib
    python3 Tests/Tools/corpus_expectations.py ../shared/corpus/gpx
"""
import glob, os, re, sys, calendar
import xml.etree.ElementTree as ET
from geographiclib.geodesic import Geodesic

GPX = {"http://www.topografix.com/GPX/1/1", "http://www.topografix.com/GPX/1/0", ""}
TIME = re.compile(r"^(\d{4,})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(Z|z|[+-]\d\d(?::?\d\d)?)?$")

def local(el):
    m = re.match(r"\{(.*)\}(.*)", el.tag)
    return (m.group(1), m.group(2)) if m else ("", el.tag)

def children(el, name):
    return [c for c in el if local(c)[0] in GPX and local(c)[1] == name]

def instant(text):
    y, mo, d, h, mi, s, frac, zone = TIME.match(text.strip()).groups()
    days = (calendar.timegm((2000, int(mo), int(d), 0, 0, 0)) - calendar.timegm((2000, 1, 1, 0, 0, 0))) // 86400
    # Whole years counted by hand so that years like 1234 and 4096 work.
    y = int(y)
    leap = lambda n: n % 4 == 0 and (n % 100 != 0 or n % 400 == 0)
    year_days = sum(366 if leap(n) else 365 for n in range(1970, y)) if y >= 1970 else -sum(366 if leap(n) else 365 for n in range(y, 1970))
    if leap(y) and int(mo) > 2: days += 1
    if leap(2000) and int(mo) > 2: days -= 1
    seconds = (year_days + days) * 86400 + int(h) * 3600 + int(mi) * 60 + int(s)
    if zone and zone not in "Zz":
        sign = 1 if zone[0] == "+" else -1
        digits = zone[1:].replace(":", "")
        seconds -= sign * (int(digits[:2]) * 3600 + int(digits[2:4] or 0) * 60)
    nanos = int((frac or "0")[:9].ljust(9, "0"))
    return seconds, nanos

def iso(t):
    seconds, nanos = t
    days, rest = divmod(seconds, 86400)
    y, leap = 1970, lambda n: n % 4 == 0 and (n % 100 != 0 or n % 400 == 0)
    while days < 0:
        y -= 1; days += 366 if leap(y) else 365
    while days >= (366 if leap(y) else 365):
        days -= 366 if leap(y) else 365; y += 1
    months = [31, 29 if leap(y) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    m = 0
    while days >= months[m]:
        days -= months[m]; m += 1
    text = "%04d-%02d-%02dT%02d:%02d:%02d" % (y, m + 1, days + 1, rest // 3600, rest % 3600 // 60, rest % 60)
    if nanos:
        text += "." + ("%09d" % nanos).rstrip("0")
    return text + "Z"

def main(folder):
    for path in sorted(glob.glob(os.path.join(folder, "*.gpx"))):
        name = os.path.basename(path)
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue
        wpt = children(root, "wpt")
        rte = children(root, "rte")
        trk = children(root, "trk")
        segs = [s for t in trk for s in children(t, "trkseg")]
        pieces = [children(s, "trkpt") for s in segs]
        if not any(pieces):
            pieces = [children(r, "rtept") for r in rte]
        if not any(pieces):
            pieces = [wpt]
        points = [p for piece in pieces for p in piece]
        try:
            coords = [(float(p.get("lat")), float(p.get("lon"))) for p in points]
            if any(abs(la) > 90 or abs(lo) > 180 for la, lo in coords):
                continue
            times = [instant(t.text) for p in points for t in children(p, "time") if (t.text or "").strip()]
        except (AttributeError, TypeError, ValueError):
            continue  # files the reader refuses are listed by hand in the test
        distance = sum(Geodesic.WGS84.Inverse(a[0], a[1], b[0], b[1])["s12"]
                       for piece in pieces
                       for a, b in zip([(float(p.get("lat")), float(p.get("lon"))) for p in piece],
                                       [(float(p.get("lat")), float(p.get("lon"))) for p in piece][1:]))
        q = lambda s: "nil" if s is None else '"%s"' % s.replace('"', '\\"')
        first = points[0] if points else None
        print('        .init("%s", version: %s, creator: %s, waypoints: %d, routes: %d, routePoints: %d, tracks: %d, segments: %d, trackPoints: %d, timedPoints: %d, first: %s, start: %s, end: %s, distance: %.4f),' % (
            name, q(root.get("version") or {"http://www.topografix.com/GPX/1/1": "1.1", "http://www.topografix.com/GPX/1/0": "1.0"}.get(local(root)[0])),
            q(root.get("creator")), len(wpt), len(rte), sum(len(children(r, "rtept")) for r in rte), len(trk), len(segs),
            sum(len(children(s, "trkpt")) for s in segs), len(times),
            "(%s, %s)" % (first.get("lat"), first.get("lon")) if first is not None else "nil",
            q(iso(min(times))) if times else "nil", q(iso(max(times))) if times else "nil", distance))

main(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus/gpx")
