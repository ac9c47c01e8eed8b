/**
 * What went wrong with a machine, in the kinds the browse dialog translates and the one plain line the module's
 * `lastError` keeps (docs/opcua.md "Errors on the module").
 */
export const MACHINE_FAILURE_KINDS = ['credentials', 'untrusted', 'unreachable', 'failed'] as const;
export type MachineFailureKind = (typeof MACHINE_FAILURE_KINDS)[number];

export interface MachineFailure {
  kind: MachineFailureKind;
  line: string;
}

export function classifyFailure(error: unknown): MachineFailure {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n')[0]!;
  if (/BadUserAccessDenied|BadIdentityTokenRejected|BadIdentityTokenInvalid/.test(message))
    return { kind: 'credentials', line: `the machine refused the user name or password (${/Bad\w+/.exec(message)![0]})` };
  if (/BadCertificate|certificate/i.test(message) && /untrusted|BadCertificateUntrusted|not trusted|BadSecurityChecksFailed/i.test(message))
    return { kind: 'untrusted', line: `the machine's certificate is not trusted (${first})` };
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|ECONNRESET|timeout|no answer/i.test(message))
    return { kind: 'unreachable', line: `the machine cannot be reached: ${first}` };
  return { kind: 'failed', line: first.slice(0, 500) };
}

/** A failure as one line for the module's `lastError`. */
export function describeFailure(error: unknown): string {
  return classifyFailure(error).line;
}

/** A session that could not be opened (or answered nothing in time), with what went wrong. */
export class MachineSessionError extends Error {
  constructor(readonly failure: MachineFailure) {
    super(failure.line);
    this.name = 'MachineSessionError';
  }
}
