import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/message-ids';

/** A working area's title and the screen body; areas not built yet say so plainly. */
export function AreaPage({ title, children }: { title: MessageId; children?: ReactNode }) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">
        <FormattedMessage id={title} />
      </h1>
      {children ?? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">
          <FormattedMessage id="area.soon" />
        </div>
      )}
    </section>
  );
}
