import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  type DigitalProvider,
  type PlnCustomer,
  ProviderRefusal,
  type TopUpRequest,
  type TopUpResult,
  type TopUpStatus,
} from './digital-provider';

/**
 * Digiflazz's buyer API, the aggregator many Indonesian shops sell
 * top-ups through. Requests are JSON POSTs signed with md5(username + apiKey + a per-call part);
 * a top-up is asked about again by sending the identical request (same ref_id); its result also
 * comes as a webhook signed with HMAC-SHA1 of the raw body ("X-Hub-Signature: sha1=...").
 */
export interface DigiflazzConfig {
  username: string;
  apiKey: string;
  /** The webhook secret set at Digiflazz; without it no callback is accepted. */
  webhookSecret: string | null;
  /** Development keys with `testing: true` on every top-up. */
  testing: boolean;
  baseUrl?: string;
  /** The HTTP client (a test hands one that talks to a local stand-in). */
  fetch?: typeof fetch;
}

export const DIGIFLAZZ_BASE_URL = 'https://api.digiflazz.com/v1';
const TIMEOUT_MS = 30_000;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The request signature: lowercase hex md5 of username, key and the call's own part, no separators. */
export function digiflazzSign(username: string, apiKey: string, part: string): string {
  return md5(`${username}${apiKey}${part}`);
}

const transactionSchema = z.object({
  ref_id: z.string(),
  status: z.string(),
  rc: z.string().nullish(),
  sn: z.string().nullish(),
  message: z.string().nullish(),
});
const transactionReplySchema = z.object({ data: transactionSchema });

const inquiryReplySchema = z.object({
  data: z.object({
    status: z.string(),
    rc: z.string().nullish(),
    message: z.string().nullish(),
    customer_no: z.string().nullish(),
    meter_no: z.string().nullish(),
    subscriber_id: z.string().nullish(),
    name: z.string().nullish(),
    segment_power: z.string().nullish(),
  }),
});

/** Sukses, Pending or Gagal, in any case; anything else is not a result we can act on. */
function statusOf(status: string): TopUpStatus {
  switch (status.trim().toLowerCase()) {
    case 'sukses':
      return 'success';
    case 'pending':
      return 'pending';
    case 'gagal':
      return 'failed';
    default:
      throw new Error(`Digiflazz answered an unknown status "${status}"`);
  }
}

function toResult(data: z.infer<typeof transactionSchema>): TopUpResult {
  const serial = data.sn?.trim() ? data.sn.trim() : null;
  return {
    refId: data.ref_id,
    status: statusOf(data.status),
    serial,
    message: data.message ?? '',
    code: data.rc ?? null,
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export class DigiflazzProvider implements DigitalProvider {
  readonly name = 'digiflazz';

  constructor(private readonly config: DigiflazzConfig) {}

  private async post(path: string, body: Record<string, unknown>): Promise<unknown> {
    const http = this.config.fetch ?? fetch;
    const reply = await http(`${this.config.baseUrl ?? DIGIFLAZZ_BASE_URL}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await reply.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`Digiflazz ${path} answered ${reply.status} with no JSON`);
    }
    // Refusals come back as 4xx with the same {data:{…}} body; only a body we cannot read is an error.
    if (!reply.ok && !(parsed && typeof parsed === 'object' && 'data' in parsed)) {
      throw new Error(`Digiflazz ${path} answered ${reply.status}`);
    }
    return parsed;
  }

  async inquirePln(customerNo: string): Promise<PlnCustomer> {
    const { username, apiKey } = this.config;
    const reply = inquiryReplySchema.parse(
      await this.post('inquiry-pln', {
        username,
        customer_no: customerNo,
        sign: digiflazzSign(username, apiKey, customerNo),
      }),
    ).data;
    if (statusOf(reply.status) !== 'success' || !reply.name) {
      throw new ProviderRefusal(reply.message || 'Customer number not found', reply.rc ?? null);
    }
    return {
      customerNo: reply.customer_no ?? customerNo,
      meterNo: reply.meter_no ?? '',
      name: reply.name,
      segmentPower: reply.segment_power ?? '',
    };
  }

  async topUp(request: TopUpRequest): Promise<TopUpResult> {
    const { username, apiKey, testing } = this.config;
    const reply = transactionReplySchema.parse(
      await this.post('transaction', {
        username,
        buyer_sku_code: request.sku,
        customer_no: request.customerNo,
        ref_id: request.refId,
        sign: digiflazzSign(username, apiKey, request.refId),
        ...(testing ? { testing: true } : {}),
      }),
    ).data;
    if (reply.ref_id !== request.refId) throw new Error('Digiflazz answered about another transaction');
    return toResult(reply);
  }

  verifyCallback(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): TopUpResult {
    const secret = this.config.webhookSecret;
    if (!secret) throw new Error('Digiflazz callbacks need the webhook secret');
    const given = header(headers, 'x-hub-signature') ?? '';
    const expected = `sha1=${createHmac('sha1', secret).update(rawBody).digest('hex')}`;
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new Error('Digiflazz callback signature does not match');
    return toResult(transactionReplySchema.parse(JSON.parse(rawBody.toString('utf8'))).data);
  }
}
