import { z } from 'zod';

/**
 * `GET /api/devicegroups` (list protocol; search on the name; sort: id, name, deviceCount; default name). The
 * entries carry more (groups-admin.ts deviceGroupSchema); this is what the monitors read of them.
 */
export const DEVICE_GROUP_SORT_FIELDS = ['id', 'name', 'deviceCount'] as const;
export type DeviceGroupSortField = (typeof DEVICE_GROUP_SORT_FIELDS)[number];

export const deviceGroupListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The group's devices, by id ascending; the client expands a group selection into these. */
  devices: z.array(z.object({ id: z.number().int() })),
});
export type DeviceGroupListEntry = z.infer<typeof deviceGroupListEntrySchema>;
export const deviceGroupListSchema = z.object({ entries: z.array(deviceGroupListEntrySchema) });
