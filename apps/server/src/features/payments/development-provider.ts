import { generate } from 'promptparse';
import type { PaymentProvider } from './payment-provider.js';

/**
 * Development payments: the QR is a real PromptPay payload for the amount, but nothing watches
 * for the money. A deposit counts as paid only when someone calls
 * POST /api/dev/payments/:appointmentId/paid (the app labels that control as a simulation),
 * refunds are only recorded, and no payment can be looked up (it keeps no references).
 */
export function createDevelopmentPaymentProvider(): PaymentProvider {
  return {
    name: 'development',
    async requestDeposit({ amountBaht, promptpayId }) {
      return {
        reference: null,
        promptpayPayload: generate.anyId({ type: 'NATID', target: promptpayId, amount: amountBaht }),
        qrImageUrl: null,
      };
    },
    async refund() {},
    async findPayment() {
      return null;
    },
  };
}
