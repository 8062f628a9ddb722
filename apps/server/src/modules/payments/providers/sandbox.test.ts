// The sandbox provider's refunds: like PayTabs, only a paid transaction, never more than
// is left of it; every refund asked is recorded.
import { describe, expect, it } from 'vitest';
import { createSandboxProvider } from './sandbox.js';

const page = {
  cartId: '0c3f7c2e-5a7b-4c1e-9d3a-2f4b6c8d0e1f',
  amountHalalas: 45_000,
  description: 'Monthly',
  lang: 'en' as const,
  customer: { name: 'Khalid', email: 'khalid@example.sa', phone: '+966501112233', city: 'Riyadh', ip: '127.0.0.1' },
  callbackUrl: 'http://kora.test/api/payments/callback',
  returnUrl: 'http://demo.kora.test/api/payments/return',
};
const refund = (tranRef: string, amountHalalas: number) => ({
  tranRef,
  cartId: `refund-${amountHalalas}`,
  amountHalalas,
  description: 'Moved away',
});

describe('sandbox refunds', () => {
  it('refunds a paid transaction in parts up to its amount, then refuses, and records each', async () => {
    const sandbox = createSandboxProvider();
    const { tranRef } = await sandbox.createPage(page);
    sandbox.settle(tranRef, '4111111111111111');
    const first = await sandbox.refund(refund(tranRef, 30_000));
    expect(first).toMatchObject({ status: 'A', message: 'Authorised' });
    expect(first.tranRef).toMatch(/^TST\d{13}$/);
    expect(first.tranRef).not.toBe(tranRef);
    expect(await sandbox.refund(refund(tranRef, 15_001))).toEqual({
      status: 'E',
      tranRef: '',
      message: 'Refund amount exceeds the remaining amount',
    });
    expect((await sandbox.refund(refund(tranRef, 15_000))).status).toBe('A');
    expect(sandbox.refunds.map((r) => [r.request.amountHalalas, r.result.status])).toEqual([
      [30_000, 'A'],
      [15_001, 'E'],
      [15_000, 'A'],
    ]);
  });

  it('refuses a transaction that was not paid, and refunds one it does not know (made before a restart, or seeded)', async () => {
    const sandbox = createSandboxProvider();
    const { tranRef } = await sandbox.createPage(page);
    sandbox.settle(tranRef, '4000000000000002');
    expect(await sandbox.refund(refund(tranRef, 100))).toMatchObject({ status: 'E', message: 'Transaction is not authorised' });
    expect((await sandbox.refund(refund('demo-17', 100))).status).toBe('A');
  });
});

describe('sandbox methods', () => {
  it('offers mada, Visa/Mastercard, Apple Pay and STC Pay, and says which one paid, as PayTabs does', async () => {
    const sandbox = createSandboxProvider();
    expect(sandbox.methods).toEqual(['mada', 'visa_mastercard', 'applepay', 'stcpay']);
    const paidWith = async (number: string) => {
      const { tranRef } = await sandbox.createPage(page);
      const body = JSON.parse(sandbox.settle(tranRef, number));
      return { status: body.payment_result.response_status, info: body.payment_info, method: (await sandbox.query(tranRef)).method };
    };
    // A mada test card (BIN 446404): the callback's payment_info names mada, the query answers it.
    expect(await paidWith('4464040000000007')).toEqual({
      status: 'A',
      info: { payment_method: 'Mada', card_type: 'Debit', card_scheme: 'Mada', payment_description: '4464 04## #### 0007' },
      method: 'mada',
    });
    expect(await paidWith('4464040000000015')).toMatchObject({ status: 'D', method: 'mada' });
    expect(await paidWith('4111111111111111')).toMatchObject({ status: 'A', info: { payment_method: 'Visa' }, method: 'visa_mastercard' });
    // Apple Pay and STC Pay: the test chooses what the wallet answers.
    expect(await paidWith('applepay:A')).toMatchObject({ status: 'A', info: { payment_method: 'ApplePay' }, method: 'applepay' });
    expect(await paidWith('applepay:D')).toMatchObject({ status: 'D', method: 'applepay' });
    expect(await paidWith('stcpay:A')).toMatchObject({ status: 'A', info: { payment_method: 'STCPay' }, method: 'stcpay' });
    expect(await paidWith('stcpay:D')).toMatchObject({ status: 'D', method: 'stcpay' });
  });
});
