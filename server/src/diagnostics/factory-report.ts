import { MESSAGE_KEYS, PARAMETER_NUMBERS, factoryXlsxFilename } from '@gearwatch/contracts';
import type { FactoryDeviceChartResponse, FactoryReportType, FactoryShiftChartResponse, TimeInterval } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import { timeZone } from '../time/time-zone.ts';
import { coarsen, normaliseRange, planTime } from '../rollups/plans.ts';
import type { DeviceSubject, RollupRepository } from '../rollups/repository.ts';
import { ParameterCatalogue, companyShifts, inRequestOrder, readTimeGrid, selectionOf, seriesValues } from '../rollups/series.ts';
import type { DiagnosticsRepository } from './repository.ts';
import { deviceChartWorkbook, shiftChartWorkbook } from './factory-xlsx.ts';
import { shiftChartData } from '../rollups/shift-chart.ts';

/** The parsed query of the factory report calls (contracts: factoryReportQuerySchema). */
export interface FactoryReportRequest {
  type: FactoryReportType;
  from: string;
  to: string;
  devices?: number[];
  groups?: number[];
  interval: TimeInterval;
}

/** The spreadsheet has no interval of its own: the chart's default (spec 02 §9), coarsened for long ranges. */
const FACTORY_DEVICE_CHART_INTERVAL: TimeInterval = '5min';
const WORK_NUMBERS = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active, PARAMETER_NUMBERS.counter];

/** The work/activity charts (spec 02 §3 "Factory report"): per device and bucket, or per shift. */
export class FactoryReportService {
  constructor(
    private readonly repository: RollupRepository,
    private readonly diagnostics: DiagnosticsRepository,
  ) {}

  /** Devices asked for by id (in that order), then the devices of the groups (by name); each once. */
  private async devicesOf(auth: AuthContext, request: Pick<FactoryReportRequest, 'devices' | 'groups'>): Promise<DeviceSubject[]> {
    const ids = request.devices ?? [];
    const groupIds = request.groups ?? [];
    if (ids.length === 0 && groupIds.length === 0) throw ValidationError.field('devices', MESSAGE_KEYS.notBlank);
    const scope = scopeOf(auth);
    const named = inRequestOrder(await this.repository.findDevices(scope, ids), ids);
    const grouped = await this.repository.devicesOfGroups(scope, groupIds);
    if (named.length === 0 && grouped.groupIds.length === 0) throw new NotFoundError();
    const seen = new Set<number>();
    return [...named, ...grouped.devices].filter((d) => !seen.has(d.id) && seen.add(d.id));
  }

  /** The spreadsheet of either chart, headed in the caller's language; the device chart at its default interval. */
  async xlsx(auth: AuthContext, request: Omit<FactoryReportRequest, 'interval'>): Promise<{ filename: string; body: Buffer }> {
    const range = normaliseRange(request.from, request.to);
    const language = await this.diagnostics.languageOf(auth.userId);
    const body =
      request.type === 'device-work-shift-chart'
        ? await shiftChartWorkbook(await this.shiftChart(auth, request), language)
        : await deviceChartWorkbook(await this.deviceChart(auth, { ...request, interval: FACTORY_DEVICE_CHART_INTERVAL }), language);
    return { filename: factoryXlsxFilename(range.from, range.to), body };
  }

  async data(auth: AuthContext, request: FactoryReportRequest): Promise<FactoryDeviceChartResponse | FactoryShiftChartResponse> {
    return request.type === 'device-work-shift-chart' ? this.shiftChart(auth, request) : this.deviceChart(auth, request);
  }

  async deviceChart(auth: AuthContext, request: FactoryReportRequest): Promise<FactoryDeviceChartResponse> {
    const range = normaliseRange(request.from, request.to);
    const devices = await this.devicesOf(auth, request);
    if (devices.length === 0) return { interval: coarsen(request.interval, range.days), data: [] };
    const interval = coarsen(request.interval, range.days, devices.length * WORK_NUMBERS.length);
    const catalogue = new ParameterCatalogue(await this.repository.parametersOfTypes([...new Set(devices.map((d) => d.deviceTypeId))]));
    const plan = planTime(interval, range, timeZone(devices[0]!.timezone));
    const grid = await readTimeGrid(this.repository, plan, selectionOf(devices, WORK_NUMBERS, catalogue));
    const series = (device: DeviceSubject, number: number) =>
      catalogue.describe(device.deviceTypeId, number) ? seriesValues(grid, device, number) : plan.categories.map(() => null);
    return {
      interval: plan.interval,
      data: devices.map((device) => {
        const [work, active, counter] = WORK_NUMBERS.map((n) => series(device, n)) as [(number | null)[], (number | null)[], (number | null)[]];
        return {
          name: device.name,
          items: plan.categories.map((time, i) => ({ time, work: work[i]!, active: active[i]!, counter: counter[i]! })),
        };
      }),
    };
  }

  async shiftChart(auth: AuthContext, request: Omit<FactoryReportRequest, 'interval'>): Promise<FactoryShiftChartResponse> {
    const range = normaliseRange(request.from, request.to);
    const devices = await this.devicesOf(auth, request);
    if (devices.length === 0) return { interval: 'shifts', data: [] };
    const shifts = await companyShifts(this.repository, devices[0]!.companyId, 'type');
    return { interval: 'shifts', data: await shiftChartData(this.repository, devices, shifts, range) };
  }
}
