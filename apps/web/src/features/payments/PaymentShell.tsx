import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { PaymentLogos } from '../../components/PaymentLogos';

/** The public payment screens: a light header with the language buttons, one centred card, the accepted cards. */
export function PaymentShell({ title, academy, children }: { title: ReactNode; academy?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-2 px-4 py-3">
          <Link to="/" aria-label="Kora">
            <Logo />
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 px-3 py-6 sm:px-4 sm:py-10">
        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="payment-card">
          <div className="mb-4 border-b border-slate-100 pb-4">
            {academy ?? <h1 className="text-lg font-bold text-slate-900">{title}</h1>}
          </div>
          {children}
        </section>
        <div className="mt-4 flex justify-center opacity-80">
          <PaymentLogos />
        </div>
      </main>
    </div>
  );
}
