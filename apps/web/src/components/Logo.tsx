import { FormattedMessage } from 'react-intl';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold text-brand-800 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#047857" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
        <path d="M16 10l5 3.6-1.9 5.9h-6.2L11 13.6z" fill="#fff" />
      </svg>
      <span className="text-xl tracking-tight">
        <FormattedMessage id="brand.name" />
      </span>
    </span>
  );
}
