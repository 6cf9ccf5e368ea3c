import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its recommended memory and time costs.
export const hashPassword = (password: string) => hash(password);

/** A hash of a random password, verified when the account does not exist so timing reveals nothing. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
