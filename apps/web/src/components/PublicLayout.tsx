import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../lib/i18n';
import { SharedLink } from '../routes/links';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { PaymentLogos } from './PaymentLogos';

export const CONTACT = { email: 'hello@kora.sa', phone: '+966 11 520 4400', cr: '1010987654' };

/** The contact e-mail as a mailto: link (footer and contact page). */
export function EmailLink({ className = '' }: { className?: string }) {
  return (
    <a className={className} href={`mailto:${CONTACT.email}`} dir="ltr">
      {CONTACT.email}
    </a>
  );
}

/** The contact phone as a tel: link, read left to right inside Arabic text. */
export function PhoneLink({ className = '' }: { className?: string }) {
  return (
    <a className={className} href={`tel:${CONTACT.phone.replaceAll(' ', '')}`} dir="ltr">
      {CONTACT.phone}
    </a>
  );
}

function Footer() {
  const { locale } = useLocale();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-2 text-sm">
          <Logo className="text-white" />
          {/* The company's registered (Arabic) legal notice on every page; its English translation only
              on English pages (no English line on Arabic pages). Each keeps its own direction. */}
          <p>
            <bdi dir="rtl" lang="ar">
              جميع الحقوق محفوظة لشركة كورا لتقنية المعلومات © {new Date().getFullYear()}
            </bdi>
          </p>
          {locale === 'en' && (
            <p>
              <bdi dir="ltr" lang="en">
                © {new Date().getFullYear()} Kora Information Technology Co. All rights reserved.
              </bdi>
            </p>
          )}
          <p>
            <FormattedMessage id="footer.cr" values={{ cr: CONTACT.cr }} />
          </p>
        </div>
        <div className="space-y-2 text-sm">
          <p className="font-semibold text-white">
            <FormattedMessage id="footer.contact" />
          </p>
          <p>
            <EmailLink className="hover:text-white" />
          </p>
          <p>
            <PhoneLink className="hover:text-white" />
          </p>
          <p>
            <FormattedMessage id="footer.address" />
          </p>
        </div>
        <div className="space-y-3 text-sm">
          <p className="font-semibold text-white">
            <FormattedMessage id="footer.payments" />
          </p>
          <PaymentLogos />
          <nav className="flex flex-wrap gap-x-4 gap-y-1 pt-2">
            {(['pricing', 'about', 'contact', 'terms', 'privacy'] as const).map((p) => (
              <SharedLink key={p} to={`/${p}`} className="hover:text-white">
                <FormattedMessage id={`nav.public.${p}`} />
              </SharedLink>
            ))}
            <SharedLink to="/refund-policy" className="hover:text-white">
              <FormattedMessage id="nav.public.refunds" />
            </SharedLink>
          </nav>
        </div>
      </div>
    </footer>
  );
}

/** Header with logo, 'Create Academy' and 'Login', and the footer (docs/domain.md, "Screens"). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
          <SharedLink to="/" aria-label="Kora">
            <Logo className="[&>span]:hidden min-[420px]:[&>span]:inline" />
          </SharedLink>
          <nav className="flex items-center gap-0.5 sm:gap-3">
            <LanguageSwitcher />
            <SharedLink
              to="/auth/register/academy"
              className="inline-flex rounded-lg px-2 py-2 text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50 sm:px-3"
            >
              <FormattedMessage id="landing.createAcademy" />
            </SharedLink>
            <SharedLink
              to="/auth/login"
              className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800"
            >
              <FormattedMessage id="landing.login" />
            </SharedLink>
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <Footer />
    </div>
  );
}
