import type { MessageChannel } from '@kora/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { channelOutbox } from '../../../db/schema.js';
import type { DataAccess } from '../../../db/tenant.js';

/**
 * The development outbox of the channels that have no outbox of their own (WhatsApp, push): what
 * would have been sent, recorded and never sent (`GET /api/dev/outbox/{channel}` with EXPOSE_OUTBOX).
 */
export function createChannelOutbox(data: DataAccess) {
  return {
    async record(academyId: string, channel: MessageChannel, to: string, payload: unknown) {
      await data.system((tx) => tx.insert(channelOutbox).values({ academyId, channel, to, payload }));
    },
    async list(channel: MessageChannel, limit = 50) {
      const rows = await data.system((tx) =>
        tx
          .select({ to: channelOutbox.to, payload: channelOutbox.payload, createdAt: channelOutbox.createdAt })
          .from(channelOutbox)
          .where(and(eq(channelOutbox.channel, channel)))
          .orderBy(desc(channelOutbox.createdAt))
          .limit(limit),
      );
      return rows.map((r) => ({ to: r.to, payload: r.payload, createdAt: r.createdAt.toISOString() }));
    },
  };
}
export type ChannelOutbox = ReturnType<typeof createChannelOutbox>;
