/**
 * Image rules of the image store: png, jpg/jpeg or webp in, judged by their
 * bytes (not by the name or the declared type), at most 5 MiB; stored re-encoded as webp (which
 * also drops camera metadata such as GPS position) at most 1600 px on the long side, with a
 * 320 px thumbnail; named by the SHA-256 of the stored bytes, so a name never changes meaning
 * and can be cached forever.
 */

/** Largest upload accepted, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Formats accepted, as sharp names them after reading the bytes. */
export const ACCEPTED_FORMATS = ['png', 'jpeg', 'webp'] as const;
/** Long side of the stored image and of its thumbnail, in px. */
export const MAIN_SIZE = 1600;
export const THUMB_SIZE = 320;

export const IMAGE_MESSAGES = {
  missing: 'Image Required!',
  notImage: 'Only png, jpg, jpeg or webp images can be uploaded',
  tooLarge: 'Image must be 5 MB or smaller',
} as const;

/** A stored image name: 64 hex characters, optionally `-thumb`, `.webp`. */
export const STORED_NAME = /^[0-9a-f]{64}(?:-thumb)?\.webp$/;

/** Name of the thumbnail of a stored image. */
export function thumbnailName(name: string): string {
  return name.replace(/\.webp$/, '-thumb.webp');
}

export function isAcceptedFormat(format: string | undefined): format is (typeof ACCEPTED_FORMATS)[number] {
  return ACCEPTED_FORMATS.includes(format as (typeof ACCEPTED_FORMATS)[number]);
}
