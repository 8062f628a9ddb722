import { z } from 'zod';
import { nameText } from './common.js';
import { colorSchema } from './enums.js';
import { ERRORS } from './messages.js';

export const TEAM_NAME_MESSAGE = ERRORS['team.name_invalid'];

export const memberRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  avatar: z.string().nullable(),
});

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  color: colorSchema,
  coaches: z.array(memberRefSchema),
  players: z.array(memberRefSchema),
});
export type Team = z.infer<typeof teamSchema>;

const ids = z.array(z.uuid()).max(500);

export const teamBodySchema = z.object({
  name: nameText(TEAM_NAME_MESSAGE).min(1, TEAM_NAME_MESSAGE).max(60, TEAM_NAME_MESSAGE),
  /** Absent keeps the stored Arabic name (an editor without the field erases nothing); null or '' clears it. */
  nameArabic: nameText()
    .max(100)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  color: colorSchema.default('GREY'),
  coachIds: ids.default([]),
  playerIds: ids.default([]),
});
export type TeamBody = z.input<typeof teamBodySchema>;
/** A team body after parsing: defaults applied, `nameArabic` undefined when absent. */
export type ParsedTeamBody = z.output<typeof teamBodySchema>;

/** The players list's team change sends only the team's player ids (needs W:Players instead of W:ManageTeam). */
export const teamPlayersBodySchema = z.object({ playerIds: ids }).strict();
export const teamUpdateBodySchema = z.union([teamPlayersBodySchema, teamBodySchema]);

export type MemberRef = z.infer<typeof memberRefSchema>;
export type TeamPlayersBody = z.infer<typeof teamPlayersBodySchema>;
export type TeamUpdateBody = z.infer<typeof teamUpdateBodySchema>;
