/**
 * The image store of the catalogue: `POST /images/upload` with one file in
 * the field `image` answers the stored name, used as userImage, logo, item or package image.
 */
import { API_URL, ApiError } from './client';

/** Largest upload accepted, in bytes (the server enforces it too). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Uploads one image.
 * @returns the stored name and its thumbnail's name
 * @throws {ApiError} with the server's message (not an image, too large, rate-limited …)
 */
export async function uploadImage(file: File): Promise<{ name: string; thumbnail: string }> {
  const form = new FormData();
  form.append('image', file);
  let res: Response;
  try {
    res = await fetch(`${API_URL}/images/upload`, { method: 'POST', body: form, credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Please try again!');
  }
  const body = (await res.json().catch(() => ({}))) as { name?: string; thumbnail?: string; error?: string };
  if (!res.ok || !body.name || !body.thumbnail) throw new ApiError(res.status, body.error ?? 'The image could not be uploaded');
  return { name: body.name, thumbnail: body.thumbnail };
}
