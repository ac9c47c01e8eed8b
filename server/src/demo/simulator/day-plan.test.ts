import { describe, expect, it } from 'vitest';
import { planCompanyDay } from './day-plan.ts';
import type { Segment } from './day-plan.ts';
import { buildFleet, ROUND_THE_CLOCK_TRUCKS } from './fleet.ts';
import type { SimDevice } from './fleet.ts';
import { FleetSimulator, PARAMETER } from './generator.ts';
import { HOUR_MS, isoWeekday, parseDate } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';

// The first screen must look alive at any hour (issue 32 item 18): the showcase trucks and the round-the-clock
// machines work every shift, nights and weekends too. Three weeks of plans, and fixed clocks at night.
const FIRST_DAY = parseDate('2026-06-01');
const DAYS = 21;
const fleet = buildFleet();
const named = (name: string) => fleet.devices.find((d) => d.name === name) as SimDevice;

describe('day plan: round the clock', () => {
  it('uses one of the showcase trucks and runs the moulding and welding cells in every shift, weekends included', () => {
    for (const company of fleet.companies) {
      const showcase = new Set((ROUND_THE_CLOCK_TRUCKS[company.name] ?? []).map((name) => named(name).index));
      expect(showcase.size, company.name).toBe(3);
      for (let day = FIRST_DAY; day < FIRST_DAY + DAYS; day++) {
        const { segments } = planCompanyDay(fleet, company, day);
        for (const shift of company.shifts) {
          const inShift = segments.filter((s) => s.shift === shift.index);
          expect(
            inShift.some((s) => showcase.has(s.device)),
            `${company.name} ${shift.name} of day ${day} (weekday ${isoWeekday(day)})`,
          ).toBe(true);
          if (company.name !== 'Demo Factory') continue;
          // A machine stands now and then (MACHINE_IDLE), the two together almost never.
          const cells = new Set(['Injection Moulder 4', 'Welding Robot 8'].map((name) => named(name).index));
          expect(inShift.some((s) => cells.has(s.device))).toBe(true);
        }
      }
    }
  });

  it('calls in operators who are off duty, so no card is in two readers at once', () => {
    for (const company of fleet.companies) {
      const uses: Segment[] = [];
      for (let day = FIRST_DAY; day < FIRST_DAY + DAYS; day++) uses.push(...planCompanyDay(fleet, company, day).segments);
      const byCard = new Map<string, Segment[]>();
      for (const use of uses) if (use.card !== null) byCard.set(use.card, [...(byCard.get(use.card) ?? []), use]);
      for (const [card, cardUses] of byCard) {
        const sorted = [...cardUses].sort((a, b) => (a.cardOn ?? 0) - (b.cardOn ?? 0));
        sorted.forEach((use, i) => {
          const next = sorted[i + 1];
          if (next) expect((use.cardOff ?? 0) <= (next.cardOn ?? 0), `${company.name} card ${card} at ${new Date(next.start).toISOString()}`).toBe(true);
        });
      }
    }
  });

  it('has positions and battery voltages of the showcase trucks in the last three hours at 03:00 every night', () => {
    const simulator = new FleetSimulator();
    for (const company of simulator.fleet.companies) {
      const zone = timeZone(company.timezone);
      const trucks = (ROUND_THE_CLOCK_TRUCKS[company.name] ?? []).map((name) => simulator.fleet.devices.find((d) => d.name === name) as SimDevice);
      for (let day = FIRST_DAY; day < FIRST_DAY + DAYS; day++) {
        // A fixed clock: 03:00 local, deep in the night shift, Saturdays and Sundays included.
        const clock = zone.instantAt(day, 3 * 60);
        const batches = trucks.map((truck) => simulator.generate(truck.serial, clock - 3 * HOUR_MS, clock, 'history'));
        const label = `${company.name} at 03:00 of day ${day} (weekday ${isoWeekday(day)})`;
        expect(
          batches.some((batch) => batch.positions.length > 0),
          label,
        ).toBe(true);
        expect(
          batches.some((batch) => batch.readings.some((r) => r.parameter === PARAMETER.batteryVoltage)),
          label,
        ).toBe(true);
        expect(
          batches.some((batch) => batch.readings.some((r) => r.parameter === PARAMETER.work && r.value > 0)),
          label,
        ).toBe(true);
      }
    }
  });
});
