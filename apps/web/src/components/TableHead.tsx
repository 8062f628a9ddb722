import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../lib/message-ids';

/**
 * The cells of a list's table (ListBody): 24 px between columns and 16 px at the table's edges, like the
 * list's bars above it; 32 px between eight columns left a 990 px table (a 1280 px screen beside the
 * settings menu) too little room for its names and labels.
 */
export const LIST_CELL = 'px-3 py-3 first:ps-4 last:pe-4';

/**
 * A table's header row from catalog keys; a header keeps to one line (the table scrolls sideways instead).
 * `cell`: the padding of its cells, the same as the body's (LIST_CELL in a list's table).
 */
export function TableHead({ columns, cell = 'px-4 py-3' }: { columns: MessageId[]; cell?: string }) {
  return (
    <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
      <tr>
        {columns.map((id) => (
          <th key={id} scope="col" className={`${cell} text-start font-semibold whitespace-nowrap`}>
            <FormattedMessage id={id} />
          </th>
        ))}
      </tr>
    </thead>
  );
}
