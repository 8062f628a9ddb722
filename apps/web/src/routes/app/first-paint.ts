import { riyadhToday } from '@kora/contracts';
import { fetchFirstPaint } from '../../lib/api';
import { authSnapshot } from '../../lib/auth';
import { initialLocale } from '../../lib/i18n';

/**
 * A route's `staticData.early` for a screen of the first-paint table (contracts `FIRST_PAINT`): the GETs its
 * loader will make, sent before its code arrives. Where the server answered the document, the same addresses
 * are already among the early answers (main.tsx) and nothing is sent.
 */
export const earlyFirstPaint =
  (path: string) =>
  ({ search }: { search: Record<string, unknown> }) =>
    fetchFirstPaint(path, { search, today: riyadhToday(), locale: initialLocale(), userId: authSnapshot().user?.id ?? '' });
