import type { Area } from '@kora/contracts';
import type { MessageId } from '../../lib/message-ids';

/** Each permission area's name: the navigation entry's text. */
export const AREA_LABEL: Record<Area, MessageId> = {
  Dashboard: 'nav.dashboard',
  MyTrainings: 'nav.trainings',
  ManageTeam: 'nav.teams',
  Players: 'nav.players',
  Growth: 'nav.growth',
  Coaches: 'nav.coaches',
  Schedule: 'nav.schedule',
  Settings: 'nav.settings',
};
