import { createFatooraApi } from './fatoora.js';
import { FATOORA_BASE_URLS, type ZatcaApi, type ZatcaEnvironment } from './provider.js';
import { createZatcaSimulator, SIMULATOR_BASE_URL, type ZatcaSimulator } from './simulator.js';

export type { ZatcaApi } from './provider.js';

export interface ZatcaSettings {
  environment: ZatcaEnvironment;
  /** Replaces the environment's gateway (a proxy); ZATCA's own otherwise. */
  baseUrl?: string;
  /** The local simulator keeps its CA key here. */
  dataDir?: string;
  /** The simulator's clock (certificate validity). */
  now?: () => Date;
}

/**
 * ZATCA's API in the configured environment (ZATCA_ENV): developer portal, simulation or core over
 * HTTPS, or, by default, the local simulator in process. The simulator is answered too so that
 * tests can steer it.
 */
export function zatcaApiFor(settings: ZatcaSettings): { api: ZatcaApi; simulator: ZatcaSimulator | null } {
  if (settings.environment === 'local') {
    const simulator = createZatcaSimulator({ dataDir: settings.dataDir, now: settings.now });
    return { api: localZatcaApi(simulator), simulator };
  }
  const baseUrl = settings.baseUrl ?? FATOORA_BASE_URLS[settings.environment];
  return { api: createFatooraApi({ environment: settings.environment, baseUrl }), simulator: null };
}

/** The HTTP client talking to a simulator in process (tests make their own simulator with a test clock). */
export const localZatcaApi = (simulator: ZatcaSimulator) =>
  createFatooraApi({ environment: 'local', baseUrl: SIMULATOR_BASE_URL, fetch: simulator.fetch });
