import type { AppDeps } from '../../../deps';
import { findActiveProvider, findProductKinds, findProviderRow } from '../digital.repository';
import { DigiflazzProvider } from './digiflazz';
import type { DigitalProvider } from './digital-provider';
import { type SandboxMode, type SandboxProduct, SandboxProvider } from './sandbox';

const SANDBOX_MODES: readonly SandboxMode[] = ['by-number', 'success', 'pending', 'failed'];

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

/**
 * The digital providers by their settings rows (table digital_providers): `sandbox` (config
 * `{ mode }`: by-number, or always success / pending / failed) and `digiflazz` (config
 * `{ username, api_key, webhook_secret, testing, base_url? }`). The active row fulfils new
 * orders; an order keeps the provider it was made with. Adding a provider: its file and one case
 * in `build`.
 */
export class DigitalProviders {
  /** Built providers by name, with the config they were built from (rebuilt when it changes). */
  private readonly built = new Map<string, { config: string; provider: DigitalProvider }>();
  /** The sandbox's product map, read from the catalogue before each use. */
  private sandboxProducts = new Map<string, SandboxProduct>();

  constructor(private readonly deps: Pick<AppDeps, 'database'>) {}

  /** The provider new orders go to, or null when none is active. */
  async active(): Promise<DigitalProvider | null> {
    const row = await findActiveProvider(this.deps.database.db);
    return row ? this.provider(row.name, row.config) : null;
  }

  /** A provider by its name, active or not (an order made with it is still finished by it). */
  async byName(name: string): Promise<DigitalProvider | null> {
    const row = await findProviderRow(this.deps.database.db, name);
    return row ? this.provider(row.name, row.config) : null;
  }

  private async provider(name: string, config: unknown): Promise<DigitalProvider | null> {
    const settings = (config ?? {}) as Record<string, unknown>;
    if (name === 'sandbox') {
      const kinds = await findProductKinds(this.deps.database.db);
      this.sandboxProducts = new Map(
        kinds.map((k) => [
          k.code,
          k.kind === 'pln' ? { kind: 'pln' } : { kind: 'pulsa', carrier: k.carrier as 'telkomsel' | 'xl' },
        ]),
      );
    }
    const key = JSON.stringify(settings);
    const cached = this.built.get(name);
    if (cached && cached.config === key) return cached.provider;
    const provider = this.build(name, settings);
    if (provider) this.built.set(name, { config: key, provider });
    return provider;
  }

  private build(name: string, config: Record<string, unknown>): DigitalProvider | null {
    switch (name) {
      case 'sandbox': {
        const mode = SANDBOX_MODES.find((m) => m === config.mode) ?? 'by-number';
        return new SandboxProvider({ mode, products: (sku) => this.sandboxProducts.get(sku) ?? null });
      }
      case 'digiflazz': {
        const username = text(config.username);
        const apiKey = text(config.api_key);
        if (!username || !apiKey) return null;
        return new DigiflazzProvider({
          username,
          apiKey,
          webhookSecret: text(config.webhook_secret),
          testing: config.testing === true,
          ...(text(config.base_url) ? { baseUrl: text(config.base_url) as string } : {}),
        });
      }
      default:
        return null;
    }
  }
}
