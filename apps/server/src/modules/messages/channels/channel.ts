import type { MessageChannel } from '@kora/contracts';

/** One message as the worker hands it to a channel (a row of `messages`, filled). */
export interface Outgoing {
  id: string;
  academyId: string;
  locale: 'en' | 'ar';
  /** The e-mail, the E.164 mobile, or (push) the recipient's user id. */
  address: string;
  subject: string;
  body: string;
  link: string;
  kind: string;
  /** WhatsApp: the template's name and its named parameters. */
  template: string | null;
  templateParams: Record<string, string> | null;
}

/** A push device of the recipient. */
export interface PushDevice {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What a channel did with a message: the provider took it (its id, when it gives one), or it did
 * not, with why and whether trying again later may help (an outage) or not (a refusal).
 * Push also names the devices whose push service said they are gone (404/410).
 */
export type Outcome =
  | { ok: true; providerMessageId: string | null; goneDevices?: string[]; reachedDevices?: string[] }
  | { ok: false; reason: string; retry: boolean; goneDevices?: string[] };

/** Every channel, one interface: the worker chooses none by its provider, only by the message's channel. */
export interface Channel {
  readonly channel: MessageChannel;
  /** Whether the channel works here: a provider, or (outside production) the development outbox that stands in for it. */
  readonly configured: boolean;
  send(message: Outgoing, devices?: PushDevice[]): Promise<Outcome>;
}

/** A provider's words, short enough for the record and the screen. */
export const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);
