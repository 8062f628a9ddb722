import { z } from 'zod';
import { colorSchema } from './enums.js';

export const TEAM_NAME_MESSAGE = 'Please enter a valid name';

export const memberRefSchema = z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() });

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: colorSchema,
  coaches: z.array(memberRefSchema),
  players: z.array(memberRefSchema),
});
export type Team = z.infer<typeof teamSchema>;

const ids = z.array(z.uuid()).max(500);

export const teamBodySchema = z.object({
  name: z.string({ error: TEAM_NAME_MESSAGE }).trim().min(1, TEAM_NAME_MESSAGE).max(60, TEAM_NAME_MESSAGE),
  color: colorSchema.default('GREY'),
  coachIds: ids.default([]),
  playerIds: ids.default([]),
});
export type TeamBody = z.input<typeof teamBodySchema>;

/** The players list's team change sends only the team's player ids (needs W:Players instead of W:ManageTeam). */
export const teamPlayersBodySchema = z.object({ playerIds: ids }).strict();
export const teamUpdateBodySchema = z.union([teamPlayersBodySchema, teamBodySchema]);
