import { FormattedMessage } from 'react-intl';
import { useAuth } from '../../lib/auth';

/** The root path for a user without the Dashboard permission (sending them "home" would loop). */
export function NoDashboard() {
  const auth = useAuth();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <h1 className="text-xl font-semibold">
        <FormattedMessage id="home.welcome" values={{ name: auth.user?.name }} />
      </h1>
      <p className="mt-2 text-slate-600">
        <FormattedMessage id="home.noDashboard" />
      </p>
    </div>
  );
}
