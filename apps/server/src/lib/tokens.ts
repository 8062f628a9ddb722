import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are stored only as their SHA-256, so a database leak yields no usable session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
