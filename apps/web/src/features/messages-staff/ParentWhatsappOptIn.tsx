import { recordWhatsappOptInBody, riyadhToday, WHATSAPP_OPT_IN_NOTE_MAX, type WhatsappOptInRecord } from '@kora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { riyadhDateOf, toDisplay } from '../../components/date-format';
import { useDateField } from '../../components/form/FormDate';
import { FormDialog } from '../../components/form/FormDialog';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { call } from '../../lib/api';
import { loadCatalog, useLocale } from '../../lib/i18n';

const optInKey = (parentId: string) => ['parents', parentId, 'whatsapp-opt-in'] as const;

/**
 * A parent's WhatsApp opt-in on the player's page: when and how it was given (the portal, or a signed
 * paper form recorded by a member, named with the form's words), and for members who write Players a
 * way to record a paper one. Its texts are the catalogs' `settings` part, loaded with it.
 */
export function ParentWhatsappOptIn({ parentId, canWrite }: { parentId: string; canWrite: boolean }) {
  const { locale } = useLocale();
  const texts = useQuery({
    queryKey: ['catalog', locale, 'settings'],
    queryFn: () => loadCatalog(locale, ['settings']),
    staleTime: Infinity,
  });
  const record = useQuery({ queryKey: optInKey(parentId), queryFn: () => call('parentWhatsappOptIn', { params: { parentId } }) });
  const [recording, setRecording] = useState(false);
  if (!texts.data || !record.data?.configured) return null;
  const r = record.data;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="parent-whatsapp-opt-in">
      <span className="font-medium text-slate-700">
        <FormattedMessage id="messages.paper.title" />
      </span>
      <span className="text-slate-600">
        <Status record={r} />
      </span>
      {canWrite && !r.optedIn && r.hasMobile && (
        <Button variant="outline" onClick={() => setRecording(true)} data-testid="record-paper-opt-in">
          <FormattedMessage id="messages.paper.record" />
        </Button>
      )}
      {recording && <RecordDialog parentId={parentId} onClose={() => setRecording(false)} />}
    </div>
  );
}

function Status({ record: r }: { record: WhatsappOptInRecord }) {
  if (!r.optedIn || !r.optedInAt) return <FormattedMessage id={r.hasMobile ? 'messages.paper.notYet' : 'messages.paper.noMobile'} />;
  const date = <bdi dir="ltr">{toDisplay(riyadhDateOf(r.optedInAt))}</bdi>;
  return r.via === 'staff' ? (
    <FormattedMessage id="messages.paper.onPaper" values={{ date, member: r.recordedBy?.name ?? '—', note: r.note ?? '' }} />
  ) : (
    <FormattedMessage id="messages.paper.inPortal" values={{ date }} />
  );
}

function RecordDialog({ parentId, onClose }: { parentId: string; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm(recordWhatsappOptInBody, { defaultValues: { signedOn: riyadhToday(), note: '' } });
  const f = { ...useFields(form), ...useDateField(form) };
  const note = form.watch('note');
  const save = useMutation({
    mutationFn: (body: { signedOn: string; note: string }) => call('recordParentWhatsappOptIn', { params: { parentId }, body }),
    onSuccess: (data) => queryClient.setQueryData(optInKey(parentId), data),
  });
  return (
    <FormDialog
      form={form}
      title={<FormattedMessage id="messages.paper.record" />}
      description={<FormattedMessage id="messages.paper.explain" />}
      onClose={onClose}
      errorFallback="messages.paper.failed"
      submitLabel={<FormattedMessage id="common.save" />}
      missing={note.trim() ? [] : [intl.formatMessage({ id: 'messages.paper.note' })]}
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        toast(intl.formatMessage({ id: 'messages.paper.saved' }));
        onClose();
      }}
    >
      <f.Date name="signedOn" label={<FormattedMessage id="messages.paper.signedOn" />} max={riyadhToday()} />
      <f.Text
        name="note"
        label={<FormattedMessage id="messages.paper.note" />}
        hint={<FormattedMessage id="messages.paper.noteHint" />}
        maxLength={WHATSAPP_OPT_IN_NOTE_MAX}
      />
    </FormDialog>
  );
}
