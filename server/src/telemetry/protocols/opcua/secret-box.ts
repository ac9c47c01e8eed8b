import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts the OPC UA modules' passwords at rest (AES-256-GCM, node:crypto). Each value has its own random IV and
 * carries its authentication tag, so a changed or swapped ciphertext is refused, not decrypted into garbage.
 * Stored as `v1:<iv>:<tag>:<ciphertext>` (base64url parts).
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `keyMaterial`: OPCUA_SECRET_KEY, or the instance's own secret (secretBoxKeyMaterial); stretched to 32 bytes. */
  constructor(keyMaterial: string) {
    if (keyMaterial.length < 16) throw new RangeError('the OPC UA secret key must be at least 16 characters');
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, 'gearwatch', 'opcua module passwords', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
  }

  /** The plain text; throws when the value was not sealed with this key or was changed. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed OPC UA secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
