import { FormattedMessage } from 'react-intl';
import { PublicLayout } from '../../components/PublicLayout';
import { SharedLink } from '../../routes/links';
import { PricingCards } from './PublicPage';

const FEATURES = ['players', 'schedule', 'payments', 'growth', 'teams', 'languages'] as const;

export function LandingPage() {
  return (
    <PublicLayout>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
          <div className="space-y-6">
            <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">
              <FormattedMessage id="landing.badge" />
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              <FormattedMessage id="landing.title" />
            </h1>
            <p className="text-lg font-medium text-brand-800">
              <FormattedMessage id="landing.subtitle" />
            </p>
            <p className="text-slate-600">
              <FormattedMessage id="landing.description" />
            </p>
            <div className="flex flex-wrap gap-3">
              <SharedLink
                to="/auth/register/academy"
                className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow hover:bg-brand-800"
              >
                <FormattedMessage id="landing.startTrial" />
              </SharedLink>
              <SharedLink
                to="/auth/login"
                className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
              >
                <FormattedMessage id="landing.login" />
              </SharedLink>
            </div>
          </div>
          <div className="relative mx-auto w-full max-w-md">
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl">
              <div className="mb-4 grid grid-cols-2 gap-3">
                {(['players', 'retention'] as const).map((k, i) => (
                  <div key={k} className="rounded-xl bg-brand-50 p-4">
                    <p className="text-xs text-slate-500">
                      <FormattedMessage id={`landing.preview.${k}`} />
                    </p>
                    <p className="text-2xl font-bold text-brand-800">{i === 0 ? '248' : '92%'}</p>
                  </div>
                ))}
              </div>
              {(['team1', 'team2', 'team3'] as const).map((team, i) => (
                <div key={team} className="flex items-center justify-between border-t border-slate-100 py-3 text-sm">
                  <span className="flex items-center gap-2">
                    <span className={`size-3 rounded-full ${['bg-green-500', 'bg-orange-500', 'bg-red-500'][i]}`} />
                    <FormattedMessage id={`landing.preview.${team}`} />
                  </span>
                  <span dir="ltr" className="text-slate-500">
                    {['17:00', '18:30', '20:00'][i]}
                  </span>
                </div>
              ))}
            </div>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-16">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <div key={f} className="rounded-2xl border border-slate-200 bg-white p-6">
              <h2 className="font-semibold text-slate-900">
                <FormattedMessage id={`landing.feature.${f}.title`} />
              </h2>
              <p className="mt-2 text-sm text-slate-600">
                <FormattedMessage id={`landing.feature.${f}.text`} />
              </p>
            </div>
          ))}
        </div>
      </section>
      <section className="border-t border-slate-200 bg-slate-50" aria-labelledby="landing-pricing">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="landing-pricing" className="text-2xl font-bold text-slate-900">
            <FormattedMessage id="page.pricing.title" />
          </h2>
          <p className="mt-2 mb-8 text-slate-600">
            <FormattedMessage id="page.pricing.intro" />
          </p>
          <PricingCards heading="h3" />
        </div>
      </section>
    </PublicLayout>
  );
}
