import { useEffect } from 'react';

/** The portal's own manifest (name, start_url /family, the language's), in place of the staff app's. */
export function usePortalManifest(locale: string) {
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const before = link?.getAttribute('href') ?? null;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'manifest';
      document.head.append(link);
    }
    link.href = `/family-${locale === 'ar' ? 'ar' : 'en'}.webmanifest`;
    return () => {
      if (before) link?.setAttribute('href', before);
      else link?.remove();
    };
  }, [locale]);
}
