import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT, PublicLayout } from '../components/PublicLayout';

export type PublicPageName = 'pricing' | 'about' | 'contact' | 'terms' | 'privacy';
const SECTIONS: Record<PublicPageName, number> = { pricing: 3, about: 3, contact: 2, terms: 5, privacy: 5 };

/** /pricing /about /contact /terms /privacy: titled sections from the catalogs. */
export function PublicPage({ page }: { page: PublicPageName }) {
  const intl = useIntl();
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">
          <FormattedMessage id={`page.${page}.title`} />
        </h1>
        <p className="mt-3 text-slate-600">
          <FormattedMessage id={`page.${page}.intro`} values={CONTACT} />
        </p>
        <div className={page === 'pricing' ? 'mt-8 grid gap-4 sm:grid-cols-3' : 'mt-8 space-y-6'}>
          {Array.from({ length: SECTIONS[page] }, (_, i) => `s${i + 1}`).map((key) => (
            <section key={key} className={page === 'pricing' ? 'rounded-2xl border border-slate-200 bg-white p-6' : ''}>
              <h2 className="text-lg font-semibold text-slate-900">{intl.formatMessage({ id: `page.${page}.${key}.title` })}</h2>
              <p className="mt-2 whitespace-pre-line text-slate-600">{intl.formatMessage({ id: `page.${page}.${key}.text` }, CONTACT)}</p>
            </section>
          ))}
        </div>
      </article>
    </PublicLayout>
  );
}
