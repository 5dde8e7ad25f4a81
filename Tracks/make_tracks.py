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


def jitter(index, metres):
    """A deterministic wobble of about `metres`, as a parked receiver shows."""
    return metres * math.sin(index * 1.7), metres * math.cos(index * 2.3)


def write(name, title, points, kind, segments=None):
    with open(os.path.join(HERE, name), "w", newline="\n") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="KeepAliveSim Tracks/make_tracks.py">\n')
        f.write(f'  <metadata><name>{title}</name><time>{points[0][3].strftime("%Y-%m-%dT%H:%M:%SZ")}</time></metadata>\n')
        f.write(f'  <trk>\n    <name>{title}</name>\n    <type>{kind}</type>\n')
        for segment in segments or [points]:
            f.write('    <trkseg>\n')
            for lat, lon, ele, t in segment:
                f.write(f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele>'
                        f'<time>{t.strftime("%Y-%m-%dT%H:%M:%SZ")}</time></trkpt>\n')
            f.write('    </trkseg>\n')
        f.write('  </trk>\n</gpx>\n')


def city_commute():
    # Zurich, Monday morning: six blocks, four red lights (45-150 s), one long one.
    legs = [(90, 420, 13.9, 45), (10, 650, 13.9, 90), (95, 380, 11.1, 0), (100, 900, 13.9, 150),
            (180, 300, 8.3, 30), (120, 1200, 13.9, 60), (60, 500, 13.9, 0)]
    start = datetime(2024, 5, 6, 7, 30, 0, tzinfo=timezone.utc)
    write("city-commute.gpx", "City commute with traffic lights",
          drive((47.3779, 8.5403), legs, start, 410.0), "driving")


def highway_tunnel():
    # A motorway at 110 km/h for 20 minutes; the Gotthard-like tunnel from 10:00 to 12:00 loses the signal.
    start = datetime(2024, 7, 13, 9, 0, 0, tzinfo=timezone.utc)
    points = drive((46.8, 8.6), [(175, 36700, 30.6, 0)], start, 1100.0)[:1201]
    before = [p for p in points if (p[3] - start).total_seconds() < 600]
    after = [p for p in points if (p[3] - start).total_seconds() > 720]
    write("highway-tunnel.gpx", "Highway with a tunnel", points, "driving", segments=[before, after])


def walk_with_cafe_stop():
    # 15 minutes' walk, 20 minutes in a café (the receiver wobbles a few metres), 15 minutes' walk.
    start = datetime(2024, 9, 21, 14, 0, 0, tzinfo=timezone.utc)
    out = drive((48.8566, 2.3522), [(60, 1260, 1.4, 0)], start, 35.0)
    lat, lon, ele, t = out[-1]
    cafe = []
    for second in range(1, 1201):
        north, east = jitter(second / 90, 3.0)  # a slow drift, as a receiver indoors shows
        cafe.append((lat + north / 111_132, lon + east / 73_300, ele, t + timedelta(seconds=second)))
    back = drive((lat, lon), [(170, 630, 1.4, 0), (250, 630, 1.4, 0)], cafe[-1][3], 35.0)[1:]
    write("walk-with-cafe-stop.gpx", "Walk with a café stop", out + cafe + back, "walking")


def parked_car():
    # Two hours parked: a fix a minute, wobbling a few metres.
    start = datetime(2024, 3, 2, 18, 0, 0, tzinfo=timezone.utc)
    points = []
    for minute in range(121):
        north, east = jitter(minute / 7, 4.0)
        points.append((52.5200 + north / 111_132, 13.4050 + east / 67_800, 34.0, start + timedelta(minutes=minute)))
    write("parked-car.gpx", "Parked car", points, "driving")


def xcode_waypoints():
    # Xcode's simulated-location format: waypoints with times, here a 5-minute bike ride, one every 15 s.
    start = datetime(2024, 6, 1, 8, 0, 0, tzinfo=timezone.utc)
    ride = drive((37.3349, -122.0090), [(0, 900, 5.5, 0), (90, 800, 5.5, 0)], start, 60.0)
    with open(os.path.join(HERE, "xcode-waypoints.gpx"), "w", newline="\n") as f:
        f.write('<?xml version="1.0"?>\n<gpx version="1.1" creator="Xcode">\n')
        for lat, lon, _, t in ride[::15]:
            f.write(f'    <wpt lat="{lat:.6f}" lon="{lon:.6f}">\n        <time>{t.strftime("%Y-%m-%dT%H:%M:%SZ")}</time>\n    </wpt>\n')
        f.write('</gpx>\n')


def untimed_route():
    # A planned route, no times: replay it with --speed.
    lat, lon = 45.4642, 9.1900
    points = []
    for index in range(41):
        points.append((lat, lon))
        lat, lon = move(lat, lon, 30 + 60 * math.sin(index / 6), 250)
    with open(os.path.join(HERE, "untimed-route.gpx"), "w", newline="\n") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="KeepAliveSim Tracks/make_tracks.py">\n')
        f.write('  <rte>\n    <name>Planned route, no times</name>\n')
        for lat, lon in points:
            f.write(f'    <rtept lat="{lat:.7f}" lon="{lon:.7f}"/>\n')
        f.write('  </rte>\n</gpx>\n')


if __name__ == "__main__":
    city_commute()
    highway_tunnel()
    walk_with_cafe_stop()
    parked_car()
    xcode_waypoints()
    untimed_route()
