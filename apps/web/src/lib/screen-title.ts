import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isActive, NAV } from './areas';
import type { MessageId } from './message-ids';

/**
 * The browser tab's title of a signed-in screen, in the page's language: its area's name and the
 * brand ("Players — Kora", "اللاعبون — Kora"). Without it the tab keeps index.html's English title
 * on Arabic screens.
 */
export function useScreenTitle(pathname: string) {
  const intl = useIntl();
  useEffect(() => {
    const area = NAV.find((entry) => isActive(entry.path, pathname));
    document.title = area ? `${intl.formatMessage({ id: area.label })} — Kora` : 'Kora';
  }, [pathname, intl]);
}

/**
 * The browser tab's title of a page outside the staff shell (the family portal, the payment pages):
 * its own title in the page's language and the brand ("Payments — Kora", "المدفوعات — Kora").
 */
export function useDocumentTitle(id: MessageId | null) {
  const intl = useIntl();
  useEffect(() => {
    document.title = id ? `${intl.formatMessage({ id })} — Kora` : 'Kora';
  }, [id, intl]);
}
