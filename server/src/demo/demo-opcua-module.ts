import { parseMapping } from '../telemetry/protocols/opcua/mapping.ts';
import { DEMO_OPCUA, DEMO_OPCUA_MAPPING } from './demo-data.ts';

/**
 * The demo machine's OPC UA settings as an opcua_modules row: security None and anonymous, which is fine for a server
 * on this host that only the demo reads (docs/opcua.md, "The demo's machine"); a real machine gets SignAndEncrypt.
 */
export function demoOpcuaModule(endpointUrl: string) {
  const parsed = parseMapping(DEMO_OPCUA_MAPPING);
  // The mapping is a constant: a line it cannot read is a bug of this file, found by the seed test.
  if ('error' in parsed) throw new Error(`the demo machine's mapping, line ${parsed.line}: ${parsed.error}`);
  return {
    endpoint_url: endpointUrl,
    security_mode: 'None',
    security_policy: 'None',
    user_name: null,
    password_encrypted: null,
    sampling_interval_ms: DEMO_OPCUA.samplingIntervalMs,
    accept_server_certificate: false,
    mapping: JSON.stringify(parsed.mapping),
  };
}
