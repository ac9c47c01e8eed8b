import type { AlertOperator } from '@gearwatch/contracts';
import { ALERT_INTERVAL_MINUTES } from '@gearwatch/contracts';
import type { AlertDateInterval } from '@gearwatch/contracts';
import type { TimeZone } from '../time/time-zone.ts';
import { isoWeekday } from '../time/calendar.ts';
import { DAY_MS, MINUTE_MS } from '../time/calendar.ts';

/** `value operator argument`; exactly equal values breach only eq, gte, lte (so `gt 5` does not fire at 5). */
export function compare(value: number, operator: AlertOperator, argument: number): boolean {
  switch (operator) {
    case 'eq':
      return value === argument;
    case 'neq':
      return value !== argument;
    case 'gt':
      return value > argument;
    case 'gte':
      return value >= argument;
    case 'lt':
      return value < argument;
    case 'lte':
      return value <= argument;
  }
}

export interface TimeLimits {
  fromHour?: number;
  toHour?: number;
  workDays?: number[];
}

/**
 * Whether data at `instant` counts under the condition's hours and weekdays, in company time. Hours are
 * [fromHour, toHour); fromHour > toHour wraps past midnight (22 → 6); equal or absent hours mean the whole day. The
 * weekday is the local date's ISO weekday; absent or empty workDays mean every day.
 */
export function withinLimits(limits: TimeLimits, zone: TimeZone, instant: number): boolean {
  if (limits.workDays && limits.workDays.length > 0 && !limits.workDays.includes(isoWeekday(zone.dayOf(instant)))) return false;
  const from = limits.fromHour ?? 0;
  const to = limits.toHour ?? 24;
  if (from === to || (from === 0 && to === 24)) return true;
  const hour = Math.floor(zone.minuteOfDay(instant) / 60);
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

/** True when the condition limits hours or weekdays at all (the SQL filters only then). */
export function hasLimits(limits: TimeLimits): boolean {
  const from = limits.fromHour ?? 0;
  const to = limits.toHour ?? 24;
  return (limits.workDays?.length ?? 0) > 0 || !(from === to || (from === 0 && to === 24));
}

/**
 * The shortest time between two counted repeats of an open arrival alert: its date_interval. Day, week and month
 * are taken as 24 hours, 7 days and 30 days here: a repeat is a counter, not a calendar period.
 */
export function repeatEveryMs(interval: AlertDateInterval): number {
  const minutes = ALERT_INTERVAL_MINUTES[interval];
  if (minutes !== undefined) return minutes * MINUTE_MS;
  return interval === 'day' ? DAY_MS : interval === 'week' ? 7 * DAY_MS : 30 * DAY_MS;
}

/** Metres between two WGS84 points (haversine). */
function metres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A polygon as drawn on the map: [lon, lat] vertices (the last may repeat the first). */
export type Polygon = [number, number][];

function insidePolygon(polygon: Polygon, lat: number, lon: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Metres from a point to the polygon's boundary, on a local flat projection (areas of a few kilometres). */
function distanceToBoundary(polygon: Polygon, lat: number, lon: number): number {
  const kx = metres(lat, lon, lat, lon + 0.001) / 0.001;
  const ky = metres(lat, lon, lat + 0.001, lon) / 0.001;
  let best = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const ax = (polygon[j]![0] - lon) * kx;
    const ay = (polygon[j]![1] - lat) * ky;
    const bx = (polygon[i]![0] - lon) * kx;
    const by = (polygon[i]![1] - lat) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/**
 * Where a fix is relative to the area, its accuracy circle (radius = accuracy in metres, 0 when unknown) counted:
 * 'inside' when the whole circle is inside, 'outside' when the whole circle is outside, 'uncertain' when the circle
 * crosses (or touches) the boundary. 'leave' breaches only on 'outside' and 'enter' only on 'inside', so an
 * imprecise fix near the edge never fires either way; it clears neither (docs/alerts.md).
 */
export function placeOf(polygon: Polygon, lat: number, lon: number, accuracy: number | null): 'inside' | 'outside' | 'uncertain' {
  const inside = insidePolygon(polygon, lat, lon);
  const distance = distanceToBoundary(polygon, lat, lon);
  const radius = accuracy ?? 0;
  if (distance <= radius) return 'uncertain';
  return inside ? 'inside' : 'outside';
}
