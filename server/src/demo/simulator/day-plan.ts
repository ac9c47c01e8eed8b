// Who uses which machine when, for one company and one local day: the operators' rota, the trucks they take, the
// machines' runs, breaks, card swaps, strangers' cards and overtime. Everything else (work per period, voltages,
// positions) is derived from these segments. A day's plan depends only on the seed, the company and the date.
import { Rng, hashInts, hashUnit } from './random.ts';
import type { SimCompany, SimDevice, SimFleet, SimOperator, SimShift } from './fleet.ts';
import { MINUTE_MS, isoWeekday, weekIndex } from '../../time/calendar.ts';
import type { DayNumber } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';

/** One continuous use of a device: powered from `start` to `end` except during its breaks. */
export interface Segment {
  device: number;
  shift: number;
  night: boolean;
  /** Power intervals [on, off) in epoch ms, in order; the gaps between them are breaks. */
  powered: Array<[number, number]>;
  start: number;
  end: number;
  /** The card applied for this use, null when the machine runs with nobody logged on. */
  card: string | null;
  cardOn: number | null;
  cardOff: number | null;
  /** Expected share of powered time spent in effective work. */
  intensity: number;
  /** The shift the use belongs to; powered time after its end is overtime. */
  shiftStart: number;
  shiftEnd: number;
  overtime: boolean;
  /** Route of the truck's drive (positions). */
  driveKey: number;
  legSeconds: number;
}

export interface CompanyDayPlan {
  day: DayNumber;
  segments: Segment[];
}

const BREAK_MS = 30 * MINUTE_MS;
const ABSENCE = 0.06;
const MACHINE_IDLE = 0.07;
const SWAP = 0.12;
const STRANGER = 0.08;
const NO_CARD = 0.2;
const OVERTIME = 0.07;

export function planCompanyDay(fleet: SimFleet, company: SimCompany, day: DayNumber): CompanyDayPlan {
  const rng = new Rng(hashInts(fleet.seed, company.index, day, 77));
  const weekday = isoWeekday(day);
  const segments: Segment[] = [];
  const usedInShift = company.shifts.map(() => new Set<number>());
  const duty = dutyRoster(fleet, company, day);
  const onCall = onCallOperators(fleet, company, day, duty);
  const zone = timeZone(company.timezone);
  for (const shift of company.shifts) {
    const shiftStart = zone.instantAt(day, shift.startMinute);
    const shiftEnd = zone.instantAt(day, shift.endMinute);
    const plan: ShiftPlan = {
      fleet,
      company,
      rng,
      weekday,
      shift,
      used: usedInShift[shift.index] as Set<number>,
      segments,
      base: { shift: shift.index, night: shift.night, shiftStart, shiftEnd, overtime: false },
    };
    const machineRuns = planMachines(plan);
    for (const operator of rng.shuffle(duty.get(shift.index) ?? [])) planOperator(plan, operator, machineRuns);
    planCasualUse(plan);
    planOnCall(plan, day, onCall);
  }
  addOvertime(rng, company, segments, usedInShift);
  segments.sort((a, b) => a.start - b.start || a.device - b.device);
  return { day, segments };
}

/** One shift of one day being planned; the helpers below add its segments. */
interface ShiftPlan {
  fleet: SimFleet;
  company: SimCompany;
  rng: Rng;
  weekday: number;
  shift: SimShift;
  /** Devices already in use this shift. */
  used: Set<number>;
  segments: Segment[];
  base: SegmentBase;
}

type SegmentBase = Pick<Segment, 'shift' | 'night' | 'shiftStart' | 'shiftEnd' | 'overtime'>;

/** Milliseconds, whole seconds, for a random number of minutes between the bounds. */
const minutes = (rng: Rng, min: number, max: number) => Math.round(rng.between(min, max) * 60) * 1000;

