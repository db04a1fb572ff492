import { type Address, type AddressesReply, addressInputSchema } from '@shop/contracts/account';
import type { CoreDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import { parseAccountInput } from '../profile/account-input';
import type { SettingsService } from '../settings/settings.service';
import {
  type AddressRow,
  type AddressValues,
  countAddresses,
  deleteAddress,
  findAddressRows,
  findDefaultAddress,
  findOwnAddress,
  insertAddress,
  updateAddress,
} from './addresses.repository';

/** Without paging the list is whole; nobody keeps more than a handful of addresses. */
const ALL_ADDRESSES = 1000;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address_type: row.addressType,
    area: row.area,
    flat_no: row.flatNo,
    address_line: row.addressLine,
    address_line2: row.addressLine2,
    post_code: row.postCode,
    is_default: row.isDefault,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export class AddressesService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly settings: SettingsService,
  ) {}

  async list(userId: number, paging: { page: number; perPage?: number }): Promise<AddressesReply['data']> {
    const { db } = this.deps.database;
    const limit = paging.perPage ?? ALL_ADDRESSES;
    const [total, rows] = await Promise.all([
      countAddresses(db, userId),
      findAddressRows(db, userId, limit, offsetOf(paging.page, limit)),
    ]);
    return { total, addresses: rows.map(toAddress) };
  }

  async defaultAddress(userId: number): Promise<Address | null> {
    const row = await findDefaultAddress(this.deps.database.db, userId);
    return row ? toAddress(row) : null;
  }

  /** One of the user's addresses (the edit form loads it); another user's id is not found. */
  async get(userId: number, id: number): Promise<Address> {
    const row = await findOwnAddress(this.deps.database.db, userId, id);
    if (!row) throw notFound(msg('Address not found.'));
    return toAddress(row);
  }

  /** One of the user's addresses, or null (order placement checks the address it is sent). */
  async find(userId: number, id: number): Promise<Address | null> {
    const row = await findOwnAddress(this.deps.database.db, userId, id);
    return row ? toAddress(row) : null;
  }

  /** Whether the address exists and is the user's (the `owner` access policy). */
  async owns(userId: number, id: number): Promise<boolean> {
    return (await findOwnAddress(this.deps.database.db, userId, id)) !== null;
  }

  async create(userId: number, body: unknown): Promise<Address> {
    const values = await this.parse(body);
    return toAddress(await insertAddress(this.deps.database.db, userId, values, this.deps.clock.now()));
  }

  async update(userId: number, id: number, body: unknown): Promise<Address> {
    const values = await this.parse(body);
    const row = await updateAddress(this.deps.database.db, userId, id, values, this.deps.clock.now());
    if (!row) throw notFound(msg('Address not found.'));
    return toAddress(row);
  }

  async remove(userId: number, id: number): Promise<void> {
    // Orders will refuse the deletion of an address they ship to once they exist.
    const deleted = await deleteAddress(this.deps.database.db, userId, id, this.deps.clock.now());
    if (!deleted) throw notFound(msg('Address not found.'));
  }

  private async parse(body: unknown): Promise<AddressValues> {
    const input = await parseAccountInput(this.settings, addressInputSchema, body, { phoneField: 'phone' });
    return {
      name: input.name,
      phone: input.phone,
      addressType: input.address_type,
      area: input.area,
      flatNo: input.flat_no,
      addressLine: input.address_line,
      addressLine2: input.address_line2,
      postCode: input.post_code,
      isDefault: input.is_default,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    };
  }
}
