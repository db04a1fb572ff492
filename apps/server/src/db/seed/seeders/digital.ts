import type { Database } from '../../client';
import { digitalProducts, digitalProviders } from '../../schema/digital';

const rupiah = (n: number) => n * 100;
const thousands = (n: number) => n.toLocaleString('id-ID');

type Row = typeof digitalProducts.$inferInsert;

/** Pulsa of one carrier: 5k to 100k, priced a little above the face value (as counters sell it). */
function pulsa(carrier: 'telkomsel' | 'xl', prefix: string, title: string, sortFrom: number): Row[] {
  const nominals = [5_000, 10_000, 20_000, 25_000, 50_000, 100_000];
  return nominals.map((nominal, i) => ({
    kind: 'pulsa',
    carrier,
    code: `${prefix}${nominal / 1000}`,
    name: `${title} ${thousands(nominal)}`,
    nominal: rupiah(nominal),
    price: rupiah(nominal + (nominal < 50_000 ? 1_500 : 2_000)),
    promoPrice: null,
    inStock: true,
    isActive: true,
    sort: sortFrom + i,
  }));
}

/**
 * The demo's digital catalogue: Telkomsel and XL pulsa and PLN tokens, with
 * Digiflazz-like codes (S5, X10, PLN20 ...), one promo price and one denomination out of stock;
 * and the fulfilment providers: the built-in sandbox active, Digiflazz off with empty credentials.
 */
export async function seedDigital(tx: Database) {
  const telkomsel = pulsa('telkomsel', 'S', 'Telkomsel', 0);
  const xl = pulsa('xl', 'X', 'XL', 100);
  // Telkomsel 20.000 runs a promotion; XL 25.000 is out of stock at the provider.
  const promo = telkomsel.find((p) => p.code === 'S20');
  if (promo) promo.promoPrice = rupiah(20_500);
  const soldOut = xl.find((p) => p.code === 'X25');
  if (soldOut) soldOut.inStock = false;
  const pln: Row[] = [20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000].map((nominal, i) => ({
    kind: 'pln',
    carrier: 'pln',
    code: `PLN${nominal / 1000}`,
    name: `PLN Token ${thousands(nominal)}`,
    nominal: rupiah(nominal),
    price: rupiah(nominal + 2_500),
    promoPrice: null,
    inStock: true,
    isActive: true,
    sort: 200 + i,
  }));
  await tx.insert(digitalProducts).values([...telkomsel, ...xl, ...pln]);
  await tx.insert(digitalProviders).values([
    { name: 'sandbox', config: { mode: 'by-number' }, isActive: true },
    {
      name: 'digiflazz',
      config: { username: null, api_key: null, webhook_secret: null, testing: true },
      isActive: false,
    },
  ]);
}