/** Machines run to their schedule whoever is on duty; automatic ones need nobody and take no break. */
function planMachines(plan: ShiftPlan): Map<number, Segment> {
  const { rng, weekday, shift, base } = plan;
  const runs = new Map<number, Segment>();
  for (const machine of plan.company.devices) {
    const profile = machine.machine;
    if (!profile || machine.damaged) continue;
    const scheduled = weekday <= 5 ? profile.weekdays : weekday === 6 ? profile.saturday : profile.sunday;
    if (!scheduled.includes(shift.index) || rng.chance(MACHINE_IDLE)) continue;
    const start = base.shiftStart + (profile.automatic ? minutes(rng, 0, 3) : minutes(rng, 2, 10));
    const end = base.shiftEnd - (profile.automatic ? minutes(rng, 0, 2) : minutes(rng, 0, 8));
    const intensity = rng.between(0.78, 0.94) * (shift.night ? 0.92 : 1);
    const breaks = profile.automatic ? [] : breaksFor(rng, base.shiftStart, base.shiftEnd, start, end);
    const segment = makeSegment(rng, machine, { ...base, start, end, card: null, cardOn: null, cardOff: null, intensity }, breaks);
    runs.set(machine.index, segment);
    plan.segments.push(segment);
    plan.used.add(machine.index);
  }
  return runs;
}

/** An operator on duty takes a free truck they may drive (and may move to another mid-shift), or tends a machine. */
function planOperator(plan: ShiftPlan, operator: SimOperator, machineRuns: Map<number, Segment>): void {
  const { fleet, rng, base, used } = plan;
  const device = (index: number) => fleet.devices[index] as SimDevice;
  const trucks = operator.devices.filter((i) => device(i).drive !== 'machine' && !device(i).damaged && !used.has(i));
  if (trucks.length === 0) {
    const machines = operator.devices.filter((i) => machineRuns.get(i)?.card === null);
    if (machines.length === 0) return;
    const run = machineRuns.get(rng.pick(machines)) as Segment;
    run.card = operator.rfid;
    // Within the shift: an automatic machine runs on across the handover while one card replaces the other.
    run.cardOn = Math.max(base.shiftStart + 10_000, run.start - minutes(rng, 0.5, 2));
    run.cardOff = Math.min(base.shiftEnd - 10_000, run.end + minutes(rng, 0.5, 1.5));
    return;
  }
  // Half the time an operator takes "their" truck when it is free; the favourite is fixed per operator.
  const favourites = [...trucks].sort((a, b) => hashUnit(operator.index, a, fleet.seed) - hashUnit(operator.index, b, fleet.seed));
  const truck = rng.chance(0.5) ? (favourites[0] as number) : rng.pick(trucks);
  used.add(truck);
  const start = base.shiftStart + minutes(rng, 3, 15);
  const end = base.shiftEnd - minutes(rng, 1, 12);
  const intensity = rng.between(0.45, 0.8) * (base.night ? 0.85 : 1);
  const spare = trucks.filter((i) => i !== truck);
  const swapAt = base.shiftStart + Math.round(((base.shiftEnd - base.shiftStart) * rng.between(0.3, 0.7)) / 1000) * 1000;
  const swapTo = rng.chance(SWAP) && spare.length > 0 ? rng.pick(spare) : null;
  // A swap inside a silent window would lose one of its card events; such swaps are left out.
  if (swapTo !== null && !silentDuring(device(truck), swapAt, swapAt + 2 * MINUTE_MS) && !silentDuring(device(swapTo), swapAt, swapAt + 7 * MINUTE_MS)) {
    // The operator moves to another truck mid-shift: card off here, card on there a few minutes later.
    used.add(swapTo);
    plan.segments.push(truckSegment(rng, device(truck), base, operator.rfid, start, swapAt, intensity));
    plan.segments.push(truckSegment(rng, device(swapTo), base, operator.rfid, swapAt + minutes(rng, 3, 6), end, intensity));
  } else {
    plan.segments.push(truckSegment(rng, device(truck), base, operator.rfid, start, end, intensity));
  }
}

/**
 * Trucks nobody on the rota took: now and then an agency temp or a visitor borrows one with a card nobody
 * registered; on weekdays pickers and fitters move some without logging in (work without an operator, which alert
 * rules watch for).
 */
