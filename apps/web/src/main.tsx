import { addressOf, BOOT_ELEMENT_ID, type BootData } from '@kora/contracts';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { PageSpinner } from './components/Spinner';
import { ToastProvider } from './components/Toaster';
import { setFamilySignedIn } from './features/family/session';
import { academyCheckQuery } from './lib/academy';
import { keepBootAnswers, replyOf } from './lib/api';
import { AuthProvider, authSnapshot, seedSession, startSessionCheck, useAuth } from './lib/auth';
import { currentHost } from './lib/host';
import { adoptLocale, initialLocale, LocaleProvider, loadCatalog, tellServerLocale } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { forgetStoredTokens } from './lib/storage';
import { startOffline } from './offline/register';
import { firstMessageParts, loadScreenCode, makeRouter } from './router';
import { AcademyNotFoundPage } from './routes/fallbacks';
import './styles.css';

// zod (loaded later, with the screens) must not probe whether `new Function` works: the CSP forbids it
// (so zod never compiles its parsers here anyway), and the refused probe is reported as a violation.
Reflect.set(globalThis, '__zod_globalConfig', { jitless: true });

/** What a signed-in document from the server carried (apps/server/src/web/app-document.ts), or null. */
function readBoot(): BootData | null {
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// Older versions kept session tokens in storage; the session is now a cookie no script reads.
forgetStoredTokens();
// The document drew the frame in its language, for this session, with the screen's first answers: the app starts
// from them (docs/architecture.md, "First paint from the server").
tellServerLocale();
const boot = readBoot();
const familyBoot = boot?.session === 'family';
if (boot) {
  adoptLocale(boot.locale);
  keepBootAnswers(boot.answers, familyBoot ? 'family' : 'staff');
  if (familyBoot) setFamilySignedIn(true);
}
const booted = boot !== null && (familyBoot || seedSession(replyOf('me', boot.me)));
const queryClient = createQueryClient();
const router = makeRouter(queryClient);
// The session and the academy check start beside the language's messages instead of after them.
if (!booted) startSessionCheck();
const startHost = currentHost();
if (startHost.kind === 'academy') {
  // A session's document from this host says the academy exists: nothing to check.
  const familyMe = familyBoot ? boot?.answers[addressOf('familyMe')] : undefined;
  const academy = familyBoot
    ? replyOf('familyMe', familyMe)?.academy
    : booted
      ? authSnapshot().academies.find((a) => a.handle === startHost.handle)
      : undefined;
  if (academy) queryClient.setQueryData(academyCheckQuery(startHost.handle).queryKey, { exists: true, academy });
  else void queryClient.prefetchQuery(academyCheckQuery(startHost.handle));
}
// On academy hosts: installable, opens offline, sends attendance marked offline when the network returns.
startOffline(queryClient);

/** On an academy subdomain: spinner while the academy is checked, then the app or Academy Not Found. */
function HostGate() {
  // The server's frame (static markup, its buttons dead) is gone once this has drawn: the document says it is live.
  useEffect(() => document.getElementById('root')?.removeAttribute('data-frame'), []);
  const host = currentHost();
  const handle = host.kind === 'academy' ? host.handle : null;
  const auth = useAuth();
  const check = useQuery({ ...academyCheckQuery(handle ?? ''), enabled: !!handle });
  // A failed check must not lock people out; the API itself still refuses what is wrong.
  if ((handle && check.isPending) || auth.status === 'loading') return <PageSpinner />;
  if (handle && check.data?.exists === false) return <AcademyNotFoundPage handle={handle} />;
  return <RouterProvider router={router} />;
}

/** Resolves once no query is fetching (the loaders' queries, answered from the document). */
function idle(client: QueryClient) {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    };
    const stop = client.getQueryCache().subscribe(check);
    check();
  });
}

const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <LocaleProvider>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <AuthProvider>
                <HostGate />
              </AuthProvider>
            </ToastProvider>
          </QueryClientProvider>
        </LocaleProvider>
      </StrictMode>,
    ),
  );
// The chosen language's messages (the other language loads only if picked; the first render waits for them: no
// flash of another language), and beside them the screen's data and code (router.tsx `loadScreenCode`), asked a
// moment later so that the messages' request (a module import, sent from a promise callback) leaves first.
// The staff app's screens show no message of the catalogs' `public` part, and the server's codes in words (`errors`)
// come beside the screen's code, which the screen waits for anyway (locales/parts.ts).
// A document drawn by the server stays on screen until the app can replace it with the whole screen: its code and
// its data (the answers it carried) are here, so the first render draws the screen inside the same frame.
const messages = loadCatalog(initialLocale(), firstMessageParts(router));
const ready = booted ? Promise.all([messages, router.load().then(() => idle(queryClient))]) : messages;
ready.then(render, render);
queueMicrotask(() => {
  loadScreenCode(router);
  loadCatalog(initialLocale(), ['errors']).catch(() => undefined);
});
