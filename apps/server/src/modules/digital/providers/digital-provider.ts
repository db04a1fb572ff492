/**
 * Fulfilment of digital top-ups behind one interface: the built-in
 * sandbox and Digiflazz's buyer API. Adding a provider is one file and one entry in
 * `createDigitalProviders`. A provider is only ever called after the payment is confirmed by the
 * server, with a reference id that is the order's, so asking again is the same transaction.
 */

/** What a provider says about a top-up: done (with its serial: the PLN token, or the credit's reference), waiting, or refused. */
export type TopUpStatus = 'success' | 'pending' | 'failed';

export interface TopUpRequest {
  /** Our reference, unique per order: the same id asks about the same transaction again. */
  refId: string;
  /** The provider's product code (SKU) of the denomination. */
  sku: string;
  /** The 0-form phone number, or the PLN meter number or customer id. */
  customerNo: string;
}

export interface TopUpResult {
  refId: string;
  status: TopUpStatus;
  /** The serial number: a PLN token (20 digits, perhaps with more around it) or the operator's reference. */
  serial: string | null;
  /** The provider's own words, for the order's record (never shown raw to the shopper). */
  message: string;
  /** The provider's result code, when it has one. */
  code: string | null;
}

export interface PlnCustomer {
  customerNo: string;
  meterNo: string;
  name: string;
  /** Tariff and power class, e.g. "R1 /000001300". */
  segmentPower: string;
}

/** A number the provider does not know, or refused: the shopper is told, nothing is bought. */
export class ProviderRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}

export interface DigitalProvider {
  readonly name: string;
  /** The PLN customer behind a meter number or customer id; ProviderRefusal when there is none. */
  inquirePln(customerNo: string): Promise<PlnCustomer>;
  /** Asks for the top-up, or about it again with the same refId (never a second transaction). */
  topUp(request: TopUpRequest): Promise<TopUpResult>;
  /**
   * Checks a callback's signature over its raw body and returns the result it carries, or throws
   * when it is not genuine. Providers that never call back have none.
   */
  verifyCallback?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): TopUpResult;
}
