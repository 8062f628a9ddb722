import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The academy's ZATCA onboarding state (docs/domain.md, "E-invoicing with ZATCA: onboarding and reporting"). */
export const eInvoicingQuery = queryOptions({ queryKey: ['e-invoicing'], queryFn: ({ signal }) => call('getEInvoicing', { signal }) });

/** Onboards with the OTP, or renews the certificate once onboarded; answers the new state. */
export const submitEInvoicingOtp = (otp: string, renewing: boolean) =>
  call(renewing ? 'renewEInvoicing' : 'onboardEInvoicing', { body: { otp } });
