import {
  CONSENT_TEXTS,
  columnOfHeader,
  IMPORT_COLUMNS,
  IMPORT_HEADERS,
  type ImportColumn,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  REQUIRED_IMPORT_COLUMNS,
} from '@kora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { inputClass } from '../../components/Field';
import { ApiError, callWithProgress } from '../../lib/api';
import { codeText, useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { downloadPlayersFile } from './ExportPlayersMenu';

/** A cell's text isolated from the sentence around it; without letters (a date, +966…) it reads left to right. */
const Isolated = ({ text }: { text: string }) => <bdi dir={/\p{L}/u.test(text) ? 'auto' : 'ltr'}>{text}</bdi>;

type Step = 'upload' | 'map' | 'preview' | 'done';
const STEPS: Step[] = ['upload', 'map', 'preview', 'done'];
const STEP_LABEL = {
  upload: 'playerImport.step.upload',
  map: 'playerImport.step.map',
  preview: 'playerImport.step.preview',
  done: 'playerImport.step.import',
} as const;

/**
 * Players → Import: upload a CSV or XLSX file, map its columns (read off its headers, English or
 * Arabic), preview every row checked by the server with Add Player's rules (each error at its row
 * and column), then import all rows in one go, or none.
 */
export function ImportPlayersDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  /** Share of the upload sent (0–1) while a request runs; 1 while the server checks or writes. */
  const [progress, setProgress] = useState<number | null>(null);
  const [working, setWorking] = useState<'check' | 'import'>('check');
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;
  const lang = locale === 'ar' ? 'ar' : 'en';

  /** Runs one upload with its progress shown; the server's check or write is the bar's last, pulsing, part. */
  const tracked = async <T,>(what: 'check' | 'import', work: (onProgress: (sent: number) => void) => Promise<T>) => {
    setError(null);
    setWorking(what);
    setProgress(0);
    try {
      return await work(setProgress);
    } finally {
      setProgress(null);
    }
  };
  // The guardians' medical consent on paper, for rows bringing a condition the child's consent does not cover.
  const [paperMedical, setPaperMedical] = useState(false);
  const formOf = (chosen: File, map?: ImportMapping, paper = paperMedical) => ({
    file: chosen,
    ...(map ? { mapping: JSON.stringify(map) } : {}),
    ...(paper ? { medicalConsent: JSON.stringify({ language: lang }) } : {}),
  });

  const check = async (chosen: File, map?: ImportMapping, paper = paperMedical) => {
    try {
      const answer = await tracked('check', (p) => callWithProgress('previewPlayerImport', { form: formOf(chosen, map, paper) }, p));
      setPreview(answer);
      setMapping(answer.mapping);
      return answer;
    } catch (err) {
      setError(errorText(err, 'playerImport.failed'));
      return null;
    }
  };

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    setFile(chosen);
    if (await check(chosen)) setStep('map');
  };

  const runImport = async () => {
    if (!file) return;
    try {
      const answer = await tracked('import', (p) => callWithProgress('importPlayers', { form: formOf(file, mapping) }, p));
      setResult(answer);
      setStep('done');
      await Promise.all([qc.invalidateQueries({ queryKey: ['users'] }), qc.invalidateQueries({ queryKey: ['teams'] })]);
    } catch (err) {
      // Rows changed since the preview (a team renamed): show the server's list again.
      if (err instanceof ApiError && err.code === 'import.invalid_rows') await check(file, mapping);
      setError(errorText(err, 'playerImport.failed'));
    }
  };

  const headerLabel = (column: ImportColumn) => IMPORT_HEADERS[column][lang];
  /** The file's own header of a field's column, when it reads differently from the field's name. */
  const fileHeader = (column: ImportColumn | null) => {
    const index = column ? mapping[column] : undefined;
    const header = index === undefined ? '' : (preview?.headers[index] ?? '');
    return column && header && columnOfHeader(header) !== column ? header : null;
  };
  const stepIndex = STEPS.indexOf(step);
  const errors = preview?.errors ?? [];
  const valid = preview ? preview.creates + preview.updates : 0;

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()} title={<FormattedMessage id="playerImport.title" />} wide>
      <ol className="mb-5 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label={intl.formatMessage({ id: 'playerImport.steps' })}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={`flex items-center gap-2 ${i === stepIndex ? 'font-semibold text-brand-700' : i < stepIndex ? 'text-slate-700' : 'text-slate-500'}`}
          >
            <span
              className={`grid size-6 shrink-0 place-items-center rounded-full text-xs ${i <= stepIndex ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-500'}`}
            >
              {intl.formatNumber(i + 1)}
            </span>
            <FormattedMessage id={STEP_LABEL[s]} />
          </li>
        ))}
      </ol>

      {step === 'upload' && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            <FormattedMessage id="playerImport.uploadHint" />
          </p>
          <ul className="list-disc space-y-1 ps-5 text-sm text-slate-600">
            <li>
              <FormattedMessage id="playerImport.formatDates" />
            </li>
            <li>
              <FormattedMessage id="playerImport.formatGender" />
            </li>
            <li>
              <FormattedMessage id="playerImport.formatTeams" />
            </li>
            <li>
              <FormattedMessage id="playerImport.formatUpdate" />
            </li>
          </ul>
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
            <p className="mb-2 font-medium text-slate-700">
              <FormattedMessage id="playerImport.template" />
            </p>
            <div className="flex flex-wrap gap-2">
              {(['en', 'ar'] as const).flatMap((l) =>
                (['xlsx', 'csv'] as const).map((format) => (
                  <Button
                    key={`${l}-${format}`}
                    variant="outline"
                    onClick={() => downloadPlayersFile('playerImportTemplate', format, l).catch((err) => setError(errorText(err)))}
                  >
                    <FormattedMessage id={l === 'en' ? 'playerImport.templateEn' : 'playerImport.templateAr'} /> ·{' '}
                    {format === 'csv' ? 'CSV' : intl.formatMessage({ id: 'playerImport.excel' })}
                  </Button>
                )),
              )}
            </div>
          </div>
          <label
            className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 p-6 text-center hover:border-brand-500 ${busy ? 'pointer-events-none opacity-60' : ''}`}
          >
            <span className="font-semibold text-brand-700">
              <FormattedMessage id="playerImport.chooseFile" />
            </span>
            <span className="text-xs text-slate-500">CSV · XLSX</span>
            <input
              type="file"
              className="sr-only"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={(e) => {
                void choose(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
          </label>
        </div>
      )}

      {step === 'map' && preview && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            <FormattedMessage id="playerImport.mapHint" values={{ file: file?.name ?? '' }} />
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {IMPORT_COLUMNS.map((column) => {
              const required = REQUIRED_IMPORT_COLUMNS.includes(column);
              const id = `import-map-${column}`;
              return (
                <div key={column}>
                  <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
                    {headerLabel(column)}
                    {required && <span className="text-red-600"> *</span>}
                  </label>
                  <select
                    id={id}
                    className={inputClass()}
                    value={mapping[column] ?? ''}
                    onChange={(e) => {
                      const value = e.target.value;
                      setMapping((m) => {
                        const next = { ...m };
                        if (value === '') delete next[column];
                        else next[column] = Number(value);
                        return next;
                      });
                    }}
                  >
                    <option value="">{intl.formatMessage({ id: 'playerImport.notMapped' })}</option>
                    {preview.headers.map((h, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a column is its index in the file (headers may repeat or be empty)
                      <option key={i} value={i}>
                        {h || intl.formatMessage({ id: 'playerImport.columnN' }, { n: i + 1 })}
                      </option>
                    ))}
                  </select>
                  {mapping[column] !== undefined && preview.sample[0]?.[mapping[column] ?? 0] && (
                    <p className="mt-1 truncate text-xs text-slate-500">
                      {/* Isolated: a date or a phone keeps its order inside an Arabic sentence. */}
                      <FormattedMessage
                        id="playerImport.example"
                        values={{ value: <Isolated text={preview.sample[0][mapping[column] ?? 0]} /> }}
                      />
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}

      {step === 'preview' && preview && (
        <div className="space-y-4">
          {(paperMedical || errors.some((e) => e.code === 'consent.medical_required')) && (
            <label className="flex items-start gap-2 rounded-xl border border-slate-200 p-3 text-sm text-slate-700">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
                checked={paperMedical}
                disabled={progress !== null}
                onChange={(e) => {
                  const on = e.target.checked;
                  setPaperMedical(on);
                  if (file) void check(file, mapping, on);
                }}
                data-testid="import-medical-consent"
              />
              <span>
                <FormattedMessage id="playerImport.medicalPaper" values={{ text: CONSENT_TEXTS.medical[lang] }} />
              </span>
            </label>
          )}
          <p className="text-sm text-slate-700" data-testid="import-summary">
            <FormattedMessage
              id="playerImport.summary"
              values={{ rows: preview.rowCount, creates: preview.creates, updates: preview.updates }}
            />
          </p>
          {errors.length === 0 ? (
            <p className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-800">
              <FormattedMessage id="playerImport.noErrors" />
            </p>
          ) : (
            <>
              <p className="rounded-xl bg-red-50 p-3 text-sm text-red-800" role="alert">
                <FormattedMessage id="playerImport.errorsHeading" values={{ count: errors.length }} />
              </p>
              <div className="max-h-72 overflow-auto rounded-xl border border-slate-200">
                <table className="w-full text-sm" data-testid="import-errors">
                  <thead className="sticky top-0 bg-slate-50 text-start text-xs text-slate-500">
                    <tr>
                      <th className="px-3 py-2 text-start font-medium">
                        <FormattedMessage id="playerImport.col.row" />
                      </th>
                      <th className="px-3 py-2 text-start font-medium">
                        <FormattedMessage id="playerImport.col.column" />
                      </th>
                      <th className="px-3 py-2 text-start font-medium">
                        <FormattedMessage id="playerImport.col.error" />
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {errors.slice(0, 500).map((e, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several errors in one column
                      <tr key={i}>
                        <td className="px-3 py-2 tabular-nums">
                          {e.row === 1 ? intl.formatMessage({ id: 'playerImport.headerRow' }) : intl.formatNumber(e.row)}
                        </td>
                        <td className="px-3 py-2">
                          {e.column ? headerLabel(e.column) : '—'}
                          {fileHeader(e.column) && (
                            <span className="block text-xs text-slate-500">
                              <FormattedMessage
                                id="playerImport.fileColumn"
                                values={{ name: <Isolated text={fileHeader(e.column) ?? ''} /> }}
                              />
                            </span>
                          )}
                        </td>
                        <td className="px-3 py-2 text-red-700">
                          {/* The cell as written (a date, a phone, an unknown team), isolated like the file's own text. */}
                          {e.value ? (
                            <FormattedMessage
                              id="playerImport.errorValue"
                              values={{ error: codeText(intl, e.code, e.message), value: <Isolated text={e.value} /> }}
                            />
                          ) : (
                            codeText(intl, e.code, e.message)
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}

      {step === 'done' && result && (
        <p className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-800" role="status" data-testid="import-done">
          <FormattedMessage id="playerImport.done" values={{ created: result.created, updated: result.updated }} />
        </p>
      )}

      {busy && (
        <div className="mt-4" role="status" aria-live="polite">
          <div className="mb-1 flex justify-between text-xs text-slate-600">
            <span>
              <FormattedMessage
                id={progress < 1 ? 'playerImport.uploading' : working === 'import' ? 'playerImport.importing' : 'playerImport.checking'}
              />
            </span>
            <span className="tabular-nums">{intl.formatNumber(progress, { style: 'percent' })}</span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <div
              className={`h-full rounded-full bg-brand-600 transition-[width] ${progress >= 1 ? 'animate-pulse' : ''}`}
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        </div>
      )}
      {error && (
        <p className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800" role="alert">
          {error}
        </p>
      )}

      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {step === 'map' && (
          <>
            <Button variant="outline" disabled={busy} onClick={() => setStep('upload')}>
              <FormattedMessage id="common.back" />
            </Button>
            <Button
              disabled={busy}
              onClick={async () => {
                if (file && (await check(file, mapping))) setStep('preview');
              }}
            >
              <FormattedMessage id="common.next" />
            </Button>
          </>
        )}
        {step === 'preview' && (
          <>
            <Button variant="outline" disabled={busy} onClick={() => setStep('map')}>
              <FormattedMessage id="common.back" />
            </Button>
            {errors.length > 0 ? (
              <Button disabled={busy} onClick={() => setStep('upload')}>
                <FormattedMessage id="playerImport.another" />
              </Button>
            ) : (
              <Button disabled={busy || valid === 0} onClick={runImport}>
                <FormattedMessage id="playerImport.importButton" values={{ count: valid }} />
              </Button>
            )}
          </>
        )}
        {step === 'done' && (
          <Button onClick={onClose}>
            <FormattedMessage id="common.close" />
          </Button>
        )}
      </div>
    </Dialog>
  );
}
