/** One text message to a Thai mobile number (stored form, e.g. 0812345678). */
export interface SmsMessage {
  to: string;
  text: string;
  /** The one-time code inside the text, for a sign-in message; only the development outbox keeps it. */
  code?: string;
}

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The gateway refused or could not be reached; the message was not sent. */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
