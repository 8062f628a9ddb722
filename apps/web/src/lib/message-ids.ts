import type en from '../locales/en.json';

/** Every message id of the catalogs; react-intl checks `id`s against it at compile time. */
export type MessageId = keyof typeof en;

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/** Whether a string built at run time (an error code's key, say) is one of the catalog's ids. */
export const isMessageId = (messages: Record<string, unknown>, id: string): id is MessageId => id in messages;
