import type { Database } from '../../client';
import { footerItems, footers, menus, pages, socialLinks } from '../../schema/settings';
import { APP_NAME, CMS_PAGES, LEGAL_PAGES, MENUS, SOCIAL_LINKS } from '../data/content';
import type { MediaId } from '../demo-images';
import { REFERENCE_DATE } from '../products';
import { insertReturning } from './rows';

/** Menus, social links, the footer and the legal and CMS pages. */
export async function seedContent(tx: Database, mid: MediaId) {
  await tx.insert(menus).values(
    MENUS.map((m, i) => ({
      name: m.name,
      url: m.url,
      isExternal: m.isExternal,
      target: m.isExternal ? ('_blank' as const) : ('_self' as const),
      position: i,
    })),
  );
  await tx.insert(socialLinks).values(
    SOCIAL_LINKS.map((s, i) => ({
      name: s.name,
      link: s.link,
      logoId: mid(`/uploads/demo/social/${s.name}.svg`),
      position: i,
    })),
  );
  const footerRows = await insertReturning(tx, footers, [
    { title: APP_NAME, position: 0 },
    { title: 'Contact Us', position: 1 },
    { title: 'Information', position: 2 },
    { title: 'Company', position: 3 },
  ]);
  const [about, contact, info, company] = footerRows.map((f) => f.id) as [number, number, number, number];
  type FooterItem = typeof footerItems.$inferInsert;
  const items: FooterItem[] = [
    { footerId: about, type: 'logo', title: APP_NAME, url: '/' },
    {
      footerId: about,
      type: 'text',
      title: 'Shop local products from thousands of trusted shops all over Indonesia.',
      translations: {
        id: 'Belanja produk lokal dari ribuan toko terpercaya di seluruh Indonesia.',
        ar: 'تسوّق المنتجات المحلية من آلاف المتاجر الموثوقة في جميع أنحاء إندونيسيا.',
      },
    },
    { footerId: about, type: 'app_store', title: 'Download our app' },
    { footerId: contact, type: 'email', title: 'halo@pasarnusantara.id', url: 'mailto:halo@pasarnusantara.id' },
    { footerId: contact, type: 'phone', title: '+62 811-8888-1234', url: 'tel:+6281188881234' },
    { footerId: contact, type: 'text', title: 'Jl. Jenderal Sudirman Kav. 52-53, Jakarta Selatan 12190' },
    { footerId: contact, type: 'social_links', title: 'Follow us' },
    { footerId: info, type: 'link', title: 'About Us', url: '/about-us' },
    { footerId: info, type: 'link', title: 'Terms & Conditions', url: '/terms-and-conditions' },
    { footerId: info, type: 'link', title: 'Privacy Policy', url: '/privacy-policy' },
    { footerId: info, type: 'link', title: 'Return Policy', url: '/return-policy' },
    { footerId: info, type: 'link', title: 'Contact Us', url: '/contact-us' },
    { footerId: company, type: 'link', title: 'How to Shop', url: '/page/cara-belanja' },
    { footerId: company, type: 'link', title: 'Careers', url: '/page/karir' },
    { footerId: company, type: 'link', title: 'Blog', url: '/blogs' },
    { footerId: company, type: 'link', title: 'Seller Centre', url: '/shop/login' },
  ];
  const positions = new Map<number, number>();
  await tx.insert(footerItems).values(
    items.map((item) => {
      const position = positions.get(item.footerId) ?? 0;
      positions.set(item.footerId, position + 1);
      return { ...item, position };
    }),
  );
  await seedPolicyPages(tx);
  await tx.insert(pages).values([
    ...CMS_PAGES.map((p) => ({
      title: p.title,
      slug: p.slug,
      description: p.html,
      kind: 'cms' as const,
      createdAt: REFERENCE_DATE,
    })),
  ]);
}

/**
 * The policy pages every shop has at fixed addresses (/about-us, /terms-and-conditions,
 * /privacy-policy, /return-policy): the operator edits them, and cannot delete them.
 */
export async function seedPolicyPages(tx: Database) {
  await tx.insert(pages).values(
    LEGAL_PAGES.map((p) => ({
      title: p.title,
      slug: p.slug,
      description: p.html,
      kind: 'legal' as const,
      createdAt: REFERENCE_DATE,
    })),
  );
}