function planCasualUse(plan: ShiftPlan): void {
  const { rng, base, used, weekday, company } = plan;
  const free = () => company.devices.filter((d) => d.drive !== 'machine' && !d.damaged && !used.has(d.index));
  const strangers = free().filter((d) => !d.silent);
  if (!base.night && weekday <= 6 && strangers.length > 0 && rng.chance(STRANGER)) {
    const truck = rng.pick(strangers);
    used.add(truck.index);
    const start = base.shiftStart + minutes(rng, 60, 180);
    const end = Math.min(start + minutes(rng, 60, 150), base.shiftEnd - 10 * MINUTE_MS);
    plan.segments.push(truckSegment(rng, truck, base, rng.pick(company.unknownCards), start, end, rng.between(0.35, 0.6)));
  }
  if (base.night || weekday > 5) return;
  for (const truck of free()) {
    if (!rng.chance(NO_CARD)) continue;
    used.add(truck.index);
    const start = base.shiftStart + minutes(rng, 30, 240);
    const end = Math.min(start + minutes(rng, 60, 240), base.shiftEnd - 10 * MINUTE_MS);
    plan.segments.push(truckSegment(rng, truck, base, null, start, end, rng.between(0.3, 0.55)));
  }
}

/** Operators on duty per shift index. Weekdays: one rotates onto the night shift each week, the others alternate
 * between the day shifts week by week; a third work Saturday mornings; nobody works Sunday; 6% are absent. */
function dutyRoster(fleet: SimFleet, company: SimCompany, day: DayNumber): Map<number, SimOperator[]> {
  const weekday = isoWeekday(day);
  const week = weekIndex(day);
  const dayShifts = company.shifts.filter((s) => !s.night);
  const nightShift = company.shifts.find((s) => s.night);
  const roster = new Map<number, SimOperator[]>();
  const assign = (shift: SimShift | undefined, operator: SimOperator) => {
    if (!shift) return;
    roster.set(shift.index, [...(roster.get(shift.index) ?? []), operator]);
  };
  company.crews.forEach((crew, crewIndex) => {
    crew.forEach((operator, i) => {
      if (weekday === 7 || absent(fleet, company, operator, day)) return;
      if (weekday === 6) {
        if ((i + week + crewIndex) % 3 === 0) assign(dayShifts[0], operator);
        return;
      }
      if (nightShift && crew.length > 2 && i === (week + crewIndex) % crew.length) assign(nightShift, operator);
      else assign(dayShifts[(i + week) % Math.max(1, dayShifts.length)], operator);
    });
  });
  return roster;
}

function absent(fleet: SimFleet, company: SimCompany, operator: SimOperator, day: DayNumber): boolean {
  return hashUnit(fleet.seed, company.index * 1000 + operator.index, day, 5) < ABSENCE;
}

/**
 * The operators who may be called in on a day: at work neither that day nor on the night shift that ends its
 * morning (so no card is in two readers at once), and not absent. Ordered by a per-day hash, so the calls go round.
 */
function onCallOperators(fleet: SimFleet, company: SimCompany, day: DayNumber, duty: Map<number, SimOperator[]>): SimOperator[] {
  const busy = new Set([...duty.values()].flat().map((o) => o.index));
  const lastNight = company.shifts.find((s) => s.night);
  if (lastNight) for (const operator of dutyRoster(fleet, company, day - 1).get(lastNight.index) ?? []) busy.add(operator.index);
  return company.crews
    .flat()
    .filter((operator) => !busy.has(operator.index) && !absent(fleet, company, operator, day))
    .sort((a, b) => hashUnit(fleet.seed, a.index, day, 31) - hashUnit(fleet.seed, b.index, day, 31));
}

/**
 * The round-the-clock trucks (fleet.ts ROUND_THE_CLOCK_TRUCKS): when the rota left them all idle this shift, the
 * one whose turn it is (by day and shift, one not used in the shift before when it can) goes out with an operator
 * on call who may drive it, each called in for one shift of the day at most; with nobody to call, it runs without
 * a card.
 */
