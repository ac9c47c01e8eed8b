// The slowly changing state of each device (battery charge, fuel, hour meter), followed run by run from a fixed
// epoch, so the value at any instant is the same whether the history is generated in one go or a minute at a time.
// A run is one power interval of a plan segment; between runs electric trucks charge and diesel trucks refuel.
import { planCompanyDay } from './day-plan.ts';
import type { CompanyDayPlan, Segment } from './day-plan.ts';
import { hashUnit } from './random.ts';
import type { SimCompany, SimDevice, SimFleet } from './fleet.ts';
import { HOUR_MS, MINUTE_MS, dateText, dayNumber } from '../../time/calendar.ts';
import type { DayNumber } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';

/** The first simulated day: every meter and battery starts from here, so history is the same for any start date. */
export const EPOCH_DAY: DayNumber = dayNumber(2025, 1, 1);

export const SOC_MIN = 0.1;
/** Share of a full battery charged per hour. */
const CHARGE_PER_HOUR = 0.25;
/** Energy drawn from the grid per unit of stored energy. */
const CHARGER_LOSS = 1.12;
const MIN_GAP_TO_CHARGE = 60 * MINUTE_MS;

/** Plans per company and day, made once. */
export class Planner {
  private readonly plans = new Map<number, CompanyDayPlan>();

  constructor(readonly fleet: SimFleet) {}

  plan(company: SimCompany, day: DayNumber): CompanyDayPlan {
    if (day < EPOCH_DAY) throw new Error(`the simulation starts on ${dateText(EPOCH_DAY)}; ${dateText(day)} is earlier`);
    const key = day * 16 + company.index;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = planCompanyDay(this.fleet, company, day);
      this.plans.set(key, plan);
    }
    return plan;
  }

  segmentsOf(device: SimDevice, day: DayNumber): Segment[] {
    return this.plan(device.company, day).segments.filter((s) => s.device === device.index);
  }
}

export interface Run {
  start: number;
  end: number;
  segment: Segment;
  /** State when the run starts (after any refuelling). */
  soc: number;
  fuel: number;
  motorSeconds: number;
  /** Charging after the run, if the truck was put on charge. */
  charge: { start: number; end: number } | null;
  /** Whether `charge` is final (the next run or a long enough look ahead is known). */
  chargeKnown: boolean;
}

export interface DeviceState {
  soc: number;
  fuel: number;
  motorSeconds: number;
  powered: boolean;
  charging: boolean;
}

/** Battery drain per powered second, as a share of a full battery. */
export const drainPerSecond = (intensity: number) => (0.015 + 0.09 * intensity) / 3600;
/** Litres per powered second. */
export const fuelPerSecond = (intensity: number) => (0.8 + 3 * intensity) / 3600;
export const CHARGE_PER_SECOND = CHARGE_PER_HOUR / 3600;

export class DeviceTimeline {
  readonly runs: Run[] = [];
  /** Plans are read through this day. */
  private plannedThrough: DayNumber = EPOCH_DAY - 1;
  private readonly initial: DeviceState;

  constructor(
    private readonly planner: Planner,
    readonly device: SimDevice,
  ) {
    this.initial = {
      soc: 0.85 + 0.15 * hashUnit(device.key, 21),
      fuel: (device.tankLitres ?? 0) * (0.5 + 0.4 * hashUnit(device.key, 22)),
      motorSeconds: 0,
      powered: false,
      charging: false,
    };
  }

  /**
   * Makes sure every run starting up to the day after the instant has its state, and that the last run's charging
   * is known: it needs the next run's start, or planning far enough ahead to see that nothing interrupts it.
   */
  private extendThrough(instant: number): void {
    const target = timeZone(this.device.company.timezone).dayOf(instant) + 1;
    while (this.plannedThrough < target || !this.lastChargeKnown()) {
      this.plannedThrough++;
      for (const segment of this.planner.segmentsOf(this.device, this.plannedThrough)) {
        for (const [start, end] of segment.powered) this.addRun(start, end, segment);
      }
    }
  }

  private addRun(start: number, end: number, segment: Segment): void {
    const previous = this.runs[this.runs.length - 1];
    const state = previous ? this.afterRun(previous, start) : { ...this.initial };
    let fuel = state.fuel;
    const tank = this.device.tankLitres;
    // Refuelled before the shift's first start when the tank is below a quarter.
    if (tank !== null && fuel < 0.25 * tank && start === segment.start) fuel = tank * (0.92 + 0.08 * hashUnit(this.device.key, start / 1000, 23));
    this.runs.push({ start, end, segment, soc: state.soc, fuel, motorSeconds: state.motorSeconds, charge: null, chargeKnown: false });
  }

