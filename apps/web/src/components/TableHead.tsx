import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../lib/message-ids';

/** A table's header row from catalog keys; a header keeps to one line (the table scrolls sideways instead). */
export function TableHead({ columns }: { columns: MessageId[] }) {
  return (
    <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
      <tr>
        {columns.map((id) => (
          <th key={id} scope="col" className="px-4 py-3 text-start font-semibold whitespace-nowrap">
            <FormattedMessage id={id} />
          </th>
        ))}
      </tr>
    </thead>
  );
}
