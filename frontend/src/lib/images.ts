/**
 * Where an image name points: the default avatars ship with the web app; every other image is
 * served by the gateway from the image store (`/images/{name}`).
 */
import { API_URL } from '../api/client';

const DEFAULT_AVATARS: Record<string, string> = {
  'avatarMale.jpg': '/avatars/avatarMale.svg',
  'avatarFemale.jpg': '/avatars/avatarFemale.svg',
};

/** URL of an image by its stored name; undefined when there is none. */
export function imageUrl(name: string | undefined | null): string | undefined {
  if (!name) return undefined;
  return DEFAULT_AVATARS[name] ?? `${API_URL}/images/${encodeURIComponent(name)}`;
}

/** URL of an image's thumbnail (stored images have one; default avatars are their own). */
export function thumbnailUrl(name: string | undefined | null): string | undefined {
  if (!name) return undefined;
  return /^[0-9a-f]{64}\.webp$/.test(name) ? imageUrl(name.replace(/\.webp$/, '-thumb.webp')) : imageUrl(name);
}
