import { and, eq, gt, isNull } from 'drizzle-orm';
import { academies } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { academyUrl } from '../../http/host.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** How long the owner's confirmation link works. */
export const OWNER_LINK_DAYS = 3;
const OWNER_LINK_MS = OWNER_LINK_DAYS * 24 * 3600_000;

/**
 * Mails the academy's owner (its owner e-mail) a link that confirms the address (docs/domain.md,
 * "Text messages"): until it is opened the academy sends no text
 * messages. A new link replaces the last one. Sent at sign-up and again from the bell (W:Settings).
 */
export async function mailOwnerConfirmation(deps: Pick<AppDeps, 'data' | 'mailer' | 'clock' | 'config'>, academyId: string) {
  const token = newToken();
  const [academy] = await deps.data.system((tx) =>
    tx
      .update(academies)
      .set({ ownerVerifyTokenHash: hashToken(token), ownerVerifySentAt: deps.clock.now() })
      .where(and(eq(academies.id, academyId), isNull(academies.ownerVerifiedAt)))
      .returning({ handle: academies.handle, email: academies.ownerEmail }),
  );
  if (!academy) {
    const [known] = await deps.data.system((tx) => tx.select({ id: academies.id }).from(academies).where(eq(academies.id, academyId)));
    throw known ? conflict('academy.owner_confirmed') : notFound('academy.not_found');
  }
  const link = academyUrl(deps.config, academy.handle, `/confirm-owner#token=${token}`);
  await deps.mailer.send({
    academyId,
    to: academy.email,
    subject: 'Kora: confirm your e-mail / كورة: أكّد بريدك الإلكتروني',
    text: [
      'Kora: confirm the e-mail of the academy you signed up, so that it may send text messages (sign-in codes, announcements):',
      link,
      `The link works once, within ${OWNER_LINK_DAYS} days. If you did not sign up an academy on Kora, ignore this mail.`,
      '',
      'كورة: أكّد البريد الإلكتروني للأكاديمية التي سجّلتها لتتمكن من إرسال الرسائل النصية (رموز الدخول والإعلانات):',
      link,
      `يعمل الرابط مرة واحدة خلال ${OWNER_LINK_DAYS} أيام. إن لم تسجّل أكاديمية على كورة فتجاهل هذه الرسالة.`,
    ].join('\n'),
  });
}

/** `POST /api/auth/confirm-owner`: the mailed link's token, once, within its days; answers the academy's handle. */
export async function confirmOwner(deps: Pick<AppDeps, 'data' | 'clock'>, token: string) {
  const now = deps.clock.now();
  const [academy] = await deps.data.system((tx) =>
    tx
      .update(academies)
      .set({ ownerVerifiedAt: now, ownerVerifyTokenHash: null })
      .where(
        and(
          eq(academies.ownerVerifyTokenHash, hashToken(token)),
          isNull(academies.ownerVerifiedAt),
          gt(academies.ownerVerifySentAt, new Date(now.getTime() - OWNER_LINK_MS)),
        ),
      )
      .returning({ handle: academies.handle }),
  );
  if (!academy) throw badRequest('academy.owner_token_invalid', 'token');
  return { handle: academy.handle };
}
