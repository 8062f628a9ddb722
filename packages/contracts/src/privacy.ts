import { z } from 'zod';

/**
 * A family's privacy requests (docs/domain.md, "Privacy requests"): a data export built by a job
 * into a ZIP linked once, an erasure of a child who left, and the academy's retention settings.
 */
export const PRIVACY_EXPORT_STATES = ['building', 'ready', 'downloaded', 'expired', 'failed'] as const;

/** How long the audit trail and login records are kept before the scheduled purge (months). */
export const AUDIT_RETENTION_MONTHS = 24;
export const LOGIN_RETENTION_MONTHS = 24;
/** The default years of inactivity before a player is listed for review. */
export const DEFAULT_RETENTION_YEARS = 3;

export const privacyExportBody = z.object({ language: z.enum(['en', 'ar']).optional() });

/** The request just made: its id (to follow its progress) and the one-time link's token. */
export const privacyExportStarted = z.object({ id: z.uuid(), token: z.string() });

export const privacyExportStatus = z.object({
  id: z.uuid(),
  state: z.enum([...PRIVACY_EXPORT_STATES, 'erased', 'refused']),
  /** 0–100. */
  progress: z.number().int(),
  createdAt: z.string(),
  /** A ready export's last moment; null before. */
  expiresAt: z.string().nullable(),
});
export type PrivacyExportStatus = z.infer<typeof privacyExportStatus>;

export const exportTokenParams = z.object({ token: z.string().min(20).max(100) });

/** An erasure done: its record's id and what it removed (counts by table; attendance kept only as counts). */
export const erasureReply = z.object({ id: z.uuid(), outcome: z.record(z.string(), z.number()) });

/** Players inactive for the academy's years, for review (Settings → Privacy). */
export const retentionReviewReply = z.object({
  years: z.number().int(),
  players: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      nameArabic: z.string().nullable(),
      /** The last day anything happened for them (a session, a subscription's end, a record); null: never. */
      lastActivity: z.string().nullable(),
    }),
  ),
});

export const retentionEraseBody = z.object({ playerIds: z.array(z.uuid()).min(1).max(200) });
export const retentionEraseReply = z.object({
  erased: z.array(z.uuid()),
  refused: z.array(z.object({ id: z.uuid(), code: z.string() })),
});

export const privacySettingsSchema = z.object({
  retentionYears: z.number().int().min(1).max(10),
  auditRetentionMonths: z.number().int(),
  loginRetentionMonths: z.number().int(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsBody = z.object({ retentionYears: z.number().int().min(1).max(10) });

export const privacyNoticeQuery = z.object({ handle: z.string().min(1).max(60) });

/** Players whose every parent registered in the public wizard and has not yet confirmed the code (staff's badge). */
export const unconfirmedGuardiansReply = z.object({ playerIds: z.array(z.uuid()) });
