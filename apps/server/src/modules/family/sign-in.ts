import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { FAMILY_CODE_MINUTES, type FamilyAddress, type FamilyLanguage, saudiMobile } from '@kora/contracts';
import { and, desc, eq, gt, isNull, lt, type SQLWrapper, sql } from 'drizzle-orm';
import { familyCodes, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import { academyUrl } from '../../http/host.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { SmsBudget } from '../../sms/budget.js';
import type { SmsSender } from '../../sms/sms.js';
import type { AcademyRow } from '../academies/lookup.js';

const CODE_TTL_MS = FAMILY_CODE_MINUTES * 60_000;
/** Wrong codes a sent code survives; the next one ends it (counted per code, whoever typed them). */
export const MAX_FAILED = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * Sign-in limits (docs/domain.md, "The family portal"), scaled by RATE_LIMIT_SCALE like every limit:
 * codes sent per parent in 15 minutes (more are silently not sent: nothing about the address shows),
 * and codes tried per client address and destination (429 beyond, with the wait). What is sent to one
 * destination is capped by the text-message budget (sms/budget.ts), across every academy.
 */
export function signInLimits(scale: number) {
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  return { sendsPerParent: scaled(5), triesPerClient: scaled(5) };
}

const addressKey = (address: FamilyAddress) => (address.kind === 'email' ? address.email : address.phone);

interface ParentMatch {
  id: string;
  name: string;
  nameArabic: string | null;
  email: string | null;
  phoneNumber: string | null;
  language: FamilyLanguage | null;
}

/**
 * The academy's parents the address belongs to, oldest first: an e-mail compared in lower case,
 * a mobile number compared as E.164 whatever way it was typed in (05…, +966 5…, 9665…).
 */
/** The last nine digits of a stored mobile: how a Saudi number is matched in SQL (saudiMobile confirms it in code). */
export const mobileNine = (column: SQLWrapper) => sql`right(regexp_replace(coalesce(${column}, ''), '\\D', '', 'g'), 9)`;

export async function parentsOf(tx: TenantTx, address: FamilyAddress): Promise<ParentMatch[]> {
  const columns = {
    id: users.id,
    name: users.name,
    nameArabic: users.nameArabic,
    email: users.email,
    phoneNumber: users.phoneNumber,
    language: users.language,
  };
  if (address.kind === 'email')
    return tx
      .select(columns)
      .from(users)
      .where(and(eq(users.role, 'PARENT'), sql`lower(${users.email}) = ${address.email}`))
      .orderBy(users.createdAt, users.id);
  const nine = address.phone.slice(-9);
  const rows = await tx
    .select(columns)
    .from(users)
    .where(and(eq(users.role, 'PARENT'), sql`${mobileNine(users.phoneNumber)} = ${nine}`))
    .orderBy(users.createdAt, users.id);
  return rows.filter((r) => r.phoneNumber && saudiMobile(r.phoneNumber) === address.phone);
}

const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** At most this many characters of an academy's name appear in a sign-in message, never first. */
export const NAME_IN_MESSAGE = 40;

/** An academy's name as a message quotes it: one line, at most NAME_IN_MESSAGE characters. */
export function quotedName(name: string): string {
  const line = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...line];
  return chars.length > NAME_IN_MESSAGE
    ? `${chars
        .slice(0, NAME_IN_MESSAGE - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

/**
 * Sign-in messages open with Kora's own fixed words and the code; the academy's name (written by
 * whoever signed the academy up) comes after, capped, and never opens a message or its subject, so
 * nobody can make Kora text or mail words of their choosing. The SMS ends with the WebOTP line
 * `@<host> #<code>`, which lets the phone offer the code to the sign-in page of that host only.
 */
const TEXTS = {
  en: {
    subject: (code: string) => `Kora sign-in code: ${code}`,
    mail: (academy: string, code: string, link: string) =>
      [
        `Your Kora sign-in code is ${code}.`,
        `Or open this link on your phone: ${link}`,
        `It works once, within ${FAMILY_CODE_MINUTES} minutes.`,
        `For the family portal of: ${academy}`,
        '',
        'If you did not ask for it, ignore this message.',
      ].join('\n'),
    sms: (academy: string, code: string, link: string, host: string) =>
      [`Your Kora sign-in code is ${code} (${FAMILY_CODE_MINUTES} min).`, `For: ${academy}`, link, '', `@${host} #${code}`].join('\n'),
  },
  ar: {
    subject: (code: string) => `رمز الدخول إلى كورة: ${code}`,
    mail: (academy: string, code: string, link: string) =>
      [
        `رمز الدخول إلى كورة هو ${code}.`,
        `أو افتح هذا الرابط على جوالك: ${link}`,
        `يعمل مرة واحدة خلال ${FAMILY_CODE_MINUTES} دقائق.`,
        `لبوابة الأسرة في: ${academy}`,
        '',
        'إن لم تطلبه فتجاهل هذه الرسالة.',
      ].join('\n'),
    sms: (academy: string, code: string, link: string, host: string) =>
      [`رمز الدخول إلى كورة هو ${code} (${FAMILY_CODE_MINUTES} دقائق).`, `الأكاديمية: ${academy}`, link, '', `@${host} #${code}`].join(
        '\n',
      ),
  },
} as const;

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * What `POST /api/family/sign-in` checks before it answers, none of it depending on whether the
 * address is known (the answer still tells nothing about that): a text needs SMS to be available to
 * the academy (409 `family.sms_unavailable`: no provider, or the owner's e-mail not yet confirmed)
 * and its day and everyone's hour not used up (429 `family.sms_limit`); every request counts against
 * its destination's caps across all academies (429 `family.code_limit`, with the minutes to wait).
 */
export async function checkSignInRequest(sms: SmsSender, budget: SmsBudget, academy: AcademyRow, address: FamilyAddress) {
  if (address.kind === 'phone') {
    if (!sms.configured || !academy.ownerVerifiedAt) throw new HttpError(409, 'family.sms_unavailable');
    const blocked = await budget.blocked(academy.id);
    if (blocked) throw new HttpError(429, 'family.sms_limit', undefined, { minutes: minutesOf(blocked.retryAfterMs) });
  }
  const over = await budget.takeDestination(addressKey(address));
  if (over) throw new HttpError(429, 'family.code_limit', undefined, { minutes: minutesOf(over.retryAfterMs) });
}

/**
 * The work behind `POST /api/family/sign-in`, run after the answer has left (the answer and its time
 * say nothing about the address): when the address is a parent's of the academy and the limits
 * allow, a new 6-digit code and link token are recorded (hashed) and sent by e-mail or SMS in the
 * screen's language. A text is counted against the academy's day and everyone's hour first (its
 * destination was counted before the answer): a cap reached between the answer and now stops it.
 */
export async function sendSignInCode(
  deps: AppDeps,
  sms: SmsSender,
  budget: SmsBudget,
  academy: AcademyRow,
  address: FamilyAddress,
  language: FamilyLanguage,
): Promise<'sent' | 'unknown' | 'limited' | 'no_sms'> {
  const parents = await deps.data.tenant(academy.id, (tx) => parentsOf(tx, address));
  if (parents.length === 0) return 'unknown';
  if (address.kind === 'phone' && (!sms.configured || !academy.ownerVerifiedAt)) return 'no_sms';
  const limits = signInLimits(deps.config.rateLimitScale);
  const key = addressKey(address);
  const perParent = await deps.counters.hit(`family:send-parent:${academy.id}:${parents[0].id}`, WINDOW_MS);
  if (perParent.count > limits.sendsPerParent) return 'limited';
  if (address.kind === 'phone' && (await budget.takeSender(academy.id))) return 'limited';

  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = newToken();
  const now = deps.clock.now();
  await deps.data.tenant(academy.id, async (tx) => {
    // Codes a day past their end serve nothing (not even the limits, which live in counters).
    await tx.delete(familyCodes).where(lt(familyCodes.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
    await tx.insert(familyCodes).values({
      id,
      academyId: academy.id,
      parentId: parents[0].id,
      channel: address.kind === 'email' ? 'email' : 'sms',
      address: key,
      codeHash: codeHash(id, code),
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
  });
  // The token rides in the fragment: never sent to a server, a proxy's log or a Referer.
  const link = academyUrl(deps.config, academy.handle, `/family/sign-in#token=${token}`);
  const name = quotedName(language === 'ar' ? (academy.nameArabic ?? academy.name) : academy.name);
  const texts = TEXTS[language];
  if (address.kind === 'email') {
    await deps.mailer.send({ academyId: academy.id, to: address.email, subject: texts.subject(code), text: texts.mail(name, code, link) });
  } else {
    await sms.send({ academyId: academy.id, to: address.phone, text: texts.sms(name, code, link, new URL(link).hostname) });
  }
  return 'sent';
}

/** The parent rows a verified code opens: the one it was sent for first, then the others of the same address. */
export interface VerifiedFamily {
  parentId: string;
  parentIds: string[];
  /** The address the code was sent to: the session reads its family by it on every request. */
  address: FamilyAddress;
}

function invalid(): never {
  throw new HttpError(400, 'family.code_invalid');
}

/**
 * `POST /api/family/verify`: a code with its address, or a link's token. A match that is unused and
 * unexpired (a code also not worn out by wrong tries) is used up in the same statement that finds it,
 * so two requests with one code never both sign in. Wrong codes count against the address's live
 * codes (each ends after MAX_FAILED, whoever typed them), and tries count per client address and
 * destination (429 `family.too_many_tries` beyond, with the wait): one client's wrong codes never
 * stop the owner's own tries. A link's token (256 random bits, nothing to guess) is not worn out by
 * wrong codes: the link in the newest message always works once within its 10 minutes.
 */
export async function verifySignIn(
  deps: AppDeps,
  academy: AcademyRow,
  body: { address: FamilyAddress; code: string } | { token: string },
  client: string,
): Promise<VerifiedFamily> {
  const now = deps.clock.now();
  const unused = and(isNull(familyCodes.usedAt), gt(familyCodes.expiresAt, now));
  if ('token' in body) {
    const used = await deps.data.tenant(academy.id, (tx) =>
      tx
        .update(familyCodes)
        .set({ usedAt: now })
        .where(and(eq(familyCodes.tokenHash, hashToken(body.token)), unused))
        .returning({ parentId: familyCodes.parentId, channel: familyCodes.channel, address: familyCodes.address }),
    );
    if (used.length === 0) invalid();
    return familyOfCode(deps, academy, used[0]);
  }
  const live = and(unused, lt(familyCodes.failedAttempts, MAX_FAILED));
  const key = addressKey(body.address);
  const limits = signInLimits(deps.config.rateLimitScale);
  const tries = await deps.counters.hit(`family:tries:${client}|${key}`, WINDOW_MS);
  if (tries.count > limits.triesPerClient)
    throw new HttpError(429, 'family.too_many_tries', undefined, { minutes: minutesOf(tries.ttlMs) });
  const found = await deps.data.tenant(academy.id, async (tx) => {
    const candidates = await tx
      .select({ id: familyCodes.id, codeHash: familyCodes.codeHash })
      .from(familyCodes)
      .where(and(eq(familyCodes.address, key), live))
      .orderBy(desc(familyCodes.createdAt))
      .limit(5);
    const match = candidates.find((c) => sameHash(c.codeHash, codeHash(c.id, body.code)));
    if (!match) {
      if (candidates.length > 0)
        await tx
          .update(familyCodes)
          .set({ failedAttempts: sql`${familyCodes.failedAttempts} + 1` })
          .where(and(eq(familyCodes.address, key), live));
      return null;
    }
    const [used] = await tx
      .update(familyCodes)
      .set({ usedAt: now })
      .where(and(eq(familyCodes.id, match.id), live))
      .returning({ parentId: familyCodes.parentId, channel: familyCodes.channel, address: familyCodes.address });
    return used ?? null;
  });
  if (!found) invalid();
  return familyOfCode(deps, academy, found);
}

async function familyOfCode(
  deps: AppDeps,
  academy: AcademyRow,
  code: { parentId: string; channel: 'email' | 'sms'; address: string },
): Promise<VerifiedFamily> {
  const address: FamilyAddress = code.channel === 'email' ? { kind: 'email', email: code.address } : { kind: 'phone', phone: code.address };
  const parents = await deps.data.tenant(academy.id, (tx) => parentsOf(tx, address));
  const ids = parents.map((p) => p.id);
  // The code's own parent, even should their address have changed since it was sent.
  return { parentId: code.parentId, parentIds: ids.includes(code.parentId) ? ids : [code.parentId, ...ids], address };
}
