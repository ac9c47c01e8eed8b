import { createHash, randomBytes } from 'node:crypto';

/**
 * A display link's token: 32 random bytes as base64url (43 characters, DISPLAY_LINK_TOKEN_PATTERN). It is shown once
 * at creation; the database keeps only its SHA-256, so a copy of the database opens no screen.
 */
export function newDisplayToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashDisplayToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
