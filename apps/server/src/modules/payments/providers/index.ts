import type { Config } from '../../../config.js';
import { createPaytabsProvider } from './paytabs.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox.js';

export type { PaymentProvider } from './provider.js';

/**
 * PayTabs when PAYTABS_PROFILE_ID and PAYTABS_SERVER_KEY are set; the built-in sandbox otherwise
 * (docs/domain.md, "Card payments with PayTabs"). Production never gets here without them unless PAYMENTS_SANDBOX=1 (startupRefusals).
 */
export function paymentProviderFor(config: Config): PaymentProvider {
  return config.paytabs ? createPaytabsProvider(config.paytabs) : createSandboxProvider();
}
