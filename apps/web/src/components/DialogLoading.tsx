// Why: a list screen's dialogs (their forms, zod, react-hook-form, the phone metadata, Radix) load when
// opened, not with the screen (docs/performance.md, "The web app on a phone"). While one
// loads, the screen is dimmed as the dialog will dim it, so a second click lands nowhere; once loaded,
// the dialog takes the focus as it always does.
import { useIntl } from 'react-intl';
import { Spinner } from './Spinner';

/** The `Suspense` fallback of a dialog whose code is on its way. */
export function DialogLoading() {
  const intl = useIntl();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 text-white" data-testid="dialog-loading">
      <Spinner className="size-8" label={intl.formatMessage({ id: 'common.loading' })} />
    </div>
  );
}
