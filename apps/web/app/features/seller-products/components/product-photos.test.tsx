// @vitest-environment happy-dom
import type { SellerProduct, SellerProductPhoto } from '@shop/contracts/seller-products';
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../../../lib/api-context';
import { sellerProductQueryOptions } from '../api/seller-products';
import { ProductPhotos } from './product-photos';
import { type Call, json, renderSellerPage, sellerProduct } from './seller-products-test-support';

afterEach(cleanup);

const photo = (id: number, position: number): SellerProductPhoto => ({
  id,
  url: `/uploads/products/${id}.webp`,
  width: 800,
  height: 800,
  position,
  is_cover: position === 1,
});
const product = sellerProduct({ photos: [photo(21, 1), photo(22, 2), photo(23, 3)] });

// happy-dom lays nothing out: each photo tile is given a place in a row, 100 px apart, so the
// keyboard sensor can find the tile beside the one it moves.
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = function rect(this: HTMLElement) {
    if (this.tagName === 'LI' && this.parentElement?.tagName === 'UL') {
      const index = [...this.parentElement.children].indexOf(this);
      const left = index * 100;
      return DOMRect.fromRect({ x: left, y: 0, width: 90, height: 90 });
    }
    return realRect.call(this);
  };
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});

/** The photos of the product as the editor holds it: the cached product, which each reply replaces. */
function Photos({ start }: { start: SellerProduct }) {
  const current = useQuery({ ...sellerProductQueryOptions(useApi(), start.id), initialData: start }).data;
  return <ProductPhotos product={current} headingId="photos-heading" inputId="photos-input" />;
}

function renderPhotos(answer: (call: Call) => Response | undefined, start: SellerProduct = product) {
  return renderSellerPage(<Photos start={start} />, answer);
}

/** Everything the drag and drop's live region says, in order. */
function announcements(): string[] {
  const live = document.querySelector('[aria-live="assertive"]') as HTMLElement;
  const said: string[] = [];
  new MutationObserver(() => {
    if (live.textContent) said.push(live.textContent);
  }).observe(live, { childList: true, characterData: true, subtree: true });
  return said;
}

const reply = (next: SellerProduct) => json(200, { message: 'ok', data: { product: next } });

describe('the product photos', () => {
  it('moves a photo from the keyboard, telling a screen reader each step, and saves the new order', async () => {
    const { calls } = renderPhotos((call) =>
      call.path === '/api/seller/products/5/photos/order'
        ? reply({ ...product, photos: [photo(22, 1), photo(21, 2), photo(23, 3)] })
        : undefined,
    );
    const handle = screen.getByRole('button', { name: 'Move photo 1 of 3' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions?.textContent).toContain('press Space or Enter to pick it up');
    handle.focus();
    const said = announcements();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    await waitFor(() => expect(said).toContain('Picked up photo 1 of 3.'));
    await act(async () => {
      fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
    });
    await waitFor(() => expect(said).toContain('Photo 1 is over position 2 of 3.'));
    await act(async () => {
      fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({ path: '/api/seller/products/5/photos/order', body: { photo_ids: [22, 21, 23] } }),
      ]),
    );
    await waitFor(() => expect(said).toContain('Photo 1 was dropped at position 2 of 3.'));
    await waitFor(() =>
      expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
        '/uploads/products/22.webp',
        '/uploads/products/21.webp',
        '/uploads/products/23.webp',
      ]),
    );
  });

  it('puts a photo back where it was when Escape cancels the move, saving nothing', async () => {
    const { calls } = renderPhotos(() => undefined);
    const handle = screen.getByRole('button', { name: 'Move photo 2 of 3' });
    handle.focus();
    const said = announcements();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Enter', key: 'Enter' });
    });
    await act(async () => {
      fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
    });
    await act(async () => {
      fireEvent.keyDown(document, { code: 'Escape', key: 'Escape' });
    });
    await waitFor(() => expect(said).toContain('Moving was cancelled. Photo 2 is back in its place.'));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('uploads each chosen photo with its progress, refusing a wrong type at once and showing the server’s reason', async () => {
    const added = { ...product, photos: [...product.photos, photo(24, 4)] };
    let uploads = 0;
    const { calls } = renderPhotos((call) => {
      if (call.path !== '/api/seller/products/5/photos') return undefined;
      uploads++;
      return uploads === 1
        ? reply(added)
        : json(422, {
            message: 'The photo could not be read as an image.',
            errors: { photo: ['The photo could not be read as an image.'] },
          });
    });
    const input = screen.getByLabelText('Add photos') as HTMLInputElement;
    const files = [
      new File(['a'], 'front.png', { type: 'image/png' }),
      new File(['b'], 'anim.gif', { type: 'image/gif' }),
      new File(['c'], 'broken.jpg', { type: 'image/jpeg' }),
    ];
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('The photo must be a JPG, PNG or WebP image.')).toBeTruthy();
    expect(await screen.findByText('The photo could not be read as an image.')).toBeTruthy();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(2);
    const sent = (posted[0]?.body as FormData | undefined)?.get('photo');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('front.png');
    // The photo that went up joined the list; the refused ones stay listed with their reasons.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move photo 4 of 4' })).toBeTruthy());
    const pending = screen.getByRole('list', { name: 'Uploads' });
    expect(within(pending).queryByText('front.png')).toBeNull();
    expect(within(pending).getByText('anim.gif')).toBeTruthy();
    expect(within(pending).getByText('broken.jpg')).toBeTruthy();
  });

  it('makes another photo the cover, and deletes one after asking', async () => {
    const { calls } = renderPhotos((call) => {
      if (call.path === '/api/seller/products/5/photos/22/cover') {
        return reply({
          ...product,
          photos: [photo(21, 1), { ...photo(22, 2), is_cover: true }, photo(23, 3)].map((p) =>
            p.id === 21 ? { ...p, is_cover: false } : p,
          ),
        });
      }
      if (call.path === '/api/seller/products/5/photos/23')
        return reply({ ...product, photos: [photo(21, 1), photo(22, 2)] });
      return undefined;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Make cover (Photo 2)' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make cover (Photo 1)' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Move photo 3 of 3' })).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/seller/products/5/photos/22/cover',
      'DELETE /api/seller/products/5/photos/23',
    ]);
  });
});
