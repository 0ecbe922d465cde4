import { countedPasswordCharacters, passwordPolicyMessages, passwordPolicyProblem } from '@app/contracts';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../platform/errors.js';

/**
 * Argon2id with the OWASP minimum (m=19456 KiB, t=2, p=1). `2` is Algorithm.Argon2id (a const
 * enum, which isolated modules cannot read). The whole password is hashed: no truncation.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

/** The list's form of a password: the characters the policy counts, lower-cased. */
const listKey = (password: string) => countedPasswordCharacters(password).join('').toLowerCase();

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * Whether a password is one of the ~49,000 most common ones (the list of @zxcvbn-ts/language-common,
 * from breach corpora), compared case-insensitively after the policy's normalisation, so that
 * `Password1`, `p a s s w o r d 1` and full-width `１２３４５６７８` are caught. Loaded on first use.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map(listKey)),
  );
  return (await commonPasswords).has(listKey(password));
}

/**
 * The whole password policy on the server (docs/decisions/004-sessions.md): the contracts' rule
 * (the route schemas check it already; the admin command and any other caller get it here too)
 * and the common-password list. Answers 400 with the Korean reason.
 */
export async function assertAcceptablePassword(password: string): Promise<void> {
  const problem = passwordPolicyProblem(password);
  if (problem) throw AppError.badRequest(problem, 'weak_password');
  if (await isCommonPassword(password)) throw AppError.badRequest(passwordPolicyMessages.common, 'weak_password');
}
