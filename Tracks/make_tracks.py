#!/usr/bin/env python3
"""Writes the sample tracks in this folder. Deterministic: the same script gives the same bytes.

    python3 Tracks/make_tracks.py

Each track is a GPX 1.1 file recorded at 1 Hz along a polyline, with a speed profile that
stands for a situation a navigation app meets (see README.md in this folder).
"""
import math, os
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
EARTH = 6371008.8


def move(lat, lon, bearing_deg, metres):
    """Destination on a sphere: good enough for a synthetic track."""
    b = math.radians(bearing_deg)
    d = metres / EARTH
    p1, l1 = math.radians(lat), math.radians(lon)
    p2 = math.asin(math.sin(p1) * math.cos(d) + math.cos(p1) * math.sin(d) * math.cos(b))
    l2 = l1 + math.atan2(math.sin(b) * math.sin(d) * math.cos(p1), math.cos(d) - math.sin(p1) * math.sin(p2))
    return math.degrees(p2), math.degrees(l2)


def drive(start, legs, start_time, elevation):
    """legs: (bearing, metres, cruise m/s, stop seconds at the end). Returns 1 Hz points."""
    lat, lon = start
    t = start_time
    points = [(lat, lon, elevation, t)]
    for bearing, metres, cruise, stop in legs:
        done = 0.0
        speed = 0.0
        while done < metres:
            remaining = metres - done
            braking = speed * speed / (2 * 2.0)
            speed = max(1.0, speed - 2.0) if stop and remaining <= braking + 1 else min(cruise, speed + 1.5)
            step = min(speed, remaining)
            lat, lon = move(lat, lon, bearing, step)
            done += step
            t += timedelta(seconds=1)
            points.append((lat, lon, elevation, t))
        for _ in range(stop):
            t += timedelta(seconds=1)
            points.append((lat, lon, elevation, t))
    return points


def write(name, title, points, kind):
    with open(os.path.join(HERE, name), "w", newline="\n") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="KeepAliveSim Tracks/make_tracks.py">\n')
        f.write(f'  <metadata><name>{title}</name><time>{points[0][3].strftime("%Y-%m-%dT%H:%M:%SZ")}</time></metadata>\n')
        f.write(f'  <trk>\n    <name>{title}</name>\n    <type>{kind}</type>\n    <trkseg>\n')
        for lat, lon, ele, t in points:
            f.write(f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele>'
                    f'<time>{t.strftime("%Y-%m-%dT%H:%M:%SZ")}</time></trkpt>\n')
        f.write('    </trkseg>\n  </trk>\n</gpx>\n')


def city_commute():
    # Zurich, Monday morning: six blocks, four red lights (45-150 s), one long one.
    legs = [(90, 420, 13.9, 45), (10, 650, 13.9, 90), (95, 380, 11.1, 0), (100, 900, 13.9, 150),
            (180, 300, 8.3, 30), (120, 1200, 13.9, 60), (60, 500, 13.9, 0)]
    start = datetime(2024, 5, 6, 7, 30, 0, tzinfo=timezone.utc)
    write("city-commute.gpx", "City commute with traffic lights",
          drive((47.3779, 8.5403), legs, start, 410.0), "driving")


if __name__ == "__main__":
    city_commute()
