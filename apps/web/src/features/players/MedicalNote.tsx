import { FormattedMessage } from 'react-intl';
import { WrittenText } from '../../lib/text-language';

/**
 * A player's medical condition as the list shows it, or only that there is one when the member may not read
 * it (docs/domain.md, "Data map"); nothing without one.
 */
export function MedicalNote({ player, className }: { player: { condition: string | null; hasMedicalNote: boolean }; className: string }) {
  if (player.condition) return <WrittenText text={player.condition} className={className} />;
  if (!player.hasMedicalNote) return null;
  return (
    <p className={className} data-testid="medical-note-hidden">
      <FormattedMessage id="players.medicalNoteHidden" />
    </p>
  );
}
