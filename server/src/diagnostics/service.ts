import { DIAGNOSTICS_LIMITS, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { AsyncDiagnosticsResponse, DeviceDiagnosticsResponse, DeviceParameterSeries, DiagnosticsInterval, ParameterGroup } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError } from '../http/errors.ts';
import { timeZone } from '../time/time-zone.ts';
import { coarsen, normaliseRange, planShifts, planTime, rangeBounds } from '../rollups/plans.ts';
import { locationsJson } from './locations-json.ts';
import type { RawTelemetryRepository } from './raw-repository.ts';
import type { DeviceSubject, RollupRepository } from '../rollups/repository.ts';
import type { ParameterDescription, ValueGrid } from '../rollups/series.ts';
import {
  ParameterCatalogue,
  companyShifts,
  inRequestOrder,
  readShiftGrids,
  readTimeGrid,
  selectionOf,
  seriesValues,
  storedNumbers,
} from '../rollups/series.ts';

/** The parsed query of the device diagnostics call (contracts: deviceDiagnosticsQuerySchema). */
export interface DeviceDiagnosticsRequest {
  devices: number[];
  parameterNumber: number[];
  interval: DiagnosticsInterval;
  from: string;
  to: string;
}

export interface RawRequest {
  deviceId: number;
  parameterNumber: number[];
  from: string;
  to: string;
}

export interface LocationsAnswer {
  /** The JSON text of the answer: an array of `Location` (contracts' locationsResponseSchema). */
  json: string;
  /** Seconds per kept position when the track was thinned; null when every position is there. */
  stepSeconds: number | null;
}

/** Builds the y-axis groups: one per unit (short + long), in the order units first appear. */
class AxisRegistry {
  readonly groups: ParameterGroup[] = [];
  private readonly byUnit = new Map<string, number>();

  add(description: ParameterDescription): number {
    const key = `${description.unit.short}\u0000${description.unit.long}`;
    let axis = this.byUnit.get(key);
    if (axis === undefined) {
      axis = this.groups.push({ unit: description.unit, parameters: [] }) - 1;
      this.byUnit.set(key, axis);
    }
    const group = this.groups[axis]!;
    if (!group.parameters.some((p) => p.number === description.number && p.name === description.name)) {
      group.parameters.push({ number: description.number, name: description.name });
    }
    return axis;
  }
}

/**
 * The spec 02 §7 device calls: parameter diagnostics from the rollups, raw readings (async) and locations.
 * Tenancy: devices are looked up through the caller's scope, so another company's device counts as nonexistent.
 */
export class DiagnosticsService {
  constructor(
    private readonly repository: RollupRepository,
    private readonly raw: RawTelemetryRepository,
  ) {}

  async deviceDiagnostics(auth: AuthContext, request: DeviceDiagnosticsRequest): Promise<DeviceDiagnosticsResponse> {
    const range = normaliseRange(request.from, request.to);
    const devices = inRequestOrder(await this.repository.findDevices(scopeOf(auth), request.devices), request.devices);
    const catalogue = new ParameterCatalogue(await this.repository.parametersOfTypes([...new Set(devices.map((d) => d.deviceTypeId))]));
    const wanted = devices.map((device) => ({
      device,
      parameters: request.parameterNumber.flatMap((n) => catalogue.describe(device.deviceTypeId, n) ?? []),
    }));
    if (wanted.every((w) => w.parameters.length === 0)) throw new NotFoundError();
    // Categories are in the timezone of the (first) device's company: a company user's devices share it.
    const zone = timeZone(devices[0]!.timezone);
    const readable = wanted.filter((w) => w.parameters.length > 0);
    const selection = selectionOf(
      readable.map((w) => w.device),
      storedNumbers(readable.flatMap((w) => w.parameters.map((p) => p.number))),
      catalogue,
    );
    const axes = new AxisRegistry();

    if (request.interval === 'shifts') {
      const plan = planShifts(range, await companyShifts(this.repository, devices[0]!.companyId), zone);
      const grids = await readShiftGrids(this.repository, plan, selection, devices[0]!.companyId);
      const data = wanted.map(({ device, parameters }) => ({
        device: { id: device.id, name: device.name },
        parameters: parameters.map((p) => ({
          ...this.seriesOf(axes, grids.total, device, p),
          shifts: plan.shifts.map((s) => ({ cat: s.name, values: seriesValues(grids.shifts.get(s.position)!, device, p.number) })),
        })),
      }));
      return { interval: 'shifts', categories: plan.categories, parameters: axes.groups, units: axes.groups.map((g) => g.unit), data };
    }

    const plan = planTime(coarsen(request.interval, range.days, selection.series.length), range, zone);
    const grid = await readTimeGrid(this.repository, plan, selection);
    const data = wanted.map(({ device, parameters }) => ({
      device: { id: device.id, name: device.name },
      parameters: parameters.map((p) => this.seriesOf(axes, grid, device, p)),
    }));
    return { interval: plan.interval, categories: plan.categories, parameters: axes.groups, units: axes.groups.map((g) => g.unit), data };
  }

