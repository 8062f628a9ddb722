// Why: sign-in and parent registration greet people with their academy's name, not its handle (any handle: the wizard may name another academy).
import { useQuery } from '@tanstack/react-query';
import { academyCheckQuery } from '../../lib/academy';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';

/** The name of the academy of `handle` in the UI's language (Arabic when it has one), else the handle itself. */
export function useAcademyName(handle: string) {
  const { locale } = useLocale();
  const { data } = useQuery({ ...academyCheckQuery(handle), enabled: !!handle });
  return data?.academy ? displayName(data.academy, locale) : handle;
}
