import { resolve } from 'node:path';
import { isHostName, parseCardMethods } from '@kora/contracts';
import { z } from 'zod';
import { ZATCA_ENVIRONMENTS } from './modules/e-invoicing/zatca/provider.js';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every variable is documented in the README. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Default: `localhost:<PORT>`, so a changed PORT alone still serves its own host. */
  BASE_DOMAIN: z
    .string()
    .refine(isHostName, 'BASE_DOMAIN must be a host name with an optional port, e.g. kora.sa or localhost:3000')
    .optional(),
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('http'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Runs the migrations (owner of the tables); DATABASE_URL may then be an ordinary login role. */
  MIGRATION_DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kora <no-reply@kora.sa>'),
  EXPOSE_OUTBOX: bool,
  EXPOSE_SQL_COUNT: bool,
  /** Text messages (sms/sms.ts): the development outbox, or a real provider with its credentials. */
  SMS_PROVIDER: z.enum(['outbox', 'unifonic', 'twilio']).default('outbox'),
  UNIFONIC_APP_SID: z.string().optional(),
  UNIFONIC_SENDER_ID: z.string().optional(),
  UNIFONIC_BASE_URL: z.url().default('https://el.cloud.unifonic.com'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  /** Text-message caps (sms/budget.ts; docs/domain.md, "Text messages"), each × RATE_LIMIT_SCALE. */
  SMS_PER_NUMBER_15MIN: z.coerce.number().int().min(1).default(3),
  SMS_PER_NUMBER_DAY: z.coerce.number().int().min(1).default(10),
  SMS_PER_ACADEMY_DAY: z.coerce.number().int().min(1).default(500),
  SMS_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  /**
   * WhatsApp Business Cloud API (modules/messages/channels/whatsapp.ts): set all four, or none (the
   * development outbox). A part of them refuses to start.
   */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_BASE: z.url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v21.0'),
  /** Web Push (modules/messages/channels/push.ts): the VAPID key pair and subject; without, development makes one in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  PAYTABS_PROFILE_ID: z.string().optional(),
  PAYTABS_SERVER_KEY: z.string().optional(),
  PAYTABS_BASE_URL: z.string().default('https://secure.paytabs.sa'),
  /** The methods the PayTabs profile has, by PayTabs' codes or Kora's names (docs/domain.md, "Payment methods"); default mada, creditcard, stcpay. */
  PAYTABS_PAYMENT_METHODS: z
    .string()
    .optional()
    .refine((v) => v === undefined || (parseCardMethods(v)?.length ?? 0) > 0, 'a list of mada, creditcard, applepay, stcpay'),
  /** Production only: the built-in test-card provider, chosen on purpose (a staging site). */
  PAYMENTS_SANDBOX: bool,
  /** Moves Kora's clock by whole days to try renewals and retries (lib/clock.ts); refused in production. */
  CLOCK_OFFSET_DAYS: z.coerce.number().int().min(-3650).max(3650).default(0),
  /** Minutes between runs of the automatic renewals (collections/runner.ts); default 60, or 1 outside production. */
  COLLECTIONS_EVERY_MINUTES: z.coerce.number().positive().max(1440).optional(),
  /**
   * Where e-invoices are reported (docs/domain.md, "E-invoicing with ZATCA: onboarding and reporting"): the
   * built-in simulator, or one of ZATCA's environments.
   */
  ZATCA_ENV: z.enum(ZATCA_ENVIRONMENTS).default('local'),
  /** Replaces the environment's gateway (a proxy in front of ZATCA). */
  ZATCA_BASE_URL: z.url().optional(),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** `test`: argon2 at 1 MiB and one pass, so suites that create hundreds of accounts stay fast; refused in production. */
  PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
  /** Memory for lists answered again while their academy's data is unchanged (http/list-cache.ts); 0 turns it off. */
  LIST_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Off by default: `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v): boolean | number | string => {
      if (!v || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Open connections a process holds at most (http/connections.ts); keep it under `ulimit -n`. 0: no cap. */
  MAX_CONNECTIONS: z.coerce.number().int().min(0).default(10_000),
  /** Open connections one client address may hold; default 128, or none behind a trusted proxy (every connection is the proxy's). 0: no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/** SMS_PROVIDER with its credentials; a real provider without them is refused at start. */
function smsConfigOf(e: z.infer<typeof envSchema>) {
  if (e.SMS_PROVIDER === 'unifonic') {
    if (!e.UNIFONIC_APP_SID) throw new Error('SMS_PROVIDER=unifonic needs UNIFONIC_APP_SID');
    return {
      provider: 'unifonic' as const,
      appSid: e.UNIFONIC_APP_SID,
      senderId: e.UNIFONIC_SENDER_ID ?? null,
      baseUrl: e.UNIFONIC_BASE_URL,
    };
  }
  if (e.SMS_PROVIDER === 'twilio') {
    if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)
      throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    return {
      provider: 'twilio' as const,
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      baseUrl: e.TWILIO_BASE_URL,
    };
  }
  return { provider: 'outbox' as const };
}
export type SmsConfig = ReturnType<typeof smsConfigOf>;

/** WhatsApp's Cloud API with its secrets, or the development outbox; a part of the secrets is refused at start. */
function whatsappConfigOf(e: z.infer<typeof envSchema>) {
  const parts = {
    WHATSAPP_TOKEN: e.WHATSAPP_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: e.WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: e.WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: e.WHATSAPP_VERIFY_TOKEN,
  };
  const missing = Object.entries(parts)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length === 4) return { provider: 'outbox' as const };
  const {
    WHATSAPP_TOKEN: token,
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: verifyToken,
  } = e;
  // The same test as `missing`, written out so the compiler sees each secret set below.
  if (!token || !phoneNumberId || !appSecret || !verifyToken)
    throw new Error(
      `WhatsApp is configured without ${missing.join(', ')}: set all of WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN, or none`,
    );
  return {
    provider: 'cloud' as const,
    token,
    phoneNumberId,
    appSecret,
    verifyToken,
    apiBase: e.WHATSAPP_API_BASE.replace(/\/$/, ''),
    apiVersion: e.WHATSAPP_API_VERSION,
  };
}
export type WhatsappConfig = ReturnType<typeof whatsappConfigOf>;

/** VAPID keys from the configuration (pushes are sent), or null (development makes a pair in DATA_DIR and records pushes). */
function vapidConfigOf(e: z.infer<typeof envSchema>) {
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) return null;
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY || !e.VAPID_SUBJECT)
    throw new Error('Web Push needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (mailto: or https: address) together');
  if (!/^(mailto:|https:\/\/)/.test(e.VAPID_SUBJECT)) throw new Error('VAPID_SUBJECT must be a mailto: or https:// address');
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT };
}
export type VapidConfig = NonNullable<ReturnType<typeof vapidConfigOf>>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const e = envSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  // Production is a site served over HTTPS. NODE_ENV says nothing here: `npm start` sets it for a local run too.
  const production = e.PUBLIC_PROTOCOL === 'https';
  return {
    port: e.PORT,
    host: e.HOST,
    baseDomain: (e.BASE_DOMAIN ?? `localhost:${e.PORT}`).toLowerCase(),
    publicProtocol: e.PUBLIC_PROTOCOL,
    production,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** An empty database gets the demo academy (its logins are public): never in production unless `always`. */
    seedDemo: e.SEED_DEMO === 'always' || (e.SEED_DEMO === 'auto' && !production),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    exposeOutbox: e.EXPOSE_OUTBOX,
    exposeSqlCount: e.EXPOSE_SQL_COUNT,
    sms: smsConfigOf(e),
    whatsapp: whatsappConfigOf(e),
    vapid: vapidConfigOf(e),
    smsCaps: {
      perNumber15Min: e.SMS_PER_NUMBER_15MIN,
      perNumberDay: e.SMS_PER_NUMBER_DAY,
      perAcademyDay: e.SMS_PER_ACADEMY_DAY,
      perHour: e.SMS_PER_HOUR,
    },
    trustProxy: e.TRUST_PROXY,
    paytabs:
      e.PAYTABS_PROFILE_ID && e.PAYTABS_SERVER_KEY
        ? {
            profileId: e.PAYTABS_PROFILE_ID,
            serverKey: e.PAYTABS_SERVER_KEY,
            baseUrl: e.PAYTABS_BASE_URL,
            ...(e.PAYTABS_PAYMENT_METHODS ? { methods: parseCardMethods(e.PAYTABS_PAYMENT_METHODS) ?? undefined } : {}),
          }
        : null,
    paymentsSandbox: e.PAYMENTS_SANDBOX,
    clockOffsetDays: e.CLOCK_OFFSET_DAYS,
    collectionsEveryMs: Math.round((e.COLLECTIONS_EVERY_MINUTES ?? (production ? 60 : 1)) * 60_000),
    zatca: { environment: e.ZATCA_ENV, baseUrl: e.ZATCA_BASE_URL },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    passwordHashCost: e.PASSWORD_HASH_COST,
    sessionIdleMs: e.SESSION_IDLE_DAYS * 24 * 3600_000,
    listCacheBytes: Math.round(e.LIST_CACHE_MB * 1024 * 1024),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
    connections: { max: e.MAX_CONNECTIONS, perAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : 128) },
  };
}

/**
 * What production (PUBLIC_PROTOCOL=https) refuses to start with; main.ts prints these and exits.
 * Test cards activating subscriptions, mails only written to the log (live reset links) and a
 * public outbox are for a local run: production has PayTabs and SMTP, or says so on purpose.
 */
export function startupRefusals(config: Config): string[] {
  if (!config.production) return [];
  const refusals: string[] = [];
  if (!config.paytabs && !config.paymentsSandbox)
    refusals.push(
      'PUBLIC_PROTOCOL=https (production) needs PayTabs: set PAYTABS_PROFILE_ID and PAYTABS_SERVER_KEY, or PAYMENTS_SANDBOX=1 to take test cards on purpose.',
    );
  if (!config.smtpUrl)
    refusals.push('PUBLIC_PROTOCOL=https (production) needs SMTP_URL: without it mails, reset links included, would only go to the log.');
  if (config.passwordHashCost !== 'owasp')
    refusals.push('PASSWORD_HASH_COST=test hashes passwords cheaply for test suites: never with PUBLIC_PROTOCOL=https.');
  if (config.clockOffsetDays !== 0)
    refusals.push('CLOCK_OFFSET_DAYS moves the clock for trying renewals and retries: never with PUBLIC_PROTOCOL=https.');
  if (config.exposeOutbox)
    refusals.push('EXPOSE_OUTBOX serves every mail, reset links included, to anyone: never with PUBLIC_PROTOCOL=https.');
  return refusals;
}
