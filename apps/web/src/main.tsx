import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PageSpinner } from './components/Spinner';
import { ToastProvider } from './components/Toaster';
import { api } from './lib/api';
import { AuthProvider, useAuth } from './lib/auth';
import { currentHost } from './lib/host';
import { LocaleProvider } from './lib/i18n';
import { makeRouter } from './router';
import { AcademyNotFoundPage } from './routes/fallbacks';
import './styles.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });
const router = makeRouter();

/** On an academy subdomain: spinner while the academy is checked, then the app or Academy Not Found. */
function HostGate() {
  const host = currentHost();
  const handle = host.kind === 'academy' ? host.handle : null;
  const auth = useAuth();
  const [academy, setAcademy] = useState<'unknown' | 'available' | 'unavailable'>(handle ? 'unknown' : 'available');
  useEffect(() => {
    if (!handle) return;
    api<{ exists: boolean }>(`/api/academies/check/${encodeURIComponent(handle)}`, { auth: false })
      .then((r) => setAcademy(r.exists ? 'available' : 'unavailable'))
      // A failed check must not lock people out; the API itself still refuses what is wrong.
      .catch(() => setAcademy('available'));
  }, [handle]);
  if (academy === 'unknown' || auth.status === 'loading') return <PageSpinner />;
  if (academy === 'unavailable' && handle) return <AcademyNotFoundPage handle={handle} />;
  return <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
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
);
