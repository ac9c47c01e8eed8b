import { createHash, X509Certificate } from 'node:crypto';
import type { OpcuaCertificate } from '@gearwatch/contracts';

/**
 * The leaf certificate of what an endpoint presents: OPC UA sends the certificate, optionally followed by its chain,
 * as concatenated DER; the first DER SEQUENCE is the machine's own.
 */
export function leafCertificate(der: Buffer): Buffer {
  if (der.length < 2 || der[0] !== 0x30) return der;
  const first = der[1]!;
  if (first < 0x80) return der.subarray(0, 2 + first);
  const lengthBytes = first & 0x7f;
  let length = 0;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + der[2 + i]!;
  return der.subarray(0, Math.min(der.length, 2 + lengthBytes + length));
}

/** A thumbprint as controllers and OpenSSL show it: colon-separated upper-case hex. */
function thumbprint(algorithm: 'sha1' | 'sha256', der: Buffer): string {
  return createHash(algorithm).update(der).digest('hex').toUpperCase().match(/../g)!.join(':');
}

/** The SHA-256 thumbprint of a stored certificate (base64 DER), as `describeCertificate` gives it. */
export function sha256Of(base64: string): string {
  return thumbprint('sha256', leafCertificate(Buffer.from(base64, 'base64')));
}

/** Subject, issuer, thumbprints and validity of a stored certificate (base64 DER), for a super-admin to check. */
export function describeCertificate(base64: string): OpcuaCertificate {
  const der = leafCertificate(Buffer.from(base64, 'base64'));
  const certificate = new X509Certificate(der);
  return {
    subject: certificate.subject.split('\n').join(', '),
    issuer: certificate.issuer.split('\n').join(', '),
    sha1: thumbprint('sha1', der),
    sha256: thumbprint('sha256', der),
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: new Date(certificate.validTo).toISOString(),
  };
}
