import { eventSchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type Academy, asMember, loginAs } from './harness.js';

export const parentInfo = { name: 'Khalid Al-Otaibi', phone: '+966501112233', email: '', emergencyPhone1: '', emergencyPhone2: '' };
export const playerInfo = (over: Record<string, unknown> = {}) => ({
  name: 'Faisal Al-Otaibi',
  birthdate: '2015-03-14',
  gender: 'male',
  nationality: 'SA',
  residentialNeighborhood: 'Al Malqa',
  medicalCondition: '',
  ...over,
});

/** Every consent, given on paper and recorded by the member adding the player (a condition needs the medical one). */
export const paperConsents = { language: 'en', termsPrivacy: true, medical: true, photos: true, messagesSms: true, messagesEmail: true };

/** A seller ZATCA's e-invoices accept: the VAT number and national address (BR-KSA-08, 37, 66) an academy sets to issue them. */
export const VAT_SELLER = {
  vatNumber: '300000000000003',
  address: 'Prince Sultan Street',
  city: 'Jeddah',
  crNumber: '1010987654',
  buildingNumber: '7421',
  district: 'Al Olaya',
  postalCode: '12214',
};

/** Pays a sandbox provider's page as a browser on its card page does, with the good test card; answers its reply. */
export async function payOnSandboxPage(app: FastifyInstance, paymentUrl: string) {
  const url = new URL(paymentUrl);
  const fields = { card: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', holder: 'K A', action: 'pay' };
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

let registered = 0;

/**
 * A parent registering a child on the academy's public page for `packageId`: a PENDING subscription waiting for its
 * payment, the parent's e-mail (`<prefix>N@example.sa`) and the two names (`Player N`, `Parent N`), new on each call.
 */
export async function registerChild(app: FastifyInstance, academy: Pick<Academy, 'handle'>, packageId: string, prefix = 'parent') {
  registered++;
  const email = `${prefix}${registered}@example.sa`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register/parent',
    payload: {
      handle: academy.handle,
      selectedPackage: packageId,
      subscriptionStartDate: null,
      parentInfo: { name: `Parent ${registered}`, phone: '+966501112233', email },
      playerInfo: { name: `Player ${registered}`, birthdate: '2015-03-14', gender: 'MALE' },
      consents: paperConsents,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { subscriptionId: res.json().subscription.id as string, email, player: `Player ${registered}`, parent: `Parent ${registered}` };
}

/** A multipart body the way a browser's FormData sends it; its file goes as `photo` unless `field` names another. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string; field?: string }) {
  const boundary = `----kora${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngBytes = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();

/** Adds a player through the staff wizard endpoint and answers its id. */
export async function addPlayer(app: FastifyInstance, academy: Academy, over: Record<string, unknown> = {}) {
  const res = await asMember(
    app,
    academy,
  )({
    method: 'POST',
    url: '/api/users/parent-player',
    ...multipart({
      parentInfo: JSON.stringify(parentInfo),
      playerInfo: JSON.stringify(playerInfo(over)),
      consents: JSON.stringify(paperConsents),
    }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().player.id as string;
}

/** A coach with a login of the default Coach account type (no write on teams, players or coaches). */
export async function coachLogin(app: FastifyInstance, academy: Academy, name = 'Coach Waleed') {
  const email = `coach${Math.random().toString(16).slice(2, 8)}@${academy.handle}.sa`;
  const res = await asMember(
    app,
    academy,
  )({ method: 'POST', url: '/api/users/coaches', payload: { name, email, coachType: 'HEAD_COACH' } });
  if (res.statusCode !== 201) throw new Error(res.body);
  const token = await loginAs(app, academy.handle, email, res.json().password);
  return { id: res.json().coach.id as string, handle: academy.handle, token };
}

/** A training of the given teams on 2026-11-23, 17:00 to 18:00 (`over` changes any field): the first event created. */
export async function addTraining(app: FastifyInstance, academy: Academy, teamIds: string[], over: Record<string, unknown> = {}) {
  const res = await asMember(
    app,
    academy,
  )({
    method: 'POST',
    url: '/api/events',
    payload: { type: 'TRAINING_SESSION', date: '2026-11-23', time: '17:00', endTime: '18:00', field: 'A', teamIds, ...over },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return eventSchema.parse(res.json());
}
