/**
 * Image routes, through the gateway under `/images`:
 * `POST /images/upload` (multipart, field `image`) → 201 `{ name, thumbnail }`;
 * `GET /images/{name}` → the webp, cached for a year (names are content hashes).
 * Item images, package images, seller logos and customer photos all use this store.
 */
import { HttpError, badRequest, notFound } from '@market/platform';
import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import sharp from 'sharp';
import { IMAGE_MESSAGES, MAIN_SIZE, MAX_IMAGE_BYTES, STORED_NAME, THUMB_SIZE, isAcceptedFormat, thumbnailName } from '../domain/images';
import type { ImageStore } from '../store/imageStore';

/** Reads one file of at most MAX_IMAGE_BYTES into memory; anything else is a clear 4xx. */
function singleImage(): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } }).single('image');
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, IMAGE_MESSAGES.tooLarge));
        return next(badRequest(err.code === 'LIMIT_UNEXPECTED_FILE' ? 'Send one image in the field "image"' : err.message));
      }
      next(badRequest('The upload could not be read'));
    });
  };
}

export function imageRoutes(store: ImageStore): Router {
  const r = Router();

  r.post('/images/upload', singleImage(), async (req, res) => {
    if (!req.file) throw badRequest(IMAGE_MESSAGES.missing, { image: IMAGE_MESSAGES.missing });
    let format: string | undefined;
    try {
      format = (await sharp(req.file.buffer).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!isAcceptedFormat(format)) throw badRequest(IMAGE_MESSAGES.notImage, { image: IMAGE_MESSAGES.notImage });
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const main = await sharp(req.file.buffer)
      .rotate()
      .resize(MAIN_SIZE, MAIN_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const thumb = await sharp(main)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    const name = `${createHash('sha256').update(main).digest('hex')}.webp`;
    await store.put(name, main);
    await store.put(thumbnailName(name), thumb);
    res.status(201).json({ name, thumbnail: thumbnailName(name) });
  });

  r.get('/images/:name', (req, res) => {
    const name = req.params.name;
    const stream = STORED_NAME.test(name) ? store.open(name) : null;
    if (!stream) throw notFound('Image not found');
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });

  return r;
}
