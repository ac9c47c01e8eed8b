import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong against guessing while a sign-in stays well under 100 ms.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still spends the same time, so unknown accounts can't be told apart. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('gearwatch-timing-equaliser');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
