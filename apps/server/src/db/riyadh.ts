import { type SQL, sql } from 'drizzle-orm';

/**
 * Riyadh's time in SQL, written one way (apps/server/test/one-riyadh.test.ts keeps it so): the
 * statements' twin of riyadhWallClock and riyadhToday in packages/contracts/src/dates.ts.
 */

/** A timestamptz as Riyadh's wall clock: a timestamp without time zone, to compare with an event's date and time. */
export const riyadhTimestamp = (at: SQL) => sql`(${at} at time zone 'Asia/Riyadh')`;

/** The Riyadh calendar day of a timestamptz. */
export const riyadhDay = (at: SQL) => sql`${riyadhTimestamp(at)}::date`;