  private seriesOf(axes: AxisRegistry, grid: ValueGrid, device: DeviceSubject, p: ParameterDescription): DeviceParameterSeries {
    return { number: p.number, name: p.name, unit: p.unit, axis: axes.add(p), values: seriesValues(grid, device, p.number) };
  }

  /** Raw readings of one device (the async monitor); the newest DIAGNOSTICS_LIMITS.asyncMaxPoints per parameter. */
  async rawReadings(auth: AuthContext, request: RawRequest): Promise<AsyncDiagnosticsResponse> {
    const range = normaliseRange(request.from, request.to);
    const [device] = await this.repository.findDevices(scopeOf(auth), [request.deviceId]);
    if (!device) throw new NotFoundError();
    const catalogue = new ParameterCatalogue(await this.repository.parametersOfTypes([device.deviceTypeId]));
    const parameters = request.parameterNumber
      .filter((n) => n !== PARAMETER_NUMBERS.efficiency)
      .flatMap((n) => catalogue.describe(device.deviceTypeId, n) ?? []);
    if (parameters.length === 0) throw new NotFoundError();
    const zone = timeZone(device.timezone);
    const limit = DIAGNOSTICS_LIMITS.asyncMaxPoints;
    const { start, end } = rangeBounds(range, zone);
    const rows = await this.raw.newestReadings(
      { deviceId: device.id, companyId: device.companyId, numbers: parameters.map((p) => p.number) },
      start,
      end,
      limit + 1,
    );
    return {
      data: [
        {
          device: { id: device.id, name: device.name },
          parameters: parameters.map((p) => {
            const newestFirst = rows.filter((r) => r.number === p.number);
            const kept = newestFirst.slice(0, limit).reverse();
            return {
              number: p.number,
              name: p.name,
              unit: { short: p.unit.short },
              categories: kept.map((r) => zone.format(r.ts.getTime(), true)),
              values: kept.map((r) => r.value),
              capped: newestFirst.length > limit,
            };
          }),
        },
      ],
    };
  }

  /**
   * Positions of one device in the range as the JSON text of the answer (see locations-json.ts); thinned to
   * DIAGNOSTICS_LIMITS.locationsMaxPoints at most.
   */
  async locations(auth: AuthContext, deviceId: number, from: string, to: string): Promise<LocationsAnswer> {
    const range = normaliseRange(from, to);
    const [device] = await this.repository.findDevices(scopeOf(auth), [deviceId]);
    if (!device) throw new NotFoundError();
    const zone = timeZone(device.timezone);
    const { start, end } = rangeBounds(range, zone);
    const max = DIAGNOSTICS_LIMITS.locationsMaxPoints;
    const target = { deviceId: device.id, companyId: device.companyId };
    const all = await this.raw.positions(target, start, end, max + 1);
    if (all.length <= max) return { stepSeconds: null, json: locationsJson(all, zone) };
    // Equal steps, a multiple of the geo slider's 5 minutes, few enough to keep at most `max` positions.
    const stepSeconds = Math.ceil((end.getTime() - start.getTime()) / 1000 / max / 300) * 300;
    return { stepSeconds, json: locationsJson(await this.raw.thinnedPositions(target, start, end, stepSeconds), zone) };
  }
}
