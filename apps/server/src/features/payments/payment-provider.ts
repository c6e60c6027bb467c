/** What the patient needs to pay a deposit, as the provider issued it. */
export interface DepositRequest {
  /** The provider's reference (a charge id), or null when the provider keeps none. */
  reference: string | null;
  promptpayPayload: string | null;
  qrImageUrl: string | null;
}

export interface PaymentProvider {
  readonly name: 'development' | 'omise';
  /** Asks for a PromptPay payment of `amountBaht` to the facility's PromptPay id. */
  requestDeposit(input: { appointmentId: string; amountBaht: number; promptpayId: string; expiresAt: Date }): Promise<DepositRequest>;
  /** Returns a paid deposit; called when a patient cancels in time. */
  refund(input: { appointmentId: string; reference: string | null; amountBaht: number }): Promise<void>;
}

/** The provider could not be reached or refused; nothing was charged or refunded. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
