import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

type Tone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  tone: Tone;
  text: string;
}

const ToastContext = createContext<((text: string, tone?: Tone) => void) | null>(null);
/** Toasts close themselves after 5 seconds (docs/domain.md, "Shared controls and waits"). */
export const TOAST_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (text: string, tone: Tone = 'success') => {
      const id = Date.now() + Math.random();
      setToasts((t) => [...t, { id, tone, text }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const tones: Record<Tone, string> = {
    success: 'border-brand-600 bg-brand-50 text-brand-900',
    error: 'border-red-500 bg-red-50 text-red-900',
    info: 'border-slate-400 bg-white text-slate-800',
  };
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4">
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.tone === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border-s-4 px-4 py-3 text-sm shadow-lg ${tones[t.tone]}`}
          >
            <p className="flex-1">{t.text}</p>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              className="text-lg leading-none opacity-60 hover:opacity-100"
              aria-label="×"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
