import { canReadSensitive } from '@kora/contracts';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/Button';
import { useToast } from '../../components/Toaster';
import { callBlob } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { saveBlob } from '../../lib/save-blob';

/**
 * A template or the export, in the columns of the import, saved as a file; the export's national ids and
 * medical conditions only when `includeSensitive` (medical and identity; docs/domain.md, "Data map").
 */
export async function downloadPlayersFile(
  kind: 'playerImportTemplate' | 'exportPlayers',
  format: 'csv' | 'xlsx',
  lang: 'en' | 'ar',
  includeSensitive = false,
) {
  const blob = await callBlob(kind, { query: { format, lang, ...(includeSensitive ? { includeSensitive: 'true' } : {}) } });
  saveBlob(blob, kind === 'exportPlayers' ? `players.${format}` : `players-template-${lang}.${format}`);
}

/** Players → Export: every player as CSV or Excel, headers in the screen's language (R:Players). */
export function ExportPlayersMenu() {
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const mayIncludeSensitive = canReadSensitive(useAuth().user?.accountType);
  const [includeSensitive, setIncludeSensitive] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !(e.target instanceof Node && menu.current?.contains(e.target))) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const save = async (format: 'csv' | 'xlsx') => {
    setOpen(false);
    setBusy(true);
    try {
      await downloadPlayersFile('exportPlayers', format, locale === 'ar' ? 'ar' : 'en', mayIncludeSensitive && includeSensitive);
    } catch (err) {
      toast(errorText(err, 'playerImport.exportFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="relative" ref={menu}>
      <Button variant="outline" aria-haspopup="menu" aria-expanded={open} loading={busy} onClick={() => setOpen((o) => !o)}>
        <FormattedMessage id="playerImport.export" />
        <span aria-hidden className="text-xs">
          ▾
        </span>
      </Button>
      {open && (
        <div role="menu" className="absolute end-0 z-30 mt-1 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          {mayIncludeSensitive && (
            <label className="flex items-start gap-2 border-b border-slate-100 px-3 py-2 text-sm text-slate-700">
              <input
                type="checkbox"
                role="menuitemcheckbox"
                aria-checked={includeSensitive}
                className="mt-0.5 size-4 accent-brand-600"
                checked={includeSensitive}
                onChange={(e) => setIncludeSensitive(e.target.checked)}
                data-testid="export-include-sensitive"
              />
              <FormattedMessage id="playerImport.exportIncludeSensitive" />
            </label>
          )}
          {(['xlsx', 'csv'] as const).map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              onClick={() => save(format)}
              className="block w-full rounded-lg px-3 py-2 text-start text-sm text-slate-700 hover:bg-slate-100"
            >
              <FormattedMessage id={format === 'csv' ? 'playerImport.exportCsv' : 'playerImport.exportXlsx'} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
