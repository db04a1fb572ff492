import type { Province } from '@shop/contracts/shops';
import type { CoreDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import type { Paging } from '../../lib/paging';
import type { ShopsService } from '../shops/shops.service';
import { findProvince, findProvinces } from './provinces.repository';

const toProvince = (row: { id: number; name: string; code: string; shopsCount: number }): Province => ({
  id: row.id,
  name: row.name,
  code: row.code,
  shops_count: row.shopsCount,
});

export class ProvincesService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly shops: ShopsService,
  ) {}

  async list(): Promise<Province[]> {
    return (await findProvinces(this.deps.database.db)).map(toProvince);
  }

  private async province(id: number): Promise<Province> {
    const row = await findProvince(this.deps.database.db, id);
    if (!row) throw notFound(msg('Province not found.'));
    return toProvince(row);
  }

  /** The province and its shops, paged like the shop list. */
  async details(id: number, paging: Paging, locale: string) {
    const province = await this.province(id);
    return { province, ...(await this.shops.list({ provinceId: id }, paging, locale)) };
  }

  /** Listed products of the province's shops, newest first. */
  async products(id: number, locale: string, paging: Paging) {
    await this.province(id);
    return this.shops.provinceProducts(id, locale, paging);
  }
}