function planOnCall(plan: ShiftPlan, day: DayNumber, onCall: SimOperator[]): void {
  const { fleet, company, rng, base, used, shift } = plan;
  const trucks = company.roundTheClock.filter((i) => !(fleet.devices[i] as SimDevice).damaged);
  if (trucks.length === 0 || trucks.some((i) => used.has(i))) return;
  const previous = plan.segments.filter((s) => s.shiftEnd === base.shiftStart || (s.shift !== shift.index && s.end > base.shiftStart - 30 * MINUTE_MS));
  const rested = trucks.filter((i) => !previous.some((s) => s.device === i));
  const candidates = rested.length > 0 ? rested : trucks;
  const truck = candidates[(day * company.shifts.length + shift.index) % candidates.length] as number;
  const callIndex = onCall.findIndex((operator) => operator.devices.includes(truck));
  const operator = callIndex < 0 ? null : (onCall.splice(callIndex, 1)[0] as SimOperator);
  used.add(truck);
  const start = base.shiftStart + minutes(rng, 3, 15);
  const end = base.shiftEnd - minutes(rng, 1, 12);
  const intensity = rng.between(0.45, 0.75) * (base.night ? 0.85 : 1);
  plan.segments.push(truckSegment(rng, fleet.devices[truck] as SimDevice, base, operator?.rfid ?? null, start, end, intensity));
}

function truckSegment(rng: Rng, truck: SimDevice, base: SegmentBase, card: string | null, start: number, end: number, intensity: number): Segment {
  const cardOn = card === null ? null : start - Math.round(rng.between(40, 120)) * 1000;
  const cardOff = card === null ? null : end + Math.round(rng.between(30, 90)) * 1000;
  return makeSegment(rng, truck, { ...base, start, end, card, cardOn, cardOff, intensity }, breaksFor(rng, base.shiftStart, base.shiftEnd, start, end));
}

function makeSegment(
  rng: Rng,
  device: SimDevice,
  fields: Omit<Segment, 'device' | 'powered' | 'driveKey' | 'legSeconds'>,
  breaks: Array<[number, number]>,
): Segment {
  const powered: Array<[number, number]> = [];
  let from = fields.start;
  for (const [breakStart, breakEnd] of breaks) {
    powered.push([from, breakStart]);
    from = breakEnd;
  }
  powered.push([from, fields.end]);
  return { ...fields, device: device.index, powered, driveKey: hashInts(device.key, fields.start / 1000), legSeconds: Math.round(rng.between(150, 270)) };
}

/** One 30-minute break per started six hours of shift, spread evenly and a little late or early per person. */
function breaksFor(rng: Rng, shiftStart: number, shiftEnd: number, start: number, end: number): Array<[number, number]> {
  const count = Math.max(1, Math.round((shiftEnd - shiftStart) / (6 * 3_600_000)));
  const breaks: Array<[number, number]> = [];
  for (let k = 1; k <= count; k++) {
    const planned = shiftStart + ((shiftEnd - shiftStart) * k) / (count + 1) - BREAK_MS / 2;
    const breakStart = Math.round((planned + rng.between(-20, 20) * MINUTE_MS) / 1000) * 1000;
    if (breakStart >= start + 20 * MINUTE_MS && breakStart + BREAK_MS <= end - 20 * MINUTE_MS) breaks.push([breakStart, breakStart + BREAK_MS]);
  }
  return breaks;
}

/** Day shifts sometimes run late when the machine is not needed by the next shift; night shifts never do. */
function addOvertime(rng: Rng, company: SimCompany, segments: Segment[], usedInShift: Set<number>[]): void {
  for (const segment of segments) {
    const shift = company.shifts[segment.shift] as SimShift;
    const next = company.shifts.find((s) => s.startMinute === shift.endMinute);
    if (shift.night || segment.end < segment.shiftEnd - 15 * MINUTE_MS || !rng.chance(OVERTIME)) continue;
    if (next && usedInShift[next.index]?.has(segment.device)) continue;
    const extra = Math.round(rng.between(10, 40)) * MINUTE_MS;
    const last = segment.powered[segment.powered.length - 1] as [number, number];
    last[1] = segment.shiftEnd + extra;
    if (segment.cardOff !== null) segment.cardOff += last[1] - segment.end;
    segment.end = last[1];
    segment.overtime = true;
  }
}

function silentDuring(device: SimDevice, from: number, to: number): boolean {
  return silentAt(device, from) || silentAt(device, to);
}

/** Whether the device's module is in its daily silent window at an instant. */
export function silentAt(device: SimDevice, instant: number): boolean {
  if (!device.silent) return false;
  const minute = timeZone(device.company.timezone).minuteOfDay(instant);
  return minute >= device.silent.fromMinute && minute < device.silent.toMinute;
}
