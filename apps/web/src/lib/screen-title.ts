import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isActive, NAV } from './areas';

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
