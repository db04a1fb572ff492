/**
 * The public address of a stored file. Media rows keep paths relative to the uploads folder
 * ("products/12.webp"); browsers fetch them under /uploads. Absolute URLs (S3, CDN) and paths
 * that already start with "/" pass through unchanged.
 */
export function mediaUrl(path: string): string;
export function mediaUrl(path: string | null | undefined): string | null;
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('/') || /^https?:\/\//.test(path)) return path;
  return `/uploads/${path}`;
}