  private lastChargeKnown(): boolean {
    const last = this.runs[this.runs.length - 1];
    if (!last || last.chargeKnown) return true;
    // A charge lasts at most (1 - SOC_MIN) / rate plus the plug-in delay: under five hours.
    if (timeZone(this.device.company.timezone).startOfDay(this.plannedThrough + 1) < last.end + 5 * HOUR_MS) return false;
    this.afterRun(last, Number.POSITIVE_INFINITY);
    return true;
  }

  /** State at the end of a run, with the charging up to `until` (the next run's start) applied. */
  private afterRun(run: Run, until: number): DeviceState {
    run.charge = null;
    const seconds = (run.end - run.start) / 1000;
    const soc = Math.max(SOC_MIN, run.soc - drainPerSecond(run.segment.intensity) * seconds);
    const fuel = Math.max(0.5, run.fuel - fuelPerSecond(run.segment.intensity) * seconds);
    const motorSeconds = run.motorSeconds + seconds;
    if (this.device.battery && until - run.end >= MIN_GAP_TO_CHARGE && soc < 0.97) {
      // Plugged in a few minutes after parking, unplugged when full or just before the next use.
      const start = run.end + Math.round((5 + 5 * hashUnit(this.device.key, run.end / 1000, 24)) * 60) * 1000;
      const full = start + Math.ceil((1 - soc) / CHARGE_PER_SECOND) * 1000;
      const end = Math.min(full, until - 2 * MINUTE_MS);
      if (end > start) {
        run.charge = { start, end };
        run.chargeKnown = true;
        return { soc: Math.min(1, soc + CHARGE_PER_SECOND * ((end - start) / 1000)), fuel, motorSeconds, powered: false, charging: false };
      }
    }
    run.chargeKnown = true;
    return { soc, fuel, motorSeconds, powered: false, charging: false };
  }

  /** The index of the last run starting at or before the instant, or -1. */
  runIndexAt(instant: number): number {
    this.extendThrough(instant);
    let low = 0;
    let high = this.runs.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if ((this.runs[mid] as Run).start <= instant) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  stateAt(instant: number): DeviceState {
    const index = this.runIndexAt(instant);
    if (index < 0) return { ...this.initial };
    const run = this.runs[index] as Run;
    if (instant < run.end) {
      const seconds = (instant - run.start) / 1000;
      return {
        soc: Math.max(SOC_MIN, run.soc - drainPerSecond(run.segment.intensity) * seconds),
        fuel: Math.max(0.5, run.fuel - fuelPerSecond(run.segment.intensity) * seconds),
        motorSeconds: run.motorSeconds + seconds,
        powered: true,
        charging: false,
      };
    }
    return this.afterRunUntil(run, instant);
  }

  private afterRunUntil(run: Run, instant: number): DeviceState {
    const seconds = (run.end - run.start) / 1000;
    const soc = Math.max(SOC_MIN, run.soc - drainPerSecond(run.segment.intensity) * seconds);
    const base = { fuel: Math.max(0.5, run.fuel - fuelPerSecond(run.segment.intensity) * seconds), motorSeconds: run.motorSeconds + seconds, powered: false };
    if (!run.charge || instant < run.charge.start) return { ...base, soc, charging: false };
    const charged = (Math.min(instant, run.charge.end) - run.charge.start) / 1000;
    return { ...base, soc: Math.min(1, soc + CHARGE_PER_SECOND * charged), charging: instant < run.charge.end };
  }

  /** Runs overlapping [from, to). */
  runsBetween(from: number, to: number): Run[] {
    const first = Math.max(0, this.runIndexAt(from));
    this.extendThrough(to);
    const result: Run[] = [];
    for (let i = first; i < this.runs.length; i++) {
      const run = this.runs[i] as Run;
      if (run.start >= to) break;
      if (run.end > from || (run.charge && run.charge.end > from)) result.push(run);
    }
    return result;
  }

  /** Powered seconds within [from, to). */
  poweredSeconds(from: number, to: number): number {
    let total = 0;
    for (const run of this.runsBetween(from, to)) total += Math.max(0, Math.min(to, run.end) - Math.max(from, run.start));
    return total / 1000;
  }

  /** kWh drawn by the charger within [from, to). */
  chargedKwh(from: number, to: number): number {
    const battery = this.device.battery;
    if (!battery) return 0;
    let seconds = 0;
    for (const run of this.runsBetween(from, to)) {
      if (run.charge) seconds += Math.max(0, Math.min(to, run.charge.end) - Math.max(from, run.charge.start)) / 1000;
    }
    return seconds * CHARGE_PER_SECOND * battery.kwh * CHARGER_LOSS;
  }

  /** Litres burnt within [from, to). */
  fuelBurnt(from: number, to: number): number {
    let litres = 0;
    for (const run of this.runsBetween(from, to)) {
      litres += (fuelPerSecond(run.segment.intensity) * Math.max(0, Math.min(to, run.end) - Math.max(from, run.start))) / 1000;
    }
    return litres;
  }
}
