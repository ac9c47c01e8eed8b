import { z } from 'zod';
import { filterIdSchema, listFilterSchema } from './list.ts';
import { DEVICE_POWER_STATES } from './constants.ts';

/**
 * The status icons of a device (spec 01 §2 status icons, spec 02 §9): on the /location map and the device page.
 * A device is active when it worked, was switched on or reported within DEVICE_STATUS_WINDOW_MINUTES; a module is
 * online when it contacted the server within the same window.
 */
export const DEVICE_STATUS_WINDOW_MINUTES = 10;

/**
 * The `device-status` event (docs/events.md "Device status"): devices of the user's company whose status changed,
 * each with its new status. Online: a module of the device called within DEVICE_STATUS_WINDOW_MINUTES; working: it
 * worked within that window. A change of many devices at once comes as several events of at most
 * DEVICE_STATUS_EVENT_MAX_DEVICES devices each.
 */
export const deviceStatusEventSchema = z.object({
  devices: z.array(z.object({ deviceId: z.number().int(), online: z.boolean(), working: z.boolean() })),
});
export type DeviceStatusEvent = z.infer<typeof deviceStatusEventSchema>;
export const DEVICE_STATUS_EVENT_MAX_DEVICES = 500;

/** Parameters shown as status icons are found by tag in the device type (the numbers are each type's own). */
export const STATUS_PARAMETER_TAGS = {
  batteryVoltage: 'battery',
  supplyVoltage: 'power supply',
} as const;

const reading = z.object({ value: z.number(), time: z.string(), unit: z.string().nullable() }).nullable();

export const deviceStatusSchema = z.object({
  device: z.object({ id: z.number().int(), name: z.string(), deviceType: z.object({ id: z.number().int(), name: z.string() }) }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** The last known position (ISO time with offset), null before the first. */
  position: z.object({ lat: z.number(), lon: z.number(), acc: z.number().nullable(), time: z.string() }).nullable(),
  active: z.boolean(),
  powerState: z.enum(DEVICE_POWER_STATES),
  batteryVoltage: reading,
  supplyVoltage: reading,
  /** Seconds switched on (parameter 2) and of work (parameter 1) today, in the company's timezone; null without data. */
  enabledTimeToday: z.number().nullable(),
  workTimeToday: z.number().nullable(),
  lastSync: z.string().nullable(),
  lastWork: z.string().nullable(),
  sensors: z.array(z.object({ id: z.number().int(), name: z.string(), serialNumber: z.string(), online: z.boolean(), lastContact: z.string().nullable() })),
  /** The operator whose card is in the reader, or the unknown card's number. */
  operator: z.object({ id: z.number().int().nullable(), name: z.string().nullable(), rfid: z.string() }).nullable(),
});
export type DeviceStatusEntry = z.infer<typeof deviceStatusSchema>;

/** `GET /api/devices/status`: every device the caller sees (filter keys deviceGroup, search on the name). */
export const deviceStatusListSchema = z.object({ entries: z.array(deviceStatusSchema) });
/** `GET /api/devices/status` sort fields. */
export const DEVICE_STATUS_SORT_FIELDS = ['id', 'name', 'lastSync'] as const;
export type DeviceStatusSortField = (typeof DEVICE_STATUS_SORT_FIELDS)[number];
/** `GET /api/devices/status` filter: one device group. */
export const deviceStatusListFilterSchema = listFilterSchema({ deviceGroup: filterIdSchema });
export type DeviceStatusListFilter = z.output<typeof deviceStatusListFilterSchema>;
