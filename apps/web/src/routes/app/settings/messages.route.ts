import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { listSearch } from '../../../lib/list-search';
import { settingsRoute } from './settings.route';

/** Settings → Messages: what was sent to whom (`?channel=&state=&kind=&from=&to=`) and the academy's defaults. */
export const messagesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'messages',
  validateSearch: listSearch('channel', 'state', 'kind', 'from', 'to'),
  component: lazyRouteComponent(() => import('../../../features/messages/MessagesPage'), 'MessagesPage'),
});
