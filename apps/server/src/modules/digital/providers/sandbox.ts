import { createHash } from 'node:crypto';
import { type MobileOperator as Carrier, parseMobileNumber, parsePlnNumber } from '@shop/contracts/digital-numbers';
import {
  type DigitalProvider,
  type PlnCustomer,
  ProviderRefusal,
  type TopUpRequest,
  type TopUpResult,
} from './digital-provider';

/** What the sandbox is asked to top up: a phone number of a carrier, or a PLN meter. */
export type SandboxProduct = { kind: 'pulsa'; carrier: Carrier } | { kind: 'pln' };

/** How the sandbox answers: as the number says (below), or always one way (tests). */
export type SandboxMode = 'by-number' | 'success' | 'pending' | 'failed';

const NAMES = ['BUDI SANTOSO', 'SITI RAHMAWATI', 'AGUS PRASETYO', 'DEWI LESTARI', 'RINA WIJAYA', 'HENDRA GUNAWAN'];
const SEGMENTS = ['R1 /000000900', 'R1 /000001300', 'R1 /000002200', 'R2 /000003500', 'R3 /000006600'];

/** A number from a text, the same every time (names, tokens and serials of the sandbox). */
function digitsOf(text: string, length: number): string {
  let digits = '';
  for (let round = 0; digits.length < length; round++) {
    const hash = createHash('sha256').update(`${round}:${text}`).digest();
    for (const byte of hash) if (byte < 250) digits += String(byte % 10);
  }
  return digits.slice(0, length);
}

/**
 * The built-in provider: checks what a real aggregator checks (the number's
 * prefix belongs to the product's carrier, a meter number has 11 digits or a customer id 12),
 * issues a 20-digit PLN token, and moves no money. By number, as Digiflazz's test numbers do:
 * a number ending in 1232 fails, 1233 is pending and then succeeds, 1234 is pending and then
 * fails; any other succeeds at once. A PLN number ending in 000 is not found. Asking again with
 * the same reference answers the same transaction (pending ones settle on the second ask).
 */
export class SandboxProvider implements DigitalProvider {
  readonly name = 'sandbox';
  /** Asks seen per reference, in this process (a pending top-up settles on the next ask). */
  private readonly asks = new Map<string, number>();

  constructor(
    private readonly options: {
      mode?: SandboxMode;
      /** What each SKU is; the sandbox refuses a SKU it does not know. */
      products: (sku: string) => SandboxProduct | null;
    },
  ) {}

  async inquirePln(customerNo: string): Promise<PlnCustomer> {
    const parsed = parsePlnNumber(customerNo);
    if (!parsed.ok || parsed.number.endsWith('000')) throw new ProviderRefusal('Customer number not found', '50');
    const key = digitsOf(parsed.number, 4);
    return {
      customerNo: parsed.number,
      meterNo: parsed.kind === 'meter' ? parsed.number : `1${digitsOf(parsed.number, 10)}`,
      name: NAMES[Number(key) % NAMES.length] as string,
      segmentPower: SEGMENTS[Number(key.slice(0, 2)) % SEGMENTS.length] as string,
    };
  }

  async topUp(request: TopUpRequest): Promise<TopUpResult> {
    const answer = (status: TopUpResult['status'], message: string, code: string, serial: string | null = null) => ({
      refId: request.refId,
      status,
      serial,
      message,
      code,
    });
    const product = this.options.products(request.sku);
    if (!product) return answer('failed', 'Product not found or inactive', '43');
    if (product.kind === 'pln') {
      const meter = parsePlnNumber(request.customerNo);
      if (!meter.ok) return answer('failed', 'Wrong number of digits', '57');
      if (meter.number.endsWith('000')) return answer('failed', 'Customer number not found', '50');
    } else {
      const phone = parseMobileNumber(request.customerNo);
      if (!phone.ok) return answer('failed', 'Wrong number', '54');
      if (phone.operator !== product.carrier) return answer('failed', 'Prefix does not match the operator', '52');
    }

    const ask = (this.asks.get(request.refId) ?? 0) + 1;
    this.asks.set(request.refId, ask);
    const ending = request.customerNo.slice(-4);
    const mode = this.options.mode ?? 'by-number';
    const outcome =
      mode !== 'by-number'
        ? mode
        : ending === '1232'
          ? 'failed'
          : ending === '1233' || ending === '1234'
            ? ask === 1
              ? 'pending'
              : ending === '1233'
                ? 'success'
                : 'failed'
            : 'success';
    if (outcome === 'pending') return answer('pending', 'Transaction pending', '03');
    if (outcome === 'failed') return answer('failed', 'Transaction failed', '02');
    const serial =
      product.kind === 'pln'
        ? `${digitsOf(`token:${request.refId}`, 20)}/SANDBOX/${SEGMENTS[1]}/25.6`
        : `SN${digitsOf(`serial:${request.refId}`, 16)}`;
    return answer('success', 'Transaction successful', '00', serial);
  }
}
