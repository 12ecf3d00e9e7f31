/**
 * The demo catalogue from a real device database:
 * `@devicefarmer/stf-device-db` (CC BY-SA 4.0, credited in README and the web app's footer),
 * about 500 phones, tablets and wearables with a photo, maker, release date, CPU, memory,
 * display and OS. Each device becomes the body of `POST /items/addItems` (spec 001 section 5):
 *
 * - Item_name: the device's name; Brand: its maker.
 * - Category: `Wearable` when the OS is a wearable one, `Tablet / iPad / iPod` when the display is
 *   7 inches or more, otherwise `Mobile Phones`.
 * - Model: `N-<model code>` (N = new, one of the documented prefixes); SKU:
 *   `<MAKER CODE>-<MODEL CODE>` (letters, digits, - _ . / only).
 * - Price in rupees, deterministic ({@link priceOf}).
 * - Quantity 5..50 from a hash of the model code; Specification and Description written from the
 *   fields; the photo is uploaded through the real image path by the seeder.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One device of the database, the fields we read. */
export interface Device {
  /** Model code, e.g. `SM-G900F` or `001DL`; also the photo's file name. */
  code: string;
  name: { id: string; long?: string };
  maker: { code?: string; name: string };
  date?: string;
  cpu?: { cores?: number; freq?: number; name?: string };
  memory?: { ram?: number; rom?: number };
  display?: { s?: number; w?: number; h?: number };
  os?: { type?: string; ver?: string };
}

const PACKAGE_DIR = path.dirname(require.resolve('@devicefarmer/stf-device-db/package.json'));

/** Every device of the database, in its own order. */
export function loadDevices(): Device[] {
  const raw = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'dist', 'devices-latest.json'), 'utf8')) as Record<
    string,
    Omit<Device, 'code'>
  >;
  return Object.entries(raw).map(([code, d]) => {
    const name = d.name.id.replace(/\s+/gu, ' ').trim();
    // A few entries lack the maker: the first word of the name is the brand there.
    const maker = d.maker?.name?.trim() ? d.maker : { code: '', name: name.split(' ')[0]! };
    return { ...d, code, name: { ...d.name, id: name }, maker };
  });
}

/** The device's photo (800 px JPEG), or null when the database has none. */
export function photoPath(d: Device): string {
  return path.join(PACKAGE_DIR, 'dist', 'photo', 'x800', `${d.code}.jpg`);
}

export type Category = 'Mobile Phones' | 'Tablet / iPad / iPod' | 'Wearable';

/** Category from the OS (wearables) or the display size (tablets from 7 inches). */
export function categoryOf(d: Device): Category {
  if (/wear|watch|tizen wearable/i.test(d.os?.type ?? '') || /watch|gear live|gear s/i.test(d.name.id)) return 'Wearable';
  return (d.display?.s ?? 0) >= 7 ? 'Tablet / iPad / iPod' : 'Mobile Phones';
}

function releaseYear(d: Device): number {
  const y = d.date ? new Date(d.date).getUTCFullYear() : 2012;
  return Number.isFinite(y) ? y : 2012;
}

/**
 * Price in rupees, whole, ending in 99 (e.g. 45,999): 15,000 base + 12,000 per GB of RAM +
 * 150 per GB of storage + 2,500 per CPU core + 4,000 per year after 2010, × 1.3 for tablets,
 * × 0.8 for wearables; at least 4,999 and below the 1,000,000 item limit.
 */
export function priceOf(d: Device): number {
  const ramGb = (d.memory?.ram ?? 512) / 1024;
  const romGb = (d.memory?.rom ?? 4096) / 1024;
  const cores = d.cpu?.cores ?? 1;
  let p = 15_000 + 12_000 * ramGb + 150 * romGb + 2_500 * cores + 4_000 * Math.max(0, releaseYear(d) - 2010);
  const category = categoryOf(d);
  if (category === 'Tablet / iPad / iPod') p *= 1.3;
  if (category === 'Wearable') p *= 0.8;
  const rounded = Math.max(5_000, Math.round(p / 1000) * 1000) - 1;
  return Math.min(rounded, 999_999);
}

function hash(s: string): number {
  return createHash('sha256').update(s).digest().readUInt32BE(0);
}

/** Units in stock, 5..50, stable per device. */
export function quantityOf(d: Device): number {
  return 5 + (hash(d.code) % 46);
}

const clean = (s: string) =>
  s
    .replace(/[^\w./-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** Writes the specification lines from the device's fields. */
export function specificationOf(d: Device): string {
  const lines: string[] = [];
  if (d.cpu?.name)
    lines.push(
      `Processor: ${d.cpu.name}${d.cpu.cores ? `, ${d.cpu.cores} core${d.cpu.cores > 1 ? 's' : ''}` : ''}${d.cpu.freq ? ` @ ${d.cpu.freq} GHz` : ''}`,
    );
  if (d.memory?.ram) lines.push(`Memory: ${d.memory.ram >= 1024 ? `${+(d.memory.ram / 1024).toFixed(1)} GB` : `${d.memory.ram} MB`} RAM`);
  if (d.memory?.rom) lines.push(`Storage: ${d.memory.rom >= 1024 ? `${+(d.memory.rom / 1024).toFixed(1)} GB` : `${d.memory.rom} MB`}`);
  if (d.display?.s) lines.push(`Display: ${d.display.s}" ${d.display.w && d.display.h ? `${d.display.w} × ${d.display.h}` : ''}`.trim());
  if (d.os?.type) lines.push(`OS: ${d.os.type}${d.os.ver ? ` ${d.os.ver}` : ''}`);
  if (d.date) lines.push(`Released: ${d.date.slice(0, 7)}`);
  return lines.join('\n');
}

/** The add-item body of a device (without Images: the seeder uploads the photo first). */
export function itemBodyOf(d: Device) {
  const category = categoryOf(d);
  const kind = category === 'Wearable' ? 'wearable' : category === 'Mobile Phones' ? 'phone' : 'tablet';
  const released = d.date
    ? ` released in ${new Date(d.date).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`
    : '';
  return {
    Item_name: d.name.id.slice(0, 200),
    Brand: d.maker.name.slice(0, 100),
    Model: `N-${clean(d.code)}`.slice(0, 100),
    Stock_keeping_unit:
      `${clean(d.maker.code && d.maker.code !== '_' ? d.maker.code : d.maker.name).toUpperCase()}-${clean(d.code).toUpperCase()}`.slice(
        0,
        100,
      ),
    Category: category,
    Price: priceOf(d),
    Quantity: quantityOf(d),
    Description: `The ${d.name.id} is a ${kind} by ${d.maker.name}${released}. Model code ${d.code}. Brand new, sealed, with the maker's warranty.`,
    Specification: specificationOf(d),
    WHT: `${d.name.id}, charger, USB cable, quick start guide`,
    Warrenty: 1,
    Color_family: [(['Black', 'White', 'Silver', 'Gold'] as const)[hash(`${d.code}:colour`) % 4]!],
  };
}
