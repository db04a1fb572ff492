/** Columns of a product grid across the page: 2 on a phone up to 6 on a desktop. */
export const PRODUCT_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6';
/** Columns of a product grid beside the desktop filter panel: fewer, wider cards. */
export const PRODUCT_GRID_BESIDE_PANEL = 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4';
/** Columns of shop and category tiles. */
export const TILE_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';
/** `sizes` of a tile's full-width picture in TILE_GRID (the page is at most 80rem wide). */
export const TILE_GRID_IMAGE_SIZES =
  '(min-width: 1280px) 320px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw';
