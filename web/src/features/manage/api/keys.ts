/**
 * The query keys of the management pages. Each starts with its resource's plural, like the app's other keys of a
 * resource, so that what a save or a delete invalidates (`[plural]`, see useServerForm and DeleteDialog) refreshes
 * the open row's page as well. The second element keeps them apart from the shared model lists (`[plural]` alone).
 */
export const manageKeys = {
  device: (id: number) => ['devices', 'detail', id] as const,
  deviceStatus: (id: number) => ['devices', 'detail', id, 'status'] as const,
  deviceReadings: (id: number) => ['devices', 'detail', id, 'readings'] as const,
  deviceCycles: (id: number, from: string, to: string) => ['devices', 'detail', id, 'battery-cycles', from, to] as const,
  deviceForm: (id: number) => ['devices', 'detail', id, 'form'] as const,
  deviceGroup: (id: number) => ['devicegroups', 'detail', id] as const,
  deviceOperator: (id: number) => ['deviceoperators', 'detail', id] as const,
  deviceOperatorWorkTime: (id: number) => ['deviceoperators', 'detail', id, 'work-time'] as const,
  operatorGroup: (id: number) => ['deviceoperatorgroups', 'detail', id] as const,
};

/** The plural path segments of the four resources (docs/forms.md). */
export const RESOURCES = {
  devices: 'devices',
  deviceGroups: 'devicegroups',
  deviceOperators: 'deviceoperators',
  operatorGroups: 'deviceoperatorgroups',
} as const;

/** The pages of /manage (spec 01 §2). */
export const managePaths = {
  devices: '/manage/devices',
  device: (id: number) => `/manage/device/${id}`,
  deviceGroups: '/manage/device-groups',
  deviceGroup: (id: number) => `/manage/device-group/${id}`,
  deviceOperators: '/manage/device-operators',
  deviceOperator: (id: number) => `/manage/device-operator/${id}`,
  operatorGroups: '/manage/device-operator-groups',
  operatorGroup: (id: number) => `/manage/device-operator-groups/${id}`,
};
