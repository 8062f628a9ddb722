import type { ReactNode } from 'react';
import { SharedLink } from '../routes/links';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

/** Auth screens: full-screen pitch background, a centred card, the logo on top or beside the title. */
export function AuthCard({
  title,
  subtitle,
  children,
  wide,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    // The top padding keeps a card taller than the screen (the academy sign-up on a 390 px phone) below the
    // language buttons in the corner instead of under them.
    <div className="relative flex min-h-screen items-center justify-center bg-brand-900 px-4 pt-20 pb-10">
      <svg className="absolute inset-0 size-full opacity-15" preserveAspectRatio="xMidYMid slice" viewBox="0 0 1200 800" aria-hidden="true">
        <defs>
          <pattern id="stripes" width="160" height="800" patternUnits="userSpaceOnUse">
            <rect width="80" height="800" fill="#fff" fillOpacity="0.25" />
          </pattern>
        </defs>
        <rect width="1200" height="800" fill="url(#stripes)" />
        <g fill="none" stroke="#fff" strokeWidth="4">
          <rect x="40" y="40" width="1120" height="720" />
          <path d="M600 40v720" />
          <circle cx="600" cy="400" r="110" />
          <rect x="40" y="220" width="170" height="360" />
          <rect x="990" y="220" width="170" height="360" />
        </g>
      </svg>
      <div className="absolute end-4 top-4 rounded-lg bg-white/90 p-1" data-testid="auth-language">
        <LanguageSwitcher />
      </div>
      <div
        className={`relative w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-2xl sm:p-8`}
        data-testid="auth-card"
      >
        <div className={title ? 'mb-6 flex items-center gap-3' : 'mb-6 flex justify-center'}>
          <SharedLink to="/" aria-label="Kora">
            <Logo />
          </SharedLink>
          {title && (
            <div className="min-w-0 border-s border-slate-200 ps-3">
              <h1 className="text-lg font-bold text-slate-900">{title}</h1>
              {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
            </div>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
