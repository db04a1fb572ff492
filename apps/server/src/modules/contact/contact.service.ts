import type { ContactDetails, SupportReply, SupportRequest } from '@shop/contracts/content';
import type { CoreDeps } from '../../deps';
import type { SettingsService } from '../settings/settings.service';
import { insertContactMessage } from './contact.repository';

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** A WhatsApp or Messenger address kept among the social links, found by its name or its host. */
function socialLink(links: readonly { name: string; link: string }[], name: string, host: RegExp): string | null {
  const found = links.find((l) => l.name.toLowerCase().includes(name) || host.test(l.link));
  return found ? found.link : null;
}

export class ContactService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly settings: SettingsService,
  ) {}

  /** The shop's contact details from its settings and social links; a missing one is null. */
  async contact(): Promise<ContactDetails> {
    const [{ general }, links] = await Promise.all([
      this.settings.stored(['general']),
      this.settings.activeSocialLinks(),
    ]);
    return {
      phone: blankToNull(general?.mobile),
      email: blankToNull(general?.email),
      whatsapp: socialLink(links, 'whatsapp', /^https?:\/\/(wa\.me|(api|chat)\.whatsapp\.com)\//i),
      messenger: socialLink(links, 'messenger', /^https?:\/\/(m\.me|(www\.)?messenger\.com)\//i),
      address: blankToNull(general?.address),
    };
  }

  /** Stores a message from the contact or support form for the shop's staff. */
  async create(input: SupportRequest): Promise<SupportReply['data']['content']> {
    const row = await insertContactMessage(this.deps.database.db, {
      name: input.name ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
    });
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    };
  }
}
