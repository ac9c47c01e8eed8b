import { MQTT_INGEST_KINDS } from '@gearwatch/contracts';
import type { MqttIngestKind } from '@gearwatch/contracts';

/** The MQTT topics of module data (docs/ingest.md): `modules/{serial}/readings|positions|events`. */

/** The shared-subscription group: instances in one group split the messages between them. */
export const DEFAULT_SHARE_GROUP = 'gearwatch';

/** The topic a module publishes a batch of one kind to; `prefix` namespaces a broker shared by several deployments. */
export function moduleTopic(serialNumber: string, kind: MqttIngestKind, prefix = ''): string {
  return `${prefix}modules/${serialNumber}/${kind}`;
}

/** Subscription filters for every kind, as a shared subscription of `group`. */
export function subscriptionFilters(group: string, prefix = ''): string[] {
  return MQTT_INGEST_KINDS.map((kind) => `$share/${group}/${prefix}modules/+/${kind}`);
}

/** The serial and kind a topic names, or null when it is not a module topic. */
export function parseModuleTopic(topic: string, prefix = ''): { serialNumber: string; kind: MqttIngestKind } | null {
  if (!topic.startsWith(prefix)) return null;
  const parts = topic.slice(prefix.length).split('/');
  if (parts.length !== 3 || parts[0] !== 'modules' || !parts[1]) return null;
  const kind = MQTT_INGEST_KINDS.find((k) => k === parts[2]);
  return kind ? { serialNumber: parts[1], kind } : null;
}
