/** What the patient needs to pay a deposit, as the provider issued it. */
export interface DepositRequest {
  /** The provider's reference (a charge id), or null when the provider keeps none. */
  reference: string | null;
  promptpayPayload: string | null;
  qrImageUrl: string | null;
}

/** What the provider itself answers about one of its payments: the only account of a payment we believe. */
export interface ProviderPayment {
  reference: string;
  /** paid: the money arrived; pending: not yet; failed: it never will (failed, expired or reversed). */
  status: 'paid' | 'pending' | 'failed';
  /** In the smallest unit of the currency (satang for THB), as the provider counts it. */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The appointment the payment was asked for, as we told the provider; null when it names none. */
  appointmentId: string | null;
  /** When the money arrived, as the provider recorded it; null while it has not. */
  paidAt: Date | null;
}

export interface PaymentProvider {
  readonly name: 'development' | 'omise';
  /** Asks for a PromptPay payment of `amountBaht` to the facility's PromptPay id. */
  requestDeposit(input: {
    appointmentId: string;
    amountBaht: number;
    promptpayId: string;
    expiresAt: Date;
  }): Promise<DepositRequest>;
  /** Returns a paid deposit; called when a patient cancels in time. */
  refund(input: { appointmentId: string; reference: string | null; amountBaht: number }): Promise<void>;
  /** Asks the provider about one of its payments; null when it knows no payment by that reference. */
  findPayment(reference: string): Promise<ProviderPayment | null>;
}

/** The provider could not be reached or refused; nothing was charged or refunded. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
