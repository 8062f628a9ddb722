/**
 * Local fake providers for tests: real HTTP servers on 127.0.0.1 that answer like WhatsApp's Graph API
 * and a Web Push service, errors included, and keep what they were asked.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Asked {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
export interface Answer {
  status: number;
  body?: unknown;
}

export interface FakeServer {
  url: string;
  asked: Asked[];
  /** Answers to give next, in order; when none is left, `otherwise` answers. */
  next: Answer[];
  otherwise: (asked: Asked) => Answer;
  close(): Promise<void>;
}

export async function fakeServer(otherwise: (asked: Asked) => Answer): Promise<FakeServer> {
  const fake: Omit<FakeServer, 'url' | 'close'> = { asked: [], next: [], otherwise };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const asked = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      fake.asked.push(asked);
      const answer = fake.next.shift() ?? fake.otherwise(asked);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake server: not listening on a TCP port');
  const { port } = address;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let wamid = 0;
/** WhatsApp's Graph API: a template message accepted with a new `wamid.…` id. */
export const graphAccepts = (asked: Asked): Answer => {
  const to = String(JSON.parse(asked.body.toString('utf8')).to);
  return {
    status: 200,
    body: {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.HBgM${++wamid}`, message_status: 'accepted' }],
    },
  };
};

/** The Graph API's error answer. */
export const graphError = (status: number, code: number, message: string): Answer => ({
  status,
  body: {
    error: { message, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details: message }, fbtrace_id: 'AbCdEf' },
  },
});

/** WhatsApp's status callback for one message. */
export const statusCallback = (id: string, status: string, errors?: { code: number; title: string }[]) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            statuses: [{ id, status, timestamp: '1750263773', recipient_id: '966501112233', ...(errors ? { errors } : {}) }],
          },
        },
      ],
    },
  ],
});
