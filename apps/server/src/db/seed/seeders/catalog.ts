import type { Database } from '../../client';
import { brands, categories, categorySubCategories, colors, sizes, subCategories, units } from '../../schema/catalog';
import { allBrands, CATEGORIES, COLORS, SIZE_GROUPS, SUB_CATEGORIES, UNITS } from '../data/catalog';
import { DAY, HOUR, type MediaId, subCategoryThumbs, subThumbPath } from '../demo-images';
import type { ProductIcon } from '../images';
import { REFERENCE_DATE } from '../products';
import { slugify } from '../random';
import { insertReturning } from './rows';

/** Categories, subcategories, brands, colours, sizes and units. */
export async function seedCatalog(tx: Database, mid: MediaId) {
  // Catalogue reference data.
  const categoryRows = await insertReturning(
    tx,
    categories,
    CATEGORIES.map((c, i) => ({
      name: c.name.en,
      translations: { id: c.name.id, ar: c.name.ar },
      slug: c.slug,
      mediaId: mid(`/uploads/demo/categories/${c.slug}.webp`),
      description: `${c.name.en}: ${c.blurb.en}.`,
      position: i,
      createdAt: new Date(REFERENCE_DATE.getTime() - (200 - i) * DAY),
    })),
  );
  const thumbs = subCategoryThumbs();
  const subSlugs = [...thumbs.keys()];
  const subRows = await insertReturning(
    tx,
    subCategories,
    subSlugs.map((slug, i) => {
      const name = SUB_CATEGORIES[slug];
      if (!name) throw new Error(`Unknown subcategory ${slug}`);
      const [icon, palette] = (thumbs.get(slug) as string).split(':') as [ProductIcon, string];
      return {
        name: name.en,
        translations: { id: name.id, ar: name.ar },
        slug,
        mediaId: mid(subThumbPath(icon, Number(palette))),
        createdAt: new Date(REFERENCE_DATE.getTime() - (200 - i) * HOUR),
      };
    }),
  );
  const subId = new Map(subRows.map((s) => [s.slug, s.id]));
  await tx.insert(categorySubCategories).values(
    CATEGORIES.flatMap((c, ci) =>
      c.subs.map((slug, position) => ({
        categoryId: (categoryRows[ci] as { id: number }).id,
        subCategoryId: subId.get(slug) as number,
        position,
      })),
    ),
  );
  await tx
    .insert(brands)
    .values(allBrands().map((b) => ({ name: b.name, mediaId: mid(`/uploads/demo/brands/${slugify(b.name)}.webp`) })));
  await tx
    .insert(colors)
    .values(
      COLORS.map((c) => ({ name: c.name.en, translations: { id: c.name.id, ar: c.name.ar }, colorCode: c.code })),
    );
  let sizePosition = 0;
  await tx.insert(sizes).values(
    Object.values(SIZE_GROUPS).flatMap((group) =>
      group.map((s) => ({
        name: s.name.en,
        translations: { id: s.name.id, ar: s.name.ar },
        position: sizePosition++,
      })),
    ),
  );
  await tx
    .insert(units)
    .values(Object.entries(UNITS).map(([name, tr]) => ({ name, translations: { id: tr.id, ar: tr.ar } })));
}
