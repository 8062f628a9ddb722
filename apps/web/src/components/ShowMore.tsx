import { FormattedMessage } from 'react-intl';
import { PAGE_SIZE } from '../lib/list-search';
import { Button } from './Button';

/** Under a paged list: how many rows of how many are shown, and a button for the next page. */
export function ShowMore({
  shown,
  total,
  pageSize = PAGE_SIZE,
  onMore,
}: {
  shown: number;
  total: number;
  pageSize?: number;
  onMore(): void;
}) {
  if (shown >= total) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 border-t border-slate-100 px-4 py-3" data-testid="show-more">
      <span className="text-sm text-slate-600" role="status">
        <FormattedMessage id="list.shown" values={{ shown, total }} />
      </span>
      <Button variant="outline" onClick={onMore}>
        <FormattedMessage id="list.showMore" values={{ count: Math.min(pageSize, total - shown) }} />
      </Button>
    </div>
  );
}
