// Where the demo forklifts drive: each company's yard as a rectangle in metres around a real place, with waypoints
// per area. A truck at work drives from waypoint to waypoint of its area; straight lines between points inside a
// rectangle stay inside it, so every position is within the yard.
import { hashUnit } from './random.ts';

export interface YardPoint {
  /** Metres east of the yard centre. */
  x: number;
  /** Metres north of the yard centre. */
  y: number;
  /** Inside a building: GPS fixes are poor there (larger accuracy radius). */
  indoor: boolean;
}

export interface Yard {
  place: string;
  lat: number;
  lon: number;
  /** The yard's extent in metres from the centre: x in [-halfWidth, halfWidth], y in [-halfHeight, halfHeight]. */
  halfWidth: number;
  halfHeight: number;
  /** Waypoints per area; a truck drives within the area its description names. */
  areas: Record<string, YardPoint[]>;
  /** Area of trucks whose description names none: electric trucks work indoors, diesel trucks outside. */
  defaultArea: { electric: string; diesel: string };
}

const p = (x: number, y: number, indoor = false): YardPoint => ({ x, y, indoor });

/**
 * Demo Factory: the Teofilów industrial district in north-west Łódź (ŁSSE zone), two warehouses either side of a
 * production hall, a storage yard to the south.
 */
const DEMO_FACTORY_YARD: Yard = {
  place: 'Łódź, Teofilów industrial district',
  lat: 51.7936,
  lon: 19.3862,
  halfWidth: 250,
  halfHeight: 200,
  areas: {
    'warehouse A': [p(-160, 40), p(-200, 90, true), p(-140, 110, true), p(-120, 10), p(-60, 60, true), p(40, -60)],
    'warehouse B': [p(150, 40), p(200, 100, true), p(130, 120, true), p(110, 0), p(70, 70, true), p(40, -60)],
    yard: [p(-80, -150), p(0, -170), p(-160, 40), p(150, 40), p(200, -120), p(120, -160), p(-220, -180)],
  },
  defaultArea: { electric: 'warehouse A', diesel: 'yard' },
};

/** Northwind Logistics: a riverside cross-dock terminal on Krasta iela, Riga, with a container yard behind it. */
const NORTHWIND_YARD: Yard = {
  place: 'Riga, Krasta iela terminal',
  lat: 56.929,
  lon: 24.148,
  halfWidth: 170,
  halfHeight: 150,
  areas: {
    'cross-dock': [p(-60, 20), p(-20, 20), p(20, 20), p(60, 20), p(-40, 60, true), p(40, 60, true), p(0, 80, true)],
    'container yard': [p(-100, -80), p(0, -110), p(100, -90), p(150, -40), p(-150, -120), p(120, -130)],
  },
  defaultArea: { electric: 'cross-dock', diesel: 'container yard' },
};

const YARDS: Record<string, Yard> = { 'Demo Factory': DEMO_FACTORY_YARD, 'Northwind Logistics': NORTHWIND_YARD };

/** A company without a yard of its own (a renamed demo company) gets the factory's layout. */
export function yardOf(companyName: string): Yard {
  return YARDS[companyName] ?? DEMO_FACTORY_YARD;
}

/** The area a truck works in: diesel trucks drive the outdoor area; electric ones the area their description names. */
export function areaOf(yard: Yard, description: string, drive: 'electric' | 'diesel'): string {
  if (drive === 'diesel') return yard.defaultArea.diesel;
  const text = description.toLowerCase();
  const named = Object.keys(yard.areas)
    .filter((area) => area !== yard.defaultArea.diesel && text.includes(area.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0];
  return named ?? yard.defaultArea.electric;
}

const METRES_PER_DEGREE = 111_320;

export function toLatLon(yard: Yard, x: number, y: number): { lat: number; lon: number } {
  return {
    lat: yard.lat + y / METRES_PER_DEGREE,
    lon: yard.lon + x / (METRES_PER_DEGREE * Math.cos((yard.lat * Math.PI) / 180)),
  };
}

export function insideYard(yard: Yard, lat: number, lon: number): boolean {
  const y = (lat - yard.lat) * METRES_PER_DEGREE;
  const x = (lon - yard.lon) * METRES_PER_DEGREE * Math.cos((yard.lat * Math.PI) / 180);
  return Math.abs(x) <= yard.halfWidth + 1e-6 && Math.abs(y) <= yard.halfHeight + 1e-6;
}

/** Waypoint `leg` of a drive, jittered a little so trips do not stack on one spot; clamped into the yard. */
function waypoint(yard: Yard, points: readonly YardPoint[], driveKey: number, leg: number): YardPoint {
  const index = Math.floor(hashUnit(driveKey, leg, 1) * points.length);
  const point = points[index] as YardPoint;
  const clamp = (value: number, half: number) => Math.max(-half, Math.min(half, value));
  return {
    x: clamp(point.x + (hashUnit(driveKey, leg, 2) - 0.5) * 24, yard.halfWidth),
    y: clamp(point.y + (hashUnit(driveKey, leg, 3) - 0.5) * 24, yard.halfHeight),
    indoor: point.indoor,
  };
}

export interface Fix {
  lat: number;
  lon: number;
  accuracy: number;
}

/**
 * Where a truck is `elapsedSeconds` into a drive that started at its area's first waypoint: legs of
 * `legSeconds` between waypoints chosen by the drive key. Stateless, so any moment of any drive can be asked for.
 */
export function positionOnDrive(yard: Yard, area: string, driveKey: number, legSeconds: number, elapsedSeconds: number, fixKey: number): Fix {
  const points = yard.areas[area] ?? (Object.values(yard.areas)[0] as YardPoint[]);
  const leg = Math.floor(Math.max(0, elapsedSeconds) / legSeconds);
  const progress = (Math.max(0, elapsedSeconds) - leg * legSeconds) / legSeconds;
  const from = leg === 0 ? (points[0] as YardPoint) : waypoint(yard, points, driveKey, leg - 1);
  const to = waypoint(yard, points, driveKey, leg);
  const { lat, lon } = toLatLon(yard, from.x + (to.x - from.x) * progress, from.y + (to.y - from.y) * progress);
  // Outdoors a fix is good to a few metres; under a roof it is tens of metres.
  const spread = hashUnit(fixKey, 7);
  const accuracy = to.indoor && progress > 0.5 ? 12 + 23 * spread : 3 + 6 * spread;
  return { lat, lon, accuracy: Math.round(accuracy * 10) / 10 };
}
