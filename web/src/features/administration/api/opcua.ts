import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opcuaBrowseResultSchema, opcuaCertificateListSchema, opcuaPresetResultSchema } from '@gearwatch/contracts';
import type { OpcuaBrowseResult, OpcuaCertificateEntry, OpcuaMachineRequest, OpcuaPreset, OpcuaPresetResult } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';

/** Under the sensors key, so saving a module (which invalidates `['sensors']`) reloads its certificate too. */
const CERTIFICATES_KEY = ['sensors', 'opcua-certificates'] as const;
/** A refused machine is retried by the connector with backoff; a minute is soon enough to see its certificate. */
const REFRESH_MS = 60_000;

/** The message keys of a failed browse or preset call: the root error, else the field errors, else a generic one. */
export function machineErrorKeys(error: unknown): string[] {
  const validation = error instanceof ApiError ? error.validation : null;
  if (!validation) return ['opcua.error.failed'];
  const keys = [...validation.rootErrors, ...Object.values(validation.errors).flat()];
  return keys.length > 0 ? [...new Set(keys)] : ['opcua.error.failed'];
}

/** One level of the machine's address space (`POST /api/sensors/opcua/browse`). */
export function useBrowseLevel() {
  const api = useApi();
  return async (machine: OpcuaMachineRequest, nodeId: string | null): Promise<OpcuaBrowseResult> =>
    opcuaBrowseResultSchema.parse((await api.request<unknown>('/api/sensors/opcua/browse', { method: 'POST', json: { ...machine, nodeId } })).data);
}

/** A preset's mapping lines, found on the machine (`POST /api/sensors/opcua/preset`). */
export function usePreset() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ machine, preset }: { machine: OpcuaMachineRequest; preset: OpcuaPreset }): Promise<OpcuaPresetResult> =>
      opcuaPresetResultSchema.parse((await api.request<unknown>('/api/sensors/opcua/preset', { method: 'POST', json: { ...machine, preset } })).data),
  });
}

/** Machine certificates presented untrusted or trusted (`GET /api/opcua-certificates`). */
export function useOpcuaCertificates() {
  const api = useApi();
  return useQuery({
    queryKey: CERTIFICATES_KEY,
    queryFn: async ({ signal }): Promise<OpcuaCertificateEntry[]> =>
      opcuaCertificateListSchema.parse(await api.get<unknown>('/api/opcua-certificates', undefined, signal)).entries,
    refetchInterval: REFRESH_MS,
  });
}

/** Trusts (with the thumbprint the super-admin saw) or revokes a module's machine certificate. */
export function useCertificateDecision() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: { sensorId: number; trust: true; sha256: string } | { sensorId: number; trust: false }) => {
      const path = `/api/opcua-certificates/${decision.sensorId}/${decision.trust ? 'trust' : 'revoke'}`;
      await api.request(path, { method: 'POST', json: decision.trust ? { sha256: decision.sha256 } : {} });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sensors'] }),
  });
}
