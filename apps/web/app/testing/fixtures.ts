import type { ProductCard, ShopCard } from '@shop/contracts/catalog';

/**
 * A product card as the API sends it, for component tests: product `id` ("Product {id}",
 * /products/product-{id}), with whatever a test needs changed in `overrides`.
 */
export function productCard(id = 1, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id,
    slug: `product-${id}`,
    is_digital: false,
    name: `Product ${id}`,
    thumbnail: `/uploads/demo/${id}.webp`,
    thumbnail_width: 400,
    thumbnail_height: 400,
    price: 100000,
    discount_price: 0,
    discount_percentage: 0,
    rating: 4,
    total_reviews: '3',
    total_sold: '10',
    quantity: 5,
    is_favorite: false,
    sizes: [],
    colors: [],
    unit: null,
    brand: null,
    shop: {
      id: 1,
      slug: 'toko',
      name: 'Toko',
      logo: null,
      rating: 5,
      estimated_delivery_time: null,
      delivery_charge: 0,
      last_online: true,
    },
    ...overrides,
  };
}

/** `count` product cards with ids from `from` on. */
export function productCards(from: number, count: number): ProductCard[] {
  return Array.from({ length: count }, (_, i) => productCard(from + i));
}

/** A shop card as the API sends it (shop lists, search, home's Top Rated Shops). */
export function shopCard(overrides: Partial<ShopCard> = {}): ShopCard {
  return {
    id: 3,
    slug: 'batik-store',
    name: 'Batik Store',
    logo: null,
    banner: null,
    rating: 4.8,
    total_reviews: 20,
    total_products: 42,
    total_categories: 3,
    shop_status: 'Online',
    estimated_delivery_time: null,
    province: null,
    short_description: null,
    ...overrides,
  };
}
